#include "encoder/puzzles/npuzzle_pdb.hpp"

#include "encoder/fnv1a.hpp"
#include "encoder/puzzles/grid_cells.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <istream>
#include <numeric>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unistd.h>

namespace satslide::encoder {

namespace {

// A table's search stores one byte per (pattern tiles, blank) placement:
// the family's own partition keeps a search under 6e7 placements (seconds,
// 60 MB); a partition asked for may go to 5e9 (minutes, 5 GB) with a table
// of at most 6e8 entries.
constexpr double k_max_placements = 6e7;
constexpr double k_max_search = 5e9;
constexpr double k_max_entries = 6e8;
// The tables of a partition together: at most this many placements
// searched (the 24-puzzle's 6-6-6-6 search 9.7e9; 4 tiles a pattern on
// 8x8, sixteen tables of 9.1e8 each, some 45 minutes, do not pass).
constexpr double k_max_total_search = 2 * k_max_search;
// Tables with more blocks than this scan each layer on every core.
constexpr std::uint64_t k_parallel_blocks = 1 << 22;
// Boards of at most 64 cells (a cell set is a 64-bit word elsewhere),
// patterns of at most 9 tiles.
constexpr int k_max_cells = 64;
constexpr int k_max_pattern = 9;
constexpr std::uint8_t k_unknown = 0xFF;
// Bump when the tables' meaning or the file's layout changes: older cache
// files are then stale and rebuilt.
constexpr std::uint32_t k_file_version = 2;
constexpr char k_magic[] = "satslide pattern databases\n";

// n (n-1) ... (n-m+1): placements of m distinct items on n cells.
double falling(int n, int m) {
  double f = 1;
  for (int i = 0; i < m; ++i) {
    f *= n - i;
  }
  return f;
}

template <class T> void put(std::string &out, T value) {
  out.append(reinterpret_cast<const char *>(&value), sizeof value);
}

// Reads a T at `at`, false past the end.
template <class T> bool get(const std::string &in, std::size_t &at, T &value) {
  if (in.size() - at < sizeof value || at > in.size()) {
    return false;
  }
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return true;
}

std::string hex(std::uint64_t v) {
  std::ostringstream s;
  s << std::hex << v;
  return s.str();
}

// Cells cut into patterns of at most k tiles, in the order given.
void add_chunks(const std::vector<int> &goal, const std::vector<int> &cells,
                int k, std::vector<std::vector<int>> &patterns) {
  for (std::size_t i = 0; i < cells.size(); i += static_cast<std::size_t>(k)) {
    std::vector<int> p;
    for (std::size_t j = i; j < std::min(cells.size(), i + k); ++j) {
      p.push_back(goal[cells[j]]);
    }
    patterns.push_back(p);
  }
}

// Bands of columns (of rows, if `by_rows`) as wide as k tiles allow, each
// over every row (column) except `skip_row` (-1: none), cut into patterns
// of at most k tiles; the blank's goal cell is in none.
std::vector<std::vector<int>> bands(int rows, int cols,
                                    const std::vector<int> &goal, int k,
                                    bool by_rows, int skip_row) {
  const int across = by_rows ? rows : cols; // the bands' direction
  const int along = by_rows ? cols : rows;  // the cells a band's line holds
  const int lines = along - (skip_row >= 0 ? 1 : 0);
  const int width = std::max(1, std::min(across, k / std::max(1, lines)));
  std::vector<std::vector<int>> patterns;
  for (int b0 = 0; b0 < across; b0 += width) {
    std::vector<int> cells;
    for (int a = 0; a < along; ++a) {
      for (int b = b0; b < std::min(across, b0 + width); ++b) {
        const int r = by_rows ? b : a;
        const int c = by_rows ? a : b;
        if (r != skip_row && goal[r * cols + c] != 0) {
          cells.push_back(r * cols + c);
        }
      }
    }
    add_chunks(goal, cells, k, patterns);
  }
  return patterns;
}

// Goal cells cut into compact groups of the given sizes, in that order:
// the cells ordered along the longer side of their bounding box (rows
// first on a square), the first groups' share taken off the front, and
// each half cut again. Each group lists its cells in row-major order. On
// the 15-puzzle with patterns of 8 this is Korf & Felner's 7-8 (the first
// seven cells, then the rest); on the 24-puzzle with 6, four blocks of
// about 2x3 (Korf & Felner's 6-6-6-6 are blocks of that kind).
std::vector<std::vector<int>> bisect(int cols, std::vector<int> cells,
                                     const int *sizes, int count) {
  if (count == 1) {
    std::sort(cells.begin(), cells.end());
    return {cells};
  }
  int top = INT_MAX, bottom = INT_MIN, left = INT_MAX, right = INT_MIN;
  for (int c : cells) {
    top = std::min(top, c / cols);
    bottom = std::max(bottom, c / cols);
    left = std::min(left, c % cols);
    right = std::max(right, c % cols);
  }
  const bool by_columns = right - left > bottom - top;
  std::sort(cells.begin(), cells.end(), [&](int a, int b) {
    return by_columns
               ? std::pair(a % cols, a / cols) < std::pair(b % cols, b / cols)
               : a < b;
  });
  const int first = count / 2;
  const int take = std::accumulate(sizes, sizes + first, 0);
  auto groups =
      bisect(cols, std::vector<int>(cells.begin(), cells.begin() + take), sizes,
             first);
  auto rest = bisect(cols, std::vector<int>(cells.begin() + take, cells.end()),
                     sizes + first, count - first);
  groups.insert(groups.end(), rest.begin(), rest.end());
  return groups;
}

long sum_of_squares(const std::vector<std::vector<int>> &patterns) {
  long s = 0;
  for (const auto &p : patterns) {
    s += static_cast<long>(p.size() * p.size());
  }
  return s;
}

} // namespace

std::vector<std::vector<int>>
PatternDatabases::default_partition(int rows, int cols,
                                    const std::vector<int> &goal) {
  const int n = rows * cols;
  // The largest pattern whose search fits.
  int k = 1;
  while (k < std::min(n - 1, k_max_pattern) &&
         falling(n, k + 2) <= k_max_placements) {
    ++k;
  }
  if (k >= n - 1) {
    std::vector<int> all;
    for (int c = 0; c < n; ++c) {
      if (goal[c] != 0) {
        all.push_back(goal[c]);
      }
    }
    return {all};
  }
  // Korf & Felner's layout: the goal blank's row on its own, the other
  // rows in bands of columns (the 15-puzzle's 6-6-3).
  const int blank_row =
      static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin()) /
      cols;
  std::vector<std::vector<int>> chosen =
      bands(rows, cols, goal, k, false, blank_row);
  std::vector<int> last;
  for (int c = 0; c < cols; ++c) {
    if (goal[blank_row * cols + c] != 0) {
      last.push_back(blank_row * cols + c);
    }
  }
  add_chunks(goal, last, k, chosen);
  // Or blocks spanning the board's short side (tiles that share a short
  // line swap places often, so one table should see them together): on
  // 3x4 6-5 instead of 6-2-3, on 2x6 two 2x3 blocks instead of the rows,
  // IDA* searches 48x and 95x fewer nodes (benchmarks/RESULTS.md). Taken
  // where they need fewer tables, or as many with larger ones (a sum of
  // squared sizes no smaller).
  const auto blocks = bands(rows, cols, goal, k, rows > cols, -1);
  if (blocks.size() < chosen.size() ||
      (blocks.size() == chosen.size() &&
       sum_of_squares(blocks) >= sum_of_squares(chosen))) {
    chosen = blocks;
  }
  return chosen;
}

