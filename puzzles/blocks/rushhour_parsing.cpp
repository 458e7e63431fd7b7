#include "satslide/puzzles/blocks/rushhour_parsing.hpp"

#include "satslide/puzzles/board_parsing.hpp"

#include <algorithm>
#include <cctype>

namespace satslide::puzzles {

namespace {

bool is_car(char c) { return std::isalnum(static_cast<unsigned char>(c)); }

std::vector<std::string> rows_of(const std::string &text) {
  if (text.find_first_of("/\n") != std::string::npos) {
    return split_grid_rows(text);
  }
  std::string s = text;
  s.erase(std::remove_if(s.begin(), s.end(),
                         [](char c) {
                           return std::isspace(static_cast<unsigned char>(c));
                         }),
          s.end());
  int side = 1;
  while ((side + 1) * (side + 1) <= static_cast<int>(s.size())) {
    ++side;
  }
  if (side < 2 || side * side != static_cast<int>(s.size())) {
    throw task::InputError(
        "a Rush Hour board has 36 characters (6x6) or another "
        "square number; got " +
        std::to_string(s.size()));
  }
  std::vector<std::string> rows;
  for (int r = 0; r < side; ++r) {
    rows.push_back(s.substr(r * side, side));
  }
  return rows;
}

} // namespace

BlockBoard parse_rushhour(const std::string &text) {
  BlockBoard board = board_from_rows(rows_of(text), "o.", "x", is_car);
  board.style = {"rushhour", "Rush Hour", 'x', 'o'};
  const int w = board.width;
  for (BlockPiece &car : board.pieces) {
    const std::string name = std::string("car '") + car.letter + "'";
    const int len = static_cast<int>(car.cells.size());
    if (len > std::max(board.width, board.height)) {
      throw task::InputError(name + " has " + std::to_string(len) +
                             " cells, longer than the board");
    }
    if (len < 2) {
      throw task::InputError(name + " has one cell, so it has no direction");
    }
    const int first = car.cells.front();
    const bool row = std::all_of(car.cells.begin(), car.cells.end(),
                                 [&](int c) { return c / w == first / w; });
    const bool column = std::all_of(car.cells.begin(), car.cells.end(),
                                    [&](int c) { return c % w == first % w; });
    if (!row && !column) {
      throw task::InputError(name + " is not a straight line of cells");
    }
    car.horizontal = row;
    car.vertical = column;
  }
  const auto red =
      std::find_if(board.pieces.begin(), board.pieces.end(),
                   [](const BlockPiece &p) { return p.letter == 'A'; });
  if (red == board.pieces.end()) {
    throw task::InputError("no red car: the board needs a car 'A'");
  }
  if (!red->horizontal) {
    throw task::InputError("the red car 'A' is vertical; it must lie along its "
                           "row to reach the exit");
  }
  return board;
}

BlockPuzzle rushhour_from_options(const InstanceOptions &o) {
  BlockBoard board = parse_rushhour(o.board.empty() ? k_rushhour_card40 : o.board);
  if (o.board.empty()) {
    board.name = "card 40";
  }
  // The red car exits on the right: its anchor at the last columns.
  for (const BlockPiece &car : board.pieces) {
    if (car.letter == 'A') {
      const int right = board.width - static_cast<int>(car.cells.size());
      board.goals = {{'A', right, car.cells.front() / board.width}};
    }
  }
  apply_goal(board, o.goal_piece, o.goal_at);
  apply_common_options(board, o);
  return BlockPuzzle(std::move(board));
}

} // namespace satslide::puzzles

namespace satslide::puzzles {

DataLine rushhour_data_line(const std::string &text, const std::string &) {
  const std::vector<std::string> f = split_fields(text);
  const auto board = std::find_if(f.begin(), f.end(), [](const auto &s) {
    return s.size() == 36;
  });
  DataLine line;
  if (board == f.end()) {
    line.options = {"--board", text};
    return line;
  }
  line.options = {"--board", *board};
  const auto at = board - f.begin();
  const auto number = [&](std::size_t k) {
    return k < f.size() && is_whole_number(f[k]) ? std::stoi(f[k]) : -1;
  };
  const bool card = at == 2 && f.size() > 3 && f[3].size() == 36;
  if (at == 1 && number(0) >= 0) { // moves board cluster
    line.known["slide"] = number(0);
  } else if (at == 2 && !card && number(4) >= 0 && number(6) >= 0) {
    line.id = f[0]; // idx moves board cluster slide states step ...
    line.known["slide"] = number(4);
    line.known["step"] = number(6);
  } else if (card && number(4) >= 0 && number(5) >= 0) {
    line.id = f[0]; // card published board alt slide step ...
    line.known["slide"] = number(4);
    line.known["step"] = number(5);
  }
  return line;
}

} // namespace satslide::puzzles
