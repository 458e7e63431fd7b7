// Counting optimal plans, which a SAT planner does by enumeration where a
// search would have to keep every shortest path: the models of the
// formula of exactly `length` moves are found one by one, each plan
// blocked by a clause over its positions, until the solver says there is
// no other. Called with the proven optimum, every plan counted is optimal.
// Plans are told apart by their sequence of positions (with identical
// pieces identified, moving one or its twin is the same plan).
#pragma once

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/horizon_driver.hpp"

#include <string>
#include <vector>

namespace satslide::planner {

struct CountOptions {
  long limit = 0;  // stop after this many ("at least"); 0 = all
  int keep = 20;   // move strings of the first plans kept
  double timeout_seconds = 0;
  solver::StopFn stop;
  // nullptr = the family's default; it must keep every optimal plan (not
  // `ordered`, which keeps one order of commuting moves).
  const encoder::EncodingInfo *encoding = nullptr;
};

struct PlanCount {
  long count = 0;
  bool complete = false; // every plan of that length counted
  std::string stopped;   // else why: "limit", "timeout" or "cancelled"
  std::vector<std::string> moves; // the first plans, as move strings
  double seconds = 0;
};

// Throws std::invalid_argument for an encoding that drops optimal plans;
// std::logic_error if a model does not replay (a bug).
PlanCount count_plans(const puzzles::Puzzle &puzzle, int length,
                      const CountOptions &options);

} // namespace satslide::planner