std::vector<std::vector<int>>
PatternDatabases::partition(int rows, int cols, const std::vector<int> &goal,
                            int max_tiles) {
  if (max_tiles == 0) {
    return default_partition(rows, cols, goal);
  }
  const int n = rows * cols;
  if (max_tiles < 1 || max_tiles > k_max_pattern) {
    throw std::invalid_argument("pattern databases: patterns of 1 to " +
                                std::to_string(k_max_pattern) + " tiles");
  }
  if (falling(n, max_tiles) > k_max_entries ||
      falling(n, max_tiles + 1) > k_max_search) {
    throw std::invalid_argument(
        "pattern databases: patterns of " + std::to_string(max_tiles) +
        " tiles on " + std::to_string(n) +
        " cells would need a table of more than 6e8 entries or a search "
        "of more than 5e9 placements");
  }
  std::vector<int> cells;
  for (int c = 0; c < n; ++c) {
    if (goal[c] != 0) {
      cells.push_back(c);
    }
  }
  const int m = static_cast<int>(cells.size());
  const int count = (m + max_tiles - 1) / max_tiles;
  std::vector<int> sizes;
  for (int p = 0; p < count; ++p) {
    // The first count - m % count patterns one tile smaller.
    sizes.push_back(m / count + (p >= count - m % count ? 1 : 0));
  }
  double total = 0;
  for (const int size : sizes) {
    total += falling(n, size + 1);
  }
  if (total > k_max_total_search) {
    std::ostringstream why;
    why.precision(3);
    why << "pattern databases: patterns of " << max_tiles << " tiles on " << n
        << " cells make " << count << " tables whose searches visit " << total
        << " placements together, more than " << k_max_total_search
        << " (the 24-puzzle's 6-6-6-6 search 9.7e9 in about half an hour): "
           "choose fewer tiles a pattern, or 0 (the family's own "
           "partition)";
    throw std::invalid_argument(why.str());
  }
  std::vector<std::vector<int>> patterns;
  for (const auto &group : bisect(cols, std::move(cells), sizes.data(),
                                  static_cast<int>(sizes.size()))) {
    std::vector<int> &pattern = patterns.emplace_back();
    for (int c : group) {
      pattern.push_back(goal[c]);
    }
  }
  return patterns;
}

