// The tables: their build by breadth-first search from the goal (each
// layer scanned on every core for a large table), and the bound read off
// them.
#include "satslide/search/pattern_databases.hpp"

#include "satslide/search/grid_cells.hpp"
#include "satslide/search/pattern_limits.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <climits>
#include <exception>
#include <iomanip>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace satslide::search {

using namespace pattern_limits;

namespace {

// Tables with more blocks than this scan each layer on every core.
constexpr std::uint64_t k_parallel_blocks = 1 << 22;
// The frontier's words a thread scans at a time (65,536 blocks).
constexpr std::uint64_t k_chunk_words = 1024;

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
  check_memory(rows, cols, m_patterns);
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

double PatternDatabases::entries(int rows, int cols,
                                 const std::vector<std::vector<int>> &patterns) {
  double total = 0;
  for (const auto &p : patterns) {
    total += falling(rows * cols, static_cast<int>(p.size()));
  }
  return total;
}

void PatternDatabases::check_memory(
    int rows, int cols, const std::vector<std::vector<int>> &patterns,
    double memory_bytes) {
  const double need = build_peak_bytes(rows * cols, patterns);
  const double have =
      memory_bytes > 0 ? memory_bytes : physical_memory_bytes();
  if (have > 0 && need > have) {
    std::ostringstream why;
    why << std::fixed << std::setprecision(1)
        << "pattern databases: building these tables would hold "
        << need / 1e9 << " GB at its peak, more than the " << have / 1e9
        << " GB of memory here: choose fewer tiles a pattern";
    throw std::invalid_argument(why.str());
  }
}

void PatternDatabases::check_patterns(
    int rows, int cols, const std::vector<std::vector<int>> &patterns) {
  const int n = rows * cols;
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  for (const auto &pattern : patterns) {
    const int size = static_cast<int>(pattern.size());
    if (pattern.empty() || size > k_max_pattern ||
        falling(n, size) > k_max_entries ||
        falling(n, size + 1) > k_max_search) {
      throw std::invalid_argument("pattern databases: a pattern of 1 to 9 "
                                  "tiles whose table fits");
    }
    for (const int t : pattern) {
      if (t <= 0 || t >= n || used[static_cast<std::size_t>(t)]) {
        throw std::invalid_argument("pattern databases: patterns are "
                                    "disjoint sets of tiles 1 .. RC-1");
      }
      used[static_cast<std::size_t>(t)] = true;
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
  check_patterns(m_rows, m_cols, m_patterns);
  m_pattern_of.assign(n, -1);
  m_index_of.assign(n, -1);
  for (std::size_t p = 0; p < m_patterns.size(); ++p) {
    for (std::size_t i = 0; i < m_patterns[p].size(); ++i) {
      m_pattern_of[m_patterns[p][i]] = static_cast<int>(p);
      m_index_of[m_patterns[p][i]] = static_cast<int>(i);
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

// The search's marks, two bits an entry: not reached, or reached at an
// even or an odd distance. No more is needed: a layer d visits only the
// blocks its frontier names, and in a block gathers the entries marked
// as d is; the blank's free moves stay in one region of free cells, all
// of whose entries a flood brings to one distance, so a region met at d
// was either never reached before (its entries unmarked, or marked as
// d + 1 by this layer's slides) or reached at d - 2, d - 4, ..., when all
// its moves were made and made again find nothing new. A quarter of a
// byte an entry keeps a 6-tile table's search (5.8e7 entries) in 14 MB,
// near the processor's cache, where the slides' reads at random over it
// are the build's cost; and a 6-tile table of the 24-puzzle's (2.4e9
// entries) in 0.6 GB. Entries
// share bytes, so a mark is set by a compare-and-swap: the layers of a
// large table are scanned by several threads, and a slide may land in a
// block another thread is flooding.
class Marks {
public:
  static constexpr int k_unreached = 3;
  static int of(int d) { return 1 + d % 2; }

  explicit Marks(std::uint64_t entries) : m_bytes((entries + 3) / 4, 0xFF) {}

  int get(std::uint64_t e) const {
    return (std::atomic_ref<std::uint8_t>(m_bytes[e / 4])
                .load(std::memory_order_relaxed) >>
            shift(e)) &
           3;
  }
  // Marks entry e as reached at d if it was not reached (`or_later`: or
  // marked as d + 1 is); whether it was.
  bool reach(std::uint64_t e, int d, bool or_later) {
    std::atomic_ref<std::uint8_t> byte(m_bytes[e / 4]);
    const int at = shift(e);
    std::uint8_t now = byte.load(std::memory_order_relaxed);
    for (;;) {
      const int mark = (now >> at) & 3;
      if (mark != k_unreached && !(or_later && mark == of(d + 1))) {
        return false;
      }
      const auto next = static_cast<std::uint8_t>(
          (now & ~(3 << at)) | (of(d) << at));
      if (byte.compare_exchange_weak(now, next, std::memory_order_relaxed)) {
        return true;
      }
    }
  }
  const std::uint8_t *address(std::uint64_t e) const {
    return &m_bytes[e / 4];
  }

private:
  static int shift(std::uint64_t e) { return static_cast<int>(e % 4) * 2; }
  mutable HugeTable m_bytes;
};

// One block of a pattern's table being scanned: the cells of its tiles
// (as a set, a bit a cell: at most 64 cells) and the blank's free cells,
// the region the blank's free moves flood, and the slides out of it. A
// block is a placement of the pattern's tiles; its entries, one per free
// cell of the blank in the cells' order, are its free cells' digits. Sets
// of cells keep the inner loops free of the branches on cell contents no
// predictor guesses.
class BlockScan {
public:
  BlockScan(const PatternDatabases &dbs, int k)
      : m_cols(dbs.cols()), m_n(dbs.rows() * dbs.cols()), m_k(k) {
    m_board = m_n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m_n) - 1;
    std::array<int, 4> next{};
    for (int c = 0; c < m_n; ++c) {
      const int count = grid_neighbours(dbs.rows(), m_cols, c, next);
      for (int i = 0; i < count; ++i) {
        m_adjacent[c] |= std::uint64_t{1} << next[i];
      }
      if (c % m_cols == 0) {
        m_first_column |= std::uint64_t{1} << c;
      }
      if (c % m_cols == m_cols - 1) {
        m_last_column |= std::uint64_t{1} << c;
      }
    }
    std::uint64_t weight = 1;
    for (int i = m_k - 1; i >= 0; --i) {
      m_weight[i] = weight;
      weight *= static_cast<std::uint64_t>(m_n - i);
    }
  }

  int *cells() { return m_cells; }
  // The blank's digit for a free cell: the cell less the tiles before it.
  int digit_of(int cell) const {
    int below = 0;
    for (int i = 0; i < m_k; ++i) {
      below += m_cells[i] < cell ? 1 : 0;
    }
    return cell - below;
  }

  // Unranks `block`: digit i counts the cells not used by cells 0 .. i-1.
  void enter(std::uint64_t block) {
    m_block = block;
    std::uint64_t r = block;
    for (int i = m_k - 1; i >= 0; --i) {
      m_digits[i] = static_cast<int>(r % static_cast<std::uint64_t>(m_n - i));
      r /= static_cast<std::uint64_t>(m_n - i);
    }
    m_used = 0;
    for (int i = 0; i < m_k; ++i) {
      std::uint64_t open = m_board & ~m_used;
      for (int skip = m_digits[i]; skip > 0; --skip) {
        open &= open - 1;
      }
      m_cells[i] = std::countr_zero(open);
      m_used |= open & -open;
    }
  }

  // Moving the blank into a free cell costs nothing: floods the blank's
  // regions from the block's entries (from `first` on) marked as d, and
  // marks them all at d; whether any was.
  bool flood(Marks &marks, std::uint64_t first, int d) {
    const std::uint64_t open = m_board & ~m_used;
    std::uint64_t seeds = 0;
    int digit = 0;
    for (std::uint64_t f = open; f != 0; f &= f - 1, ++digit) {
      if (marks.get(first + digit) == Marks::of(d)) {
        seeds |= f & -f;
      }
    }
    if (seeds == 0) {
      return false;
    }
    m_region = seeds;
    for (;;) {
      const std::uint64_t grown = (m_region | spread(m_region)) & open;
      if (grown == m_region) {
        break;
      }
      m_region = grown;
    }
    digit = 0;
    for (std::uint64_t f = open; f != 0; f &= f - 1, ++digit) {
      if ((m_region & f & -f) != 0) {
        marks.reach(first + digit, d, true);
      }
    }
    return true;
  }

  // Slides each pattern tile next to the flooded region into the blank:
  // another block, at d + 1, whose rank differs from this one's in the
  // moved tile's digit and, on a vertical move, in the digits of the
  // later tiles between its two cells; `reached(block)` hears of each
  // block an entry of which was marked. The entries, at random over the
  // array, are all fetched before the first is read, so that their cache
  // misses overlap.
  template <class Reached>
  void slide(Marks &marks, int free_cells, int d, Reached &&reached) {
    int count = 0;
    for (int j = 0; j < m_k; ++j) {
      const int from = m_cells[j];
      std::uint64_t into = m_adjacent[from] & m_region;
      if (into == 0) {
        continue;
      }
      // The blank's digit in the target: `from` less the tiles before it.
      const int from_digit = digit_of(from);
      for (; into != 0; into &= into - 1) {
        const int blank = std::countr_zero(into);
        const std::uint64_t entry =
            moved_rank(j, from, blank) * free_cells + from_digit -
            (blank < from ? 1 : 0);
        __builtin_prefetch(marks.address(entry), 1);
        m_targets[count++] = entry;
      }
    }
    for (int t = 0; t < count; ++t) {
      if (marks.reach(m_targets[t], d + 1, false)) {
        reached(m_targets[t] / free_cells);
      }
    }
  }

private:
  // The cells next to a set of cells.
  std::uint64_t spread(std::uint64_t cells) const {
    return (((cells & ~m_last_column) << 1) | ((cells & ~m_first_column) >> 1) |
            (cells << m_cols) | (cells >> m_cols)) &
           m_board;
  }

  // The rank once tile j has moved from `from` to the free cell `blank`.
  std::uint64_t moved_rank(int j, int from, int blank) const {
    int before = 0; // the tiles before j below `blank`
    for (int i = 0; i < j; ++i) {
      before += m_cells[i] < blank ? 1 : 0;
    }
    std::int64_t change =
        static_cast<std::int64_t>(blank - before - m_digits[j]) *
        static_cast<std::int64_t>(m_weight[j]);
    const int low = std::min(from, blank), high = std::max(from, blank);
    const int step = from < blank ? 1 : -1; // a tile passed over, counted
    for (int i = j + 1; i < m_k; ++i) {
      if (m_cells[i] > low && m_cells[i] < high) {
        change += step * static_cast<std::int64_t>(m_weight[i]);
      }
    }
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(m_block) +
                                      change);
  }

  const int m_cols, m_n, m_k;
  std::uint64_t m_board = 0, m_first_column = 0, m_last_column = 0;
  std::array<std::uint64_t, k_max_cells> m_adjacent{};
  std::uint64_t m_block = 0;
  std::uint64_t m_used = 0;   // the pattern's tiles' cells
  std::uint64_t m_region = 0; // the blank's cells reached at d
  int m_cells[k_max_pattern + 1];
  int m_digits[k_max_pattern + 1];
  std::uint64_t m_weight[k_max_pattern + 1]; // of each digit in the rank
  // The entries a region's slides reach: each free cell next to at most
  // four tiles.
  std::array<std::uint64_t, 4 * k_max_cells> m_targets{};
};

// One table's build: the search's marks (two bits per block and cell of
// the blank), the table, the blocks each layer reaches (a bit a block, so
// that a layer visits only those), and the scans of a layer over them.
class TableBuild {
public:
  TableBuild(const PatternDatabases &dbs, const std::vector<int> &pattern,
             HugeTable &table, const std::function<bool()> &stop)
      : m_dbs(dbs), m_k(static_cast<int>(pattern.size())),
        m_free_cells(dbs.rows() * dbs.cols() - m_k), m_blocks(table.size()),
        m_words((m_blocks + 63) / 64), m_marks(m_blocks * m_free_cells),
        m_table(table), m_stop(stop) {
    for (auto &frontier : m_frontier) {
      frontier.assign(m_words, 0);
    }
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
    m_marks.reach(home * m_free_cells + scan.digit_of(goal_cell[0]), 0, false);
    m_frontier[0][home / 64] |= std::uint64_t{1} << (home % 64);
  }

  std::uint64_t blocks() const { return m_blocks; }
  // The share of blocks with their table entry.
  double found() const {
    return static_cast<double>(m_found) / static_cast<double>(m_blocks);
  }

  // Layer d, its blocks in chunks of the frontier's words shared out
  // among `threads`; whether any block was reached at d. A thread's
  // exception (the stop's own, no memory) stops the others and is
  // rethrown once all have joined; so is a thread that could not start.
  // Throws Stopped if the stop said so.
  bool layer(int d, unsigned threads) {
    bool any = false;
    if (threads == 1) {
      any = scan(0, m_words, d, true);
    } else {
      std::vector<char> reached(threads, 0);
      std::vector<std::exception_ptr> failed(threads);
      std::vector<std::thread> pool;
      const auto join_all = [&pool] {
        for (auto &thread : pool) {
          thread.join();
        }
      };
      // The frontier's words in chunks, each taken by the next thread
      // free: a layer's blocks crowd into parts of the table, which
      // ranges side by side would leave to one thread.
      std::atomic<std::uint64_t> next_chunk{0};
      try {
        for (unsigned t = 0; t < threads; ++t) {
          pool.emplace_back([&, t] {
            try {
              for (;;) {
                const std::uint64_t from = next_chunk.fetch_add(k_chunk_words);
                if (from >= m_words) {
                  break;
                }
                reached[t] |= static_cast<char>(scan(
                    from, std::min(from + k_chunk_words, m_words), d, t == 0));
              }
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
  // Scans the blocks of frontier words [from, to) at layer d (`polls`:
  // this thread polls the stop, every k_chunk_words words), clearing them for layer d + 2; whether any
  // block was reached at d. Layer d's slides mark layer d + 1's frontier,
  // which no thread reads until all have joined.
  bool scan(std::uint64_t from, std::uint64_t to, int d, bool polls) {
    BlockScan scan(m_dbs, m_k);
    std::vector<std::uint64_t> &now = m_frontier[d % 2];
    std::vector<std::uint64_t> &next = m_frontier[(d + 1) % 2];
    const auto reached = [&next](std::uint64_t block) {
      std::atomic_ref<std::uint64_t> word(next[block / 64]);
      const std::uint64_t bit = std::uint64_t{1} << (block % 64);
      if ((word.load(std::memory_order_relaxed) & bit) == 0) {
        word.fetch_or(bit, std::memory_order_relaxed);
      }
    };
    bool any = false;
    std::uint64_t first_reached = 0;
    for (std::uint64_t w = from; w < to; ++w) {
      if (w % k_chunk_words == 0) {
        if (polls && m_stop && m_stop()) {
          m_stopped = true;
        }
        if (m_stopped) {
          break;
        }
      }
      for (std::uint64_t bits = now[w]; bits != 0; bits &= bits - 1) {
        const std::uint64_t block = w * 64 + std::countr_zero(bits);
        scan.enter(block);
        if (!scan.flood(m_marks, block * m_free_cells, d)) {
          continue; // its entries flooded at d - 1 since it was marked
        }
        any = true;
        if (m_table[block] == k_unknown) {
          m_table[block] = static_cast<std::uint8_t>(d);
          ++first_reached;
        }
        scan.slide(m_marks, m_free_cells, d, reached);
      }
      now[w] = 0;
    }
    m_found += first_reached;
    return any;
  }

  const PatternDatabases &m_dbs;
  const int m_k;
  const int m_free_cells; // the blank's digit's radix
  const std::uint64_t m_blocks, m_words;
  Marks m_marks;
  std::vector<std::uint64_t> m_frontier[2]; // of layers d and d + 1, by parity
  HugeTable &m_table;
  const std::function<bool()> &m_stop;
  std::atomic<bool> m_stopped{false};
  std::atomic<std::uint64_t> m_found{0}; // blocks with their table entry
};

} // namespace

// Layer by layer over the placements of the pattern's tiles (blocks),
// each block two bits per cell of the blank (the blank is the rank's last
// digit, so a block is contiguous). Moving the blank into a free cell
// costs nothing and stays in the block: a block reached at distance d is
// flooded over the blank's region at d. Sliding a pattern tile into the
// blank costs one and lands in another block, at d + 1, and marks that
// block in the next layer's frontier (a bit a block). Each layer visits
// its frontier's blocks in order (of large tables, in one range of blocks
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

int PatternDatabases::transposed_sum(const std::vector<int> &board) const {
  std::vector<int> transposed(board.size());
  for (std::size_t c = 0; c < board.size(); ++c) {
    transposed[m_transposed_cell[c]] = m_transposed_tile[board[c]];
  }
  return sum(transposed);
}

int PatternDatabases::bound(const std::vector<int> &board) const {
  const int plain = sum(board);
  return reflected() ? std::max(plain, transposed_sum(board)) : plain;
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

} // namespace satslide::search
