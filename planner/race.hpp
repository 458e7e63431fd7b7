// Two paths of one run side by side, each in its own thread: the first
// whose result decides the run (a plan, or a proof that there is none)
// wins, and the other is stopped through its stop test. The planner races
// the any-plan path against the optimal one, and on the block puzzles the
// reachability engine against the horizon driver.
#pragma once

#include "planner/planner_result.hpp"
#include "solver/horizon_driver.hpp"

#include <array>
#include <functional>

namespace satslide::planner {

using PathFn = std::function<void(PlannerResult &, const solver::StopFn &)>;

// Runs paths[0] in this thread and paths[1] in another, each on its copy
// of `results[i]` (pre-filled by the caller), until one result `decides`
// or both end. Returns the index of the first that decided, or -1.
// Exceptions of either path are rethrown once both have stopped.
int race(const std::array<PathFn, 2> &paths,
         std::array<PlannerResult, 2> &results, const solver::StopFn &stop,
         const std::function<bool(const PlannerResult &)> &decides);

} // namespace satslide::planner
