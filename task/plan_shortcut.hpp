// Removing detours from a plan: when a plan passes through one state
// twice, the moves in between achieve nothing and are cut. Plans made of
// stages (--any) often wander back to where an earlier stage stood.
#pragma once

#include "satslide/task/task.hpp"

namespace satslide::task {

// The plan without its loops: from `start`, every state is visited at
// most once. Requires the plan to be applicable from `start`; the result
// ends in the same state and is never longer.
Plan shortcut_plan(const Task &task, const State &start, const Plan &plan);

} // namespace satslide::task
