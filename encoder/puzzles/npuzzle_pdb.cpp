#include "encoder/puzzles/npuzzle_pdb.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <numeric>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unistd.h>

namespace satslide::encoder {

namespace {

// A table's search stores one byte per (pattern tiles, blank) placement.
constexpr double k_max_placements = 6e7;
// Boards of at most 64 cells (a cell set is a 64-bit word elsewhere),
// patterns of at most 9 tiles.
constexpr int k_max_cells = 64;
constexpr int k_max_pattern = 9;
constexpr std::uint8_t k_unknown = 0xFF;
// Bump when the tables' meaning or the file's layout changes: older cache
// files are then stale and rebuilt.
constexpr std::uint32_t k_file_version = 1;
constexpr char k_magic[] = "satslide pattern databases\n";

// n (n-1) ... (n-m+1): placements of m distinct items on n cells.
double falling(int n, int m) {
  double f = 1;
  for (int i = 0; i < m; ++i) {
    f *= n - i;
  }
  return f;
}

std::uint64_t fnv1a(const std::string &bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : bytes) {
    h = (h ^ c) * 1099511628211ULL;
  }
  return h;
}

std::vector<int> neighbours(int rows, int cols, int cell) {
  const int r = cell / cols, c = cell % cols;
  std::vector<int> n;
  if (r > 0) n.push_back(cell - cols);
  if (r + 1 < rows) n.push_back(cell + cols);
  if (c > 0) n.push_back(cell - 1);
  if (c + 1 < cols) n.push_back(cell + 1);
  return n;
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
  const int blank_row =
      static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin()) /
      cols;
  std::vector<std::vector<int>> patterns;
  const auto chunked = [&](const std::vector<int> &cells) {
    for (std::size_t i = 0; i < cells.size(); i += static_cast<std::size_t>(k)) {
      std::vector<int> p;
      for (std::size_t j = i; j < std::min(cells.size(), i + k); ++j) {
        p.push_back(goal[cells[j]]);
      }
      patterns.push_back(p);
    }
  };
  // Bands of columns as wide as a pattern allows over the other rows.
  const int band = std::max(1, std::min(cols, k / std::max(1, rows - 1)));
  for (int c0 = 0; c0 < cols; c0 += band) {
    std::vector<int> cells;
    for (int r = 0; r < rows; ++r) {
      for (int c = c0; c < std::min(cols, c0 + band); ++c) {
        if (r != blank_row) {
          cells.push_back(r * cols + c);
        }
      }
    }
    chunked(cells);
  }
  std::vector<int> last;
  for (int c = 0; c < cols; ++c) {
    if (goal[blank_row * cols + c] != 0) {
      last.push_back(blank_row * cols + c);
    }
  }
  chunked(last);
  return patterns;
}

