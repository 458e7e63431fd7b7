// The horizon driver on several threads (--threads N): each thread has
// its own incremental solver and formula and takes the next horizon no
// thread has taken yet (n, n + stride, n + 2 stride, ...), so while one
// refutes n another already tries n + stride. The bounds are shared: a
// satisfiable horizon h cancels every call above h, and the plan is
// optimal once every horizon below h (from the proven start) is refuted,
// by whichever thread.
//
// Or, as a portfolio, every thread walks every horizon itself, each
// solver configured differently (its own random seed and initial phase);
// a horizon refuted by one is skipped by the others (their call on it
// cancelled, its guard retired: the other's proof covers it), so each
// keeps everything it learned on the way.
//
// Contract: as run_horizons (horizon_driver.hpp), with the same
// DriverOptions; options.incremental is implied.
#pragma once

#include "horizon_driver.hpp"

namespace satslide::solver {

enum class Split {
  horizons,  // each horizon to one thread
  portfolio, // every horizon to every thread, the first answer counts
};
constexpr std::array<EnumName<Split>, 2> names(Split) {
  return {{{Split::horizons, "horizons"}, {Split::portfolio, "portfolio"}}};
}

// `threads` >= 1 solvers; progress may be called from any of them, one
// call at a time. The result's horizons are sorted by horizon.
DriverResult run_shared_horizons(const EncodingFactory &make_encoding,
                                 const DriverOptions &options, int threads,
                                 Split split, const ProgressFn &progress = {});

} // namespace satslide::solver
