#include "satslide/puzzles/families.hpp"
#include "puzzles/block_oracle.hpp"
#include "satslide/encoder/encodings/parallel_encoding.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/cadical_sink.hpp"
#include "satslide/solver/schedule_driver.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace satslide;

TEST_SUITE("solver::ScheduleDriver") {

  // Two blockers that move out of the red car's row independently (B up,
  // C down), then one slide: 3 moves, but 2 parallel steps.
  const char *k_two_blockers = "oooooo"
                               "oooBoo"
                               "AAoBCo"
                               "ooooCo"
                               "oooooo"
                               "oooooo";

  std::unique_ptr<puzzles::Puzzle> two_blockers() {
    return puzzles::make_puzzle(
        {"rushhour", {{"board", k_two_blockers}, {"metric", "slide"}}});
  }

  // Solves horizon n of the parallel encoding alone; the plan on SAT.
  std::optional<task::Plan> solve_parallel(const task::Task &task, int n) {
    solver::CadicalSink sink;
    encoder::ParallelEncoding enc(task);
    enc.encode_initial(sink);
    for (int t = 0; t < n; ++t) {
      enc.encode_step(t, sink);
    }
    enc.encode_goal(n, 0, sink);
    if (sink.solve({}) != solver::SolveResult::sat) {
      return std::nullopt;
    }
    const auto plan = enc.decode(n, [&](int v) { return sink.value(v); });
    REQUIRE(plan.has_value()); // a model always decodes
    return plan;
  }

  TEST_CASE("independent moves share a step, interfering ones do not") {
    const auto puzzle = two_blockers();
    const task::Task task = puzzle->compile();
    CHECK_FALSE(solve_parallel(task, 1));
    const auto plan = solve_parallel(task, 2);
    REQUIRE(plan);
    // B and C in step 1, the red car in step 2 (perhaps with idle
    // others): fewer steps than the 3 moves a sequential plan needs.
    CHECK(plan->size() >= 3);
    CHECK(puzzle->replay(*plan).solved);
    // Empty steps are allowed: longer horizons stay satisfiable.
    const auto longer = solve_parallel(task, 5);
    REQUIRE(longer);
    CHECK(puzzle->replay(*longer).solved);
  }

  TEST_CASE("the schedule finds a plan among horizons side by side") {
    const auto puzzle = two_blockers();
    const task::Task task = puzzle->compile();
    solver::ScheduleOptions options;
    options.gap = 1;
    options.open = 3;
    const auto result = solver::run_schedule(
        [&] { return std::make_unique<encoder::ParallelEncoding>(task); },
        options);
    REQUIRE(result.outcome == solver::Outcome::plan_found);
    CHECK(result.horizon >= 2);
    CHECK(puzzle->replay(result.plan).solved);
    CHECK(result.refuted_up_to < result.horizon);
  }

  TEST_CASE("a goal out of reach ends at the horizon limit, refuted") {
    // A long car that can never leave the red car's row: no horizon is
    // satisfiable.
    const auto puzzle = puzzles::make_puzzle({"rushhour",
                                              {{"board", "oooooooooooo"
                                                         "AAoBBB"
                                                         "oooooooooooooooooo"},
                                               {"metric", "step"}}});
    const task::Task task = puzzle->compile();
    solver::ScheduleOptions options;
    options.max_horizon = 12;
    options.gap = 4;
    int rounds = 0, last_refuted = -1;
    const auto result = solver::run_schedule(
        [&] { return std::make_unique<encoder::ParallelEncoding>(task); },
        options, {},
        [&](int low, int high, int refuted, double) {
          CHECK(low <= high);
          CHECK(refuted >= last_refuted); // refutations only grow
          last_refuted = refuted;
          ++rounds;
        });
    CHECK(rounds >= 1);
    CHECK(result.outcome == solver::Outcome::horizon_limit);
    CHECK(result.refuted_up_to == 12);
    CHECK(result.plan.empty());
  }

  // Random small Klotski boards against the tests' own breadth-first
  // search: every sequential plan is a parallel one, so the optimum's
  // horizon is satisfiable, and no parallel plan beats the optimum.
  TEST_CASE("parallel plans against breadth-first search on random boards") {
    std::mt19937 rng(1996);
    int checked = 0;
    for (int round = 0; round < 30; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 2, 'D');
      const int d =
          test::BlockOracle(test::oracle_board(rows, 'A', 2, 1, false), "step")
              .distance();
      if (d < 1 || d > 14) {
        continue;
      }
      CAPTURE(rows);
      const auto puzzle = puzzles::make_puzzle(
          {"klotski",
           {{"board", rows}, {"goal_piece", "A"}, {"goal_at", "2,1"}}});
      const task::Task task = puzzle->compile();
      const auto plan = solve_parallel(task, d);
      REQUIRE(plan);
      CHECK(static_cast<int>(plan->size()) >= d);
      CHECK(puzzle->replay(*plan).solved);
      CHECK_FALSE(solve_parallel(task, 0));
      ++checked;
    }
    CHECK(checked >= 8);
  }
}
