// 2-group pattern databases read off a task (Culberson & Schaeffer):
// the joint distance to the goal of two exactly-one groups, searched
// backwards over pairs of their fluents, moved by the actions that move
// either group. For the n-puzzle, pairs of tiles (which see linear
// conflicts and more); nothing here knows the puzzle. Additive over
// disjoint pairs when every action moves one group (Korf & Felner).
#pragma once

#include "satslide/task/task.hpp"
#include "satslide/task/task_distances.hpp"

#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace satslide::task {

// Facts about the task the pair abstraction needs.
struct GroupMoves {
  std::vector<std::vector<int>> groups_of; // fluent -> groups holding it
  // Per action: the group of `chosen` it moves, from which to which
  // fluent; group -1 if it moves none of them.
  struct Move {
    int group = -1, from = -1, to = -1;
  };
  std::vector<Move> moves;

  // p and q share an exactly-one group, so they never hold together.
  bool mutex(int p, int q) const;
};

GroupMoves analyse_moves(const Task &task, const std::vector<int> &chosen);

// Joint distances to the goal of groups g1, g2, indexed [i1 * |g2| + i2]
// by member positions; TaskDistances::k_unreachable where none.
std::vector<int> pair_distances(const Task &task, const GroupMoves &s, int g1,
                                int g2);

// Every pair of the chosen groups (sorted, each pair (low, high)) with its
// database, ranked by how much the joint distance beats the sum of the
// single ones: at the start first, then summed over all member pairs.
struct PairDatabases {
  std::map<std::pair<int, int>, std::vector<int>> table;
  std::vector<std::pair<std::pair<long, long>, std::pair<int, int>>> ranked;
};
// The entries of all the chosen pairs' databases, sum of |g1| * |g2|:
// their memory (4 bytes each) and, times the moves per entry, their time.
long pair_database_entries(const Task &task, const std::vector<int> &chosen);

// Above this many entries the databases are not built: about 40 MB and a
// few seconds (the 8x8 n-puzzle has 8.3 million; a 16x16 board would
// need 2.1 billion, 8.5 GB and hours).
constexpr long k_max_pair_entries = 10'000'000;

PairDatabases pair_databases(const Task &task, const TaskDistances &distances,
                             const GroupMoves &s,
                             const std::vector<int> &chosen,
                             const std::function<int(int)> &initial_member);

} // namespace satslide::task
