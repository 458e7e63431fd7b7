// The tables: their build by breadth-first search from the goal (each
// layer scanned on every core for a large table), and the bound read off
// them.
#include "search/pattern_databases.hpp"

#include "search/grid_cells.hpp"
#include "search/pattern_limits.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <exception>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace satslide::encoder {

using namespace pattern_limits;

namespace {

// Tables with more blocks than this scan each layer on every core.
constexpr std::uint64_t k_parallel_blocks = 1 << 22;

} // namespace

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
  void slide(HugeTable &dist, int free_cells, int d) {
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

// One table's build: the search's array (a byte per block and cell of
// the blank), the table, and the scans of a layer over them.
class TableBuild {
public:
  TableBuild(const PatternDatabases &dbs, const std::vector<int> &pattern,
             HugeTable &table,
             const std::function<bool()> &stop)
      : m_dbs(dbs), m_k(static_cast<int>(pattern.size())),
        m_free_cells(dbs.rows() * dbs.cols() - m_k), m_blocks(table.size()),
        m_dist(m_blocks * m_free_cells, k_unknown), m_table(table),
        m_stop(stop) {
    // The goal: the pattern's tiles home, the blank on its goal cell.
    BlockScan scan(dbs, m_k);
    const std::vector<int> &goal = dbs.goal();
    std::vector<int> goal_cell(goal.size());
    for (std::size_t c = 0; c < goal.size(); ++c) {
      goal_cell[goal[c]] = static_cast<int>(c);
    }
    for (int i = 0; i < m_k; ++i) {
      scan.cells()[i] = goal_cell[pattern[i]];
    }
    const std::uint64_t home = dbs.rank(scan.cells(), m_k);
    scan.enter(home);
    m_dist[home * m_free_cells + scan.digit_of(goal_cell[0])] = 0;
  }

  std::uint64_t blocks() const { return m_blocks; }
  // The share of blocks with their table entry.
  double found() const {
    return static_cast<double>(m_found) / static_cast<double>(m_blocks);
  }

  // Layer d, its blocks in `threads` ranges side by side; whether any
  // block was reached at d. A thread's exception (the stop's own, no
  // memory) stops the others and is rethrown once all have joined; so is
  // a thread that could not start. Throws Stopped if the stop said so.
  bool layer(int d, unsigned threads) {
    bool any = false;
    if (threads == 1) {
      any = scan(0, m_blocks, d, true);
    } else {
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
              reached[t] = scan(m_blocks * t / threads,
                                m_blocks * (t + 1) / threads, d, t == 0);
            } catch (...) {
              failed[t] = std::current_exception();
              m_stopped = true;
            }
          });
        }
      } catch (...) {
        m_stopped = true;
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
    if (m_stopped) {
      throw PatternDatabases::Stopped{};
    }
    return any;
  }

private:
  // Scans blocks [from, to) at layer d (`polls`: this range polls the
  // stop); whether any was reached at d.
  bool scan(std::uint64_t from, std::uint64_t to, int d, bool polls) {
    BlockScan scan(m_dbs, m_k);
    bool any = false;
    std::uint64_t first_reached = 0;
    for (std::uint64_t block = from; block < to; ++block) {
      if ((block & 0xFFFF) == 0) {
        if (polls && m_stop && m_stop()) {
          m_stopped = true;
        }
        if (m_stopped) {
          break;
        }
      }
      std::uint8_t *entries = &m_dist[block * m_free_cells];
      bool here = false;
      for (int b = 0; b < m_free_cells && !here; ++b) {
        here = load(entries[b]) == d;
      }
      if (!here) {
        continue;
      }
      any = true;
      scan.enter(block);
      if (m_table[block] == k_unknown) {
        m_table[block] = static_cast<std::uint8_t>(d);
        ++first_reached;
      }
      scan.flood(entries, m_free_cells, d);
      scan.slide(m_dist, m_free_cells, d);
    }
    m_found += first_reached;
    return any;
  }

  const PatternDatabases &m_dbs;
  const int m_k;
  const int m_free_cells; // the blank's digit's radix
  const std::uint64_t m_blocks;
  HugeTable m_dist;
  HugeTable &m_table;
  const std::function<bool()> &m_stop;
  std::atomic<bool> m_stopped{false};
  std::atomic<std::uint64_t> m_found{0}; // blocks with their table entry
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
  const std::vector<int> &pattern = m_patterns[p];
  const int k = static_cast<int>(pattern.size());
  TableBuild build(*this, pattern,
                   m_tables.emplace_back(
                       static_cast<std::uint64_t>(falling(m_rows * m_cols, k)),
                       k_unknown),
                   stop);
  if (threads == 0) {
    threads = build.blocks() < k_parallel_blocks
                  ? 1
                  : std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
  }
  for (int d = 0; build.layer(d, threads); ++d) {
    if (d + 2 >= k_unknown) {
      throw std::logic_error("pattern databases: a distance above 254");
    }
    const auto now = std::chrono::steady_clock::now();
    if (note && std::chrono::duration<double>(now - last_note).count() >=
                    layer_note_seconds) {
      last_note = now;
      std::ostringstream line;
      line << std::fixed << "pattern database " << p + 1 << " of "
           << m_patterns.size() << " (" << k << " tiles): distance " << d
           << ", " << std::setprecision(1) << 100.0 * build.found() << "% of "
           << build.blocks() << " placements, " << std::setprecision(0)
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

} // namespace satslide::encoder
