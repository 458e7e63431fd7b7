// merge --verify's claim shown by the checker: "no plan of length <= n"
// from a split's start, through the positions at the split's depth d,
// which the checker finds itself (frontier.hpp's positions_at), not the
// split's cubes file. Each position must have every length 0..n-d
// excluded: by a certificate of that position's instance that verify
// certified (its "no plan of length <= L"), by the parity token's
// colours there, or by the checker's own bound (MoveBound); and no
// position within depth d-1 may meet the goal. The argument is the
// frontier certificate's: a shortest plan's first d moves are a
// shortest path to one of those positions.
#pragma once

#include "satslide/puzzles/puzzle.hpp"
#include "satslide/task/task.hpp"
#include "satslide/verify/manifest.hpp"

#include <functional>
#include <vector>

namespace satslide::verify {

// A cube's certificate, certified by verify_certificate: its instance
// and what it shows.
struct CertifiedCube {
  puzzles::PuzzleSpec instance;
  int no_plan_up_to = -1;
};

struct SplitCover {
  long positions = 0;      // at the split's depth, found by the checker
  long by_certificate = 0; // of them, shown by a certificate (and parity)
  long by_bound = 0;       // shown by parity and the bound alone
  long uncovered = 0;      // the rest: some length up to n-d not shown
  int goal_depth = -1;     // a goal within depth d-1 (the claim is false)
  int shown = -1;          // no plan of length <= shown, by the above
};

// Which lengths up to `claim` the certified cubes show through the
// positions at distance `depth` from `start`. Throws Refused where a
// cube's instance has other rules or goal than the start's, where the
// token is not a parity token of the task, past k_frontier_max_positions
// or when stopped. `shown` is at least depth - 1 unless a goal is nearer.
SplitCover check_split_cover(const task::Task &start, const ParityToken &token,
                             int depth, int claim,
                             const std::vector<CertifiedCube> &cubes,
                             const std::function<bool()> &stop);

} // namespace satslide::verify
