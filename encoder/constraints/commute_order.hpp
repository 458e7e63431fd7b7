// Partial-order reduction for sequential plans: two consecutive moves
// whose footprints (preconditions and effects) are disjoint commute, so
// only the order with the lower-numbered move first is kept. Among the
// optimal plans the lexicographically least survives, hence optimality is
// kept; the solver no longer explores every interleaving of independent
// moves, which block puzzles have in plenty (cf. Rintanen, Heljanko &
// Niemela's independence for parallel steps, used here to order steps).
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"

#include <vector>

namespace satslide::encoder {

class CommuteOrder {
public:
  // footprints[c]: the fluents step choice c reads or writes.
  CommuteOrder(int num_fluents, std::vector<std::vector<int>> footprints);

  // Adds the ordering between step t-1 and step t, whose choice variables
  // are `choices`, and the helper variables of step t. Call once per
  // step, in order.
  void encode_step(const std::vector<int> &choices, ClauseSink &sink);

private:
  std::vector<std::vector<int>> m_footprints;
  std::vector<std::vector<int>> m_touching; // fluent -> choices touching it
  std::vector<int> m_touched;  // previous step: fluent touched (or 0)
  std::vector<int> m_at_least; // previous step: choice index >= k
};

} // namespace satslide::encoder