PatternDatabases::PatternDatabases(
    int rows, int cols, std::vector<int> goal,
    std::vector<std::vector<int>> patterns, const std::function<bool()> &stop,
    unsigned threads, const std::function<void(const std::string &)> &note,
    double layer_note_seconds)
    : m_rows(rows), m_cols(cols), m_goal(std::move(goal)),
      m_patterns(std::move(patterns)) {
  const int n = rows * cols;
  if (rows < 1 || cols < 1 || n > k_max_cells ||
      static_cast<int>(m_goal.size()) != n) {
    throw std::invalid_argument("pattern databases: a board of 2 to 64 "
                                "cells and a goal of that size");
  }
  index_tiles();
  for (std::size_t p = 0; p < m_patterns.size(); ++p) {
    const auto start = std::chrono::steady_clock::now();
    build_table(p, stop, threads, note, layer_note_seconds);
    if (note) {
      const std::chrono::duration<double> took =
          std::chrono::steady_clock::now() - start;
      std::ostringstream line;
      line.precision(1);
      line << std::fixed << "pattern database " << p + 1 << " of "
           << m_patterns.size() << " (" << m_patterns[p].size()
           << " tiles) built in " << took.count() << " s";
      note(line.str());
    }
  }
}

void PatternDatabases::index_tiles() {
  const int n = m_rows * m_cols;
  std::vector<int> sorted = m_goal;
  std::sort(sorted.begin(), sorted.end());
  for (int v = 0; v < n; ++v) {
    if (sorted[v] != v) {
      throw std::invalid_argument("pattern databases: the goal must hold "
                                  "0 .. RC-1 once each");
    }
  }
  m_pattern_of.assign(n, -1);
  m_index_of.assign(n, -1);
  for (std::size_t p = 0; p < m_patterns.size(); ++p) {
    const auto &pattern = m_patterns[p];
    const int size = static_cast<int>(pattern.size());
    if (pattern.empty() || size > k_max_pattern ||
        falling(n, size) > k_max_entries ||
        falling(n, size + 1) > k_max_search) {
      throw std::invalid_argument("pattern databases: a pattern of 1 to 9 "
                                  "tiles whose table fits");
    }
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      const int t = pattern[i];
      if (t <= 0 || t >= n || m_pattern_of[t] >= 0) {
        throw std::invalid_argument("pattern databases: patterns are "
                                    "disjoint sets of tiles 1 .. RC-1");
      }
      m_pattern_of[t] = static_cast<int>(p);
      m_index_of[t] = static_cast<int>(i);
    }
  }
  // The transposed board, where it is as far from the goal.
  const int blank = static_cast<int>(
      std::find(m_goal.begin(), m_goal.end(), 0) - m_goal.begin());
  m_transposed_cell.clear();
  m_transposed_tile.clear();
  if (m_rows == m_cols && blank / m_cols == blank % m_cols) {
    m_transposed_cell.resize(n);
    m_transposed_tile.resize(n);
    for (int c = 0; c < n; ++c) {
      m_transposed_cell[c] = (c % m_cols) * m_cols + c / m_cols;
    }
    for (int c = 0; c < n; ++c) {
      m_transposed_tile[m_goal[c]] = m_goal[m_transposed_cell[c]];
    }
  }
}

