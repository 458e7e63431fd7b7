#include "satslide/task/plan_shortcut.hpp"

#include <map>

namespace satslide::task {

// One pass: keep the states on the kept path with their position; on
// meeting a kept state again, drop everything after its first visit.
Plan shortcut_plan(const Task &task, const State &start, const Plan &plan) {
  Plan kept;
  std::map<State, std::size_t> seen{{start, 0}}; // state -> kept.size()
  std::vector<State> path{start};
  for (int action : plan) {
    State next = task.apply(path.back(), action);
    const auto it = seen.find(next);
    if (it == seen.end()) {
      kept.push_back(action);
      path.push_back(next);
      seen.emplace(std::move(next), kept.size());
      continue;
    }
    for (std::size_t i = it->second + 1; i < path.size(); ++i) {
      seen.erase(path[i]);
    }
    kept.resize(it->second);
    path.resize(it->second + 1);
  }
  return kept;
}

} // namespace satslide::task
