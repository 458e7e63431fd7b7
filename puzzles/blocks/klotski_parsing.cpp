#include "satslide/puzzles/blocks/klotski_parsing.hpp"

#include "satslide/puzzles/board_parsing.hpp"
#include "satslide/puzzles/blocks/klotski_layouts.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace satslide::puzzles {

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
    throw task::InputError("the board has no pieces");
  }
  std::size_t largest = 0;
  for (const BlockPiece &p : board.pieces) {
    largest = std::max(largest, p.cells.size());
  }
  const BlockPiece *goal = nullptr;
  for (const BlockPiece &p : board.pieces) {
    if (p.cells.size() == largest) {
      if (goal) {
        throw task::InputError(
            "no goal given and no single largest piece: name "
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

namespace {

// A layout file, line by line: header lines (name, size, grid, goal) and
// the grid's rows.
class LayoutReader {
public:
  // One line; ';' starts a comment, and '#' too outside the grid's rows.
  void read(std::string line);
  BlockBoard board() const;

private:
  void header(const std::string &word, const std::string &line);
  task::InputError fail(const std::string &why) const {
    return task::InputError("layout file line " + std::to_string(m_number) +
                            ": " + why);
  }

  std::string m_name;
  std::vector<std::string> m_rows;
  std::vector<BlockGoal> m_goals;
  int m_width = 0, m_height = 0, m_number = 0;
  bool m_in_grid = false;
};

void LayoutReader::read(std::string line) {
  ++m_number;
  line = line.substr(0, line.find(';'));
  while (!line.empty() &&
         std::isspace(static_cast<unsigned char>(line.back()))) {
    line.pop_back();
  }
  if (line.empty()) {
    return;
  }
  const std::string word = first_word(line);
  const bool rows_left =
      m_in_grid &&
      (m_height == 0 || static_cast<int>(m_rows.size()) < m_height);
  if (!rows_left && line.front() == '#') {
    return; // a comment; inside the grid '#' is a wall
  }
  // A grid row has no spaces; "goal A 1 3" is a header line, also where
  // the size promised more rows (then board() says rows are missing).
  const bool header_line = (word == "goal" || word == "name" ||
                            word == "size") &&
                           line.find(' ') != std::string::npos;
  if (rows_left && !header_line) {
    m_rows.push_back(line);
    return;
  }
  m_in_grid = false;
  // A header line may end in a '#' comment too (a wall only in a row).
  line = line.substr(0, line.find(" #"));
  header(word, line);
}

void LayoutReader::header(const std::string &word, const std::string &line) {
  std::istringstream fields(rest(line));
  if (word == "name") {
    m_name = rest(line);
  } else if (word == "size") {
    std::string w, h, extra;
    fields >> w >> h >> extra;
    if (!extra.empty()) {
      throw fail("expected 'size WIDTH HEIGHT'");
    }
    m_width = parse_int(w, "size width");
    m_height = parse_int(h, "size height");
  } else if (word == "grid") {
    m_in_grid = true;
  } else if (word == "goal") {
    std::string letter, x, y, extra;
    fields >> letter >> x >> y >> extra;
    if (letter.size() != 1 || y.empty() || !extra.empty()) {
      throw fail("expected 'goal LETTER X Y'");
    }
    m_goals.push_back(
        {letter[0], parse_int(x, "goal x"), parse_int(y, "goal y")});
  } else {
    throw fail("unknown line '" + line + "'");
  }
}

BlockBoard LayoutReader::board() const {
  if (m_rows.empty()) {
    throw task::InputError("layout file has no grid");
  }
  if (m_height > 0 && static_cast<int>(m_rows.size()) < m_height) {
    throw task::InputError("layout file says size " + std::to_string(m_width) +
                           " " + std::to_string(m_height) +
                           ", but its grid has " +
                           std::to_string(m_rows.size()) +
                           (m_rows.size() == 1 ? " row" : " rows"));
  }
  std::string joined;
  for (const std::string &r : m_rows) {
    joined += r + "\n";
  }
  BlockBoard board = parse_klotski_grid(joined);
  if ((m_width && board.width != m_width) ||
      (m_height && board.height != m_height)) {
    throw task::InputError("layout file says size " + std::to_string(m_width) +
                           " " + std::to_string(m_height) +
                           " but its grid is " + std::to_string(board.width) +
                           " " + std::to_string(board.height));
  }
  board.name = m_name;
  board.goals = m_goals;
  return board;
}

} // namespace

BlockBoard parse_klotski_file(const std::string &text) {
  std::istringstream in(text);
  LayoutReader reader;
  for (std::string line; std::getline(in, line);) {
    reader.read(line);
  }
  return reader.board();
}

BlockPuzzle klotski_from_options(const InstanceOptions &o) {
  if (!o.board.empty() + !o.layout.empty() + !o.file_text.empty() > 1) {
    throw task::InputError(
        "give only one of a board, a layout and a layout file");
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

} // namespace satslide::puzzles

namespace satslide::puzzles {

DataLine klotski_data_line(const std::string &text, const std::string &folder) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t");
  DataLine line;
  line.options = {"--file",
                  path_beside(first == std::string::npos
                                  ? std::string()
                                  : text.substr(first, last + 1 - first),
                              folder)};
  return line;
}

} // namespace satslide::puzzles
