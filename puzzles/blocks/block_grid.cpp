#include "satslide/puzzles/blocks/block_grid.hpp"

#include "satslide/puzzles/board_parsing.hpp"

#include <algorithm>
#include <cctype>

namespace satslide::puzzles {

namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) {
    return "";
  }
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::string show(char c) {
  if (static_cast<unsigned char>(c) < 32 ||
      static_cast<unsigned char>(c) > 126) {
    return "byte " + std::to_string(static_cast<unsigned char>(c));
  }
  return std::string("'") + c + "'";
}

// The names is_piece accepts, as "A-Z a-z 0-9 *@$": how to write more
// pieces than there are letters.
std::string piece_names(bool (*is_piece)(char)) {
  std::string names;
  for (const char *range : {"AZ", "az", "09"}) {
    if (is_piece(range[0]) && is_piece(range[1])) {
      names += std::string(names.empty() ? "" : " ") + range[0] + "-" +
               range[1];
    }
  }
  std::string symbols;
  for (char c = 33; c < 127; ++c) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && is_piece(c)) {
      symbols += c;
    }
  }
  return names + (symbols.empty() ? "" : " " + symbols);
}

} // namespace

std::vector<std::string> split_grid_rows(const std::string &text) {
  std::vector<std::string> rows;
  std::string row;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '/' || text[i] == '\n') {
      row = trim(row);
      if (!row.empty()) {
        rows.push_back(row);
      }
      row.clear();
    } else {
      row += text[i];
    }
  }
  if (rows.empty()) {
    throw task::InputError("the board is empty");
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto wide = std::find_if(rows[r].begin(), rows[r].end(), [](char c) {
      return static_cast<unsigned char>(c) > 126;
    });
    if (wide != rows[r].end()) {
      throw task::InputError("row " + std::to_string(r + 1) +
                             " has a character outside ASCII (UTF-8?): every "
                             "cell is one ASCII character");
    }
  }
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].size() != rows[0].size()) {
      throw task::InputError("ragged rows: row " + std::to_string(r + 1) +
                             " has " + std::to_string(rows[r].size()) +
                             " cells but row 1 has " +
                             std::to_string(rows[0].size()));
    }
  }
  return rows;
}

BlockBoard board_from_rows(const std::vector<std::string> &rows,
                           const std::string &empty, const std::string &wall,
                           bool (*is_piece)(char)) {
  BlockBoard board;
  board.height = static_cast<int>(rows.size());
  board.width = static_cast<int>(rows.at(0).size());
  board.wall.assign(board.width * board.height, 0);
  for (int y = 0; y < board.height; ++y) {
    for (int x = 0; x < board.width; ++x) {
      const char c = rows[y][x];
      const int cell = y * board.width + x;
      if (empty.find(c) != std::string::npos) {
        continue;
      }
      if (wall.find(c) != std::string::npos) {
        board.wall[cell] = 1;
        continue;
      }
      if (!is_piece(c)) {
        throw task::InputError(
            "unknown character " + show(c) + " at x=" + std::to_string(x) +
            ", y=" + std::to_string(y) + " (empty: '" + empty + "', wall: '" +
            wall + "', pieces: " + piece_names(is_piece) + ")");
      }
      auto it =
          std::find_if(board.pieces.begin(), board.pieces.end(),
                       [&](const BlockPiece &p) { return p.letter == c; });
      if (it == board.pieces.end()) {
        board.pieces.push_back({c, {}, true, true});
        it = board.pieces.end() - 1;
      }
      it->cells.push_back(cell);
    }
  }
  return board;
}

std::vector<std::pair<int, int>> parse_goal_positions(const std::string &at) {
  std::vector<std::pair<int, int>> result;
  std::vector<std::string> items{""};
  for (char c : at) {
    if (c == '/') {
      items.emplace_back();
    } else {
      items.back() += c;
    }
  }
  for (const std::string &item : items) {
    const auto comma = item.find(',');
    if (comma == std::string::npos) {
      throw task::InputError(
          "goal position: expected x,y (x to the right, y down), "
          "got '" +
          item + "'");
    }
    result.emplace_back(parse_int(trim(item.substr(0, comma)), "goal position x"),
                        parse_int(trim(item.substr(comma + 1)), "goal position y"));
  }
  return result;
}

void apply_goal(BlockBoard &board, std::string pieces, const std::string &at) {
  if (pieces.empty() && at.empty()) {
    return;
  }
  if (at.empty()) {
    throw task::InputError("a goal piece needs a goal position x,y");
  }
  const auto positions = parse_goal_positions(at);
  if (pieces.empty()) {
    if (board.goals.size() != 1) {
      throw task::InputError("a goal position needs a goal piece");
    }
    pieces = std::string(1, board.goals[0].letter);
  }
  if (pieces.size() != positions.size()) {
    throw task::InputError("the goal names " + std::to_string(pieces.size()) +
                           " pieces but gives " +
                           std::to_string(positions.size()) + " positions");
  }
  board.goals.clear();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    board.goals.push_back({pieces[i], positions[i].first, positions[i].second});
  }
}

void apply_common_options(BlockBoard &board, const InstanceOptions &o) {
  board.metric = o.metric.value_or(Metric::step);
  if (!o.name.empty()) {
    board.name = o.name;
  }
  board.identify = !o.distinct_pieces;
}

} // namespace satslide::puzzles