PatternDatabases::PatternDatabases(int rows, int cols, std::vector<int> goal,
                                   std::vector<std::vector<int>> patterns,
                                   const std::function<bool()> &stop)
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
    build_table(p, stop);
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
    if (pattern.empty() || static_cast<int>(pattern.size()) > k_max_pattern ||
        falling(n, static_cast<int>(pattern.size()) + 1) > k_max_placements) {
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
      m_adjacent[c] = neighbours(dbs.rows(), dbs.cols(), c);
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
      if (entries[b] == d) {
        m_region.push_back(m_free_cell[b]);
      }
    }
    for (std::size_t i = 0; i < m_region.size(); ++i) {
      for (int to : m_adjacent[m_region[i]]) {
        const int digit = m_digit_of[to];
        if (digit >= 0 && entries[digit] > d) {
          entries[digit] = static_cast<std::uint8_t>(d);
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
        std::uint8_t &e = dist[target * free_cells + (from - below)];
        if (e > d + 1) {
          e = static_cast<std::uint8_t>(d + 1);
        }
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
// scan of the array in order, so only the tile moves touch memory at
// random; no queue is kept. A block's table entry is the first layer that
// reaches it.
void PatternDatabases::build_table(std::size_t p,
                                   const std::function<bool()> &stop) {
  const int n = m_rows * m_cols;
  const std::vector<int> &pattern = m_patterns[p];
  const int k = static_cast<int>(pattern.size());
  const int free_cells = n - k; // the blank's digit's radix
  const std::uint64_t blocks = static_cast<std::uint64_t>(falling(n, k));
  std::vector<std::uint8_t> dist(blocks * free_cells, k_unknown);
  std::vector<std::uint8_t> &table = m_tables.emplace_back(blocks, k_unknown);
  BlockScan scan(*this, k);
  // The goal: the pattern's tiles home, the blank on its goal cell.
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
  for (int d = 0;; ++d) {
    if (d + 1 >= k_unknown) {
      throw std::logic_error("pattern databases: a distance above 254");
    }
    bool any = false;
    for (std::uint64_t block = 0; block < blocks; ++block) {
      if ((block & 0xFFFF) == 0 && stop && stop()) {
        throw Stopped{};
      }
      std::uint8_t *entries = &dist[block * free_cells];
      bool here = false;
      for (int b = 0; b < free_cells && !here; ++b) {
        here = entries[b] == d;
      }
      if (!here) {
        continue;
      }
      any = true;
      scan.enter(block);
      if (table[block] == k_unknown) {
        table[block] = static_cast<std::uint8_t>(d);
      }
      scan.flood(entries, free_cells, d);
      scan.slide(dist, free_cells, d);
    }
    if (!any) {
      break;
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

void PatternDatabases::write(std::ostream &out) const {
  std::string body = k_magic;
  put(body, k_file_version);
  put(body, static_cast<std::int32_t>(m_rows));
  put(body, static_cast<std::int32_t>(m_cols));
  for (int v : m_goal) {
    put(body, static_cast<std::int32_t>(v));
  }
  put(body, static_cast<std::int32_t>(m_patterns.size()));
  for (std::size_t p = 0; p < m_patterns.size(); ++p) {
    put(body, static_cast<std::int32_t>(m_patterns[p].size()));
    for (int t : m_patterns[p]) {
      put(body, static_cast<std::int32_t>(t));
    }
    put(body, static_cast<std::uint64_t>(m_tables[p].size()));
    body.append(m_tables[p].begin(), m_tables[p].end());
  }
  put(body, fnv1a(body));
  out.write(body.data(), static_cast<std::streamsize>(body.size()));
}

std::optional<PatternDatabases>
PatternDatabases::read(std::istream &in, int rows, int cols,
                       const std::vector<int> &goal,
                       const std::vector<std::vector<int>> &patterns,
                       std::string &why) {
  const std::string all((std::istreambuf_iterator<char>(in)),
                        std::istreambuf_iterator<char>());
  const std::size_t magic = std::strlen(k_magic);
  std::uint64_t checksum = 0;
  std::size_t at = all.size() < 8 ? 0 : all.size() - 8;
  if (all.size() < magic + 8 || all.compare(0, magic, k_magic) != 0 ||
      !get(all, at, checksum) || fnv1a(all.substr(0, all.size() - 8)) != checksum) {
    why = "not a pattern database file, or corrupted (checksum)";
    return std::nullopt;
  }
  const std::string body = all.substr(0, all.size() - 8);
  at = magic;
  std::uint32_t version = 0;
  std::int32_t r = 0, c = 0;
  if (!get(body, at, version) || version != k_file_version) {
    why = "written by another version";
    return std::nullopt;
  }
  PatternDatabases db;
  std::int32_t count = 0;
  bool ok = get(body, at, r) && get(body, at, c) && r == rows && c == cols;
  for (int i = 0; ok && i < rows * cols; ++i) {
    std::int32_t v = 0;
    ok = get(body, at, v) && v == goal[i];
  }
  ok = ok && get(body, at, count) &&
       count == static_cast<std::int32_t>(patterns.size());
  for (std::int32_t p = 0; ok && p < count; ++p) {
    std::int32_t size = 0;
    ok = get(body, at, size) &&
         size == static_cast<std::int32_t>(patterns[p].size());
    for (std::int32_t i = 0; ok && i < size; ++i) {
      std::int32_t t = 0;
      ok = get(body, at, t) && t == patterns[p][i];
    }
    std::uint64_t entries = 0;
    ok = ok && get(body, at, entries) &&
         entries == static_cast<std::uint64_t>(falling(rows * cols, size)) &&
         body.size() - at >= entries;
    if (ok) {
      db.m_tables.emplace_back(body.begin() + static_cast<long>(at),
                               body.begin() + static_cast<long>(at + entries));
      at += entries;
    }
  }
  if (!ok || at != body.size()) {
    why = "made for another board, goal or partition";
    return std::nullopt;
  }
  db.m_rows = rows;
  db.m_cols = cols;
  db.m_goal = goal;
  db.m_patterns = patterns;
  db.index_tiles();
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

} // namespace

bool pattern_databases_cached(int rows, int cols,
                              const std::vector<int> &goal) {
  const std::string file =
      cache_file(pattern_cache_directory(), rows, cols, goal,
                 PatternDatabases::default_partition(rows, cols, goal));
  std::error_code error;
  return !file.empty() && std::filesystem::exists(file, error);
}

PatternDatabases
cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                         const std::function<void(const std::string &)> &note,
                         const std::function<bool()> &stop) {
  namespace fs = std::filesystem;
  const auto patterns = PatternDatabases::default_partition(rows, cols, goal);
  const std::string dir = pattern_cache_directory();
  const auto say = [&](const std::string &text) {
    if (note) {
      note(text);
    }
  };
  const std::string file = cache_file(dir, rows, cols, goal, patterns);
  if (!file.empty()) {
    std::ifstream in(file, std::ios::binary);
    if (in) {
      std::string why;
      if (auto db = PatternDatabases::read(in, rows, cols, goal, patterns, why)) {
        return std::move(*db);
      }
      say("pattern database cache " + file + " is unusable (" + why +
          "): rebuilding it");
    }
  }
  say("building the pattern databases " +
      PatternDatabases::cache_key(rows, cols, goal, patterns) +
      (file.empty() ? std::string(" (no cache directory)")
                    : " once, cached in " + dir));
  PatternDatabases db(rows, cols, goal, patterns, stop);
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
      fs::remove(part, error);
      say("cannot write the pattern database cache in " + dir +
          " (built again next time)");
      return db;
    }
  }
  fs::rename(part, file, error);
  if (error) {
    fs::remove(part, error);
  }
  return db;
}

} // namespace satslide::encoder
