#include "satslide/puzzles/npuzzle/constructive.hpp"
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

TEST_SUITE("puzzles::constructive_blank_path") {

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
    int boards = 0;
    for (const auto &[rows, cols] :
         std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}}) {
      for (int k = 0; k < 6; ++k) {
        const NPuzzle p = random_pair(rows, cols, rng);
        CHECK(static_cast<int>(p.constructive_plan()->size()) ==
              satslide::test::bfs_distance(p));
        ++boards;
      }
    }
    CHECK(boards == 24);
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
