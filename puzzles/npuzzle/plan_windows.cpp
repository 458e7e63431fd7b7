// Windows of a plan re-solved (plan_windows.hpp). The board is walked
// once per pass; a window's target board is the walked board after its
// moves, kept as each tile's cell (invariant: `goal_cell` holds every
// tile's cell on the window's last board, `where` on its first), so a
// window costs its moves and its search, never a copy of the board.
#include "satslide/puzzles/npuzzle/plan_windows.hpp"

#include "satslide/search/grid_cells.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>

namespace satslide::puzzles {

namespace {

// The window sizes in moves, in the order they are tried: each until a
// pass over the plan gains nothing.
constexpr std::array<int, 5> k_window_moves = {16, 24, 32, 40, 48};
// IDA*'s positions generated at most in one window; past it the window
// keeps its moves.
constexpr long k_window_nodes = 60'000;

std::uint64_t mix(std::uint64_t x) { // splitmix64's finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

class Walker {
public:
  Walker(int rows, int cols, const std::vector<int> &board)
      : m_rows(rows), m_cols(cols), m_board(board), m_where(board.size()),
        m_goal_cell(board.size()) {
    for (int c = 0; c < static_cast<int>(board.size()); ++c) {
      m_where[board[c]] = c;
    }
    m_goal_cell = m_where;
  }

  void step(int to) {
    const int from = m_where[0], tile = m_board[to];
    m_board[from] = tile;
    m_where[tile] = from;
    m_board[to] = 0;
    m_where[0] = to;
  }

  // A move kept as it is: `goal_cell` follows.
  void keep(int to) {
    const int tile = m_board[to];
    step(to);
    m_goal_cell[tile] = m_where[tile];
    m_goal_cell[0] = to;
  }

  // The window's moves, or a shorter way to the same board; the walker
  // ends on that board either way.
  std::vector<int> window(const std::vector<int> &moves, WindowStats &stats,
                          const std::function<bool()> &stop);

private:
  int distance(int a, int b) const {
    return search::grid_distance(m_cols, a, b);
  }
  bool search(int g, int threshold, int h, int previous);

  int m_rows, m_cols;
  std::vector<int> m_board, m_where, m_goal_cell;
  std::vector<int> m_found;
  long m_nodes = 0;
  const std::function<bool()> *m_stop = nullptr;
};

// IDA*'s depth-first step: the blank not back where it came from.
bool Walker::search(int g, int threshold, int h, int previous) {
  if (h == 0) {
    return true;
  }
  if (g + h > threshold || ++m_nodes > k_window_nodes ||
      ((m_nodes & 0xFFF) == 0 && *m_stop && (*m_stop)())) {
    return false;
  }
  const int blank = m_where[0];
  std::array<int, 4> next{};
  const int n = search::grid_neighbours(m_rows, m_cols, blank, next);
  for (int k = 0; k < n; ++k) {
    const int to = next[k];
    if (to == previous) {
      continue;
    }
    const int tile = m_board[to];
    const int dh = distance(blank, m_goal_cell[tile]) -
                   distance(to, m_goal_cell[tile]);
    step(to);
    m_found.push_back(to);
    if (search(g + 1, threshold, h + dh, blank)) {
      return true;
    }
    m_found.pop_back();
    step(blank);
  }
  return false;
}

std::vector<int> Walker::window(const std::vector<int> &moves,
                                WindowStats &stats,
                                const std::function<bool()> &stop) {
  const int start_blank = m_where[0];
  std::vector<int> touched;
  for (const int to : moves) {
    touched.push_back(m_board[to]);
    step(to);
  }
  for (const int tile : touched) {
    m_goal_cell[tile] = m_where[tile];
  }
  m_goal_cell[0] = m_where[0];
  for (auto it = moves.rbegin(); it != moves.rend(); ++it) { // back to the start
    step(it + 1 == moves.rend() ? start_blank : *(it + 1));
  }
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  int h = 0;
  for (const int tile : touched) {
    h += distance(m_where[tile], m_goal_cell[tile]);
  }
  ++stats.windows;
  m_nodes = 0;
  m_stop = &stop;
  const int length = static_cast<int>(moves.size());
  for (int threshold = h; threshold < length && m_nodes <= k_window_nodes;
       threshold += 2) {
    m_found.clear();
    if (search(0, threshold, h, -1)) {
      stats.nodes += m_nodes;
      ++stats.shortened;
      return m_found; // the walker stands on the window's last board
    }
  }
  stats.nodes += m_nodes;
  for (const int to : moves) {
    step(to);
  }
  return moves;
}

// One pass: windows of `size` moves from `offset` on, each replaced by a
// shorter way where one is found.
std::vector<int> pass(int rows, int cols, const std::vector<int> &board,
                      const std::vector<int> &path, int size, int offset,
                      WindowStats &stats, const std::function<bool()> &stop) {
  Walker walker(rows, cols, board);
  std::vector<int> out(path.begin(), path.begin() + std::min<std::size_t>(
                                                        offset, path.size()));
  for (const int to : out) {
    walker.keep(to);
  }
  for (std::size_t at = out.size(); at < path.size(); at += size) {
    const std::vector<int> moves(
        path.begin() + at, path.begin() + std::min(at + size, path.size()));
    if (stop && stop()) {
      for (const int to : moves) {
        walker.keep(to);
      }
      out.insert(out.end(), moves.begin(), moves.end());
      continue;
    }
    const std::vector<int> way = walker.window(moves, stats, stop);
    out.insert(out.end(), way.begin(), way.end());
  }
  return out;
}

} // namespace

std::vector<int> cut_revisits(const std::vector<int> &board,
                              const std::vector<int> &path) {
  std::vector<int> cells = board;
  int blank = static_cast<int>(std::find(cells.begin(), cells.end(), 0) -
                               cells.begin());
  const auto key = [&](int value, int cell) {
    return mix(static_cast<std::uint64_t>(value) * cells.size() + cell);
  };
  std::uint64_t hash = 0;
  for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
    hash ^= key(cells[c], c);
  }
  std::vector<std::uint64_t> kept = {hash}; // the positions of `out`
  std::unordered_map<std::uint64_t, std::size_t> index = {{hash, 0}};
  std::vector<int> out;
  for (const int to : path) {
    const int tile = cells[to];
    hash ^= key(tile, to) ^ key(tile, blank) ^ key(0, blank) ^ key(0, to);
    std::swap(cells[to], cells[blank]);
    blank = to;
    const auto seen = index.find(hash);
    if (seen == index.end()) {
      index.emplace(hash, kept.size());
      kept.push_back(hash);
      out.push_back(to);
      continue;
    }
    while (kept.size() > seen->second + 1) { // back to that visit
      index.erase(kept.back());
      kept.pop_back();
      out.pop_back();
    }
  }
  return out;
}

std::vector<int> shorten_blank_path(int rows, int cols,
                                    const std::vector<int> &board,
                                    std::vector<int> path,
                                    const WindowOptions &options,
                                    WindowStats &stats) {
  const std::size_t before = path.size();
  path = cut_revisits(board, path);
  stats.loops_cut += static_cast<int>(before - path.size());
  if (options.on_path && path.size() < before) {
    options.on_path(path, "positions visited twice cut out");
  }
  const auto stopped = [&] { return options.stop && options.stop(); };
  for (const int size : k_window_moves) {
    stats.largest_window = size;
    for (int round = 0; !stopped(); ++round) {
      const std::size_t had = path.size();
      path = pass(rows, cols, board, path, size, round % 2 ? size / 2 : 0,
                  stats, options.stop);
      path = cut_revisits(board, path);
      if (path.size() < had && options.on_path) {
        options.on_path(path, "windows of " + std::to_string(size) + " moves");
      }
      if (path.size() >= had && round % 2 == 1) {
        break; // both offsets tried without a gain
      }
    }
    if (stopped()) {
      break;
    }
  }
  return path;
}

} // namespace satslide::puzzles
