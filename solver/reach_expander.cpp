#include "reach_expander.hpp"

#include <algorithm>
#include <stdexcept>

namespace satslide::solver {

namespace {

bool every_fluent_grouped(const encoder::Task &task) {
  std::vector<char> grouped(task.num_fluents(), 0);
  for (const auto &group : task.exactly_one) {
    for (int f : group) {
      grouped[f] = 1;
    }
  }
  return std::all_of(grouped.begin(), grouped.end(),
                     [](char g) { return g != 0; });
}

// CaDiCaL's per-phase profiling asks the kernel for the process time at
// every call (getrusage: 7% of a run of many short calls); the user's
// options come after and may turn it back on.
std::vector<std::string> solver_options(const ReachOptions &options) {
  std::vector<std::string> all{"profile=0"};
  all.insert(all.end(), options.solver_options.begin(),
             options.solver_options.end());
  return all;
}

} // namespace

ReachExpander::ReachExpander(const encoder::Task &task,
                             const encoder::Encoding &encoding,
                             const encoder::StoringSink &formula,
                             const ReachOptions &options, const StopFn &stop,
                             std::chrono::steady_clock::time_point start)
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
  for (const auto &clause : formula.clauses()) {
    m_sink.add_clause(clause);
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
  if (m_choices.empty()) {
    throw std::invalid_argument("reach: blocking moves needs an encoding "
                                "with step variables");
  }
  m_choice_of.assign(task.num_actions(), -1);
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    std::vector<int> &changes = m_changes.emplace_back();
    for (int a : m_choices[c].actions) {
      m_choice_of[a] = static_cast<int>(c);
      const encoder::Action &action = task.actions[a];
      changes.insert(changes.end(), action.add.begin(), action.add.end());
      changes.insert(changes.end(), action.del.begin(), action.del.end());
    }
    std::sort(changes.begin(), changes.end());
    changes.erase(std::unique(changes.begin(), changes.end()), changes.end());
  }
}

void ReachExpander::block(const encoder::State &s) { block_under(s, 0); }

// "Not this position" on layer 1, under `guard` unless it is 0. Over the
// true fluents alone while every position has as many (then no position
// contains another, as with the puzzles' exactly-one and count
// invariants); else over every fluent.
void ReachExpander::block_under(const encoder::State &s, int guard) {
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
// of hundreds), then the rest. Only the order the model is read in, not
// what it says.
std::vector<int> ReachExpander::reading_order(const encoder::State &s) const {
  std::vector<int> likely, rest;
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    const auto &actions = m_choices[c].actions;
    (std::any_of(actions.begin(), actions.end(),
                 [&](int a) { return m_task.applicable(s, a); })
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
// (Within a choice at most one action is applicable in any state, so the
// choice stands for that move alone.)
void ReachExpander::exclude_move_back(const encoder::State &s,
                                      const encoder::State &came_from,
                                      std::vector<int> &assumptions) const {
  const auto back = m_task.action_between(s, came_from);
  if (back && m_choice_of[*back] >= 0) {
    assumptions.push_back(-m_choices[m_choice_of[*back]].var);
  }
}

ReachExpander::Status
ReachExpander::expand(const encoder::State &s, const encoder::State *came_from,
                      std::vector<encoder::State> &successors) {
  std::vector<int> assumptions;
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    if (s[f] || !m_grouped) {
      assumptions.push_back(s[f] ? m_layer0[f] : -m_layer0[f]);
    }
  }
  const bool moves = m_options.blocking == ReachBlocking::moves;
  const std::vector<int> order = moves ? reading_order(s) : std::vector<int>{};
  if (moves && came_from) {
    exclude_move_back(s, *came_from, assumptions);
  }
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
    encoder::State &next = successors.emplace_back();
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
        next[f] = m_sink.value(m_layer1[f]);
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
