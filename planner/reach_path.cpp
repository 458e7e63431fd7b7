// The reachability engine as a planner path: breadth-first over positions
// by SAT calls (solver/reach_driver). Its exhausted depth d proves that no
// plan is shorter than d + 1, so when it reaches its positions budget the
// horizon driver takes over from there and the two proofs add up.
#include "satslide/planner/run.hpp"

#include "satslide/encoder/encodings/sequential_encoding.hpp"
#include "satslide/solver/reach_driver.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace satslide::planner {

namespace {

// The one-step formula, layer 0 free: the seed encoding, or compact move
// labels, count invariants and ladder at-most-one. With every fluent of
// layer 0 assumed, propagation settles all but the move, so the formula
// matters little; seed was 5-25% faster (RESULTS, "Reachability by SAT").
encoder::SequentialConfig reach_config(ReachFormula formula) {
  encoder::SequentialConfig c;
  c.labels = formula != ReachFormula::seed;
  if (formula == ReachFormula::compact) {
    c.action_amo = c.group_amo = encoder::AmoKind::ladder;
    c.counts = true;
  }
  c.free_start = true;
  return c;
}

std::string summary(const solver::ReachResult &r) {
  return fmt::format("{} positions, {} SAT calls", r.positions, r.sat_calls);
}

// The budget ran out after depth d: horizons from max(bound, d + 1).
void hand_over(const Run &run, PlannerResult &result,
               const solver::ReachResult &r, const solver::StopFn &stop) {
  run.phase("reach", fmt::format("positions budget reached at depth {}",
                                 r.depth_done + 1));
  const std::vector<solver::HorizonStats> layers = r.layers;
  horizons_after_reach(run, result, r.depth_done, summary(r), stop);
  result.horizons.insert(result.horizons.begin(), layers.begin(),
                         layers.end());
}

// What the search's end means for the run: a plan, unsolvable, a hand-
// over to horizons or a limit.
void report(const Run &run, PlannerResult &result,
            const solver::ReachResult &r, const solver::StopFn &stop,
            long budget, bool then_horizons) {
  // The depth searched, or the bound's own proof where it says more (a
  // search stopped early has searched less than the bound proves).
  const int up_to = std::max(r.depth_done, result.lower_bound - 1);
  const std::string proven =
      fmt::format("; proven: no plan of length <= {}", up_to);
  switch (r.outcome) {
  case solver::ReachOutcome::goal_found:
    end_with_optimal_plan(
        result, r.plan, Proof::exhausted_layers,
        r.both_ends
            ? fmt::format("breadth-first by SAT from the start and from the "
                          "goal: no plan of length <= {}; {}",
                          r.depth_done, summary(r))
            : fmt::format("breadth-first by SAT: no goal position within "
                          "depth {}; {}",
                          r.depth_done, summary(r)));
    return;
  case solver::ReachOutcome::exhausted:
    result.status = Status::unsolvable;
    result.reason =
        r.both_ends
            ? fmt::format("breadth-first by SAT from the start and from the "
                          "goal: one side found every position it can reach "
                          "({}), none found by the other",
                          summary(r))
            : fmt::format("breadth-first by SAT: every reachable position "
                          "was found ({}) and none is a goal",
                          summary(r));
    return;
  case solver::ReachOutcome::state_limit:
    if (then_horizons) {
      hand_over(run, result, r, stop);
      return;
    }
    result.status = Status::horizon_limit;
    result.reason = fmt::format("reached the positions limit {} ({}){}",
                                budget, summary(r), proven);
    return;
  case solver::ReachOutcome::depth_limit:
    end_without_plan(result, solver::Outcome::horizon_limit, run, proven, "");
    return;
  case solver::ReachOutcome::timeout:
    end_without_plan(result, solver::Outcome::timeout, run, proven, "");
    return;
  case solver::ReachOutcome::cancelled:
    end_without_plan(result, solver::Outcome::cancelled, run, proven, "");
    return;
  case solver::ReachOutcome::decode_error:
    result.status = Status::internal_error;
    result.reason = "the reachability engine found a position twice or a "
                    "step that is no move";
    return;
  }
}

} // namespace

void horizons_after_reach(const Run &run, PlannerResult &result, int depth,
                          const std::string &what,
                          const solver::StopFn &stop) {
  if (depth + 1 > result.lower_bound) {
    result.lower_bound_name =
        fmt::format("breadth-first by SAT: no plan of length <= {} ({}); "
                    "{} {}",
                    depth, what, result.lower_bound_name, result.lower_bound);
    result.lower_bound =
        first_horizon(result.lower_bound, result.stride, depth + 1);
  }
  run.phase("reach", fmt::format("horizons from {}", result.lower_bound));
  solve_optimal(run, result, stop);
  result.path = Path::reach_horizons;
  if (result.proof == Proof::refuted_horizons) {
    result.proof = Proof::exhausted_layers;
    // Said so that it holds from one end or both (depth = a + b).
    result.optimality =
        fmt::format("breadth-first by SAT: no plan of length <= {}; {}",
                    depth, result.optimality);
  }
}

void solve_reach(const Run &run, PlannerResult &result,
                 const solver::StopFn &stop, long budget, bool then_horizons,
                 int threads, const ThreadsForLayer &threads_for_layer) {
  encoder::SequentialEncoding formula(run.task,
                                      reach_config(run.options.reach_formula));
  solver::ReachOptions o;
  o.max_states = budget;
  o.max_depth = run.options.max_horizon;
  o.threads = threads;
  o.threads_for_layer = threads_for_layer;
  o.both_ends = run.options.reach_both_ends;
  o.blocking = run.options.reach_blocking;
  o.timeout_seconds = run.seconds_left();
  o.solver_config = run.options.solver_config;
  o.solver_options = run.options.cadical_options;
  o.stop = stop;
  run.phase("reach", "breadth-first over positions by SAT calls" +
                         (budget > 0 ? fmt::format(", up to {} positions",
                                                   budget)
                                     : std::string()));
  const solver::ReachResult r =
      solver::run_reach(run.task, formula, o, run.horizons("reach", true));
  result.path = Path::reach;
  // Labels where the task has them; a task without (the piece metric)
  // gets the textbook formula, and the report says so.
  const ReachFormula used = run.options.reach_formula == ReachFormula::labels &&
                                    run.task.label.empty()
                                ? ReachFormula::seed
                                : run.options.reach_formula;
  result.encoding = fmt::format("reach ({} one-step)", to_name(used));
  result.horizons = r.layers;
  result.positions = r.positions;
  result.sat_calls = r.sat_calls;
  result.no_plan_up_to = r.outcome == solver::ReachOutcome::exhausted
                             ? r.depth_done
                             : std::max(r.depth_done, result.lower_bound - 1);
  report(run, result, r, stop, budget, then_horizons);
}

} // namespace satslide::planner
