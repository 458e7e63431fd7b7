// The beam over the Manhattan distance and linear conflicts, and its
// constructive end (manhattan_beam.hpp). The beam runs on the board's
// tiles relabelled 1.. in the order of their goal cells (a byte a cell
// holds them); a successor's bound is its parent's and what the move
// changes: the moved tile's distance, and the conflicts of the line it
// moves along or the lines it leaves and enters where its goal lies on
// them (no other line's can change).
#include "satslide/puzzles/npuzzle/manhattan_beam.hpp"

#include "satslide/puzzles/npuzzle/constructive.hpp"
#include "satslide/puzzles/npuzzle/linear_conflicts.hpp"
#include "satslide/search/beam.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

namespace satslide::puzzles {

namespace {

// The cuts tried along the beam's way, at most this many (evenly
// spaced, and its end).
constexpr int k_cuts = 64;

// The beam's bound over boards of labels (0 the blank, tile l's goal
// cell target[l]): the Manhattan distance and linear conflicts, or with
// `far_first` q > 0 (ManhattanBeamOptions) each distance d counted
// q d + d^2 and the conflicts q times.
class Bound {
public:
  Bound(int rows, int cols, const std::vector<int> &goal, int far_first = 0)
      : m_rows(rows), m_cols(cols), m_q(far_first), m_label(rows * cols, 0),
        m_goal_row(rows * cols, 0), m_goal_col(rows * cols, 0),
        m_row(rows * cols), m_col(rows * cols) {
    for (int c = 0, next = 1; c < rows * cols; ++c) {
      m_row[c] = c / cols;
      m_col[c] = c % cols;
      if (goal[c] != 0) {
        m_label[goal[c]] = next;
        m_goal_row[next] = c / cols;
        m_goal_col[next++] = c % cols;
      }
    }
  }

  // The board's labels (each fits a byte).
  std::vector<int> labels(const std::vector<int> &board) const {
    std::vector<int> out(board.size());
    for (std::size_t c = 0; c < board.size(); ++c) {
      out[c] = m_label[board[c]];
    }
    return out;
  }

  int distances(const std::vector<int> &cells) const {
    int sum = 0;
    for (int c = 0; c < m_rows * m_cols; ++c) {
      sum += cells[c] != 0 ? cost(distance(c, cells[c])) : 0;
    }
    return sum;
  }

  int whole(const std::vector<int> &cells) const {
    const std::vector<std::uint8_t> bytes(cells.begin(), cells.end());
    int sum = distances(cells);
    for (int r = 0; r < m_rows; ++r) {
      sum += line(bytes.data(), r, false, -1, -1);
    }
    for (int c = 0; c < m_cols; ++c) {
      sum += line(bytes.data(), c, true, -1, -1);
    }
    return sum;
  }

  // The bound after the tile on `to` slides into the blank on `from`.
  int after(const std::uint8_t *parent, int bound, int from, int to) const {
    const int l = parent[to];
    bound += cost(distance(from, l)) - cost(distance(to, l));
    const int row = m_row[from], col = m_col[from];
    const int goal_row = m_goal_row[l], goal_col = m_goal_col[l];
    const bool across = row == m_row[to]; // along a row
    // The line moved along: its order changes.
    if (across ? goal_row == row : goal_col == col) {
      bound += changed(parent, across ? row : col, !across, from, to);
    }
    // The line left and the line entered, where the goal lies on it.
    const int left = across ? m_col[to] : m_row[to];
    const int entered = across ? col : row;
    const int goal_line = across ? goal_col : goal_row;
    if (goal_line == left || goal_line == entered) {
      bound += changed(parent, goal_line, across, from, to);
    }
    return bound;
  }

private:
  int distance(int cell, int l) const {
    return std::abs(m_row[cell] - m_goal_row[l]) +
           std::abs(m_col[cell] - m_goal_col[l]);
  }
  int cost(int d) const { return m_q == 0 ? d : m_q * d + d * d; }

