// Klotski boards from --board grids, layout files and named layouts.
#pragma once

#include "satslide/puzzles/blocks/block_grid.hpp"

namespace satslide::puzzles {

// A grid of '.' (empty), '#' (wall) and piece characters, rows split by
// '/' or newlines; no goal yet. Throws InputError.
BlockBoard parse_klotski_grid(const std::string &text);

// A layout file: `name`, `size W H`, `grid` then H rows, `goal L X Y`
// (repeatable); ';' starts a comment. Throws InputError naming the line.
BlockBoard parse_klotski_file(const std::string &text);

// From the options board | layout | file_text (at most one; none = the
// classic), goal_piece, goal_at, metric, distinct_pieces and name.
BlockPuzzle klotski_from_options(const InstanceOptions &options);

// satslide batch's hook: the line is the path of a layout file (as
// given, else beside `folder`).
DataLine klotski_data_line(const std::string &text, const std::string &folder);

// The same from a PuzzleSpec's params (DIMACS comments, tests).
inline BlockPuzzle klotski_from_params(const Params &params) {
  return klotski_from_options(options_from_params(params));
}

} // namespace satslide::puzzles
