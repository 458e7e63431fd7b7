#include "puzzles/block_oracle.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide;
using solver::SolveResult;

TEST_SUITE("encoder::CommuteOrder") {

  // Random small Klotski boards with several pieces, so that independent
  // moves abound: the ordered encoding must keep the breadth-first optimum
  // (an order that cut every optimal plan would make it UNSAT).
  TEST_CASE("ordering independent moves keeps the optimum [slow]") {
    std::mt19937 rng(4711);
    int checked = 0;
    for (int round = 0; round < 30; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 4, 2, 1, 'E');
      for (const char *metric : {"step", "slide", "piece"}) {
        CAPTURE(rows);
        CAPTURE(metric);
        const int d = test::BlockOracle(
                          test::oracle_board(rows, 'A', 2, 3, false), metric)
                          .distance();
        if (d < 1 || d > 10) {
          continue;
        }
        const auto p = puzzles::make_puzzle({"klotski",
                                             {{"board", rows},
                                              {"goal_piece", "A"},
                                              {"goal_at", "2,3"},
                                              {"metric", metric}}});
        const task::Task task = p->compile();
        task::Plan plan;
        REQUIRE(test::solve_horizon(task, "ordered", d, &plan) ==
                SolveResult::sat);
        CHECK(p->replay(plan).solved);
        CHECK(test::solve_horizon(task, "ordered", d - 1) ==
              SolveResult::unsat);
        ++checked;
      }
    }
    CHECK(checked >= 15);
  }
}
