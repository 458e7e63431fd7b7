#include "reach_driver.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <unordered_map>

namespace satslide::solver {

namespace {

// Positions found so far: packed states (a bit per fluent), their parents
// and their depth order (positions are stored layer after layer).
class Visited {
public:
  explicit Visited(int fluents) : m_fluents(fluents) {}

  // Adds a position; false if it was known.
  bool add(const encoder::State &state, int parent) {
    const auto [it, added] =
        m_index.emplace(pack(state), static_cast<int>(m_parent.size()));
    if (added) {
      m_keys.push_back(&it->first);
      m_parent.push_back(parent);
    }
    return added;
  }
  long size() const { return static_cast<long>(m_parent.size()); }
  encoder::State state(int i) const { return unpack(*m_keys[i]); }
  int parent(int i) const { return m_parent[i]; }

private:
  std::string pack(const encoder::State &s) const {
    std::string key((m_fluents + 7) / 8, '\0');
    for (int f = 0; f < m_fluents; ++f) {
      if (s[f]) {
        key[f / 8] = static_cast<char>(key[f / 8] | (1 << (f % 8)));
      }
    }
    return key;
  }
  encoder::State unpack(const std::string &key) const {
    encoder::State s(m_fluents, 0);
    for (int f = 0; f < m_fluents; ++f) {
      s[f] = (key[f / 8] >> (f % 8)) & 1;
    }
    return s;
  }

  int m_fluents;
  std::unordered_map<std::string, int> m_index;
  std::vector<const std::string *> m_keys; // node-based map: stable
  std::vector<int> m_parent;
};

class Reach {
public:
  Reach(const encoder::Task &task, encoder::Encoding &encoding,
        const ReachOptions &options, const ProgressFn &progress)
      : m_task(task), m_encoding(encoding), m_options(options),
        m_progress(progress), m_start(std::chrono::steady_clock::now()),
        m_sink(options.solver_config, options.solver_options),
        m_visited(task.num_fluents()) {
    if (options.timeout_seconds > 0) {
      m_sink.set_deadline(deadline_after(m_start, options.timeout_seconds));
    }
    if (options.stop) {
      m_sink.set_stop(options.stop);
    }
  }

  ReachResult run();

private:
  // Expands position i; true when the run is over (goal, limit, stop).
  bool expand(int i);
  // Adds a position found by the solver; true when the run is over.
  bool found(const encoder::State &state, int parent);
  // "Not this position" on layer 1, under `guard` unless it is 0.
  void block(const encoder::State &state, int guard = 0);
  bool end(ReachOutcome outcome);
  // Moves blocking: the model's step-0 choice, or -1, read in `order`.
  std::vector<int> reading_order(const encoder::State &s) const;
  int chosen_move(const std::vector<int> &order) const;
  void exclude_move_back(int i, const encoder::State &s,
                         std::vector<int> &assumptions) const;
  void finish_layer(int depth, const char *result);
  encoder::Plan plan_to(int i) const;

