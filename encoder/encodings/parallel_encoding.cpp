#include "satslide/encoder/encodings/parallel_encoding.hpp"

#include "satslide/encoder/constraints/state_invariants.hpp"

#include <algorithm>
#include <cassert>

namespace satslide::encoder {

ParallelEncoding::ParallelEncoding(const task::Task &task)
    : Encoding(task), m_adders(task.num_fluents()),
      m_deleters(task.num_fluents()), m_users(task.num_fluents()) {
  for (int a = 0; a < task.num_actions(); ++a) {
    const task::Action &action = task.actions[a];
    for (int f : action.add) {
      m_adders[f].push_back(a);
    }
    for (int f : action.del) {
      m_deleters[f].push_back(a);
    }
    std::vector<int> used = action.pre;
    used.insert(used.end(), action.add.begin(), action.add.end());
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    for (int f : used) {
      if (std::find(action.del.begin(), action.del.end(), f) ==
          action.del.end()) {
        m_users[f].push_back(a);
      }
    }
  }
}

int ParallelEncoding::fluent_var(int t, int f) const {
  return m_fluent.at(t).at(f);
}

void ParallelEncoding::new_layer(ClauseSink &sink) {
  std::vector<int> &vars = m_fluent.emplace_back(m_task.num_fluents());
  for (int &v : vars) {
    v = sink.new_var();
  }
  encode_state_invariants(m_task, vars, AmoKind::ladder, /*counts=*/true, sink);
}

void ParallelEncoding::encode_initial(ClauseSink &sink) {
  assert(m_fluent.empty());
  new_layer(sink);
  const task::State s0 = m_task.initial_state();
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    sink.add_clause({s0[f] ? m_fluent[0][f] : -m_fluent[0][f]});
  }
}

void ParallelEncoding::encode_step(int t, ClauseSink &sink) {
  assert(t == steps());
  std::vector<int> &act = m_action.emplace_back(m_task.num_actions());
  for (int &v : act) {
    v = sink.new_var();
  }
  new_layer(sink);
  const std::vector<int> &now = m_fluent[t];
  const std::vector<int> &next = m_fluent[t + 1];
  for (int a = 0; a < m_task.num_actions(); ++a) {
    const task::Action &action = m_task.actions[a];
    for (int f : action.pre) {
      sink.add_clause({-act[a], now[f]});
    }
    for (int f : action.add) {
      sink.add_clause({-act[a], next[f]});
    }
    for (int f : action.del) {
      if (std::find(action.add.begin(), action.add.end(), f) ==
          action.add.end()) {
        sink.add_clause({-act[a], -next[f]});
      }
    }
  }
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    // Explanatory frame axioms: a change needs an action making it.
    std::vector<int> became{now[f], -next[f]};
    for (int a : m_adders[f]) {
      became.push_back(act[a]);
    }
    sink.add_clause(became);
    std::vector<int> ceased{-now[f], next[f]};
    for (int a : m_deleters[f]) {
      ceased.push_back(act[a]);
    }
    sink.add_clause(ceased);
    // ∀-step: an action deleting f excludes every other action that
    // deletes, needs or adds f. At most one deleter; `taken` says one ran
    // and bars the users (linear size, Rintanen et al. 2006).
    if (m_deleters[f].empty()) {
      continue;
    }
    std::vector<int> deleters;
    for (int a : m_deleters[f]) {
      deleters.push_back(act[a]);
    }
    at_most_one(deleters, AmoKind::ladder, sink);
    if (m_users[f].empty()) {
      continue;
    }
    const int taken = sink.new_var();
    for (int d : deleters) {
      sink.add_clause({-d, taken});
    }
    for (int a : m_users[f]) {
      sink.add_clause({-act[a], -taken});
    }
  }
}

void ParallelEncoding::encode_goal(int n, int guard, ClauseSink &sink) {
  assert(n <= steps());
  for (int f : m_task.goal) {
    if (guard != 0) {
      sink.add_clause({-guard, m_fluent[n][f]});
    } else {
      sink.add_clause({m_fluent[n][f]});
    }
  }
}

std::optional<task::Plan>
ParallelEncoding::decode(int n, const std::function<bool(int)> &value) const {
  task::Plan plan;
  task::State state = m_task.initial_state();
  for (int t = 0; t < n; ++t) {
    for (int a = 0; a < m_task.num_actions(); ++a) {
      if (!value(m_action[t][a])) {
        continue;
      }
      if (!m_task.applicable(state, a)) {
        return std::nullopt;
      }
      state = m_task.apply(state, a);
      plan.push_back(a);
    }
    for (int f = 0; f < m_task.num_fluents(); ++f) {
      if ((state[f] != 0) != value(m_fluent[t + 1][f])) {
        return std::nullopt;
      }
    }
  }
  return plan;
}

} // namespace satslide::encoder
