#include "satslide/task/task.hpp"

#include <algorithm>

namespace satslide::task {

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

namespace {

// Actions, inverses and labels name fluents and labels that exist.
std::optional<std::string> check_tables(const Task &t) {
  const auto in_range = [&](int f) { return f >= 0 && f < t.num_fluents(); };
  for (const Action &a : t.actions) {
    for (const auto *list : {&a.pre, &a.add, &a.del}) {
      if (!std::all_of(list->begin(), list->end(), in_range)) {
        return "action " + a.name + " names an unknown fluent";
      }
    }
  }
  if (!t.inverse.empty() && t.inverse.size() != t.actions.size()) {
    return "inverse table has the wrong size";
  }
  if (!t.label.empty()) {
    if (t.label.size() != t.actions.size() ||
        t.label_inverse.size() != t.label_names.size()) {
      return "label tables have the wrong size";
    }
    for (int l : t.label) {
      if (l < 0 || l >= t.num_labels()) {
        return "an action has an unknown label";
      }
    }
  }
  if (!std::all_of(t.goal.begin(), t.goal.end(), in_range)) {
    return "goal names an unknown fluent";
  }
  if (!std::all_of(t.init.begin(), t.init.end(), in_range)) {
    return "initial state names an unknown fluent";
  }
  return std::nullopt;
}

// The initial state meets every exactly-one and count group.
std::optional<std::string> check_groups(const Task &t) {
  const State s0 = t.initial_state();
  // How many of the group's fluents hold at the start; -1 if it names an
  // unknown fluent.
  const auto true_at_start = [&](const std::vector<int> &group) {
    int count = 0;
    for (int f : group) {
      if (f < 0 || f >= t.num_fluents()) {
        return -1;
      }
      count += s0[f];
    }
    return count;
  };
  for (const auto &group : t.exactly_one) {
    const int count = true_at_start(group);
    if (count < 0) {
      return "exactly-one group names an unknown fluent";
    }
    if (count != 1) {
      return "initial state violates an exactly-one group";
    }
  }
  for (const Task::CountGroup &group : t.exactly_k) {
    const int count = true_at_start(group.fluents);
    if (count < 0) {
      return "count group names an unknown fluent";
    }
    if (count != group.count) {
      return "initial state violates a count group";
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> Task::validate() const {
  if (auto problem = check_tables(*this)) {
    return problem;
  }
  return check_groups(*this);
}

} // namespace satslide::task
