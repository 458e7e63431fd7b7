// Replaying a plan on a block puzzle by the puzzle's own rules: pieces
// shift one cell at a time along their axes, never onto a wall, off the
// board or onto another piece.
#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <optional>

namespace satslide::puzzles {

namespace {

const char *direction_name(int dx, int dy) {
  return dy < 0 ? "up" : dy > 0 ? "down" : dx < 0 ? "left" : "right";
}

} // namespace

// The pieces' cells while a plan is replayed, and which piece owns each
// cell (-1: none).
class BlockPuzzle::Occupancy {
public:
  explicit Occupancy(const BlockBoard &board)
      : m_board(board), m_owner(board.width * board.height, -1) {
    for (std::size_t p = 0; p < board.pieces.size(); ++p) {
      m_cells.push_back(board.pieces[p].cells);
      for (int c : m_cells[p]) {
        m_owner[c] = static_cast<int>(p);
      }
    }
  }

  // Shifts piece p by one cell; why not, if the rules forbid it.
  std::optional<std::string> shift(int p, int dx, int dy) {
    const int w = m_board.width, h = m_board.height;
    std::vector<int> next;
    for (int c : m_cells[p]) {
      const int x = c % w + dx, y = c / w + dy;
      if (x < 0 || y < 0 || x >= w || y >= h || m_board.wall[y * w + x]) {
        return std::string("it would leave the board or hit a wall");
      }
      const int o = m_owner[y * w + x];
      if (o >= 0 && o != p) {
        return std::string("it would run into ") + m_board.pieces[o].letter;
      }
      next.push_back(y * w + x);
    }
    for (int c : m_cells[p]) {
      m_owner[c] = -1;
    }
    for (int c : next) {
      m_owner[c] = p;
    }
    m_cells[p] = next;
    return std::nullopt;
  }

private:
  const BlockBoard &m_board;
  std::vector<std::vector<int>> m_cells;
  std::vector<int> m_owner;
};

// The piece of the move's class standing at its start, or -1.
int BlockPuzzle::piece_at(const std::vector<int> &anchors,
                          const Move &m) const {
  for (int p = 0; p < static_cast<int>(anchors.size()); ++p) {
    if (m_class_of[p] == m.cls && anchors[p] == m.from()) {
      return p;
    }
  }
  return -1;
}

// Walks move m of piece p cell by cell; fills `dirs` ("RRD", one letter
// per cell) and `names` ("right,right,down"), or returns why it breaks
// the rules.
std::optional<std::string> BlockPuzzle::walk(const Move &m, int p,
                                             Occupancy &occupied,
                                             std::string &dirs,
                                             std::string &names) const {
  const int w = m_board.width;
  const BlockPiece &piece = m_board.pieces[p];
  for (std::size_t j = 1; j < m.path.size(); ++j) {
    const int dx = m.path[j] % w - m.path[j - 1] % w;
    const int dy = m.path[j] / w - m.path[j - 1] / w;
    const std::string what = piece.letter + std::string(" ") +
                             direction_name(dx, dy) + ": ";
    if (std::abs(dx) + std::abs(dy) != 1 || (dx != 0 && !piece.horizontal) ||
        (dy != 0 && !piece.vertical)) {
      return what + "not a move along the piece's axes";
    }
    if (auto why = occupied.shift(p, dx, dy)) {
      return what + *why;
    }
    dirs += static_cast<char>(std::toupper(direction_name(dx, dy)[0]));
    names += std::string(names.empty() ? "" : ",") + direction_name(dx, dy);
  }
  const bool straight =
      !dirs.empty() && dirs.find_first_not_of(dirs[0]) == std::string::npos;
  if (dirs.empty()) {
    return std::string("the move goes nowhere");
  }
  if ((m_board.metric == Metric::step && dirs.size() != 1) ||
      (m_board.metric == Metric::slide && !straight)) {
    return std::string("the move is not one ") + to_name(m_board.metric) +
           " move";
  }
  return std::nullopt;
}

Replay BlockPuzzle::replay(const task::Plan &plan) const {
  Replay result;
  std::vector<int> anchors = initial_anchors();
  Occupancy occupied(m_board);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const std::string at_step = "step " + std::to_string(i + 1) + ": ";
    if (plan[i] < 0 || plan[i] >= num_moves()) {
      result.error = at_step + "no such move";
      return result;
    }
    const Move &m = m_moves[plan[i]];
    const int p = piece_at(anchors, m);
    if (p < 0) {
      result.error =
          at_step + "no " + class_name(m.cls) + " at " + cell_name(m.from());
      return result;
    }
    std::string dirs, names;
    if (auto why = walk(m, p, occupied, dirs, names)) {
      result.error = at_step + *why;
      return result;
    }
    anchors[p] = m.to();
    const char letter = m_board.pieces[p].letter;
    std::string notation = std::string(1, letter) + " ";
    std::string token(1, letter);
    if (m_board.metric == Metric::piece) {
      notation += names;
      token += dirs;
    } else {
      const std::string len = std::to_string(dirs.size());
      notation += names.substr(0, names.find(',')) + " " + len;
      token += dirs.substr(0, 1) + len;
    }
    result.compact += (result.compact.empty() ? "" : " ") + token;
    result.moves.push_back({notation, draw_anchors(anchors)});
  }
  result.solved = goal_reached(anchors);
  return result;
}

std::unique_ptr<Puzzle> BlockPuzzle::after(const task::Plan &plan) const {
  const Replay replayed = replay(plan);
  if (replayed.error) {
    throw task::InputError(*replayed.error);
  }
  std::vector<int> anchors = initial_anchors();
  for (int id : plan) {
    anchors[piece_at(anchors, m_moves[id])] = m_moves[id].to();
  }
  BlockBoard board = m_board;
  const int w = m_board.width;
  for (std::size_t p = 0; p < board.pieces.size(); ++p) {
    const int from = anchor_of(m_board.pieces[p]), to = anchors[p];
    const int shift = (to / w - from / w) * w + (to % w - from % w);
    for (int &c : board.pieces[p].cells) {
      c += shift;
    }
  }
  return std::make_unique<BlockPuzzle>(std::move(board));
}

} // namespace satslide::puzzles
