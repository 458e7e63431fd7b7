// The constructive plan (constructive.hpp): an outer line at a time, the
// tiles moved by the blank through the cells not yet fixed, the last two
// of a line by a search over the three pieces that matter in a 3 x 2
// window, the last 3 x 3 cells or fewer optimally by IDA*.
#include "satslide/puzzles/npuzzle/constructive.hpp"

#include "satslide/search/grid_cells.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>
#include <string>

namespace satslide::puzzles {

namespace {

class Builder {
public:
  Builder(int rows, int cols, const std::vector<int> &board,
          const std::vector<int> &goal)
      : m_rows(rows), m_cols(cols), m_board(board), m_goal(goal),
        m_where(board.size()), m_fixed(board.size(), 0),
        m_seen(board.size(), 0), m_parent(board.size(), -1),
        m_distance(board.size(), 0) {
    for (int c = 0; c < cells(); ++c) {
      m_where[m_board[c]] = c;
    }
  }

  std::vector<int> run();

private:
  int cells() const { return m_rows * m_cols; }
  int blank() const { return m_where[0]; }

  // The (up to four) cells next to `cell`, in grid_neighbours' order.
  int next_to(int cell, std::array<int, 4> &out) const {
    return search::grid_neighbours(m_rows, m_cols, cell, out);
  }
  int distance(int x, int y) const {
    return search::grid_distance(m_cols, x, y);
  }
  bool adjacent(int x, int y) const { return distance(x, y) == 1; }
  bool open(int cell, int avoid1, int avoid2) const {
    return !m_fixed[cell] && cell != avoid1 && cell != avoid2;
  }

  void step(int to) {
    const int from = blank();
    const int tile = m_board[to];
    m_board[from] = tile;
    m_where[tile] = from;
    m_board[to] = 0;
    m_where[0] = to;
    m_path.push_back(to);
  }

  template <typename Reach>
  int breadth_first(int from, int avoid1, int avoid2, const Reach &reach);
  template <typename Target>
  void blank_to(const Target &is_target, int avoid1, int avoid2);
  void fill_distances(int target, int avoid);
  void move_tile(int value, int target, int avoid);
  void line(const std::vector<int> &cells, int inward);
  void last_two(const std::vector<int> &line, int inward);
  void endgame(int top, int bottom, int left, int right);
  [[noreturn]] void fail(const std::string &what) const {
    throw std::logic_error("constructive plan: " + what + " (a bug)");
  }

