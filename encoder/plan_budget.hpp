// The lower bound as a budget. Let h be an additive admissible heuristic
// over the task's exactly-one groups; a step costs 1 + (change of h)
// "excess", and every plan of n steps spends exactly n - h(start). So "at
// most n - h0 excess" is a horizon-wide cardinality constraint; for the
// n-puzzle with Manhattan it says "at most (n - h0) / 2 moves away from
// the goal", IDA*'s pruning g + h <= n at every step, as one sequential
// counter over the steps (Sinz 2005).
//
// h sums, over independent groups (no action moves two), either a group's
// own distance to the goal or, for pairs of groups, their joint distance
// in the pair's abstraction (a 2-group pattern database, Culberson &
// Schaeffer; additive because each action moves one group: Korf & Felner's
// disjoint databases). For the n-puzzle pairs see linear conflicts and
// more. Everything is read off the task, nothing off the puzzle.
#pragma once

#include "clause_sink.hpp"
#include "task.hpp"
#include "task_distances.hpp"

#include <utility>
#include <vector>

namespace satslide::encoder {

class PlanBudget {
public:
  PlanBudget(const Task &task, const TaskDistances &distances, bool pairs);

  // Excess of action a, 0 (one step closer), 1 or 2 (one step farther;
  // capped, which keeps the constraint sound), as (condition fluent,
  // excess) pairs: the excess applies when the condition fluent holds
  // before the action; condition -1 means always.
  const std::vector<std::pair<int, int>> &excess(int action) const {
    return m_excess[action];
  }

  int initial_bound() const { return m_h0; }

  // Step t's indicators: spend[0] "excess >= 1", spend[1] "excess >= 2".
  // The caller makes each action imply its excess. Requires steps 0..t-1.
  std::vector<int> add_step(ClauseSink &sink);

  // The literal "more than n - h0 excess spent in n steps": assert its
  // negation for horizon n. 0 if it cannot happen. Requires n >= h0.
  int overspent(int n) const;

private:
  std::vector<std::vector<std::pair<int, int>>> m_excess;
  int m_h0 = 0;
  std::vector<std::vector<int>> m_count; // [t][j-1]: steps < t spent >= j
};

} // namespace satslide::encoder
