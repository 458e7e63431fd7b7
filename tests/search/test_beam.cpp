// Beam search (search/beam.hpp) over pattern databases: its plan walks
// from the board to the goal and is never shorter than the optimum
// (breadth-first search on whole small spaces), a wider beam is no worse
// on these boards, and a cap below the optimum leaves it without a plan.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/beam.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

using namespace satslide;
using puzzles::NPuzzle;
using search::PatternDatabases;

TEST_SUITE("search::beam") {

  TEST_CASE("beam search: a plan to the goal, never below the optimum, "
            "none under a cap below it, on random 3x3 and 2x4 boards") {
    std::mt19937 rng(31);
    int boards = 0;
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}}) {
      const std::vector<int> goal = NPuzzle::default_goal(rows, cols);
      std::vector<int> tiles(rows * cols - 1);
      for (int t = 1; t < rows * cols; ++t) {
        tiles[t - 1] = t;
      }
      const PatternDatabases db(rows, cols, goal, {tiles});
      for (int k = 0; k < 12; ++k) {
        const NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        const int optimum = test::bfs_distance(p);
        CAPTURE(p.draw());
        int last = -1;
        for (const int width : {1, 16, 256}) {
          search::BeamOptions o;
          o.width = width;
          const search::BeamResult r = search::beam_search(db, p.board(), o);
          if (!r.found) {
            continue; // a beam of 1 may die
          }
          // The puzzle's own rules: each step next to the blank, the
          // last board the goal (a step off the grid throws).
          CHECK(p.replay(p.plan_of_blank_path(r.blank_path)).solved);
          CHECK(static_cast<int>(r.blank_path.size()) >= optimum);
          last = static_cast<int>(r.blank_path.size());
        }
        // The whole space fits a beam of 256 on these boards except the
        // widest layers; a plan is always found by then.
        CHECK(last >= optimum);
        search::BeamOptions capped;
        capped.width = 256;
        capped.shorter_than = optimum;
        CHECK_FALSE(search::beam_search(db, p.board(), capped).found);
        ++boards;
      }
    }
    CHECK(boards >= 10);
  }

  TEST_CASE("beam search: a stop ends it without a plan") {
    const std::vector<int> goal = NPuzzle::default_goal(3, 3);
    const PatternDatabases db(3, 3, goal, {{1, 2, 3, 4, 5, 6, 7, 8}});
    search::BeamOptions o;
    o.stop = [] { return true; };
    const search::BeamResult r =
        search::beam_search(db, {8, 6, 7, 2, 5, 4, 3, 0, 1}, o);
    CHECK(r.stopped);
    CHECK_FALSE(r.found);
  }
}
