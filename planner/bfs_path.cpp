// The explicit-state engine as a planner path: breadth-first search over
// packed states (search/state_space), optimal by construction, the
// Klotski game's auto-solve. Not SAT: the report says so.
#include "satslide/planner/run.hpp"

#include "satslide/search/state_space.hpp"

#include <fmt/format.h>

namespace satslide::planner {

namespace {

struct Search {
  search::StateSpace space;
  std::string how; // "from both ends", "over perfect ranks" or ""
};

// From both ends where the goal is one position (far fewer positions to
// the same depth); else, or if that runs out of the default room, the
// family's own compact search where it has one (bounded by its array,
// unless the user set a bound); else forward over packed positions.
// `o.max_states` is the user's bound, or 0.
Search search(const Run &run, search::SpaceOptions o) {
  const search::SpaceOptions own = o;
  o.max_states = own.max_states > 0 ? own.max_states : k_bfs_max_states;
  std::optional<search::StateSpace> found =
      search::search_bidirectional(run.task, o);
  std::string how = found ? "from both ends" : "";
  if (!found || (found->limit_reached && own.max_states == 0)) {
    if (auto ranked = run.puzzle.search_space(own)) {
      found = ranked;
      how = "over perfect ranks";
    }
  }
  if (!found) {
    found = search::explore_space(run.task, o);
  }
  return {std::move(*found), how};
}

} // namespace

void solve_bfs(const Run &run, PlannerResult &result,
               const solver::StopFn &stop) {
  search::SpaceOptions o;
  o.max_states = run.options.max_states;
  o.stop_at_goal = true;
  o.on_layer = [&](int depth, long positions) {
    run.phase("bfs", fmt::format("breadth-first: depth {}, {} positions",
                                 depth, positions));
    return run.stopped(stop);
  };
  run.phase("bfs", "breadth-first search over positions (explicit states)");
  const Search found = search(run, o);
  const search::StateSpace &space = found.space;
  const std::string &how = found.how;
  result.path = Path::bfs;
  result.encoding = "none (explicit states)";
  result.positions = space.positions;
  result.sat_calls = 0;
  const int done = space.goal_distance >= 0 ? space.goal_distance - 1
                                            : space.depth - 1;
  result.no_plan_up_to = space.complete ? -1 : done;
  if (space.goal_distance >= 0) {
    result.no_plan_up_to = space.goal_distance - 1;
    end_with_optimal_plan(
        result, space.plan, Proof::exhausted_layers,
        fmt::format("breadth-first search{} (explicit states, not SAT): no "
                    "goal position within depth {}; {} positions",
                    how.empty() ? "" : " " + how, space.goal_distance - 1,
                    space.positions));
    return;
  }
  if (space.complete) {
    result.status = Status::unsolvable;
    result.reason = fmt::format("breadth-first search: every reachable "
                                "position was found ({}) and none is a goal",
                                space.positions);
    return;
  }
  const std::string proven =
      fmt::format("; proven: no plan of length <= {}", done);
  if (space.limit_reached) {
    result.status = Status::horizon_limit;
    result.reason = fmt::format(
        "reached the positions limit {}{}",
        run.options.max_states > 0 ? run.options.max_states
                                   : k_bfs_max_states,
        proven);
    return;
  }
  end_without_plan(result,
                   stop && stop() ? solver::Outcome::cancelled
                                  : solver::Outcome::timeout,
                   run, proven, "");
}

} // namespace satslide::planner
