#include "sequential_encoding.hpp"

#include <algorithm>
#include <cassert>

namespace satslide::encoder {

SequentialEncoding::SequentialEncoding(const Task &task,
                                       SequentialConfig config)
    : Encoding(task), m_config(config), m_adders(task.num_fluents()),
      m_deleters(task.num_fluents()) {
  for (int a = 0; a < task.num_actions(); ++a) {
    const Action &action = task.actions[a];
    for (int f : action.add) {
      m_adders[f].push_back(a);
    }
    for (int f : action.del) {
      if (std::find(action.add.begin(), action.add.end(), f) ==
          action.add.end()) {
        m_deleters[f].push_back(a);
      }
    }
  }
  if (m_config.windows || m_config.bound) {
    m_distances = TaskDistances::compute(task);
  }
  if (m_config.bound) {
    const std::vector<int> groups = independent_groups(task, m_distances);
    m_to_goal =
        std::make_unique<DistanceSum>(task, groups, m_distances.group_to_goal);
    m_from_init =
        std::make_unique<DistanceSum>(task, groups,
                                      m_distances.group_from_init);
  }
}

int SequentialEncoding::fluent_var(int t, int f) const {
  return m_fluent.at(t).at(f);
}

int SequentialEncoding::action_var(int t, int a) const {
  return m_action.at(t).at(a);
}

// A state layer: one variable per fluent, and every exactly-one invariant
// (Kautz & Selman add such invariants as redundant axioms; they also make
// the one-hot state explicit).
void SequentialEncoding::new_layer(ClauseSink &sink) {
  const int t = static_cast<int>(m_fluent.size());
  std::vector<int> &vars = m_fluent.emplace_back(m_task.num_fluents());
  for (int &v : vars) {
    v = sink.new_var();
  }
  for (const auto &group : m_task.exactly_one) {
    std::vector<int> lits;
    lits.reserve(group.size());
    for (int f : group) {
      lits.push_back(vars[f]);
    }
    exactly_one(lits, m_config.group_amo, sink);
  }
  // Reachability windows (cf. Chen, Xing & Zhang's long-distance mutexes):
  // a fluent that needs more than t steps from the start is false at t.
  if (m_config.windows) {
    for (int f = 0; f < m_task.num_fluents(); ++f) {
      if (m_distances.from_init[f] > t) {
        sink.add_clause({-vars[f]});
      }
    }
  }
  // The distance sums: from the start at most t (fixed now); to the goal
  // at most n - t (asserted per horizon in encode_goal).
  if (m_config.bound) {
    const std::vector<int> from = m_from_init->encode(vars, sink);
    if (t < static_cast<int>(from.size())) {
      sink.add_clause({-from[t]});
    }
    m_goal_sum.push_back(m_to_goal->encode(vars, sink));
  }
}

void SequentialEncoding::name_layer(int t, ClauseSink &sink) const {
  if (!sink.wants_names()) {
    return;
  }
  const std::string step = "t=" + std::to_string(t);
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    sink.name_var(m_fluent[t][f], step + " fluent " + std::to_string(f) +
                                      " " + m_task.fluents[f]);
  }
  if (t < steps()) {
    for (int a = 0; a < m_task.num_actions(); ++a) {
      sink.name_var(m_action[t][a], step + " action " + std::to_string(a) +
                                        " " + m_task.actions[a].name);
    }
  }
}

void SequentialEncoding::encode_initial(ClauseSink &sink) {
  assert(m_fluent.empty());
  new_layer(sink);
  const State s0 = m_task.initial_state();
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    sink.add_clause({s0[f] ? m_fluent[0][f] : -m_fluent[0][f]});
  }
}

void SequentialEncoding::encode_step(int t, ClauseSink &sink) {
  assert(t == steps() && t + 1 == static_cast<int>(m_fluent.size()));
  std::vector<int> &acts = m_action.emplace_back(m_task.num_actions());
  for (int &v : acts) {
    v = sink.new_var();
  }
  new_layer(sink);
  const std::vector<int> &now = m_fluent[t];
  const std::vector<int> &next = m_fluent[t + 1];

  // An action implies its preconditions now and its effects next.
  for (int a = 0; a < m_task.num_actions(); ++a) {
    const Action &action = m_task.actions[a];
    for (int f : action.pre) {
      sink.add_clause({-acts[a], now[f]});
    }
    for (int f : action.add) {
      sink.add_clause({-acts[a], next[f]});
    }
    for (int f : action.del) {
      if (std::find(action.add.begin(), action.add.end(), f) ==
          action.add.end()) {
        sink.add_clause({-acts[a], -next[f]});
      }
    }
  }

  // Explanatory frame axioms: a fluent changes only if an action that
  // changes it is taken.
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    std::vector<int> lost{-now[f], next[f]};
    for (int a : m_deleters[f]) {
      lost.push_back(acts[a]);
    }
    sink.add_clause(lost);
    std::vector<int> gained{now[f], -next[f]};
    for (int a : m_adders[f]) {
      gained.push_back(acts[a]);
    }
    sink.add_clause(gained);
  }

  exactly_one(acts, m_config.action_amo, sink);

  // An optimal plan never undoes its previous move.
  if (m_config.no_undo && t > 0 && !m_task.inverse.empty()) {
    for (int a = 0; a < m_task.num_actions(); ++a) {
      const int inv = m_task.inverse[a];
      if (inv >= 0) {
        sink.add_clause({-m_action[t - 1][a], -acts[inv]});
      }
    }
  }
  name_layer(t, sink);
}

void SequentialEncoding::encode_goal(int n, int guard, ClauseSink &sink) {
  assert(n <= steps());
  auto guarded = [&](std::vector<int> clause) {
    if (guard != 0) {
      clause.push_back(-guard);
    }
    sink.add_clause(clause);
  };
  for (int f : m_task.goal) {
    guarded({m_fluent[n][f]});
  }
  // The goal-side window: a fluent that needs more than n-t steps to the
  // goal is false at t. Depends on n, hence guarded.
  if (m_config.windows) {
    for (int t = 0; t < n; ++t) {
      for (int f = 0; f < m_task.num_fluents(); ++f) {
        if (m_distances.to_goal[f] > n - t &&
            m_distances.from_init[f] <= t) {
          guarded({-m_fluent[t][f]});
        }
      }
    }
  }
  if (m_config.bound) {
    for (int t = 0; t < n; ++t) {
      const std::vector<int> &sum = m_goal_sum[t];
      if (n - t < static_cast<int>(sum.size())) {
        guarded({-sum[n - t]});
      }
    }
  }
  if (n == steps()) {
    name_layer(n, sink);
  }
}

} // namespace satslide::encoder
