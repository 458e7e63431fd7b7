// The explicit heuristic engine as a planner path (--engine ida): IDA*
// over the family's strongest admissible bound (the n-puzzle: additive
// pattern databases), optimal by construction. Not SAT: the anchor the
// SAT engines are measured against, and an independent check of their
// optima. The report says which bound it used and how many nodes.
#include "satslide/planner/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace satslide::planner {

void solve_ida(const Run &run, PlannerResult &result,
               const solver::StopFn &stop) {
  puzzles::HeuristicSearchOptions o = run.search_options("ida", stop);
  o.threads = static_cast<unsigned>(std::max(1, run.options.threads));
  o.on_threshold = [&](int threshold, long nodes, long total) {
    run.phase("ida", fmt::format("IDA*: no plan of length <= {} ({} nodes, "
                                 "{} in all)",
                                 threshold, nodes, total));
  };
  run.phase("ida", "IDA* over the family's pattern databases (explicit "
                   "search, not SAT)");
  const auto found = run.puzzle.heuristic_search(o);
  if (!found) {
    throw std::invalid_argument("IDA* (--engine ida, --witness ida): the " +
                                run.puzzle.spec().kind +
                                " family has no heuristic search (the "
                                "n-puzzle has)");
  }
  const puzzles::HeuristicSearch &s = *found;
  result.path = Path::ida;
  result.encoding = "none (explicit states)";
  result.nodes = s.nodes;
  // The bound the search used, when it is the stronger one.
  if (s.start_bound >= result.lower_bound) {
    result.lower_bound = s.start_bound;
    result.lower_bound_name = s.bound_name;
  }
  result.no_plan_up_to = s.no_plan_up_to;
  if (s.found) {
    end_with_optimal_plan(
        result, s.plan, Proof::exhausted_thresholds,
        fmt::format("IDA* over {} (explicit search, not SAT): no plan of "
                    "length <= {}; {} nodes, {} iteration{}",
                    s.bound_name, s.no_plan_up_to, s.nodes, s.thresholds,
                    s.thresholds == 1 ? "" : "s"));
    return;
  }
  const std::string proven =
      s.no_plan_up_to >= 0
          ? fmt::format("; proven by IDA* (explicit search, not SAT): no "
                        "plan of length <= {}",
                        s.no_plan_up_to)
          : std::string();
  if (s.limit) {
    end_without_plan(result, solver::Outcome::horizon_limit, run, proven, "");
    return;
  }
  if (s.stopped) {
    end_without_plan(result,
                     stop && stop() ? solver::Outcome::cancelled
                                    : solver::Outcome::timeout,
                     run, proven, "");
    return;
  }
  result.status = Status::internal_error; // solvable, yet no plan
  result.reason = "IDA* ran out of positions on a solvable instance";
}

} // namespace satslide::planner