  // The conflicts of row (column) `index` with cells a and b swapped.
  int line(const std::uint8_t *cells, int index, bool column, int a,
           int b) const {
    std::array<int, k_manhattan_beam_max_cells> goals;
    int count = 0;
    const int length = column ? m_rows : m_cols;
    for (int i = 0; i < length; ++i) {
      const int cell = column ? i * m_cols + index : index * m_cols + i;
      const int l = cells[cell == a ? b : cell == b ? a : cell];
      if (l != 0 && (column ? m_goal_col[l] : m_goal_row[l]) == index) {
        goals[count++] = column ? m_goal_row[l] : m_goal_col[l];
      }
    }
    return std::max(1, m_q) * line_conflict_moves(goals.data(), count);
  }

  int changed(const std::uint8_t *parent, int index, bool column, int from,
              int to) const {
    return line(parent, index, column, from, to) -
           line(parent, index, column, -1, -1);
  }

  int m_rows, m_cols, m_q;
  std::vector<int> m_label; // by tile
  // Each label's goal row and column, each cell's row and column: the
  // inner loops divide by nothing.
  std::vector<int> m_goal_row, m_goal_col, m_row, m_col;
};

// The board after the blank's moves `path`.
void walk(std::vector<int> &board, const std::vector<int> &path) {
  int blank = static_cast<int>(std::find(board.begin(), board.end(), 0) -
                               board.begin());
  for (const int to : path) {
    std::swap(board[blank], board[to]);
    blank = to;
  }
}

// The blank's path from `board` by `beam`'s moves up to one of its cuts,
// then the constructive plan: the shortest such.
std::vector<int> shortest_cut(int rows, int cols, std::vector<int> board,
                              const std::vector<int> &goal,
                              const std::vector<int> &beam, int &kept) {
  const int moves = static_cast<int>(beam.size());
  const int every = std::max(1, (moves + k_cuts - 1) / k_cuts);
  std::vector<int> best;
  int blank = static_cast<int>(std::find(board.begin(), board.end(), 0) -
                               board.begin());
  for (int t = 0; t <= moves; ++t) {
    if (t % every == 0 || t == moves) {
      const std::vector<int> rest =
          constructive_blank_path(rows, cols, board, goal);
      if (best.empty() || t + rest.size() < best.size()) {
        best.assign(beam.begin(), beam.begin() + t);
        best.insert(best.end(), rest.begin(), rest.end());
        kept = t;
      }
    }
    if (t < moves) {
      std::swap(board[blank], board[beam[t]]);
      blank = beam[t];
    }
  }
  return best;
}

} // namespace

ManhattanBeamResult manhattan_beam_blank_path(
    int rows, int cols, const std::vector<int> &board,
    const std::vector<int> &goal, const ManhattanBeamOptions &options) {
  if (rows * cols > k_manhattan_beam_max_cells) {
    throw std::invalid_argument("Manhattan beam: more than 256 cells");
  }
  const Bound bound(rows, cols, goal);
  const Bound order(rows, cols, goal, options.far_first);
  const std::vector<int> start = bound.labels(board);
  const int start_bound = bound.whole(start);
  search::BeamOptions o;
  o.width = options.width;
  o.stop = options.stop;
  o.tie_salt = options.tie_salt;
  o.stall_layers = k_beam_stall_layers;
  o.shorter_than = options.shorter_than > 0 ? options.shorter_than
                                            : 3 * start_bound + 1;
  const search::BeamResult r = search::beam_search(
      rows, cols, start, bound.labels(goal), order.whole(start),
      [&order](const std::uint8_t *parent, int b, int from, int to) {
        return order.after(parent, b, from, to);
      },
      o);
  ManhattanBeamResult result;
  result.nodes = r.nodes;
  result.stopped = r.stopped;
  if (r.stopped) {
    return result;
  }
  result.found = true;
  if (r.found) {
    result.blank_path = r.blank_path;
    result.beam_moves = static_cast<int>(r.blank_path.size());
    return result;
  }
  result.blank_path =
      shortest_cut(rows, cols, board, goal, r.best_path, result.beam_moves);
  std::vector<int> cut = start;
  walk(cut, std::vector<int>(r.best_path.begin(),
                             r.best_path.begin() + result.beam_moves));
  result.beam_bound = bound.whole(cut);
  return result;
}

} // namespace satslide::puzzles
