#include "pdr_driver.hpp"

#include "encoder/transition_relation.hpp"

#include <algorithm>
#include <chrono>
#include <queue>
#include <stdexcept>

namespace satslide::solver {

namespace {

// A set of states: those in which all these fluents hold (sorted). With
// every fluent in an exactly-one group, a state's true fluents make a cube
// that holds in that state alone.
using Cube = std::vector<int>;

struct Expired {}; // the deadline passed inside a solver call

class Pdr {
public:
  Pdr(const encoder::Task &task, const DriverOptions &options,
      std::chrono::steady_clock::time_point deadline)
      : m_task(task), m_sink(options.solver_config, options.solver_options),
        m_init(task.initial_state()) {
    if (options.timeout_seconds > 0) {
      m_sink.set_deadline(deadline);
    }
    m_tr = encoder::encode_transition(task, encoder::AmoKind::ladder, m_sink);
    m_act.push_back(m_sink.new_var()); // level 0: the initial state
    for (int f = 0; f < task.num_fluents(); ++f) {
      const int x = m_tr.now[f];
      m_sink.add_clause({-m_act[0], m_init[f] ? x : -x});
    }
    m_frames.emplace_back();
  }

  int levels() const { return static_cast<int>(m_act.size()) - 1; }
  CadicalSink &sink() { return m_sink; }
  int lemmas() const { return m_lemmas; }

  // Opens level k+1: F_{k+1} starts as every state.
  void open_level() {
    m_act.push_back(m_sink.new_var());
    m_frames.emplace_back();
  }

  // Closes the top level k: blocks every goal state of F_k. Returns a plan
  // of exactly k steps if some goal state is reachable in k steps.
  std::optional<encoder::Plan> close_top_level() {
    const int k = levels();
    while (true) {
      std::vector<int> assume = frame(k);
      for (int g : m_task.goal) {
        assume.push_back(m_tr.now[g]);
      }
      if (!solve(assume)) {
        return std::nullopt;
      }
      if (auto plan = block(state_cube(m_tr.now), k)) {
        return plan;
      }
    }
  }

  // Pushes every lemma that holds one level further; true if some level
  // 1..k-1 ends up empty: then F_i = F_{i+1} is an inductive invariant
  // without goal states.
  bool propagate() {
    const int k = levels();
    for (int i = 1; i < k; ++i) {
      std::vector<Cube> stay;
      for (Cube c : m_frames[i]) {
        if (relative_core(c, i + 1)) {
          add_lemma(c, i + 1);
        } else {
          stay.push_back(c);
        }
      }
      m_frames[i] = std::move(stay);
      if (m_frames[i].empty()) {
        return true;
      }
    }
    return false;
  }

private:
  // One pending "this state must be shown unreachable at this level":
  // reached from it by `action`, the obligation `next` (-1: a goal state).
  struct Obligation {
    Cube state;
    int level = 0;
    int next = -1;
    int action = -1;
  };

  std::vector<int> frame(int i) const {
    if (i == 0) {
      return {m_act[0]};
    }
    return std::vector<int>(m_act.begin() + i, m_act.end());
  }

  bool solve(const std::vector<int> &assume) {
    switch (m_sink.solve(assume)) {
    case SolveResult::sat:
      return true;
    case SolveResult::unsat:
      return false;
    default:
      throw Expired{};
    }
  }

  Cube state_cube(const std::vector<int> &layer) const {
    Cube c;
    for (int f = 0; f < m_task.num_fluents(); ++f) {
      if (m_sink.value(layer[f])) {
        c.push_back(f);
      }
    }
    return c;
  }

  bool holds_initially(const Cube &c) const {
    return std::all_of(c.begin(), c.end(), [&](int f) { return m_init[f]; });
  }

  // Is c unreachable in one step from F_{i-1} outside c? If so, shrinks c
  // to the part of it the refutation used (kept apart from the initial
  // state) and returns true; if not, keeps a predecessor in m_pred.
  bool relative_core(Cube &c, int i) {
    std::vector<int> assume = frame(i - 1);
    int outside = 0;
    if (i > 1) {
      outside = m_sink.new_var();
      std::vector<int> clause{-outside};
      for (int f : c) {
        clause.push_back(-m_tr.now[f]);
      }
      m_sink.add_clause(clause);
      assume.push_back(outside);
    }
    for (int f : c) {
      assume.push_back(m_tr.next[f]);
    }
    const bool sat = solve(assume);
    if (sat) { // read the model before a new clause resets it
      m_pred = state_cube(m_tr.now);
      m_pred_action = chosen_action();
    }
    Cube core;
    for (int f : c) {
      if (!sat && m_sink.failed(m_tr.next[f])) {
        core.push_back(f);
      }
    }
    if (outside != 0) {
      m_sink.add_clause({-outside}); // retire the temporary clause
    }
    if (sat) {
      return false;
    }
    if (holds_initially(core)) {
      // Put back a fluent the initial state lacks, so the lemma keeps it.
      for (int f : c) {
        if (!m_init[f]) {
          core.insert(std::upper_bound(core.begin(), core.end(), f), f);
          break;
        }
      }
    }
    c = std::move(core);
    return true;
  }

