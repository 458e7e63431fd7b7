// The optimal path: one incremental solver, horizons raised from the
// proven lower bound in steps of the parity stride, until a plan is found;
// every shorter horizon is refuted on the way. The textbook driver (the
// benchmarks' baseline) instead tries 0, 1, 2, ... in fresh solvers.
#include "satslide/planner/run.hpp"
#include "satslide/solver/shared_horizons.hpp"

#include <fmt/format.h>

namespace satslide::planner {

namespace {

// The encoding's own bound (an additive heuristic) may beat the puzzle's;
// lengths keep the puzzle's stride, so it is rounded up to it.
void raise_bound(PlannerResult &result, int encoding_bound) {
  if (encoding_bound <= result.lower_bound) {
    return;
  }
  result.lower_bound_name = "the encoding's additive heuristic; " +
                            result.lower_bound_name + " " +
                            std::to_string(result.lower_bound);
  result.lower_bound =
      first_horizon(result.lower_bound, result.stride, encoding_bound);
}

solver::DriverOptions textbook(solver::DriverOptions d,
                               const PlannerOptions &o) {
  d.first_horizon = std::min(o.min_horizon, o.max_horizon);
  d.stride = 1;
  d.start_proven = o.min_horizon == 0;
  d.incremental = false;
  return d;
}

} // namespace

void solve_optimal(const Run &run, PlannerResult &result,
                   const solver::StopFn &stop) {
  // The first encoding is built here: its own bound may beat the puzzle's.
  std::unique_ptr<encoder::Encoding> first = run.encoding.make(run.task);
  raise_bound(result, first->lower_bound());
  solver::DriverOptions d = run.driver_options(result, stop);
  if (run.options.textbook_driver) {
    d = textbook(d, run.options);
  }
  run.phase("optimal",
            fmt::format("lower bound {} ({}), trying horizons {}, {}, ...",
                        result.lower_bound, result.lower_bound_name,
                        d.first_horizon, d.first_horizon + d.stride));
  const solver::EncodingFactory make = [&] {
    return first ? std::move(first) : run.encoding.make(run.task);
  };
  const bool shared = run.options.threads > 1 && d.incremental &&
                      !run.options.textbook_driver;
  const solver::DriverResult found =
      shared ? solver::run_shared_horizons(make, d, run.options.threads,
                                           run.options.split,
                                           run.horizons("optimal"))
             : solver::run_horizons(make, d, run.horizons("optimal"));
  result.path = Path::horizons;
  result.horizons = found.horizons;
  result.no_plan_up_to = found.no_plan_up_to;
  const std::string proven =
      found.no_plan_up_to >= 0
          ? "no plan of length <= " + std::to_string(found.no_plan_up_to)
          : "no shorter length was refuted";
  if (found.outcome != solver::Outcome::plan_found) {
    end_without_plan(result, found.outcome, run, "; proven: " + proven,
                     "the model does not take exactly one action per step");
    if (!found.memory_reason.empty()) {
      result.reason = found.memory_reason + "; proven: " + proven;
    }
    return;
  }
  result.plan = found.plan;
  result.optimal = found.optimal;
  if (!found.optimal) {
    result.proof = Proof::none;
    result.optimality = "the first horizon tried was above the lower bound";
  } else if (found.plan.empty()) {
    result.proof = Proof::start_is_goal;
    result.optimality = "the start is the goal";
  } else {
    result.proof = Proof::refuted_horizons;
    result.optimality = "by SAT: " + proven;
  }
  result.status = Status::solved;
}

} // namespace satslide::planner
