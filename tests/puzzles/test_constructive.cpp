#include "satslide/puzzles/npuzzle/constructive.hpp"
#include "satslide/puzzles/npuzzle/manhattan_beam.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>

using namespace satslide::task;
using namespace satslide::search;
using namespace satslide::puzzles;
using namespace satslide::encoder;

namespace {

// A uniformly random solvable pair (board, goal) of the shape: both
// shuffled, two tiles of the board swapped where the parity says so.
NPuzzle random_pair(int rows, int cols, std::mt19937_64 &rng) {
  std::vector<int> board(rows * cols), goal(rows * cols);
  std::iota(board.begin(), board.end(), 0);
  std::iota(goal.begin(), goal.end(), 0);
  std::shuffle(board.begin(), board.end(), rng);
  std::shuffle(goal.begin(), goal.end(), rng);
  if (NPuzzle(rows, cols, board, goal).unsolvable_reason()) {
    const auto a = std::find_if(board.begin(), board.end(),
                                [](int v) { return v != 0; });
    const auto b = std::find_if(a + 1, board.end(),
                                [](int v) { return v != 0; });
    std::iter_swap(a, b);
  }
  return NPuzzle(rows, cols, board, goal);
}

} // namespace

TEST_SUITE("puzzles::constructive_blank_path") {

  TEST_CASE("every shape from 2x2 to 12x12, random goals: the plan replays "
            "to the goal") {
    std::mt19937_64 rng(57);
    int boards = 0;
    for (int rows = 2; rows <= 12; ++rows) {
      for (int cols = 2; cols <= 12; ++cols) {
        for (int k = 0; k < 4; ++k) {
          const NPuzzle p = random_pair(rows, cols, rng);
          REQUIRE_FALSE(p.unsolvable_reason());
          const auto plan = p.constructive_plan();
          REQUIRE(plan);
          const Replay r = p.replay(*plan);
          CAPTURE(rows);
          CAPTURE(cols);
          CHECK_FALSE(r.error);
          CHECK(r.solved);
          ++boards;
        }
      }
    }
    CHECK(boards == 11 * 11 * 4);
  }

  TEST_CASE("the blank's goal in every cell of a 4x5 board, and boards "
            "already solved") {
    std::mt19937_64 rng(5);
    for (int hole = 0; hole < 20; ++hole) {
      std::vector<int> goal(20);
      for (int i = 0, tile = 1; i < 20; ++i) {
        goal[i] = i == hole ? 0 : tile++;
      }
      const NPuzzle solved(4, 5, goal, goal);
      CHECK(solved.constructive_plan()->empty());
      std::vector<int> board = goal;
      std::shuffle(board.begin(), board.end(), rng);
      NPuzzle p(4, 5, board, goal);
      if (p.unsolvable_reason()) {
        std::swap(board[board[0] == 0 ? 1 : 0], board[board[2] == 0 ? 3 : 2]);
        p = NPuzzle(4, 5, board, goal);
      }
      REQUIRE_FALSE(p.unsolvable_reason());
      CAPTURE(hole);
      CHECK(p.replay(*p.constructive_plan()).solved);
    }
  }

  TEST_CASE("boards of at most 3x3 cells are the endgame alone: optimal, "
            "as breadth-first search says") {
    std::mt19937_64 rng(3);
    for (const auto &[rows, cols] :
         std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}}) {
      for (int k = 0; k < 6; ++k) {
        const NPuzzle p = random_pair(rows, cols, rng);
        CHECK(static_cast<int>(p.constructive_plan()->size()) ==
              satslide::test::bfs_distance(p));
      }
    }
  }

  TEST_CASE("long thin boards and a 40x40 one") {
    std::mt19937_64 rng(11);
    for (const auto &[rows, cols] :
         std::vector<std::pair<int, int>>{{2, 40}, {40, 2}, {3, 30}, {40, 40}}) {
      const int r = rows, c = cols;
      const NPuzzle p = random_pair(r, c, rng);
      const Replay replayed = p.replay(*p.constructive_plan());
      CAPTURE(r);
      CAPTURE(c);
      CHECK(replayed.solved);
    }
  }
}

