// The explicit heuristic engine as a planner path (--engine ida): IDA*
// over the family's strongest admissible bound (the n-puzzle: additive
// pattern databases), optimal by construction. Not SAT: the anchor the
// SAT engines are measured against, and an independent check of their
// optima. The report says which bound it used and how many nodes.
#include "satslide/planner/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace satslide::planner {

namespace {

void announce(const Run &run, int pattern_tiles) {
  if (!run.options.partitions.empty()) {
    run.phase("ida", "IDA* over the pattern databases of --partition "
                     "(explicit search, not SAT)");
    return;
  }
  run.phase("ida", "IDA* over the family's pattern databases (explicit "
                   "search, not SAT)");
  if (pattern_tiles == 0 && run.puzzle.has_heuristic_search()) {
    run.phase("ida", run.stronger_tables_hint());
  }
}

// The search's options: the strongest tables at hand by default (the
// 24-puzzle's 6-6-6-6 once cached, not the 4-tile tables the family
// builds in seconds), --threads, and each exhausted threshold said and
// kept in the result's iterations.
puzzles::HeuristicSearchOptions ida_options(const Run &run,
                                            PlannerResult &result,
                                            const solver::StopFn &stop) {
  puzzles::HeuristicSearchOptions o = run.search_options("ida", stop);
  o.pattern_tiles = run.table_tiles();
  o.threads = static_cast<unsigned>(std::max(1, run.options.threads));
  o.on_threshold = [&run, &result](int threshold, long nodes, long total) {
    result.iterations.push_back({threshold, nodes});
    run.phase("ida", fmt::format("IDA*: no plan of length <= {} ({} nodes, "
                                 "{} in all)",
                                 threshold, nodes, total));
  };
  return o;
}

// The iteration that found the plan: its length, and the nodes the
// exhausted iterations before it left of the search's.
void add_last_iteration(PlannerResult &result,
                        const puzzles::HeuristicSearch &s) {
  long before = 0;
  for (const PlannerResult::Iteration &i : result.iterations) {
    before += i.nodes;
  }
  result.iterations.push_back(
      {static_cast<int>(s.plan.size()), s.nodes - before});
}

} // namespace

void solve_ida(const Run &run, PlannerResult &result,
               const solver::StopFn &stop) {
  const puzzles::HeuristicSearchOptions o = ida_options(run, result, stop);
  announce(run, o.pattern_tiles);
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
    add_last_iteration(result, s);
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
