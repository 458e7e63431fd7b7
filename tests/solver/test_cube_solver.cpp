// One solver for many starts (solver/cube_solver.hpp): every encoding with
// a free first layer answers each start as a fresh formula from that start
// would — the shortest plan breadth-first search finds, refuted below it —
// in whatever order the starts come, with what it learned on the others;
// the budget's bound at a start is the one the encoding computes there.
#include "satslide/solver/cube_solver.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/encoder/constraints/plan_budget.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace satslide;
using solver::CubeSolver;
using solver::SolveResult;

namespace {

// Random solvable boards, each with its breadth-first optimum.
struct Start {
  puzzles::NPuzzle board;
  int distance;
};
std::vector<Start> starts(int rows, int cols, int count, std::mt19937 &rng) {
  std::vector<Start> out;
  while (static_cast<int>(out.size()) < count) {
    puzzles::NPuzzle p =
        rows * cols <= 9
            ? test::random_board(rows, cols, rng)
            : puzzles::NPuzzle(rows, cols,
                               test::random_walk(rows, cols, 14, rng),
                               puzzles::NPuzzle::default_goal(rows, cols));
    const int d = test::bfs_distance(p, 30);
    if (d >= 0) {
      out.push_back({std::move(p), d});
    }
  }
  return out;
}

} // namespace

TEST_SUITE("solver::CubeSolver") {

  TEST_CASE("each start's optimum, in one solver, for every encoding with "
            "a free first layer [slow]") {
    std::mt19937 rng(7);
    for (const auto &[rows, cols] : {std::pair{2, 3}, {3, 3}, {3, 4}}) {
      const std::vector<Start> boards = starts(rows, cols, 5, rng);
      // The formula's task: the goal is every board's; its start is one of
      // them, which a free first layer ignores.
      const task::Task task = boards.front().board.compile();
      for (const encoder::EncodingInfo &info : encoder::encodings()) {
        if (!info.make_free_start) {
          continue;
        }
        CAPTURE(info.name);
        CubeSolver one([&] { return info.make_free_start(task); }, {},
                       std::chrono::steady_clock::now());
        for (const Start &s : boards) {
          CAPTURE(s.board.draw());
          const task::State start = s.board.compile().initial_state();
          if (s.distance >= 2) { // two short of it: refuted
            const CubeSolver::Answer no = one.solve(start, s.distance - 2);
            CHECK(no.result == SolveResult::unsat);
          }
          const CubeSolver::Answer yes = one.solve(start, s.distance);
          REQUIRE(yes.result == SolveResult::sat);
          REQUIRE(yes.plan);
          CHECK(static_cast<int>(yes.plan->size()) == s.distance);
          const auto end = task.apply_plan(start, *yes.plan);
          REQUIRE(end);
          CHECK(task.satisfies_goal(*end));
        }
      }
    }
  }

  TEST_CASE("a start below the budget's bound is refuted without a call") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    const task::Task task = p.compile();
    const encoder::EncodingInfo *pairs = encoder::find_encoding("pairs");
    REQUIRE(pairs);
    const int bound = pairs->make(task)->lower_bound(); // from the start
    REQUIRE(bound > 2);
    CubeSolver one([&] { return pairs->make_free_start(task); }, {},
                   std::chrono::steady_clock::now());
    const CubeSolver::Answer a =
        one.solve(task.initial_state(), bound - 2);
    CHECK(a.result == SolveResult::unsat);
    CHECK(a.by_bound);
    const CubeSolver::Answer b = one.solve(task.initial_state(), bound);
    CHECK_FALSE(b.by_bound);
  }

  TEST_CASE("the budget's h at any state: h0 at the start, admissible "
            "elsewhere [slow]") {
    std::mt19937 rng(11);
    for (const Start &s : starts(3, 3, 12, rng)) {
      const task::Task task = s.board.compile();
      const task::TaskDistances d = task::TaskDistances::compute(task);
      const encoder::PlanBudget budget(task, d, 1);
      CHECK(budget.bound_from(task.initial_state()) ==
            budget.initial_bound());
      CHECK(budget.bound_from(task.initial_state()) <= s.distance);
    }
  }

  TEST_CASE("retired horizons stay refuted, later ones still answer") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "1 3 6 4 2 0 7 5 8"}});
    const task::Task task = p.compile();
    const encoder::EncodingInfo *pairs = encoder::find_encoding("pairs");
    CubeSolver one([&] { return pairs->make_free_start(task); }, {},
                   std::chrono::steady_clock::now());
    const task::State start = task.initial_state();
    const int d = test::bfs_distance(p);
    REQUIRE(d >= 2);
    CHECK(one.solve(start, d - 2).result == SolveResult::unsat);
    one.retire_up_to(d - 2);
    CHECK(one.solve(start, d).result == SolveResult::sat);
  }
}
