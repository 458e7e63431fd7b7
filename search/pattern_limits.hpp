// The sizes every pattern database of satslide keeps within, shared by
// the partition (which refuses what would not fit), the build and the
// cache file (which size their tables). Private to search/.
#pragma once

#include <cstdint>

namespace satslide::search::pattern_limits {

// A table's search marks each (pattern tiles, blank) placement with two
// bits: the family's own partition keeps a search under 6e7 placements
// (seconds, 15 MB); a partition asked for may go to 5e9 (minutes, 1.25 GB)
// with a table of at most 6e8 entries (one byte each).
constexpr double k_max_placements = 6e7;
constexpr double k_max_search = 5e9;
constexpr double k_max_entries = 6e8;
// The tables of a partition together: at most this many placements
// searched (the 24-puzzle's 6-6-6-6 search 9.7e9; 4 tiles a pattern on
// 8x8, sixteen tables of 9.1e8 each, some 45 minutes, do not pass).
constexpr double k_max_total_search = 2 * k_max_search;
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

} // namespace satslide::search::pattern_limits