  int m_rows, m_cols;
  std::vector<int> m_board, m_goal, m_where;
  std::vector<char> m_fixed;
  std::vector<int> m_seen, m_parent, m_distance, m_queue;
  int m_stamp = 0;
  std::vector<int> m_path;
};

// Breadth-first from `from` over the open cells: `reach(cell, parent)`
// for each cell found; the first for which it is true is returned (and
// the search ends), -1 if none. Stamps m_seen with a new m_stamp.
template <typename Reach>
int Builder::breadth_first(int from, int avoid1, int avoid2,
                           const Reach &reach) {
  ++m_stamp;
  m_queue.assign(1, from);
  m_seen[from] = m_stamp;
  std::array<int, 4> next{};
  for (std::size_t head = 0; head < m_queue.size(); ++head) {
    const int at = m_queue[head];
    const int n = next_to(at, next);
    for (int k = 0; k < n; ++k) {
      const int to = next[k];
      if (m_seen[to] == m_stamp || !open(to, avoid1, avoid2)) {
        continue;
      }
      m_seen[to] = m_stamp;
      if (reach(to, at)) {
        return to;
      }
      m_queue.push_back(to);
    }
  }
  return -1;
}

// The blank along a shortest path through open cells to the first cell
// `is_target` accepts.
template <typename Target>
void Builder::blank_to(const Target &is_target, int avoid1, int avoid2) {
  if (is_target(blank())) {
    return;
  }
  const int found = breadth_first(blank(), avoid1, avoid2, [&](int to, int at) {
    m_parent[to] = at;
    return is_target(to);
  });
  if (found < 0) {
    fail("the blank cannot reach its cell");
  }
  std::vector<int> back;
  for (int c = found; c != blank(); c = m_parent[c]) {
    back.push_back(c);
  }
  for (auto c = back.rbegin(); c != back.rend(); ++c) {
    step(*c);
  }
}

// m_distance: each open cell's distance to `target` (stamped m_stamp).
void Builder::fill_distances(int target, int avoid) {
  m_distance[target] = 0;
  breadth_first(target, avoid, -1, [&](int to, int at) {
    m_distance[to] = m_distance[at] + 1;
    return false;
  });
}

// Tile `value` to `target` through open cells (never `avoid`): each step
// to a cell nearer the target, the one the blank reaches first, the
// blank brought there around the tile, then the tile slid into it.
void Builder::move_tile(int value, int target, int avoid) {
  if (m_where[value] == target) {
    return;
  }
  fill_distances(target, avoid);
  const int stamp = m_stamp;
  if (m_seen[m_where[value]] != stamp) {
    fail("tile " + std::to_string(value) + " cannot reach its cell");
  }
  std::vector<int> distance = m_distance; // blank_to restamps m_seen
  std::vector<char> nearer(cells(), 0);
  std::array<int, 4> next{};
  while (m_where[value] != target) {
    const int at = m_where[value];
    const int n = next_to(at, next);
    for (int k = 0; k < n; ++k) {
      nearer[next[k]] = open(next[k], avoid, -1) &&
                        distance[next[k]] == distance[at] - 1;
    }
    blank_to([&](int c) { return nearer[c] != 0; }, at, avoid);
    for (int k = 0; k < n; ++k) {
      nearer[next[k]] = 0;
    }
    step(at);
  }
}

// Fixes `cells` (an outer line of the region, in order) to their goal
// values; `inward` is the step from a line cell into the region.
void Builder::line(const std::vector<int> &cells, int inward) {
  const int n = static_cast<int>(cells.size());
  for (int i = 0; i + 2 < n; ++i) {
    move_tile(m_goal[cells[i]], cells[i], -1);
    m_fixed[cells[i]] = 1;
  }
  last_two(cells, inward);
}

// The line's last two cells p (goal value a) and q (b): b onto p, a
// into the 3 x 2 window of p, q and the four cells inward of them, the
// blank into it too; then the shortest way, within the window, to a on p
// and b on q (the window's three other tiles are not yet placed: with
// them alike, every arrangement of the three pieces is reachable).
void Builder::last_two(const std::vector<int> &line, int inward) {
  const int p = line[line.size() - 2], q = line.back();
  const int a = m_goal[p], b = m_goal[q];
  const std::array<int, 6> window = {p,          q,          p + inward,
                                     q + inward, p + 2 * inward,
                                     q + 2 * inward};
  const auto index = [&](int cell) {
    return static_cast<int>(std::find(window.begin(), window.end(), cell) -
                            window.begin());
  };
  if (m_board[p] != a || m_board[q] != b) {
    move_tile(b, p, -1);
    if (index(m_where[a]) == 6) {
      move_tile(a, p + inward, p);
    }
    blank_to([&](int c) { return index(c) < 6; }, m_where[a], m_where[b]);
    // (blank, a, b) as window indices, 6 x 6 x 6 states.
    const auto key = [](int z, int x, int y) { return (z * 6 + x) * 6 + y; };
    std::array<int, 216> from;
    from.fill(-1);
    const int start =
        key(index(blank()), index(m_where[a]), index(m_where[b]));
    std::vector<int> queue = {start};
    from[start] = start;
    int found = -1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int s = queue[head];
      const int z = s / 36, x = s / 6 % 6, y = s % 6;
      if (x == 0 && y == 1) {
        found = s;
        break;
      }
      for (int w = 0; w < 6; ++w) {
        if (!adjacent(window[w], window[z])) {
          continue;
        }
        const int t = key(w, x == w ? z : x, y == w ? z : y);
        if (from[t] < 0) {
          from[t] = s;
          queue.push_back(t);
        }
      }
    }
    if (found < 0) {
      fail("the last two tiles of a line cannot be placed");
    }
    std::vector<int> back;
    for (int s = found; s != start; s = from[s]) {
      back.push_back(window[s / 36]);
    }
    for (auto c = back.rbegin(); c != back.rend(); ++c) {
      step(*c);
    }
  }
  m_fixed[p] = m_fixed[q] = 1;
}

// The last cells (at most 3 x 3, every other cell fixed) by IDA* over
// the Manhattan distance, the blank kept among them: an optimal ending.
void Builder::endgame(int top, int bottom, int left, int right) {
  const auto inside = [&](int cell) {
    const int r = cell / m_cols, c = cell % m_cols;
    return r >= top && r <= bottom && c >= left && c <= right;
  };
  std::vector<int> goal_cell(cells(), -1); // by value, in the region
  int h = 0;
  for (int r = top; r <= bottom; ++r) {
    for (int c = left; c <= right; ++c) {
      const int cell = r * m_cols + c;
      goal_cell[m_goal[cell]] = cell;
    }
  }
  for (int r = top; r <= bottom; ++r) {
    for (int c = left; c <= right; ++c) {
      const int value = m_board[r * m_cols + c];
      if (goal_cell[value] < 0) {
        fail("a tile outside the last cells");
      }
      h += value == 0 ? 0 : distance(r * m_cols + c, goal_cell[value]);
    }
  }
  const std::size_t before = m_path.size();
  std::function<bool(int, int, int, int)> search = [&](int g, int threshold,
                                                       int h, int previous) {
    if (h == 0) {
      return true;
    }
    if (g + h > threshold) {
      return false;
    }
    const int at = blank();
    std::array<int, 4> next{};
    const int n = next_to(at, next);
    for (int k = 0; k < n; ++k) {
      const int to = next[k];
      if (to == previous || !inside(to)) {
        continue;
      }
      const int tile = m_board[to];
      const int dh = distance(at, goal_cell[tile]) - distance(to, goal_cell[tile]);
      step(to);
      if (search(g + 1, threshold, h + dh, at)) {
        return true;
      }
      step(at);
      m_path.resize(m_path.size() - 2);
    }
    return false;
  };
  // A 3 x 3 board's optimum is at most 31 moves; more is a bug.
  for (int threshold = h; threshold <= 40; threshold += 2) {
    if (search(0, threshold, h, -1)) {
      return;
    }
    m_path.resize(before);
  }
  fail("the last cells cannot reach the goal (the parity?)");
}

std::vector<int> Builder::run() {
  const int goal_blank = static_cast<int>(
      std::find(m_goal.begin(), m_goal.end(), 0) - m_goal.begin());
  int top = 0, bottom = m_rows - 1, left = 0, right = m_cols - 1;
  for (const BoardLine &l : board_lines(m_rows, m_cols, goal_blank)) {
    line(l.cells, l.inward);
    top = l.top, bottom = l.bottom, left = l.left, right = l.right;
  }
  endgame(top, bottom, left, right);
  return m_path;
}

} // namespace

