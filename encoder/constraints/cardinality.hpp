// At-most-one and exactly-one constraints over literals, in the encodings
// the SAT-planning literature compares (see SAT-PLANNING-NOTES §1).
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"

#include <string_view>
#include <vector>

namespace satslide::encoder {

enum class AmoKind {
  pairwise, // n(n-1)/2 binary clauses, no auxiliary variables
  ladder,   // sequential counter (Sinz 2005): 3n clauses, n-1 auxiliaries
};

// At most one of `lits` is true. Small groups always use pairwise
// clauses, where the ladder's auxiliaries would not pay for themselves.
void at_most_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink);

// Exactly one of `lits` is true: one at-least-one clause plus at_most_one.
void exactly_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink);

// Exactly k of `lits` are true: a totalizer (Bailleux & Boufkhad 2003)
// in both directions, counting only up to k + 1.
void exactly_k(const std::vector<int> &lits, int k, ClauseSink &sink);

} // namespace satslide::encoder
