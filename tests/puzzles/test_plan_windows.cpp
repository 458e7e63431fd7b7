// Shortening plans (puzzles/npuzzle/plan_windows.hpp): revisits cut out
// and windows re-solved end on the same board with no more moves; a
// detour added to an optimal plan is removed; on boards of 3x3 the result
// is never below the optimum (breadth-first search).
#include "satslide/puzzles/npuzzle/constructive.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/puzzles/npuzzle/plan_windows.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

using namespace satslide;
using puzzles::NPuzzle;

TEST_SUITE("puzzles::plan_windows") {

  TEST_CASE("windows: the same last board, never more moves, never below "
            "the optimum, on constructive plans of random boards") {
    std::mt19937 rng(59);
    int boards = 0;
    for (const auto &[rows, cols] :
         {std::pair{3, 3}, {3, 4}, {4, 4}, {5, 5}, {6, 4}, {7, 7}}) {
      for (int k = 0; k < 3; ++k) {
        const NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        const auto plan = *p.constructive_plan();
        puzzles::ShortenOptions o;
        int calls = 0;
        std::size_t last = plan.size();
        o.on_plan = [&](const task::Plan &shorter, const std::string &) {
          CHECK(shorter.size() < last);
          CHECK(p.replay(shorter).solved);
          last = shorter.size();
          ++calls;
        };
        const auto s = p.shorten_plan(plan, o);
        REQUIRE(s);
        CAPTURE(p.draw());
        CHECK(p.replay(s->plan).solved);
        CHECK(s->plan.size() <= plan.size());
        CHECK(s->plan.size() == last);
        CHECK(s->shortened <= s->windows);
        if (rows * cols == 9) {
          CHECK(static_cast<int>(s->plan.size()) == test::bfs_distance(p));
        }
        ++boards;
      }
    }
    CHECK(boards >= 8);
  }

  TEST_CASE("a detour into an optimal plan and out again is cut out") {
    const NPuzzle p(3, 3, {1, 2, 3, 4, 5, 6, 0, 7, 8},
                    NPuzzle::default_goal(3, 3));
    // The blank: right, right (the goal); with a detour up and back
    // first, and one up and back after the first step.
    const std::vector<int> detour = {3, 6, 7, 4, 7, 8};
    const std::vector<int> cut = puzzles::cut_revisits(p.board(), detour);
    CHECK(cut == std::vector<int>{7, 8});
    puzzles::WindowStats stats;
    CHECK(puzzles::shorten_blank_path(3, 3, p.board(), detour, {}, stats) ==
          std::vector<int>{7, 8});
    CHECK(stats.loops_cut == 4);
  }
}