std::vector<BoardLine> board_lines(int rows, int cols, int goal_blank) {
  const int gr = goal_blank / cols, gc = goal_blank % cols;
  std::vector<BoardLine> lines;
  BoardLine l{{}, 0, 0, rows - 1, 0, cols - 1};
  while (l.bottom - l.top + 1 > k_endgame_side ||
         l.right - l.left + 1 > k_endgame_side) {
    l.cells.clear();
    if (l.bottom - l.top >= l.right - l.left) { // a row, across the longer side
      const int r = gr == l.top ? l.bottom : l.top;
      for (int c = l.left; c <= l.right; ++c) {
        l.cells.push_back(r * cols + c);
      }
      l.inward = r == l.top ? cols : -cols;
      r == l.top ? ++l.top : --l.bottom;
    } else {
      const int c = gc == l.left ? l.right : l.left;
      for (int r = l.top; r <= l.bottom; ++r) {
        l.cells.push_back(r * cols + c);
      }
      l.inward = c == l.left ? 1 : -1;
      c == l.left ? ++l.left : --l.right;
    }
    lines.push_back(l);
  }
  return lines;
}

std::vector<int> constructive_blank_path(int rows, int cols,
                                         const std::vector<int> &board,
                                         const std::vector<int> &goal) {
  return Builder(rows, cols, board, goal).run();
}

} // namespace satslide::puzzles
