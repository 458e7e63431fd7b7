#include "satslide/encoder/encodings/encoding.hpp"

namespace satslide::encoder {

std::optional<task::Plan>
plan_from_states(const task::Task &task,
                 const std::vector<task::State> &states) {
  task::Plan plan;
  for (std::size_t t = 0; t + 1 < states.size(); ++t) {
    const auto action = task.action_between(states[t], states[t + 1]);
    if (!action) {
      return std::nullopt;
    }
    plan.push_back(*action);
  }
  return plan;
}

std::optional<task::Plan> decode_plan(const Encoding &encoding, int n,
                                      const std::function<bool(int)> &value) {
  const task::Task &task = encoding.task();
  std::vector<task::State> states(n + 1, task::State(task.num_fluents(), 0));
  for (int t = 0; t <= n; ++t) {
    for (int f = 0; f < task.num_fluents(); ++f) {
      states[t][f] = value(encoding.fluent_var(t, f)) ? 1 : 0;
    }
  }
  return plan_from_states(task, states);
}

std::optional<task::Plan>
Encoding::decode(int n, const std::function<bool(int)> &value) const {
  return decode_plan(*this, n, value);
}

std::optional<std::vector<int>>
Encoding::start_assumptions(const task::State &s, int n) const {
  (void)n;
  std::vector<int> lits;
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    lits.push_back(s[f] ? fluent_var(0, f) : -fluent_var(0, f));
  }
  return lits;
}

} // namespace satslide::encoder