// Mixed radix: each cell counted among the cells not used before it
// (comparisons, not a popcount: without the popcnt instruction a library
// call, and this is the search's inner loop).
std::uint64_t PatternDatabases::rank(const int *cells, int count) const {
  const int n = m_rows * m_cols;
  std::uint64_t r = 0;
  for (int i = 0; i < count; ++i) {
    const int c = cells[i];
    int below = 0;
    for (int j = 0; j < i; ++j) {
      below += cells[j] < c ? 1 : 0;
    }
    r = r * static_cast<std::uint64_t>(n - i) +
        static_cast<std::uint64_t>(c - below);
  }
  return r;
}

namespace {

// An entry of the search, read and lowered atomically: the layers of a
// large table are scanned by several threads, and a tile's slide may land
// in a block another thread is flooding (relaxed: each layer ends with the
// threads joined).
int load(std::uint8_t &entry) {
  return std::atomic_ref<std::uint8_t>(entry).load(std::memory_order_relaxed);
}

// Sets the entry to d if it is above; whether it was.
bool lower(std::uint8_t &entry, int d) {
  std::atomic_ref<std::uint8_t> ref(entry);
  std::uint8_t now = ref.load(std::memory_order_relaxed);
  while (now > d) {
    if (ref.compare_exchange_weak(now, static_cast<std::uint8_t>(d),
                                  std::memory_order_relaxed)) {
      return true;
    }
  }
  return false;
}

// One block of a pattern's table being scanned: the cells of its tiles,
// which cell each tile owns, and the blank's digits (its free cells in
// order), with the moves out of it. A block is a placement of the
// pattern's tiles; its entries are one byte per cell of the blank.
class BlockScan {
public:
  BlockScan(const PatternDatabases &dbs, int k)
      : m_dbs(dbs), m_n(dbs.rows() * dbs.cols()), m_k(k), m_adjacent(m_n),
        m_owner(m_n, -1), m_free_cell(m_n), m_digit_of(m_n, -1) {
    for (int c = 0; c < m_n; ++c) {
      m_adjacent[c] = grid_neighbours(dbs.rows(), dbs.cols(), c);
    }
    m_region.reserve(m_n);
  }

  int *cells() { return m_cells; }
  int digit_of(int cell) const { return m_digit_of[cell]; }

  // Unranks `block`: digit i counts the cells not used by cells 0 .. i-1.
  void enter(std::uint64_t block) {
    std::uint64_t r = block;
    int digits[k_max_pattern];
    for (int i = m_k - 1; i >= 0; --i) {
      digits[i] = static_cast<int>(r % static_cast<std::uint64_t>(m_n - i));
      r /= static_cast<std::uint64_t>(m_n - i);
    }
    std::fill(m_owner.begin(), m_owner.end(), -1);
    for (int i = 0; i < m_k; ++i) {
      int c = 0;
      for (int seen = -1;; ++c) {
        if (m_owner[c] < 0 && ++seen == digits[i]) {
          break;
        }
      }
      m_cells[i] = c;
      m_owner[c] = i;
    }
    for (int c = 0, d = 0; c < m_n; ++c) {
      m_digit_of[c] = m_owner[c] < 0 ? d : -1;
      if (m_owner[c] < 0) {
        m_free_cell[d++] = c;
      }
    }
  }

  // Moving the blank into a free cell costs nothing: floods the blank's
  // regions from the cells reached at d, all at d.
  void flood(std::uint8_t *entries, int free_cells, int d) {
    m_region.clear();
    for (int b = 0; b < free_cells; ++b) {
      if (load(entries[b]) == d) {
        m_region.push_back(m_free_cell[b]);
      }
    }
    for (std::size_t i = 0; i < m_region.size(); ++i) {
      for (int to : m_adjacent[m_region[i]]) {
        const int digit = m_digit_of[to];
        if (digit >= 0 && lower(entries[digit], d)) {
          m_region.push_back(to);
        }
      }
    }
  }

