// Replaying a plan on a block puzzle by the puzzle's own rules: pieces
// shift one cell at a time along their axes, never onto a wall, off the
// board or onto another piece.
#include "encoder/puzzles/block_puzzle.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace satslide::encoder {

namespace {

const char *direction_name(int dx, int dy) {
  return dy < 0 ? "up" : dy > 0 ? "down" : dx < 0 ? "left" : "right";
}

} // namespace

Replay BlockPuzzle::replay(const Plan &plan) const {
  Replay result;
  const int w = m_board.width, h = m_board.height;
  std::vector<int> anchors = initial_anchors();
  std::vector<std::vector<int>> cells;
  std::vector<int> owner(w * h, -1);
  for (std::size_t p = 0; p < m_board.pieces.size(); ++p) {
    cells.push_back(m_board.pieces[p].cells);
    for (int c : cells[p]) {
      owner[c] = static_cast<int>(p);
    }
  }
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const std::string at_step = "step " + std::to_string(i + 1) + ": ";
    if (plan[i] < 0 || plan[i] >= num_moves()) {
      result.error = at_step + "no such move";
      return result;
    }
    const Move &m = m_moves[plan[i]];
    int p = 0;
    while (p < static_cast<int>(anchors.size()) &&
           (m_class_of[p] != m.cls || anchors[p] != m.from())) {
      ++p;
    }
    if (p == static_cast<int>(anchors.size())) {
      result.error =
          at_step + "no " + class_name(m.cls) + " at " + cell_name(m.from());
      return result;
    }
    const BlockPiece &piece = m_board.pieces[p];
    std::string dirs, names;
    for (std::size_t j = 1; j < m.path.size(); ++j) {
      const int dx = m.path[j] % w - m.path[j - 1] % w;
      const int dy = m.path[j] / w - m.path[j - 1] / w;
      const std::string what =
          at_step + piece.letter + " " + direction_name(dx, dy);
      if (std::abs(dx) + std::abs(dy) != 1 || (dx != 0 && !piece.horizontal) ||
          (dy != 0 && !piece.vertical)) {
        result.error = what + ": not a move along the piece's axes";
        return result;
      }
      std::vector<int> next;
      for (int c : cells[p]) {
        const int x = c % w + dx, y = c / w + dy;
        if (x < 0 || y < 0 || x >= w || y >= h || m_board.wall[y * w + x]) {
          result.error = what + ": it would leave the board or hit a wall";
          return result;
        }
        const int o = owner[y * w + x];
        if (o >= 0 && o != p) {
          result.error =
              what + ": it would run into " + m_board.pieces[o].letter;
          return result;
        }
        next.push_back(y * w + x);
      }
      for (int c : cells[p]) {
        owner[c] = -1;
      }
      for (int c : next) {
        owner[c] = p;
      }
      cells[p] = next;
      dirs += static_cast<char>(std::toupper(direction_name(dx, dy)[0]));
      names += std::string(names.empty() ? "" : ",") + direction_name(dx, dy);
    }
    const bool straight =
        !dirs.empty() && dirs.find_first_not_of(dirs[0]) == std::string::npos;
    if (dirs.empty()) {
      result.error = at_step + "the move goes nowhere";
      return result;
    }
    if ((m_board.metric == Metric::step && dirs.size() != 1) ||
        (m_board.metric == Metric::slide && !straight)) {
      result.error = at_step + "the move is not one " +
                     metric_name(m_board.metric) + " move";
      return result;
    }
    anchors[p] = m.to();
    std::string notation = std::string(1, piece.letter) + " ";
    std::string token(1, piece.letter);
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

} // namespace satslide::encoder