TEST_SUITE("puzzles::manhattan_beam_blank_path") {

  ManhattanBeamResult beam(const NPuzzle &p, int width, int far_first = 0) {
    ManhattanBeamOptions o;
    o.width = width;
    o.far_first = far_first;
    return manhattan_beam_blank_path(p.rows(), p.cols(), p.board(), p.goal(),
                                     o);
  }

  TEST_CASE("random boards and goals from 2x2 to 12x12, and 16x16: the "
            "plan replays to the goal") {
    std::mt19937_64 rng(91);
    int boards = 0;
    for (int side = 2; side <= 16; side += side < 12 ? 1 : 4) {
      for (const auto &[rows, cols] :
           {std::pair{side, side}, {side, side + 1}, {side + 1, side}}) {
        if (rows * cols > k_manhattan_beam_max_cells) {
          continue;
        }
        const int height = rows, width = cols; // CAPTURE takes no binding
        const NPuzzle p = random_pair(height, width, rng);
        const ManhattanBeamResult r = beam(p, 32);
        REQUIRE(r.found);
        CAPTURE(height);
        CAPTURE(width);
        CHECK(p.replay(p.plan_of_blank_path(r.blank_path)).solved);
        CHECK(r.beam_moves <= static_cast<int>(r.blank_path.size()));
        ++boards;
      }
    }
    CHECK(boards == 11 * 3 + 1); // 2..12 in each shape, 16x16 alone
  }

  TEST_CASE("a beam of one stalls and ends by the constructive plan, a "
            "wide one does most of the way, shorter than the constructive "
            "plan") {
    std::mt19937_64 rng(7);
    const NPuzzle p = random_pair(9, 9, rng);
    const auto constructive = p.constructive_plan();
    const ManhattanBeamResult narrow = beam(p, 1);
    REQUIRE(narrow.found);
    CHECK(narrow.beam_moves < static_cast<int>(narrow.blank_path.size()));
    CHECK(narrow.beam_bound > 0);
    CHECK(p.replay(p.plan_of_blank_path(narrow.blank_path)).solved);
    const ManhattanBeamResult wide = beam(p, 1024);
    REQUIRE(wide.found);
    CHECK(p.replay(p.plan_of_blank_path(wide.blank_path)).solved);
    CHECK(wide.blank_path.size() < constructive->size());
    CHECK(wide.beam_moves * 2 > static_cast<int>(wide.blank_path.size()));
  }

  TEST_CASE("far tiles first: another way, replayed to the goal, its "
            "reported bound the admissible one") {
    std::mt19937_64 rng(12);
    int differ = 0;
    for (const auto &[rows, cols] : std::vector<std::pair<int, int>>{
             {3, 3}, {4, 5}, {6, 6}, {9, 9}, {10, 10}, {7, 12}}) {
      const int height = rows, width = cols; // CAPTURE takes no binding
      CAPTURE(height);
      CAPTURE(width);
      const NPuzzle p = random_pair(height, width, rng);
      const ManhattanBeamResult plain = beam(p, 64);
      const ManhattanBeamResult far = beam(p, 64, k_far_first_weight);
      REQUIRE(far.found);
      CHECK(p.replay(p.plan_of_blank_path(far.blank_path)).solved);
      if (far.beam_moves < static_cast<int>(far.blank_path.size())) {
        // Stalled: the bound where it stalled is at most the moves left.
        CHECK(far.beam_bound <= static_cast<int>(far.blank_path.size()) -
                                    far.beam_moves);
      }
      differ += far.blank_path != plain.blank_path ? 1 : 0;
    }
    CHECK(differ >= 4); // the option orders the boards otherwise
    // Offered by the family on request.
    const NPuzzle p = random_pair(10, 10, rng);
    BeamPlanOptions o;
    o.width = 32;
    o.far_first = true;
    const auto plan = p.beam_plan(o);
    REQUIRE(plan);
    CHECK(p.replay(plan->plan).solved);
    CHECK(plan->how.find("far tiles first") != std::string::npos);
  }

  TEST_CASE("a stop ends it without a plan, past 256 cells it is refused, "
            "and the family offers it only past its tables") {
    std::mt19937_64 rng(8);
    const NPuzzle p = random_pair(10, 10, rng);
    ManhattanBeamOptions o;
    o.stop = [] { return true; };
    const ManhattanBeamResult r = manhattan_beam_blank_path(
        p.rows(), p.cols(), p.board(), p.goal(), o);
    CHECK(r.stopped);
    CHECK_FALSE(r.found);
    const NPuzzle big = random_pair(16, 17, rng);
    CHECK_THROWS_AS(manhattan_beam_blank_path(big.rows(), big.cols(),
                                              big.board(), big.goal(), {}),
                    std::invalid_argument);
    CHECK_FALSE(big.beam_plan({}));
    CHECK_FALSE(random_pair(8, 8, rng).beam_plan({})); // its tables' beam
    BeamPlanOptions narrow;
    narrow.width = 32;
    const auto plan = p.beam_plan(narrow);
    REQUIRE(plan);
    CHECK(p.replay(plan->plan).solved);
  }
}
