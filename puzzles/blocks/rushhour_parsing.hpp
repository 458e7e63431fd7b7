// Rush Hour boards: the 36-character strings of the public databases
// ('o' or '.' empty, 'x' wall, 'A' the red car) or grids of rows.
#pragma once

#include "satslide/puzzles/blocks/block_grid.hpp"

namespace satslide::puzzles {

// Card #40 of the original game, the hardest of the 40.
constexpr const char *k_rushhour_card40 =
    "BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo";

// A row-major string whose length is a square (36 for 6x6), or rows split
// by '/' or newlines. Each car moves along its own axis; the red car 'A'
// must lie along its row. No goal yet. Throws InputError.
BlockBoard parse_rushhour(const std::string &text);

// From the options board (none = card #40), goal_piece and goal_at
// (default: 'A' touching the right edge), metric, distinct_pieces, name.
BlockPuzzle rushhour_from_options(const InstanceOptions &options);

// satslide batch's hook: the first 36-character field is the board, and
// where it stands tells the data files apart: Fogleman's `moves board
// cluster` (moves: the slide optimum), the oracle's `idx moves board
// cluster slide states step ...`, the cards' `card published board alt
// slide step ...`; else the line is a board.
DataLine rushhour_data_line(const std::string &text, const std::string &folder);

// The same from a PuzzleSpec's params (DIMACS comments, tests).
inline BlockPuzzle rushhour_from_params(const Params &params) {
  return rushhour_from_options(options_from_params(params));
}

} // namespace satslide::puzzles
