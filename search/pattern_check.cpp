// What can be checked cheaply of tables read from a file, so that a
// damaged cache (its checksum recomputed after an edit, or a flipped bit
// the checksum happened to miss) is refused rather than trusted: a table
// whose entries are too high makes IDA* prune the optimal plan and call
// a longer one optimal.
//
// Two facts of every table the build makes: the goal's placement is the
// only one at 0 (placements the search cannot reach, e.g. of the wrong
// parity when a pattern holds every tile, keep the build's "unknown",
// which is no bound at all); and an entry never exceeds the moves of its pattern's tiles on any
// path to the goal. Random walks from the goal are such paths (reversed),
// so each placement they pass is checked against the moves of its tiles
// so far: a sample, the placements near the goal most densely, which is
// where a search ends.
#include "satslide/search/pattern_databases.hpp"

#include "satslide/search/grid_cells.hpp"
#include "satslide/search/pattern_limits.hpp"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace satslide::search {

using pattern_limits::k_max_cells;

namespace {

// The walks: enough steps to check some ten thousand placements of each
// table in well under a second.
constexpr int k_check_walks = 64;
constexpr int k_check_walk_length = 400;
constexpr std::uint64_t k_check_seed = 0x5a7511de;

} // namespace

std::uint64_t PatternDatabases::placement_rank(std::size_t p,
                                               const std::vector<int> &at) const {
  int cells[k_max_cells];
  const auto &pattern = m_patterns[p];
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    cells[i] = at[pattern[i]];
  }
  return rank(cells, static_cast<int>(pattern.size()));
}

bool PatternDatabases::check(std::string &why) const {
  const int n = m_rows * m_cols;
  std::vector<int> goal_cell(n);
  for (int c = 0; c < n; ++c) {
    goal_cell[m_goal[c]] = c;
  }
  return check_zeros(goal_cell, why) && check_walks(goal_cell, why);
}

// The goal's placement alone at 0 in every table.
bool PatternDatabases::check_zeros(const std::vector<int> &goal_cell,
                                   std::string &why) const {
  for (std::size_t p = 0; p < m_tables.size(); ++p) {
    const auto &table = m_tables[p];
    if (table[placement_rank(p, goal_cell)] != 0) {
      why = "damaged: table " + std::to_string(p + 1) +
            " does not give the goal 0";
      return false;
    }
    if (std::count(table.begin(), table.end(), std::uint8_t{0}) != 1) {
      why = "damaged: table " + std::to_string(p + 1) +
            " gives 0 to a placement other than the goal's";
      return false;
    }
  }
  return true;
}

// No entry above its tiles' moves along random walks from the goal.
bool PatternDatabases::check_walks(const std::vector<int> &goal_cell,
                                   std::string &why) const {
  const int n = m_rows * m_cols;
  std::vector<std::vector<int>> adjacent(n);
  for (int c = 0; c < n; ++c) {
    adjacent[c] = grid_neighbours(m_rows, m_cols, c);
  }
  std::mt19937_64 random(k_check_seed);
  for (int w = 0; w < k_check_walks; ++w) {
    std::vector<int> at = goal_cell; // tile -> cell
    std::vector<int> board = m_goal; // cell -> tile
    std::vector<int> moves(m_patterns.size(), 0);
    int blank = goal_cell[0];
    for (int step = 0; step < k_check_walk_length; ++step) {
      const std::vector<int> &next = adjacent[blank];
      if (next.empty()) {
        break; // a 1x1 board
      }
      const int to = next[random() % next.size()];
      const int tile = board[to];
      std::swap(board[to], board[blank]);
      at[tile] = blank;
      at[0] = to;
      blank = to;
      const int p = m_pattern_of[tile];
      if (p < 0) {
        continue;
      }
      ++moves[p];
      const int entry = m_tables[p][placement_rank(p, at)];
      if (entry > moves[p]) {
        why = "damaged: table " + std::to_string(p + 1) + " gives " +
              std::to_string(entry) + " to a placement its tiles leave in " +
              std::to_string(moves[p]) + " moves";
        return false;
      }
    }
  }
  return true;
}

} // namespace satslide::search
