// The sizes every pattern database of satslide keeps within, shared by
// the partition (which refuses what would not fit), the build and the
// cache file (which size their tables). Private to search/.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace satslide::search::pattern_limits {

// A table's search marks each (pattern tiles, blank) placement with two
// bits: the family's own partition keeps a search under 6e7 placements
// (seconds, 15 MB); a partition asked for may go to 4.4e10 (the
// 24-puzzle's 7-tile tables: 4.36e10 placements, 10.9 GB of marks, some
// twelve minutes each on two cores) with a table of at most 2.5e9 entries
// (one byte each; 2.42e9 for those), as long as the build fits the
// machine's memory (PatternDatabases::check_memory).
constexpr double k_max_placements = 6e7;
constexpr double k_max_search = 4.4e10;
constexpr double k_max_entries = 2.5e9;
// The tables of a partition together: at most this many placements
// searched (the 24-puzzle's 7-7-5-5 search 8.8e10, about 25 minutes
// here; 6 tiles a pattern on 6x6, six tables of 4.2e10, do not pass).
constexpr double k_max_total_search = 1.4e11;
// Boards of at most 64 cells (a cell set is a 64-bit word elsewhere),
// patterns of at most 9 tiles.
constexpr int k_max_cells = 64;
constexpr int k_max_pattern = 9;
// An entry the build has not reached (no bound at all).
constexpr std::uint8_t k_unknown = 0xFF;

// n (n-1) ... (n-m+1): placements of m distinct items on n cells.
inline double falling(int n, int m) {
  double f = 1;
  for (int i = 0; i < m; ++i) {
    f *= n - i;
  }
  return f;
}

// The bytes a build of these patterns' tables on n cells holds at
// its peak: every table (a byte an entry) and, beside them, the largest
// search's marks (a quarter byte a placement) and its two frontiers (a
// bit a placement of the tiles).
inline double build_peak_bytes(int n,
                               const std::vector<std::vector<int>> &patterns) {
  double tables = 0, search = 0;
  for (const std::vector<int> &pattern : patterns) {
    const int size = static_cast<int>(pattern.size());
    const double entries = falling(n, size);
    tables += entries;
    search = std::max(search, falling(n, size + 1) / 4 + entries / 4);
  }
  return tables + search;
}

} // namespace satslide::search::pattern_limits