  // Slides each pattern tile next to the flooded region into the blank:
  // another block, at d + 1.
  void slide(std::vector<std::uint8_t> &dist, int free_cells, int d) {
    for (int blank : m_region) {
      for (int from : m_adjacent[blank]) {
        const int j = m_owner[from];
        if (j < 0) {
          continue;
        }
        m_cells[j] = blank;
        const std::uint64_t target = m_dbs.rank(m_cells, m_k);
        m_cells[j] = from;
        int below = 0; // the blank's digit in the target block
        for (int i = 0; i < m_k; ++i) {
          below += (i == j ? blank : m_cells[i]) < from ? 1 : 0;
        }
        lower(dist[target * free_cells + (from - below)], d + 1);
      }
    }
  }

private:
  const PatternDatabases &m_dbs;
  const int m_n, m_k;
  std::vector<std::vector<int>> m_adjacent;
  int m_cells[k_max_pattern + 1];
  std::vector<int> m_owner;     // cell -> pattern tile index, -1 free
  std::vector<int> m_free_cell; // blank digit -> cell, in this block
  std::vector<int> m_digit_of;  // cell -> blank digit, -1 if taken
  std::vector<int> m_region;    // the blank's cells reached at d
};

} // namespace

// Layer by layer over the placements of the pattern's tiles (blocks),
// each block one byte per cell of the blank (the blank is the rank's last
// digit, so a block is contiguous). Moving the blank into a free cell
// costs nothing and stays in the block: a block reached at distance d is
// flooded over the blank's region at d. Sliding a pattern tile into the
// blank costs one and lands in another block, at d + 1. Each layer is a
// scan of the array in order (of large tables, in one range of blocks
// per core), so only the tile moves touch memory at random; no queue is
// kept. A block's table entry is the first layer that reaches it.
void PatternDatabases::build_table(
    std::size_t p, const std::function<bool()> &stop, unsigned threads,
    const std::function<void(const std::string &)> &note,
    double layer_note_seconds) {
  const auto began = std::chrono::steady_clock::now();
  auto last_note = began;
  const int n = m_rows * m_cols;
  const std::vector<int> &pattern = m_patterns[p];
  const int k = static_cast<int>(pattern.size());
  const int free_cells = n - k; // the blank's digit's radix
  const std::uint64_t blocks = static_cast<std::uint64_t>(falling(n, k));
  std::vector<std::uint8_t> dist(blocks * free_cells, k_unknown);
  std::vector<std::uint8_t> &table = m_tables.emplace_back(blocks, k_unknown);
  // The goal: the pattern's tiles home, the blank on its goal cell.
  {
    BlockScan scan(*this, k);
    std::vector<int> goal_cell(n);
    for (int c = 0; c < n; ++c) {
      goal_cell[m_goal[c]] = c;
    }
    for (int i = 0; i < k; ++i) {
      scan.cells()[i] = goal_cell[pattern[i]];
    }
    const std::uint64_t home = rank(scan.cells(), k);
    scan.enter(home);
    dist[home * free_cells + scan.digit_of(goal_cell[0])] = 0;
  }
  if (threads == 0) {
    threads = blocks < k_parallel_blocks
                  ? 1
                  : std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
  }
  std::atomic<bool> stopped{false};
  std::atomic<std::uint64_t> found{0}; // blocks with their table entry
  // Scans blocks [from, to) at layer d; whether any was reached at d.
  const auto scan_layer = [&](std::uint64_t from, std::uint64_t to, int d,
                              bool polls) {
    BlockScan scan(*this, k);
    bool any = false;
    std::uint64_t first_reached = 0;
    const auto count = [&] { found += first_reached; };
    for (std::uint64_t block = from; block < to; ++block) {
      if ((block & 0xFFFF) == 0) {
        if (polls && stop && stop()) {
          stopped = true;
        }
        if (stopped) {
          count();
          return any;
        }
      }
      std::uint8_t *entries = &dist[block * free_cells];
      bool here = false;
      for (int b = 0; b < free_cells && !here; ++b) {
        here = load(entries[b]) == d;
      }
      if (!here) {
        continue;
      }
      any = true;
      scan.enter(block);
      if (table[block] == k_unknown) {
        table[block] = static_cast<std::uint8_t>(d);
        ++first_reached;
      }
      scan.flood(entries, free_cells, d);
      scan.slide(dist, free_cells, d);
    }
    count();
    return any;
  };
  for (int d = 0;; ++d) {
    if (d + 1 >= k_unknown) {
      throw std::logic_error("pattern databases: a distance above 254");
    }
    bool any = false;
    if (threads == 1) {
      any = scan_layer(0, blocks, d, true);
    } else {
      // A thread's exception (the stop's own, no memory) stops the others
      // and is rethrown here once all have joined; so is a thread that
      // could not start.
      std::vector<char> reached(threads, 0);
      std::vector<std::exception_ptr> failed(threads);
      std::vector<std::thread> pool;
      const auto join_all = [&pool] {
        for (auto &thread : pool) {
          thread.join();
        }
      };
      try {
        for (unsigned t = 0; t < threads; ++t) {
          pool.emplace_back([&, t] {
            try {
              reached[t] = scan_layer(blocks * t / threads,
                                      blocks * (t + 1) / threads, d, t == 0);
            } catch (...) {
              failed[t] = std::current_exception();
              stopped = true;
            }
          });
        }
      } catch (...) {
        stopped = true;
        join_all();
        throw;
      }
      join_all();
      for (const std::exception_ptr &e : failed) {
        if (e) {
          std::rethrow_exception(e);
        }
      }
      any = std::find(reached.begin(), reached.end(), 1) != reached.end();
    }
    if (stopped) {
      throw Stopped{};
    }
    if (!any) {
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    if (note && std::chrono::duration<double>(now - last_note).count() >=
                    layer_note_seconds) {
      last_note = now;
      std::ostringstream line;
      line << std::fixed << "pattern database " << p + 1 << " of "
           << m_patterns.size() << " (" << k << " tiles): distance " << d
           << ", " << std::setprecision(1)
           << 100.0 * static_cast<double>(found) / static_cast<double>(blocks)
           << "% of " << blocks << " placements, " << std::setprecision(0)
           << std::chrono::duration<double>(now - began).count() << " s so far";
      note(line.str());
    }
  }
}

int PatternDatabases::sum(const std::vector<int> &board) const {
  const int n = m_rows * m_cols;
  if (static_cast<int>(board.size()) != n) {
    throw std::invalid_argument("pattern databases: a board of another size");
  }
  std::vector<int> cell_of(n);
  for (int c = 0; c < n; ++c) {
    cell_of[board[c]] = c;
  }
  int total = 0;
  int cells[k_max_pattern];
  for (std::size_t p = 0; p < m_patterns.size(); ++p) {
    const auto &pattern = m_patterns[p];
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      cells[i] = cell_of[pattern[i]];
    }
    total += m_tables[p][rank(cells, static_cast<int>(pattern.size()))];
  }
  return total;
}

