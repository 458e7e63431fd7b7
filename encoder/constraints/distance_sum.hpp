// The lower bound as a constraint: at every step t, the sum over a set of
// independent exactly-one groups of each group's distance to the goal
// must not exceed the n - t steps left (and the sum of distances from the
// start must not exceed t). It is the SAT counterpart of IDA*'s pruning
// f = g + h <= n; for the n-puzzle the sum is the Manhattan distance.
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/task/task.hpp"
#include "satslide/task/task_distances.hpp"

#include <vector>

namespace satslide::encoder {

// Groups such that no action moves the true fluent of two of them: then
// each step changes the sum of their own distances by at most one, so the
// sum is admissible. A maximum-weight independent set would be best; we
// take the greedy GWMIN choice (Sakai, Togasaki & Yamazaki 2003): largest
// distance range per conflicting group first.
std::vector<int> independent_groups(const task::Task &task,
                                    const task::TaskDistances &distances);

class DistanceSum {
public:
  // `distance[g][i]`: the distance of member i of group g in g's own
  // transition graph (to the goal, or from the start).
  DistanceSum(const task::Task &task, const std::vector<int> &groups,
              const std::vector<std::vector<int>> &distance);

  // Encodes, for the layer whose fluent variables are `vars`, a unary
  // number s with s[j-1] true whenever the distance sum is >= j (only
  // that direction: it serves upper bounds). Returns s.
  std::vector<int> encode(const std::vector<int> &vars, ClauseSink &sink) const;

private:
  struct Term {
    std::vector<std::pair<int, int>> fluents; // (fluent, distance >= 1)
    int max_distance;
  };
  std::vector<Term> m_terms;
  int m_max_sum = 0;
};

} // namespace satslide::encoder
