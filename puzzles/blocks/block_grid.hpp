// Reading the text grids and goal positions that Klotski and Rush Hour
// boards are typed in.
#pragma once

#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include <map>
#include <string>
#include <vector>

namespace satslide::puzzles {

// Rows separated by '/' or newlines; spaces around rows and blank rows
// are dropped. Throws InputError on ragged rows or an empty grid.
std::vector<std::string> split_grid_rows(const std::string &text);

// A board from equal-length rows: characters in `empty` are free cells,
// in `wall` walls, and every other character must pass `is_piece`; equal
// characters form one piece. Throws InputError naming a bad character.
BlockBoard board_from_rows(const std::vector<std::string> &rows,
                           const std::string &empty, const std::string &wall,
                           bool (*is_piece)(char));

// "x,y" (several joined by '/') -> positions; throws InputError.
std::vector<std::pair<int, int>> parse_goal_positions(const std::string &at);

// Puts goal pieces over the board's own goals: piece "B" at "1,3", or
// several pieces "BE" at "3,0/3,1"; a position alone moves a board's
// single goal. Nothing if both are empty.
void apply_goal(BlockBoard &board, std::string pieces, const std::string &at);

// The options every block puzzle shares: metric, name and whether
// identical pieces are told apart.
void apply_common_options(BlockBoard &board, const InstanceOptions &options);

} // namespace satslide::puzzles
