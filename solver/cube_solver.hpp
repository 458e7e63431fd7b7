// One incremental solver for many starts: cube and conquer with the cubes
// as assumptions. The encoding's formula is built once with a free first
// layer (EncodingInfo::make_free_start); each start's fluents, and the
// threshold its own bound sets, are assumed per call, so what the solver
// learns refuting one cube stays for the next, as the horizon driver keeps
// it from horizon to horizon. A fresh formula per cube (split_path's other
// way) restarts from nothing each time.
//
// Soundness: a learned clause follows from the formula alone (assumptions
// enter it as literals), and the formula says nothing of the start, so
// every clause learned for one start holds for every other. Horizon n's
// goal clauses stay behind n's activation literal until retire(n): only
// once every cube is refuted at n may they go.
#pragma once

#include "horizon_driver.hpp"

#include <map>
#include <optional>

namespace satslide::solver {

class CubeSolver {
public:
  // `make_free_start` makes the encoding; the options give the solver's
  // configuration, its deadline (timeout_seconds from `start`) and stop.
  CubeSolver(const EncodingFactory &make_free_start,
             const DriverOptions &options,
             std::chrono::steady_clock::time_point start);

  struct Answer {
    SolveResult result = SolveResult::unknown;
    bool by_bound = false; // unsat by the encoding's bound, no call made
    // sat: the plan from the start, or nullopt if the model broke the
    // task's rules (a bug).
    std::optional<task::Plan> plan;
    HorizonStats stats; // of the call, if one was made
  };
  // Is there a plan of exactly n moves from `start`? `stop` (if set) is
  // polled during the call besides the options' own; `conflict_limit` > 0
  // answers unknown after that many conflicts (a probe: the next call on
  // the cube resumes with every clause learned).
  Answer solve(const task::State &start, int n, const StopFn &stop = {},
               int conflict_limit = 0);
  // Every cube has been refuted at every horizon up to n: their goal
  // clauses go for good.
  void retire_up_to(int n);

private:
  int guard(int n);

  Formula m_formula;
  StopFn m_own_stop;
  std::map<int, int> m_guards; // horizon -> activation literal, not retired
};

} // namespace satslide::solver