  const encoder::Task &m_task;
  encoder::Encoding &m_encoding;
  const ReachOptions &m_options;
  const ProgressFn &m_progress;
  const std::chrono::steady_clock::time_point m_start;
  CadicalSink m_sink;
  Visited m_visited;
  ReachResult m_result;
  int m_true_count = -1; // fluents true in every position (see block)
  // Every fluent lies in an exactly-one group, so assuming a position's
  // true fluents makes the groups propagate the rest false: a quarter of
  // the assumptions on Klotski.
  bool m_grouped = false;
  // Moves blocking: step 0's choices, and per choice the fluents its
  // actions add or delete.
  std::vector<encoder::Encoding::StepChoice> m_choices;
  std::vector<std::vector<int>> m_changes;
  std::vector<int> m_choice_of; // per action its choice, or -1
  double m_layer_seconds = 0;
  int64_t m_layer_conflicts = 0;
};

bool Reach::end(ReachOutcome outcome) {
  m_result.outcome = outcome;
  m_result.positions = m_visited.size();
  m_result.seconds = seconds_since(m_start);
  return true;
}

// "Not this position" on layer 1. Over the true fluents alone while every
// position has as many (then no position contains another, as with the
// puzzles' exactly-one and count invariants); else over every fluent.
void Reach::block(const encoder::State &state, int guard) {
  int count = 0;
  for (char v : state) {
    count += v != 0;
  }
  if (m_true_count < 0) {
    m_true_count = count;
  }
  std::vector<int> clause;
  if (guard != 0) {
    clause.push_back(-guard);
  }
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    if (state[f]) {
      clause.push_back(-m_encoding.fluent_var(1, f));
    } else if (count != m_true_count) {
      clause.push_back(m_encoding.fluent_var(1, f));
    }
  }
  m_sink.add_clause(clause);
}

// The order in which the model's choice is looked for while position s
// is expanded: first the choices with an action applicable in s (a few
// of hundreds), then the rest. Only the order the model is read in, not
// what it says; computed once per expansion.
std::vector<int> Reach::reading_order(const encoder::State &s) const {
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

int Reach::chosen_move(const std::vector<int> &order) const {
  for (int c : order) {
    if (m_sink.value(m_choices[c].var)) {
      return c;
    }
  }
  return -1;
}

encoder::Plan Reach::plan_to(int i) const {
  encoder::Plan reversed;
  for (int child = i; m_visited.parent(child) >= 0;
       child = m_visited.parent(child)) {
    const auto action = m_task.action_between(
        m_visited.state(m_visited.parent(child)), m_visited.state(child));
    if (!action) {
      return {};
    }
    reversed.push_back(*action);
  }
  return encoder::Plan(reversed.rbegin(), reversed.rend());
}

bool Reach::found(const encoder::State &state, int parent) {
  if (!m_visited.add(state, parent)) {
    if (m_options.blocking != ReachBlocking::visited) {
      return false; // known: its move is excluded for this expansion only
    }
    return end(ReachOutcome::decode_error); // blocked, yet found again
  }
  if (m_options.blocking == ReachBlocking::visited) {
    block(state);
  }
  const int i = static_cast<int>(m_visited.size()) - 1;
  if (m_task.satisfies_goal(state)) {
    m_result.plan = plan_to(i);
    if (m_result.plan.empty()) {
      return end(ReachOutcome::decode_error);
    }
    return end(ReachOutcome::goal_found);
  }
  if (m_options.max_states > 0 && m_visited.size() >= m_options.max_states) {
    return end(ReachOutcome::state_limit);
  }
  return false;
}

// The move back to the position s came from leads to a position already
// found: it is excluded from the start, one SAT call fewer per position.
// (Within a choice at most one action is applicable in any state, so the
// choice stands for that move alone.)
void Reach::exclude_move_back(int i, const encoder::State &s,
                              std::vector<int> &assumptions) const {
  const int parent = m_visited.parent(i);
  if (parent < 0) {
    return;
  }
  const auto back = m_task.action_between(s, m_visited.state(parent));
  if (back && m_choice_of[*back] >= 0) {
    assumptions.push_back(-m_choices[m_choice_of[*back]].var);
  }
}

bool Reach::expand(int i) {
  const encoder::State s = m_visited.state(i);
  std::vector<int> assumptions;
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    const int var = m_encoding.fluent_var(0, f);
    if (s[f] || !m_grouped) {
      assumptions.push_back(s[f] ? var : -var);
    }
  }
  const bool moves = m_options.blocking == ReachBlocking::moves;
  const std::vector<int> order = moves ? reading_order(s) : std::vector<int>{};
  if (moves) {
    exclude_move_back(i, s, assumptions);
  }
  // Successors blocked for this expansion only hang on its own literal,
  // retired when it ends.
  const bool temporary = m_options.blocking == ReachBlocking::successors;
  const int guard = temporary ? m_sink.new_var() : 0;
  if (temporary) {
    assumptions.push_back(guard);
  }
  const auto retire = [&] {
    if (temporary) {
      m_sink.add_clause({-guard});
    }
  };
  for (;;) {
    const auto call_start = std::chrono::steady_clock::now();
    const int64_t learned_before = m_sink.learned();
    const SolveResult answer = m_sink.solve(assumptions);
    ++m_result.sat_calls;
    m_layer_seconds += seconds_since(call_start);
    m_layer_conflicts += m_sink.learned() - learned_before;
    if (answer == SolveResult::unsat) {
      retire();
      return false;
    }
    if (answer == SolveResult::unknown) {
      return end(m_options.stop && m_options.stop() ? ReachOutcome::cancelled
                                                    : ReachOutcome::timeout);
    }
    encoder::State next;
    if (m_options.blocking == ReachBlocking::moves) {
      // The move the model chose, and layer 1 where that move can
      // change it (the frame axioms keep every other fluent).
      const int c = chosen_move(order);
      if (c < 0) {
        return end(ReachOutcome::decode_error);
      }
      assumptions.push_back(-m_choices[c].var);
      next = s;
      for (int f : m_changes[c]) {
        next[f] = m_sink.value(m_encoding.fluent_var(1, f));
      }
    } else {
      next.assign(m_task.num_fluents(), 0);
      for (int f = 0; f < m_task.num_fluents(); ++f) {
        next[f] = m_sink.value(m_encoding.fluent_var(1, f));
      }
    }
    if (temporary) {
      block(next, guard);
    }
    if (found(next, i)) {
      return true;
    }
  }
}

void Reach::finish_layer(int depth, const char *result) {
  HorizonStats &layer = m_result.layers.emplace_back();
  layer.horizon = depth;
  layer.result = result;
  layer.variables = m_sink.num_vars();
  layer.clauses = m_sink.num_clauses();
  layer.seconds = m_layer_seconds;
  layer.conflicts = m_layer_conflicts;
  m_layer_seconds = 0;
  m_layer_conflicts = 0;
  if (m_progress) {
    m_progress(layer);
  }
}

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

ReachResult Reach::run() {
  m_grouped = m_options.assume_true_only && every_fluent_grouped(m_task);
  m_encoding.encode_initial(m_sink);
  m_encoding.encode_step(0, m_sink);
  if (m_options.blocking == ReachBlocking::moves) {
    m_choices = m_encoding.step_choices(0);
    if (m_choices.empty()) {
      throw std::invalid_argument("reach: blocking moves needs an encoding "
                                  "with step variables");
    }
    m_choice_of.assign(m_task.num_actions(), -1);
    for (const auto &choice : m_choices) {
      std::vector<int> &changes = m_changes.emplace_back();
      for (int a : choice.actions) {
        m_choice_of[a] = static_cast<int>(m_changes.size()) - 1;
        const encoder::Action &action = m_task.actions[a];
        changes.insert(changes.end(), action.add.begin(), action.add.end());
        changes.insert(changes.end(), action.del.begin(), action.del.end());
      }
      std::sort(changes.begin(), changes.end());
      changes.erase(std::unique(changes.begin(), changes.end()), changes.end());
    }
  }
  const encoder::State start = m_task.initial_state();
  m_visited.add(start, -1);
  m_result.per_depth.push_back(1);
  if (m_options.blocking == ReachBlocking::visited) {
    block(start);
  }
  if (m_task.satisfies_goal(start)) {
    end(ReachOutcome::goal_found);
    return m_result;
  }
  m_result.depth_done = 0;
  // Positions are stored layer by layer: [begin, end) is the frontier.
  long begin = 0, stop = 1;
  for (int depth = 0; begin < stop; ++depth) {
    for (long i = begin; i < stop; ++i) {
      if (expand(static_cast<int>(i))) {
        finish_layer(depth + 1, m_result.outcome == ReachOutcome::goal_found
                                    ? "SAT"
                                    : "UNKNOWN");
        return m_result;
      }
    }
    finish_layer(depth + 1, "UNSAT");
    m_result.depth_done = depth + 1;
    begin = stop;
    stop = m_visited.size();
    if (stop > begin) {
      m_result.per_depth.push_back(stop - begin);
    }
  }
  --m_result.depth_done; // the last layer was empty, not a depth reached
  end(ReachOutcome::exhausted);
  return m_result;
}

} // namespace

ReachResult run_reach(const encoder::Task &task, encoder::Encoding &encoding,
                      const ReachOptions &options, const ProgressFn &progress) {
  return Reach(task, encoding, options, progress).run();
}

} // namespace satslide::solver
