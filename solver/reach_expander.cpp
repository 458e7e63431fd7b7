#include "reach_expander.hpp"

#include <algorithm>
#include <stdexcept>

namespace satslide::solver {

namespace {

bool every_fluent_grouped(const task::Task &task) {
  std::vector<char> grouped(task.num_fluents(), 0);
  for (const auto &group : task.exactly_one) {
    for (int f : group) {
      grouped[f] = 1;
    }
  }
  return std::all_of(grouped.begin(), grouped.end(),
                     [](char g) { return g != 0; });
}

// CaDiCaL's per-phase profiling reads the clock at every call (the sink
// makes it the real-time clock, not a system call, but a run of 10^5
// short calls need not read it at all); the user's options come after
// and may turn it back on.
std::vector<std::string> solver_options(const ReachOptions &options) {
  std::vector<std::string> all{"profile=0"};
  all.insert(all.end(), options.solver_options.begin(),
             options.solver_options.end());
  return all;
}

} // namespace

ReachExpander::ReachExpander(const task::Task &task,
                             const encoder::Encoding &encoding,
                             const encoder::StoringSink &formula,
                             const ReachOptions &options, const StopFn &stop,
                             std::chrono::steady_clock::time_point start,
                             const std::atomic<bool> *abandon)
    : m_task(task), m_options(options),
      m_sink(options.solver_config, solver_options(options)) {
  if (options.timeout_seconds > 0) {
    m_sink.set_deadline(deadline_after(start, options.timeout_seconds));
  }
  if (stop) {
    m_sink.set_stop(stop);
  }
  while (m_sink.num_vars() < formula.num_vars()) {
    m_sink.new_var();
  }
  std::size_t added = 0;
  for (const auto &clause : formula.clauses()) {
    if (abandon && ++added % 1024 == 0 && *abandon) {
      throw SetUpAbandoned{};
    }
    m_sink.copy_clause(clause);
  }
  for (int f = 0; f < task.num_fluents(); ++f) {
    m_layer0.push_back(encoding.fluent_var(0, f));
    m_layer1.push_back(encoding.fluent_var(1, f));
  }
  m_grouped = options.assume_true_only && every_fluent_grouped(task);
  if (options.blocking != ReachBlocking::moves) {
    return;
  }
  m_choices = encoding.step_choices(0);
  if (m_choices.empty() && task.num_actions() > 0) { // none: no moves
    throw std::invalid_argument("reach: blocking moves needs an encoding "
                                "with step variables");
  }
  m_choice_of.assign(task.num_actions(), -1);
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    std::vector<int> &changes = m_changes.emplace_back();
    for (int a : m_choices[c].actions) {
      m_choice_of[a] = static_cast<int>(c);
      const task::Action &action = task.actions[a];
      changes.insert(changes.end(), action.add.begin(), action.add.end());
      changes.insert(changes.end(), action.del.begin(), action.del.end());
    }
    std::sort(changes.begin(), changes.end());
    changes.erase(std::unique(changes.begin(), changes.end()), changes.end());
  }
}

void ReachExpander::block(const task::State &s) { block_under(s, 0); }

// "Not this position" on layer 1, under `guard` unless it is 0. Over the
// true fluents alone while every position has as many (then no position
// contains another, as with the puzzles' exactly-one and count
// invariants); else over every fluent.
void ReachExpander::block_under(const task::State &s, int guard) {
  const int count = static_cast<int>(
      std::count_if(s.begin(), s.end(), [](char v) { return v != 0; }));
  if (m_true_count < 0) {
    m_true_count = count;
  }
  std::vector<int> clause;
  if (guard != 0) {
    clause.push_back(-guard);
  }
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    if (s[f]) {
      clause.push_back(-m_layer1[f]);
    } else if (count != m_true_count) {
      clause.push_back(m_layer1[f]);
    }
  }
  m_sink.add_clause(clause);
}

// The order in which the model's choice is looked for while position s
// is expanded: first the choices with an action applicable in s (a few
// of hundreds; backward: whose effects hold in s), then the rest. Only
// the order the model is read in, not what it says.
std::vector<int> ReachExpander::reading_order(const task::State &s,
                                              bool backward) const {
  const auto may_lead_into = [&](int a) {
    const task::Action &action = m_task.actions[a];
    return std::all_of(action.add.begin(), action.add.end(),
                       [&](int f) { return s[f] != 0; });
  };
  std::vector<int> likely, rest;
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    const auto &actions = m_choices[c].actions;
    (std::any_of(actions.begin(), actions.end(),
                 [&](int a) {
                   return backward ? may_lead_into(a)
                                   : m_task.applicable(s, a);
                 })
         ? likely
         : rest)
        .push_back(static_cast<int>(c));
  }
  likely.insert(likely.end(), rest.begin(), rest.end());
  return likely;
}

