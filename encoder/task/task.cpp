#include "encoder/task/task.hpp"

namespace satslide::encoder {

State Task::initial_state() const {
  State state(fluents.size(), 0);
  for (int f : init) {
    state[f] = 1;
  }
  return state;
}

std::vector<int> true_fluents(const State &state) {
  std::vector<int> out;
  for (int f = 0; f < static_cast<int>(state.size()); ++f) {
    if (state[f]) {
      out.push_back(f);
    }
  }
  return out;
}

Task Task::restarted(const State &start, std::vector<int> new_goal) const {
  Task task = *this;
  task.init = true_fluents(start);
  task.goal = std::move(new_goal);
  return task;
}

bool Task::applicable(const State &state, int action) const {
  for (int f : actions[action].pre) {
    if (!state[f]) {
      return false;
    }
  }
  return true;
}

State Task::apply(const State &state, int action) const {
  State next = state;
  for (int f : actions[action].del) {
    next[f] = 0;
  }
  for (int f : actions[action].add) {
    next[f] = 1;
  }
  return next;
}

std::optional<State> Task::apply_plan(const State &state,
                                      const Plan &plan) const {
  State now = state;
  for (int action : plan) {
    if (!applicable(now, action)) {
      return std::nullopt;
    }
    now = apply(now, action);
  }
  return now;
}

bool Task::satisfies_goal(const State &state) const {
  for (int f : goal) {
    if (!state[f]) {
      return false;
    }
  }
  return true;
}

std::optional<int> Task::action_between(const State &from,
                                        const State &to) const {
  for (int a = 0; a < num_actions(); ++a) {
    if (applicable(from, a) && apply(from, a) == to) {
      return a;
    }
  }
  return std::nullopt;
}

std::optional<std::string> Task::validate() const {
  auto in_range = [&](int f) { return f >= 0 && f < num_fluents(); };
  for (const Action &a : actions) {
    for (const auto *list : {&a.pre, &a.add, &a.del}) {
      for (int f : *list) {
        if (!in_range(f)) {
          return "action " + a.name + " names an unknown fluent";
        }
      }
    }
  }
  if (!inverse.empty() && inverse.size() != actions.size()) {
    return "inverse table has the wrong size";
  }
  if (!label.empty()) {
    if (label.size() != actions.size() ||
        label_inverse.size() != label_names.size()) {
      return "label tables have the wrong size";
    }
    for (int l : label) {
      if (l < 0 || l >= num_labels()) {
        return "an action has an unknown label";
      }
    }
  }
  // Per group: how many of its fluents hold at the start, or -1 if it
  // names an unknown fluent.
  const State s0 = initial_state();
  const auto true_at_start = [&](const std::vector<int> &group) {
    int count = 0;
    for (int f : group) {
      if (!in_range(f)) {
        return -1;
      }
      count += s0[f];
    }
    return count;
  };
  for (const auto &group : exactly_one) {
    const int count = true_at_start(group);
    if (count < 0) {
      return "exactly-one group names an unknown fluent";
    }
    if (count != 1) {
      return "initial state violates an exactly-one group";
    }
  }
  for (const CountGroup &group : exactly_k) {
    const int count = true_at_start(group.fluents);
    if (count < 0) {
      return "count group names an unknown fluent";
    }
    if (count != group.count) {
      return "initial state violates a count group";
    }
  }
  for (int f : goal) {
    if (!in_range(f)) {
      return "goal names an unknown fluent";
    }
  }
  return std::nullopt;
}

} // namespace satslide::encoder
