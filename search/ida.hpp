// Iterative deepening A* (Korf 1985) for the sliding-tile puzzle over
// additive pattern databases: depth-first searches bounded by f = g + h,
// each threshold the smallest f that exceeded the one before, rounded up
// to the optimum's parity. A threshold searched to the end proves that no
// plan is that short; the first plan found is optimal. Explicit search,
// no SAT: the anchor the SAT engines are measured and checked against.
#pragma once

#include "satslide/search/dual_tables.hpp"
#include "satslide/search/pattern_databases.hpp"

#include <functional>
#include <vector>

namespace satslide::search {

struct IdaOptions {
  int parity = 0;     // every plan's length has this parity (0 or 1)
  int max_length = -1; // no threshold above this; -1 = no limit
  // Weighted IDA* (f = g + weight/100 * h, Korf 1993): the first plan is
  // at most weight/100 times the optimum and found with far fewer nodes;
  // 100 is IDA* itself, optimal.
  int weight_percent = 100;
  // Only plans shorter than this (a plan at hand); -1 = any plan.
  int shorter_than = -1;
  // Workers searching each threshold's subtrees side by side; the plan
  // is the one thread's (the first in its order), the nodes a few more.
  unsigned threads = 1;
  // Paths that end in a string of moves some no longer, earlier string
  // does the same with are not searched (search/duplicate_paths.hpp);
  // false: only the move back (for comparisons).
  bool prune_duplicates = true;
  // Dual lookups too (search/dual_tables.hpp): the larger of the bounds,
  // a child's value raising its parent's (bidirectional pathmax: a parent
  // is at least its child's bound less one move). Tables for `databases`
  // (the call throws std::invalid_argument otherwise); nullptr: none.
  const DualTables *dual = nullptr;
  // Other databases of the same board and goal (another partition), their
  // bound maxed with `databases`' at every node: each set's sum (and its
  // transposed board's) is looked up only where the ones before do not
  // cut the position. At most four sums in all (two sets on a square
  // board); the dual lookups stay `databases`' own.
  std::vector<const PatternDatabases *> more_databases;
  // Polled every 2^16 nodes; true stops the search (time, a signal).
  std::function<bool()> stop;
  // After each threshold searched to the end without a plan: (the
  // threshold, nodes in that iteration, nodes so far).
  std::function<void(int, long, long)> on_threshold;
};

struct IdaResult {
  bool found = false;
  // The blank's path: the cell it moves into at each step (the tile
  // there slides the other way).
  std::vector<int> blank_path;
  int start_bound = 0;    // the databases' bound on the start
  // Proven: no plan of this length or shorter (weighted: the start's
  // bound only; its thresholds prove nothing about the optimum).
  int no_plan_up_to = -1;
  long nodes = 0;         // positions generated, all iterations
  long dual_cuts = 0;     // positions cut by the dual bound alone
  long pathmax_cuts = 0;  // positions cut by a child's bound less one
  int thresholds = 0;     // iterations searched
  bool stopped = false;   // the stop test ended it
  bool limit = false;     // max_length reached without a plan
};

// `board` row-major with 0 the blank, solvable toward the databases' goal
// (the caller checks parity: an unsolvable board would search forever,
// or up to max_length).
IdaResult ida_search(const PatternDatabases &databases,
                     const std::vector<int> &board, const IdaOptions &options);

} // namespace satslide::search
