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

#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/task/task.hpp"
#include "satslide/task/task_distances.hpp"

#include <utility>
#include <vector>

namespace satslide::encoder {

// One admissible heuristic's account: per action its excess as
// (condition fluent, excess) pairs, its value h0 at the start, and the
// running count of excess spent.
struct BudgetLedger {
  std::vector<std::vector<std::pair<int, int>>> excess;
  // h's terms: one group's distance to the goal (partner -1), or a pair's
  // joint distance (group < partner, indexed member * |partner| + member).
  struct Term {
    int group = 0;
    int partner = -1;
    std::vector<int> distance;
  };
  std::vector<Term> terms;
  int h0 = 0;
  std::vector<std::vector<int>> count; // [t][j-1]: steps < t spent >= j
};

class PlanBudget {
public:
  // rounds = 0: single group distances; r > 0: r pairings of groups, each
  // avoiding the pairs of the earlier ones (one ledger each).
  PlanBudget(const task::Task &task, const task::TaskDistances &distances,
             int rounds);

  int ledgers() const { return static_cast<int>(m_ledgers.size()); }

  // Excess of action a in a ledger, 0 (one step closer), 1 or 2 (one step
  // farther; capped, which keeps the constraint sound), as (condition
  // fluent, excess) pairs: the excess applies when the condition fluent
  // holds before the action; condition -1 means always.
  const std::vector<std::pair<int, int>> &excess(int ledger, int action) const {
    return m_ledgers[ledger].excess[action];
  }

  // The largest h0 over the ledgers: a lower bound on plan length.
  int initial_bound() const { return m_h0; }

  // A ledger's h at any state (the same heuristic, another start), and
  // the largest over the ledgers: a lower bound on plan length from s.
  int h(int ledger, const task::State &s) const;
  int bound_from(const task::State &s) const;

  // Step t's indicators in a ledger: spend[0] "excess >= 1", spend[1]
  // "excess >= 2". The caller makes each action imply its excess.
  // Requires steps 0..t-1 added to this ledger.
  std::vector<int> add_step(int ledger, ClauseSink &sink);

  // The literal "more than n - h0 excess spent in n steps" of a ledger:
  // assert its negation for horizon n. 0 if it cannot happen. Requires
  // n >= initial_bound().
  int overspent(int ledger, int n) const;
  // The same for a plan of n steps from a start whose h in this ledger is
  // h_start (a formula with a free first layer: assumed per start).
  int overspent(int ledger, int n, int h_start) const;

private:
  const task::Task &m_task;
  std::vector<BudgetLedger> m_ledgers;
  int m_h0 = 0;
};

} // namespace satslide::encoder
