// Tightening a plan toward optimal: every window of a few moves is
// re-solved optimally between its two end states, and replaced when a
// shorter path exists (windowed plan improvement, as in Balyo & Chrpa's
// plan optimisation, here with the same incremental driver). The end
// states are complete, so the encodings' heuristics are at their
// strongest and each window is quick. The result is still not proven
// optimal: only each window is.
#pragma once

#include "agenda_driver.hpp"

namespace satslide::solver {

struct TightenResult {
  Outcome outcome = Outcome::plan_found; // or timeout / decode_error
  task::Plan plan;
  int windows = 0;  // windows re-solved
  int improved = 0; // windows replaced by a shorter path
  int passes = 0;
  std::vector<HorizonStats> horizons;
  double seconds = 0;
};

// Requires `plan` to reach the goal from the task's initial state and
// options.stride to hold between any two states on it (true of the
// puzzles' strides). Passes over the plan with windows of `window` moves,
// overlapping by half and alternating their offset, until two passes in a
// row shorten nothing or the timeout is reached; on timeout the best plan
// so far is returned.
TightenResult tighten_plan(const task::Task &task, const task::Plan &plan,
                           const TaskEncodingFactory &make_encoding,
                           const DriverOptions &options, int window,
                           const ProgressFn &progress = {});

} // namespace satslide::solver
