#include "encoder/puzzles/klotski_parsing.hpp"

#include "encoder/puzzles/board_parsing.hpp"
#include "encoder/puzzles/klotski_layouts.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace satslide::encoder {

namespace {

bool is_klotski_piece(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string("*@$%&+=!?").find(c) != std::string::npos;
}

std::string first_word(const std::string &line) {
  return line.substr(0, line.find_first_of(" \t"));
}

std::string rest(const std::string &line) {
  const auto space = line.find_first_of(" \t");
  if (space == std::string::npos) {
    return "";
  }
  const auto start = line.find_first_not_of(" \t", space);
  return start == std::string::npos ? "" : line.substr(start);
}

// Without a stated goal, the one largest piece must reach the bottom
// centre, as in every Huarong Dao layout.
void default_goal(BlockBoard &board) {
  if (board.pieces.empty()) {
    throw InputError("the board has no pieces");
  }
  std::size_t largest = 0;
  for (const BlockPiece &p : board.pieces) {
    largest = std::max(largest, p.cells.size());
  }
  const BlockPiece *goal = nullptr;
  for (const BlockPiece &p : board.pieces) {
    if (p.cells.size() == largest) {
      if (goal) {
        throw InputError("no goal given and no single largest piece: name "
                         "the goal piece and its position");
      }
      goal = &p;
    }
  }
  int x0 = board.width, x1 = 0, y0 = board.height, y1 = 0;
  for (int c : goal->cells) {
    x0 = std::min(x0, c % board.width);
    x1 = std::max(x1, c % board.width);
    y0 = std::min(y0, c / board.width);
    y1 = std::max(y1, c / board.width);
  }
  const int w = x1 - x0 + 1, h = y1 - y0 + 1;
  board.goals = {{goal->letter, (board.width - w) / 2, board.height - h}};
}

} // namespace

BlockBoard parse_klotski_grid(const std::string &text) {
  return board_from_rows(split_grid_rows(text), ".", "#", is_klotski_piece);
}

BlockBoard parse_klotski_file(const std::string &text) {
  std::istringstream in(text);
  std::string line, name;
  std::vector<std::string> rows;
  std::vector<BlockGoal> goals;
  int width = 0, height = 0, number = 0;
  bool in_grid = false;
  const auto fail = [&](const std::string &why) {
    return InputError("layout file line " + std::to_string(number) + ": " +
                      why);
  };
  while (std::getline(in, line)) {
    ++number;
    line = line.substr(0, line.find(';'));
    while (!line.empty() &&
           std::isspace(static_cast<unsigned char>(line.back()))) {
      line.pop_back();
    }
    const std::string word = first_word(line);
    if (line.empty()) {
      continue;
    }
    const bool rows_left =
        in_grid && (height == 0 || static_cast<int>(rows.size()) < height);
    if (!rows_left && line.front() == '#') {
      continue; // a comment; inside the grid '#' is a wall
    }
    if (rows_left &&
        (height > 0 || (word != "goal" && word != "name" && word != "size"))) {
      rows.push_back(line);
      continue;
    }
    in_grid = false;
    std::istringstream fields(rest(line));
    if (word == "name") {
      name = rest(line);
    } else if (word == "size") {
      std::string w, h, extra;
      fields >> w >> h >> extra;
      if (!extra.empty()) {
        throw fail("expected 'size WIDTH HEIGHT'");
      }
      width = parse_int(w, "size width");
      height = parse_int(h, "size height");
    } else if (word == "grid") {
      in_grid = true;
    } else if (word == "goal") {
      std::string letter, x, y, extra;
      fields >> letter >> x >> y >> extra;
      if (letter.size() != 1 || y.empty() || !extra.empty()) {
        throw fail("expected 'goal LETTER X Y'");
      }
      goals.push_back(
          {letter[0], parse_int(x, "goal x"), parse_int(y, "goal y")});
    } else {
      throw fail("unknown line '" + line + "'");
    }
  }
  if (rows.empty()) {
    throw InputError("layout file has no grid");
  }
  std::string joined;
  for (const std::string &r : rows) {
    joined += r + "\n";
  }
  BlockBoard board = parse_klotski_grid(joined);
  if ((width && board.width != width) || (height && board.height != height)) {
    throw InputError("layout file says size " + std::to_string(width) + " " +
                     std::to_string(height) + " but its grid is " +
                     std::to_string(board.width) + " " +
                     std::to_string(board.height));
  }
  board.name = name;
  board.goals = goals;
  return board;
}

BlockPuzzle klotski_from_options(const InstanceOptions &o) {
  if (!o.board.empty() + !o.layout.empty() + !o.file_text.empty() > 1) {
    throw InputError("give only one of a board, a layout and a layout file");
  }
  BlockBoard board;
  if (!o.file_text.empty()) {
    board = parse_klotski_file(o.file_text);
  } else if (!o.board.empty()) {
    board = parse_klotski_grid(o.board);
  } else {
    const KlotskiLayout &named =
        find_klotski_layout(o.layout.empty() ? "classic" : o.layout);
    board = parse_klotski_grid(named.board);
    board.name = named.name;
    apply_goal(board, named.goal_piece, named.goal_at);
  }
  apply_goal(board, o.goal_piece, o.goal_at);
  if (board.goals.empty()) {
    default_goal(board);
  }
  apply_common_options(board, o);
  return BlockPuzzle(std::move(board));
}

} // namespace satslide::encoder
