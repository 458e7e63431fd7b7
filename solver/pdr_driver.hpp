// Property-directed reachability (IC3, Bradley 2011; for planning: Suda,
// JAIR 2014) as a second way to prove plan lengths optimal: instead of
// unrolling k steps, it keeps frames F_0 = {init} ⊆ F_1 ⊆ ... of clauses
// over one state, F_i over-approximating the states reachable in at most i
// steps, learned from one-step SAT queries T(x, x'). Level k is closed
// when F_k holds no goal state: then no plan has length <= k. A plan is
// found as a chain of one-step predecessors through the levels, so its
// length is the first level that could not be closed: optimal. When a
// frame equals the next one it is an inductive invariant that excludes
// the goal, a proof that no plan exists at all.
#pragma once

#include "horizon_driver.hpp"

#include "encoder/task.hpp"

namespace satslide::solver {

// Reads max_horizon (the last level), timeout_seconds and the solver
// settings of `options`; one HorizonStats per level ("UNSAT": closed).
// Requires every fluent of the task to lie in an exactly-one group, so
// that the fluents a state makes true determine it (checked; throws
// std::invalid_argument otherwise).
// Outcomes: plan_found (always optimal), unreachable, horizon_limit,
// timeout.
DriverResult run_pdr(const encoder::Task &task, const DriverOptions &options,
                     const ProgressFn &progress = {});

} // namespace satslide::solver
