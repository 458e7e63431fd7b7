// The next move of an optimal plan from a position (a game's hint, its
// "solve from here"): the planner's one choice between the explicit
// search and SAT for it. Breadth-first search first, within its budget,
// where the family does not already know the space is larger; else the
// SAT engine within its timeout, if allowed.
#pragma once

#include "satslide/puzzles/puzzle.hpp"

#include <string>
#include <vector>

namespace satslide::planner {

struct Hint {
  bool found = false;
  std::vector<std::string> plan; // the optimal plan's moves (notation)
  int distance = -1;             // its length: the distance to the goal
  std::string engine;            // what proved it optimal
  long positions = 0;            // positions searched (breadth-first)
  std::string message;           // what was shown, or why no hint
};

// The explicit search's budget (positions; about 450 MB) and the SAT
// engine's timeout behind it: a hint answers while the player waits.
constexpr long k_hint_max_states = 5'000'000;
constexpr double k_hint_sat_timeout = 10;

struct HintOptions {
  long max_states = k_hint_max_states;
  double sat_timeout = k_hint_sat_timeout;
  bool sat = true; // false: breadth-first search only
};

Hint hint(const puzzles::Puzzle &here, const HintOptions &options = {});

} // namespace satslide::planner
