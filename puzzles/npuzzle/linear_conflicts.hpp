// Linear conflicts (Hansson, Mayer & Yung 1992), the one count the
// n-puzzle's quick bound (npuzzle_bounds.cpp) and the beams past the
// tables (manhattan_beam.cpp) share: of the tiles on one row (column)
// whose goal lies on it too, those that must leave it so that the rest
// can pass each other each make two moves the Manhattan distance does
// not count (out of the line and back). Rows and columns add up: a
// tile's detours out of its row are vertical, out of its column
// horizontal, neither counted twice.
#pragma once

#include <algorithm>
#include <array>

namespace satslide::puzzles {

// The moves linear conflicts add on one line: `goals`, the goal
// positions along the line of such tiles in the order they stand there
// (at most 256), less the longest increasing run of them, twice.
inline int line_conflict_moves(const int *goals, int count) {
  std::array<int, 256> tails; // least last goal of an increasing run
  int runs = 0;
  for (int i = 0; i < count; ++i) {
    int *at = std::lower_bound(tails.data(), tails.data() + runs, goals[i]);
    if (at == tails.data() + runs) {
      tails[runs++] = goals[i];
    } else {
      *at = goals[i];
    }
  }
  return 2 * (count - runs);
}

} // namespace satslide::puzzles