int ReachExpander::chosen_move(const std::vector<int> &order) const {
  for (int c : order) {
    if (m_sink.value(m_choices[c].var)) {
      return c;
    }
  }
  return -1;
}

// The move back to the position s came from leads to a position already
// found: it is excluded from the start, one SAT call fewer per position.
// (Within a choice at most one action is applicable in any state, and,
// backward, at most one leads into it, so the choice stands for that move
// alone.)
void ReachExpander::exclude_move(const task::State &from, const task::State &to,
                                 std::vector<int> &assumptions) const {
  const auto move = m_task.action_between(from, to);
  if (move && m_choice_of[*move] >= 0) {
    assumptions.push_back(-m_choices[m_choice_of[*move]].var);
  }
}

bool ReachExpander::backward_exclusive() const {
  std::vector<std::vector<int>> groups_of(m_task.num_fluents());
  for (std::size_t g = 0; g < m_task.exactly_one.size(); ++g) {
    for (int f : m_task.exactly_one[g]) {
      groups_of[f].push_back(static_cast<int>(g));
    }
  }
  // Two actions exclude each other's results if one adds f, the other f'
  // != f, and f and f' share an exactly-one group.
  const auto exclusive = [&](int a, int b) {
    for (int f : m_task.actions[a].add) {
      for (int g : groups_of[f]) {
        for (int h : m_task.actions[b].add) {
          if (h != f && std::find(groups_of[h].begin(), groups_of[h].end(),
                                  g) != groups_of[h].end()) {
            return true;
          }
        }
      }
    }
    return false;
  };
  for (const auto &choice : m_choices) {
    for (std::size_t i = 0; i < choice.actions.size(); ++i) {
      for (std::size_t j = i + 1; j < choice.actions.size(); ++j) {
        if (!exclusive(choice.actions[i], choice.actions[j])) {
          return false;
        }
      }
    }
  }
  return !m_choices.empty();
}

std::vector<int> ReachExpander::position_assumptions(
    const task::State &s, const task::State *came_from, bool backward) const {
  const std::vector<int> &here = backward ? m_layer1 : m_layer0;
  std::vector<int> assumptions;
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    if (s[f] || !m_grouped) {
      assumptions.push_back(s[f] ? here[f] : -here[f]);
    }
  }
  if (m_options.blocking == ReachBlocking::moves && came_from) {
    if (backward) {
      exclude_move(*came_from, s, assumptions);
    } else {
      exclude_move(s, *came_from, assumptions);
    }
  }
  return assumptions;
}

ReachExpander::Status
ReachExpander::expand(const task::State &s, const task::State *came_from,
                      std::vector<task::State> &successors, bool backward) {
  const bool moves = m_options.blocking == ReachBlocking::moves;
  if (backward && !moves) {
    throw std::logic_error("reach: a backward expansion needs moves blocking");
  }
  // Forward: s on layer 0, the successor read on layer 1; backward the
  // other way round.
  const std::vector<int> &there = backward ? m_layer0 : m_layer1;
  std::vector<int> assumptions = position_assumptions(s, came_from, backward);
  const std::vector<int> order =
      moves ? reading_order(s, backward) : std::vector<int>{};
  // Successors blocked for this expansion only hang on its own literal,
  // retired when it ends.
  const bool temporary = m_options.blocking == ReachBlocking::successors;
  const int guard = temporary ? m_sink.new_var() : 0;
  if (temporary) {
    assumptions.push_back(guard);
  }
  for (;;) {
    const SolveResult answer = m_sink.solve(assumptions);
    ++m_sat_calls;
    if (answer == SolveResult::unsat) {
      if (temporary) {
        m_sink.add_clause({-guard});
      }
      return Status::done;
    }
    if (answer == SolveResult::unknown) {
      return Status::unknown;
    }
    task::State &next = successors.emplace_back();
    if (moves) {
      // The move the model chose, and layer 1 where that move can change
      // it (the frame axioms keep every other fluent).
      const int c = chosen_move(order);
      if (c < 0) {
        return Status::decode_error;
      }
      assumptions.push_back(-m_choices[c].var);
      next = s;
      for (int f : m_changes[c]) {
        next[f] = m_sink.value(there[f]);
      }
    } else {
      next.assign(m_task.num_fluents(), 0);
      for (int f = 0; f < m_task.num_fluents(); ++f) {
        next[f] = m_sink.value(m_layer1[f]);
      }
    }
    if (temporary) {
      block_under(next, guard);
    } else if (!moves) {
      block(next); // visited: for good, found again only by a bug
    }
  }
}

} // namespace satslide::solver
