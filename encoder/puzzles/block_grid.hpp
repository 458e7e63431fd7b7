// Reading the text grids and goal positions that Klotski and Rush Hour
// boards are typed in.
#pragma once

#include "encoder/puzzles/block_puzzle.hpp"

#include <map>
#include <string>
#include <vector>

namespace satslide::encoder {

using Params = std::map<std::string, std::string>;

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

// Applies the goal_piece and goal_at params over the board's own goals:
// goal_piece "B" with goal_at "1,3", or several pieces "BE" with
// "3,0/3,1"; goal_at alone moves a board's single goal.
void apply_goal_params(BlockBoard &board, const Params &params);

// The shared params: metric, name and identify ("yes" or "no").
void apply_common_params(BlockBoard &board, const Params &params);

// The value of `key`, or "" if absent.
std::string param(const Params &params, const std::string &key);

} // namespace satslide::encoder
