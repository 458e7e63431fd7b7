// Lower bounds on how many steps a fluent is from the initial state and
// from the goal, read off the transition graphs of the task's exactly-one
// groups. For the n-puzzle this is each tile's Manhattan distance; it
// comes from the task, not from puzzle-specific code.
#pragma once

#include "satslide/task/task.hpp"

#include <vector>

namespace satslide::task {

struct TaskDistances {
  static constexpr int k_unreachable = 1 << 28;

  std::vector<int> from_init; // per fluent: steps needed before it can hold
  std::vector<int> to_goal;   // per fluent: steps needed after it held
                              // (both: the maximum over the fluent's groups)
  // Per group g, per member i of task.exactly_one[g]: the distances in
  // g's own transition graph (to_goal 0 where the goal leaves g free).
  std::vector<std::vector<int>> group_from_init, group_to_goal;

  // Sound for sequential plans: in a group exactly one fluent holds, and
  // one action changes which (it deletes the old one and adds the new one).
  static TaskDistances compute(const Task &task);

  // The largest to_goal over the initial fluents: a lower bound on the
  // length of every plan, for any puzzle.
  int initial_bound(const Task &task) const;
};

} // namespace satslide::task