int PatternDatabases::bound(const std::vector<int> &board) const {
  int best = sum(board);
  if (reflected()) {
    std::vector<int> transposed(board.size());
    for (std::size_t c = 0; c < board.size(); ++c) {
      transposed[m_transposed_cell[c]] = m_transposed_tile[board[c]];
    }
    best = std::max(best, sum(transposed));
  }
  return best;
}

std::string PatternDatabases::shape() const {
  std::string s;
  for (const auto &p : m_patterns) {
    s += (s.empty() ? "" : "-") + std::to_string(p.size());
  }
  return s;
}

std::string PatternDatabases::name() const {
  return "additive pattern databases " + shape() +
         (reflected() ? ", max with the transposed board" : "");
}

std::string PatternDatabases::cache_key() const {
  return cache_key(m_rows, m_cols, m_goal, m_patterns);
}

std::string
PatternDatabases::cache_key(int rows, int cols, const std::vector<int> &goal,
                            const std::vector<std::vector<int>> &patterns) {
  std::string id, shape;
  for (int v : goal) {
    id += std::to_string(v) + ",";
  }
  for (const auto &p : patterns) {
    id += "|";
    for (int t : p) {
      id += std::to_string(t) + ",";
    }
    shape += (shape.empty() ? "" : "-") + std::to_string(p.size());
  }
  return "pdb-v" + std::to_string(k_file_version) + "-" +
         std::to_string(rows) + "x" + std::to_string(cols) + "-" + shape +
         "-" + hex(fnv1a(id)) + ".bin";
}

