// One step of a Task as CNF over two state layers, "now" and "next": the
// transition relation T(x, x') that property-directed reachability (IC3)
// queries one step at a time, where the horizon encodings unroll it.
#pragma once

#include "cardinality.hpp"
#include "clause_sink.hpp"
#include "task.hpp"

#include <vector>

namespace satslide::encoder {

struct TransitionRelation {
  std::vector<int> now;     // [f] variable of fluent f before the step
  std::vector<int> next;    // [f] variable of fluent f after the step
  std::vector<int> actions; // [a] variable of action a
};

// Exactly one action per step, its preconditions on `now`, its effects on
// `next`, explanatory frame axioms, and every exactly-one group on both
// layers. No initial state and no goal: the caller assumes those.
TransitionRelation encode_transition(const Task &task, AmoKind amo,
                                     ClauseSink &sink);

} // namespace satslide::encoder
