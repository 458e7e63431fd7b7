// A plan for any solvable R x C board at once, the way people solve big
// boards by hand: fix an outer line of the board tile by tile (its last
// two tiles by the standard manoeuvre), never the line holding the
// blank's goal cell, and recurse into the smaller board, down to at most
// 3 x 3 cells, solved optimally by IDA*. Time and moves
// are O((RC)^1.5): a 100 x 100 board in well under a second. Not
// optimal: the planner shortens it (npuzzle/plan_windows.hpp) and bounds
// the optimum from below.
#pragma once

#include <vector>

namespace satslide::puzzles {

// The blank's cells after each move of a plan taking `board` to `goal`
// (row-major, 0 the blank, rows and cols >= 2); the boards must be of one
// parity class (NPuzzle::unsolvable_reason says none). Throws
// std::logic_error if a step fails, which would be a bug.
std::vector<int> constructive_blank_path(int rows, int cols,
                                         const std::vector<int> &board,
                                         const std::vector<int> &goal);

} // namespace satslide::puzzles