// The file: the magic line, the length of the header, the header
// (version, shape, goal, patterns and their table sizes), the header's
// checksum, the tables back to back, and their checksum. The header is
// checked before a table is read, so a stale file costs no table's read.
std::string PatternDatabases::header() const {
  std::string h;
  put(h, k_file_version);
  put(h, static_cast<std::int32_t>(m_rows));
  put(h, static_cast<std::int32_t>(m_cols));
  for (int v : m_goal) {
    put(h, static_cast<std::int32_t>(v));
  }
  put(h, static_cast<std::int32_t>(m_patterns.size()));
  for (const auto &pattern : m_patterns) {
    put(h, static_cast<std::int32_t>(pattern.size()));
    for (int t : pattern) {
      put(h, static_cast<std::int32_t>(t));
    }
    put(h, static_cast<std::uint64_t>(
               falling(m_rows * m_cols, static_cast<int>(pattern.size()))));
  }
  return h;
}

void PatternDatabases::write(std::ostream &out) const {
  std::string head = k_magic;
  const std::string h = header();
  put(head, static_cast<std::uint64_t>(h.size()));
  head += h;
  put(head, fnv1a(h));
  out.write(head.data(), static_cast<std::streamsize>(head.size()));
  std::uint64_t sum = k_fnv_basis;
  for (const auto &table : m_tables) {
    out.write(reinterpret_cast<const char *>(table.data()),
              static_cast<std::streamsize>(table.size()));
    sum = fnv1a_words(sum, table.data(), table.size());
  }
  out.write(reinterpret_cast<const char *>(&sum), sizeof sum);
}

std::optional<PatternDatabases>
PatternDatabases::read(std::istream &in, int rows, int cols,
                       const std::vector<int> &goal,
                       const std::vector<std::vector<int>> &patterns,
                       std::string &why) {
  const auto bytes = [&](std::size_t size) {
    std::string s(size, '\0');
    in.read(s.data(), static_cast<std::streamsize>(size));
    s.resize(static_cast<std::size_t>(in.gcount()));
    return s;
  };
  const std::size_t magic = std::strlen(k_magic);
  std::uint64_t length = 0, check = 0;
  std::size_t at = 0;
  std::string h;
  const std::string start = bytes(magic + sizeof length);
  if (start.size() != magic + sizeof length ||
      start.compare(0, magic, k_magic) != 0 ||
      !get(start, (at = magic), length) || length > (1u << 20) ||
      (h = bytes(length)).size() != length ||
      !get(bytes(sizeof check), (at = 0), check) || fnv1a(h) != check) {
    why = "not a pattern database file, or corrupted (checksum)";
    return std::nullopt;
  }
  std::uint32_t version = 0;
  if (!get(h, (at = 0), version) || version != k_file_version) {
    why = "written by another version";
    return std::nullopt;
  }
  PatternDatabases db;
  db.m_rows = rows;
  db.m_cols = cols;
  db.m_goal = goal;
  db.m_patterns = patterns;
  if (h != db.header()) {
    why = "made for another board, goal or partition";
    return std::nullopt;
  }
  std::uint64_t sum = k_fnv_basis;
  for (const auto &pattern : patterns) {
    auto &table = db.m_tables.emplace_back(static_cast<std::size_t>(
        falling(rows * cols, static_cast<int>(pattern.size()))));
    in.read(reinterpret_cast<char *>(table.data()),
            static_cast<std::streamsize>(table.size()));
    if (static_cast<std::size_t>(in.gcount()) != table.size()) {
      why = "cut short";
      return std::nullopt;
    }
    sum = fnv1a_words(sum, table.data(), table.size());
  }
  const std::string tail = bytes(sizeof check + 1);
  if (tail.size() != sizeof check || !get(tail, (at = 0), check) ||
      check != sum) {
    why = "corrupted (checksum)";
    return std::nullopt;
  }
  db.index_tiles();
  if (!db.check(why)) {
    return std::nullopt;
  }
  return db;
}

std::string pattern_cache_directory() {
  if (const char *dir = std::getenv("SATSLIDE_CACHE_DIR"); dir && *dir) {
    return dir;
  }
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/satslide";
  }
  if (const char *home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.cache/satslide";
  }
  return "";
}

