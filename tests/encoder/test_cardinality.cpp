#include "satslide/encoder/constraints/cardinality.hpp"
#include "satslide/solver/cadical_sink.hpp"

#include <doctest/doctest.h>

using namespace satslide;
using encoder::AmoKind;

TEST_SUITE("encoder::Cardinality") {

  // Counts the assignments of n literals that satisfy exactly_one, by
  // solving once per assignment under assumptions.
  int count_models(int n, AmoKind kind) {
    solver::CadicalSink sink;
    std::vector<int> lits;
    for (int i = 0; i < n; ++i) {
      lits.push_back(sink.new_var());
    }
    encoder::exactly_one(lits, kind, sink);
    int models = 0;
    for (int mask = 0; mask < (1 << n); ++mask) {
      std::vector<int> assumptions;
      for (int i = 0; i < n; ++i) {
        assumptions.push_back(mask >> i & 1 ? lits[i] : -lits[i]);
      }
      if (sink.solve(assumptions) == solver::SolveResult::sat) {
        ++models;
      }
    }
    return models;
  }

  TEST_CASE("exactly-one admits exactly the n one-hot assignments") {
    for (AmoKind kind : {AmoKind::pairwise, AmoKind::ladder}) {
      for (int n : {1, 2, 5, 9, 10, 13}) {
        CAPTURE(n);
        CHECK(count_models(n, kind) == n);
      }
    }
  }

  TEST_CASE("exactly-k admits exactly the n-choose-k assignments") {
    for (int n = 1; n <= 7; ++n) {
      for (int k = 0; k <= n; ++k) {
        CAPTURE(n);
        CAPTURE(k);
        solver::CadicalSink sink;
        std::vector<int> lits;
        for (int i = 0; i < n; ++i) {
          lits.push_back(sink.new_var());
        }
        encoder::exactly_k(lits, k, sink);
        int models = 0, expected = 0;
        for (int mask = 0; mask < (1 << n); ++mask) {
          std::vector<int> assumptions;
          int ones = 0;
          for (int i = 0; i < n; ++i) {
            assumptions.push_back(mask >> i & 1 ? lits[i] : -lits[i]);
            ones += mask >> i & 1;
          }
          const bool sat = sink.solve(assumptions) == solver::SolveResult::sat;
          CHECK(sat == (ones == k));
          models += sat;
          expected += ones == k;
        }
        CHECK(models == expected);
      }
    }
    // More than n: no assignment at all.
    solver::CadicalSink sink;
    const std::vector<int> lits{sink.new_var(), sink.new_var()};
    encoder::exactly_k(lits, 3, sink);
    CHECK(sink.solve({}) == solver::SolveResult::unsat);
  }

  TEST_CASE("the ladder is linear in size, pairwise quadratic") {
    encoder::CountingSink pairwise, ladder;
    std::vector<int> lits(20);
    for (int i = 0; i < 20; ++i) {
      lits[i] = pairwise.new_var();
      ladder.new_var();
    }
    encoder::at_most_one(lits, AmoKind::pairwise, pairwise);
    encoder::at_most_one(lits, AmoKind::ladder, ladder);
    CHECK(pairwise.num_clauses() == 190);
    CHECK(ladder.num_clauses() == 3 * 20 - 4);
    CHECK(ladder.num_vars() == 20 + 19);
  }
}
