// How the tiles are cut into patterns: the family's own partition and
// the one of at most k tiles a pattern asked for.
#include "satslide/search/pattern_databases.hpp"

#include "satslide/search/pattern_limits.hpp"

#include <algorithm>
#include <climits>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace satslide::search {

using namespace pattern_limits;

namespace {

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

// Whether the goal blank lies in the first half of the cells in the
// order bisect() first cuts the whole board: along its longer side, rows
// first on a square.
bool blank_in_first_half(int rows, int cols, const std::vector<int> &goal) {
  const int blank = static_cast<int>(
      std::find(goal.begin(), goal.end(), 0) - goal.begin());
  const int index = cols > rows ? (blank % cols) * rows + blank / cols : blank;
  return 2 * index < rows * cols;
}

// As few patterns of m tiles as k a pattern allows, each of k but the
// last two, which share the rest evenly (the 24-puzzle with 7: 7-7-5-5; a
// pattern of the few tiles left over, 3-7-7-7, searched 2-4.7x the nodes
// of 6-6-6-6: benchmarks/RESULTS.md, "Seven tiles a pattern"), the larger
// first where the goal blank is in the first half of the order bisect()
// cuts, else last (the 15-puzzle's 7-8, its blank in the 8).
std::vector<int> pattern_sizes(int m, int k, bool larger_first) {
  const int count = (m + k - 1) / k;
  std::vector<int> sizes(static_cast<std::size_t>(count), k);
  if (count >= 2) {
    const int rest = m - k * (count - 2);
    sizes[0] = rest / 2;
    sizes[1] = rest - rest / 2;
  } else {
    sizes[0] = m;
  }
  std::sort(sizes.begin(), sizes.end());
  if (larger_first) {
    std::reverse(sizes.begin(), sizes.end());
  }
  return sizes;
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
    std::ostringstream why;
    why.precision(2);
    why << "pattern databases: patterns of " << max_tiles << " tiles on " << n
        << " cells would need a table of more than " << k_max_entries
        << " entries or a search of more than " << k_max_search
        << " placements";
    throw std::invalid_argument(why.str());
  }
  std::vector<int> cells;
  for (int c = 0; c < n; ++c) {
    if (goal[c] != 0) {
      cells.push_back(c);
    }
  }
  const std::vector<int> sizes =
      pattern_sizes(static_cast<int>(cells.size()), max_tiles,
                    blank_in_first_half(rows, cols, goal));
  const int count = static_cast<int>(sizes.size());
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
        << " (the 24-puzzle's 7-7-5-5 search 8.8e10 in about 25 minutes): "
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

std::vector<std::vector<int>>
PatternDatabases::blocks_partition(int rows, int cols,
                                   const std::vector<int> &goal) {
  if (rows < 2 || cols < 2) {
    throw std::invalid_argument("pattern databases: blocks of 2x2 cells "
                                "need at least 2 rows and 2 columns");
  }
  const auto cell = [cols](int r, int c) { return r * cols + c; };
  // The cells holding tiles in the goal (the blank's goal cell in none).
  const auto tiles = [&goal](std::vector<int> cells) {
    cells.erase(std::remove_if(cells.begin(), cells.end(),
                               [&goal](int c) { return goal[c] == 0; }),
                cells.end());
    return cells;
  };
  std::vector<std::vector<int>> patterns;
  for (int r = 0; r + 1 < rows; r += 2) {
    for (int c = 0; c + 1 < cols; c += 2) {
      add_chunks(goal,
                 tiles({cell(r, c), cell(r, c + 1), cell(r + 1, c),
                        cell(r + 1, c + 1)}),
                 k_block_tiles, patterns);
    }
  }
  // The cells no block took (an odd side's): the last column down, then
  // the last row leftwards, in runs of k_block_tiles along that edge.
  std::vector<int> rest;
  if (cols % 2 == 1) {
    for (int r = 0; r < rows; ++r) {
      rest.push_back(cell(r, cols - 1));
    }
  }
  if (rows % 2 == 1) {
    for (int c = cols - 1 - cols % 2; c >= 0; --c) {
      rest.push_back(cell(rows - 1, c));
    }
  }
  add_chunks(goal, tiles(rest), k_block_tiles, patterns);
  check_patterns(rows, cols, patterns);
  return patterns;
}

} // namespace satslide::search
