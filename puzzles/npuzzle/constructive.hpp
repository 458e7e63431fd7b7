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

// The cells the constructive plan leaves to IDA* at the end: at most
// this many a side.
constexpr int k_endgame_side = 3;

// One outer line the constructive plan fixes, and the rectangle of cells
// left after it (rows top..bottom, columns left..right).
struct BoardLine {
  std::vector<int> cells; // row-major cells, along the line
  int inward;             // the step from a line cell to the cell inside
  int top, bottom, left, right;
};

// The lines in the order they are fixed: the outer row (across the
// longer side) or column that does not hold the blank's goal cell
// `goal_blank`, until at most k_endgame_side x k_endgame_side cells are
// left. The constructive plan and the goal agenda of --any's SAT stages
// share it.
std::vector<BoardLine> board_lines(int rows, int cols, int goal_blank);

// The blank's cells after each move of a plan taking `board` to `goal`
// (row-major, 0 the blank, rows and cols >= 2); the boards must be of one
// parity class (NPuzzle::unsolvable_reason says none). Throws
// std::logic_error if a step fails, which would be a bug.
std::vector<int> constructive_blank_path(int rows, int cols,
                                         const std::vector<int> &board,
                                         const std::vector<int> &goal);

} // namespace satslide::puzzles
