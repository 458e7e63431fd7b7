// A horizon schedule for a fast first plan (Rintanen's algorithm B, as in
// the Madagascar planner): several horizons h, h + gap, h + 2 gap, ... are
// solved side by side, each in its own solver, in rounds of conflict-
// limited slices; the k-th smallest open horizon gets gamma^k of the first
// one's slice. The first satisfiable horizon wins; long horizons, often
// easy to satisfy, are not held up by refuting the short ones.
//
// Contract:
//   require: the encodings are monotone: a satisfiable horizon stays
//            satisfiable above it (ParallelEncoding: steps may be empty).
//   ensure:  plan_found: `plan` is the model's decoded plan (the caller
//            replays it); no claim of optimality in moves.
#pragma once

#include "horizon_driver.hpp"

namespace satslide::solver {

struct ScheduleOptions {
  int first_horizon = 0;
  int gap = 5;        // between consecutive horizons
  int open = 8;       // horizons solved side by side (Madagascar: up to 20)
  double gamma = 0.9; // Madagascar's default
  int slice = 2000;   // conflicts of the first open horizon per round
  int max_horizon = 1000;
  double timeout_seconds = 0; // 0 = none
  SolverConfig solver_config = SolverConfig::standard;
  std::vector<std::string> solver_options;
  StopFn stop; // polled; true ends the run as `cancelled`
};

struct ScheduleResult {
  Outcome outcome = Outcome::horizon_limit;
  task::Plan plan;
  int horizon = -1;       // the satisfiable horizon (in steps)
  int refuted_up_to = -1; // every horizon up to this was unsatisfiable
  std::vector<HorizonStats> horizons; // one entry per horizon opened
  double seconds = 0;
};

// After every round: the open horizons (lowest, highest), the largest
// refuted one (-1 if none), seconds so far. For progress lines on long runs.
using RoundFn = std::function<void(int, int, int, double)>;

ScheduleResult run_schedule(const EncodingFactory &make_encoding,
                            const ScheduleOptions &options,
                            const ProgressFn &progress = {},
                            const RoundFn &on_round = {});

} // namespace satslide::solver