  // Drops fluents while the smaller cube stays relatively inductive.
  void generalize(Cube &c, int i) {
    for (std::size_t j = 0; j < c.size() && c.size() > 1;) {
      Cube smaller = c;
      smaller.erase(smaller.begin() + static_cast<long>(j));
      if (!holds_initially(smaller) && relative_core(smaller, i)) {
        c = std::move(smaller);
      } else {
        ++j;
      }
    }
  }

  void add_lemma(const Cube &c, int i) {
    m_frames[i].push_back(c);
    std::vector<int> clause{-m_act[i]};
    for (int f : c) {
      clause.push_back(-m_tr.now[f]);
    }
    m_sink.add_clause(clause);
    ++m_lemmas;
  }

  // Some lemma of level >= i already excludes the state.
  bool already_blocked(const Cube &s, int i) const {
    for (int j = i; j <= levels(); ++j) {
      for (const Cube &c : m_frames[j]) {
        if (std::includes(s.begin(), s.end(), c.begin(), c.end())) {
          return true;
        }
      }
    }
    return false;
  }

  int chosen_action() const {
    for (int a = 0; a < m_task.num_actions(); ++a) {
      if (m_sink.value(m_tr.actions[a])) {
        return a;
      }
    }
    return -1;
  }

  // Blocks goal state s at level k, or returns the plan reaching it.
  // Obligations are never moved up a level, so a chain found from the
  // initial state has exactly k steps.
  std::optional<encoder::Plan> block(Cube s, int k) {
    std::vector<Obligation> all{{std::move(s), k, -1, -1}};
    auto later = [&](int a, int b) { return all[a].level > all[b].level; };
    std::priority_queue<int, std::vector<int>, decltype(later)> queue(later);
    queue.push(0);
    while (!queue.empty()) {
      const int o = queue.top();
      const int level = all[o].level;
      if (level == 0) {
        encoder::Plan plan;
        for (int p = o; all[p].next >= 0; p = all[p].next) {
          plan.push_back(all[p].action);
        }
        return plan;
      }
      if (already_blocked(all[o].state, level)) {
        queue.pop();
        continue;
      }
      Cube c = all[o].state;
      if (relative_core(c, level)) {
        queue.pop();
        generalize(c, level);
        int at = level;
        while (at < k) {
          Cube pushed = c;
          if (!relative_core(pushed, at + 1)) {
            break;
          }
          ++at;
        }
        add_lemma(c, at);
      } else {
        all.push_back({m_pred, level - 1, o, m_pred_action});
        queue.push(static_cast<int>(all.size()) - 1);
      }
    }
    return std::nullopt;
  }

  const encoder::Task &m_task;
  CadicalSink m_sink;
  encoder::State m_init;
  encoder::TransitionRelation m_tr;
  std::vector<int> m_act;            // [i] activates the lemmas of level i
  std::vector<std::vector<Cube>> m_frames; // [i] lemmas first true at i
  int m_lemmas = 0;
  Cube m_pred;            // the last predecessor found
  int m_pred_action = -1; // and the action from it
};

void require_one_hot(const encoder::Task &task) {
  std::vector<char> grouped(task.num_fluents(), 0);
  for (const auto &group : task.exactly_one) {
    for (int f : group) {
      grouped[f] = 1;
    }
  }
  if (std::find(grouped.begin(), grouped.end(), 0) != grouped.end()) {
    throw std::invalid_argument(
        "PDR needs every fluent in an exactly-one group");
  }
}

} // namespace

DriverResult run_pdr(const encoder::Task &task, const DriverOptions &options,
                     const ProgressFn &progress) {
  require_one_hot(task);
  const auto start = std::chrono::steady_clock::now();
  const auto deadline =
      start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(options.timeout_seconds));
  DriverResult result;
  if (task.satisfies_goal(task.initial_state())) {
    result.outcome = Outcome::plan_found;
    result.optimal = true;
    return result;
  }
  result.no_plan_up_to = 0;
  Pdr pdr(task, options, deadline);
  try {
    pdr.open_level();
    while (true) {
      const int k = pdr.levels();
      const auto level_start = std::chrono::steady_clock::now();
      const int64_t learned_before = pdr.sink().learned();
      std::optional<encoder::Plan> plan = pdr.close_top_level();
      HorizonStats stats;
      stats.horizon = k;
      stats.result = plan ? "SAT" : "UNSAT";
      stats.variables = pdr.sink().num_vars();
      stats.clauses = pdr.lemmas();
      stats.seconds = seconds_since(level_start);
      stats.conflicts = pdr.sink().learned() - learned_before;
      result.horizons.push_back(stats);
      if (progress) {
        progress(stats);
      }
      if (plan) {
        result.outcome = Outcome::plan_found;
        result.optimal = true;
        result.plan = std::move(*plan);
        result.seconds = seconds_since(start);
        return result;
      }
      result.no_plan_up_to = k;
      if (k >= options.max_horizon) {
        result.outcome = Outcome::horizon_limit;
        break;
      }
      pdr.open_level();
      if (pdr.propagate()) {
        result.outcome = Outcome::unreachable;
        break;
      }
    }
  } catch (const Expired &) {
    result.outcome = Outcome::timeout;
  }
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