namespace {

// The cache file of the board's databases under `dir` ("" if dir is).
std::string cache_file(const std::string &dir, int rows, int cols,
                       const std::vector<int> &goal,
                       const std::vector<std::vector<int>> &patterns) {
  return dir.empty() ? ""
                     : dir + "/" +
                           PatternDatabases::cache_key(rows, cols, goal,
                                                       patterns);
}

// The databases from `file` if it holds them; a file there that does not
// is reported to `warn` (if any), with what follows (`then`); "" or a
// missing file: nullopt, silently.
std::optional<PatternDatabases>
read_cached(const std::string &file, int rows, int cols,
            const std::vector<int> &goal,
            const std::vector<std::vector<int>> &patterns,
            const std::function<void(const std::string &)> &warn,
            const std::string &then) {
  if (file.empty()) {
    return std::nullopt;
  }
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (status.type() == std::filesystem::file_type::not_found) {
    return std::nullopt; // not built yet: silently
  }
  if (status.type() != std::filesystem::file_type::regular) {
    // A FIFO would block the open for ever; a directory is no table.
    if (warn) {
      warn("pattern database cache " + file + " is not a regular file: " +
           then);
    }
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    if (warn) {
      warn("pattern database cache " + file + " cannot be read (" +
           std::error_code(errno, std::generic_category()).message() +
           "): " + then);
    }
    return std::nullopt;
  }
  std::string why;
  if (auto db = PatternDatabases::read(in, rows, cols, goal, patterns, why)) {
    return db;
  }
  if (warn) {
    warn("pattern database cache " + file + " is unusable (" + why +
         "): " + then);
  }
  return std::nullopt;
}

} // namespace

std::optional<PatternDatabases>
read_cached_pattern_databases(
    int rows, int cols, const std::vector<int> &goal, int max_tiles,
    const std::function<void(const std::string &)> &warn) {
  const auto patterns =
      PatternDatabases::partition(rows, cols, goal, max_tiles);
  return read_cached(
      cache_file(pattern_cache_directory(), rows, cols, goal, patterns), rows,
      cols, goal, patterns, warn, "not used (built only where asked for)");
}

bool pattern_databases_cached(int rows, int cols,
                              const std::vector<int> &goal, int max_tiles) {
  const std::string file =
      cache_file(pattern_cache_directory(), rows, cols, goal,
                 PatternDatabases::partition(rows, cols, goal, max_tiles));
  std::error_code error;
  return !file.empty() && std::filesystem::exists(file, error);
}

PatternDatabases
cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                         const std::function<void(const std::string &)> &note,
                         const std::function<bool()> &stop,
                         int max_tiles,
                         const std::function<void(const std::string &)> &warn) {
  namespace fs = std::filesystem;
  const auto patterns =
      PatternDatabases::partition(rows, cols, goal, max_tiles);
  const std::string dir = pattern_cache_directory();
  const auto say = [&](const std::string &text) {
    if (note) {
      note(text);
    }
  };
  const auto complain = [&](const std::string &text) {
    if (warn) {
      warn(text);
    } else {
      say(text);
    }
  };
  const std::string file = cache_file(dir, rows, cols, goal, patterns);
  if (auto db = read_cached(file, rows, cols, goal, patterns,
                            warn ? warn : note,
                            "rebuilding it")) {
    return std::move(*db);
  }
  say("building the pattern databases " +
      PatternDatabases::cache_key(rows, cols, goal, patterns) +
      (file.empty() ? std::string(" (no cache directory)")
                    : " once, cached in " + dir));
  PatternDatabases db(rows, cols, goal, patterns, stop, 0, note);
  if (file.empty()) {
    return db;
  }
  // Written aside and renamed, so that a concurrent run never reads half
  // a file (and a crash leaves none).
  std::error_code error;
  fs::create_directories(dir, error);
  // One name per process and thread (batch -j runs several at once).
  const std::string part =
      file + ".part" + std::to_string(::getpid()) + "-" +
      std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
  {
    std::ofstream out(part, std::ios::binary);
    db.write(out);
    out.close();
    if (!out) {
      const std::string why =
          std::error_code(errno, std::generic_category()).message();
      fs::remove(part, error);
      complain("cannot write the pattern database cache in " + dir + " (" + why +
          "; built again next time)");
      return db;
    }
  }
  fs::rename(part, file, error);
  if (error) {
    complain("cannot put the pattern database cache at " + file + " (" +
        error.message() + "; built again next time)");
    fs::remove(part, error);
  }
  return db;
}

} // namespace satslide::encoder
