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
#include <tuple>

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

  TEST_CASE("beam search over the tables: a move's bound from its parent's "
            "(the moved tile's pattern, both sums where the transposed board "
            "counts) keeps the beam of the whole bound recomputed") {
    std::mt19937 rng(57);
    int beams = 0;
    // 3x3 and 4x4 count the transposed board (a square, the blank's goal
    // on the diagonal), 2x4 does not.
    for (const auto &[rows, cols, patterns] :
         {std::tuple{3, 3, std::vector<std::vector<int>>{{1, 2, 4, 7}, {3, 5, 6, 8}}},
          {2, 4, {{1, 2, 5}, {3, 4, 6, 7}}},
          {4, 4, {{1, 2, 3, 5}, {4, 8, 12}, {6, 7, 9, 10}, {11, 13, 14, 15}}}}) {
      const std::vector<int> goal = NPuzzle::default_goal(rows, cols);
      const PatternDatabases db(rows, cols, goal, patterns);
      CHECK(db.reflected() == (rows == cols));
      const int n = rows * cols;
      std::vector<int> child(n);
      const search::BeamBound whole = [&](const std::uint8_t *parent, int,
                                          int from, int to) {
        std::copy(parent, parent + n, child.begin());
        std::swap(child[from], child[to]);
        return db.bound(child);
      };
      for (int solvable = 0; solvable < 5;) {
        const NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        ++solvable;
        for (const int width : {1, 8, 64}) {
          CAPTURE(p.draw());
          CAPTURE(width);
          search::BeamOptions o;
          o.width = width;
          o.stall_layers = 40; // a beam of one may wander
          const search::BeamResult a = search::beam_search(db, p.board(), o);
          const search::BeamResult b = search::beam_search(
              rows, cols, p.board(), goal, db.bound(p.board()), whole, o);
          CHECK(a.found == b.found);
          CHECK(a.nodes == b.nodes);
          CHECK(a.best_bound == b.best_bound);
          CHECK(a.blank_path == b.blank_path);
          CHECK(a.best_path == b.best_path);
          ++beams;
        }
      }
    }
    CHECK(beams == 45);
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
