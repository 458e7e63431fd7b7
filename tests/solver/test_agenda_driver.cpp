#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/solver/agenda_driver.hpp"
#include "satslide/solver/plan_tightening.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide;
using puzzles::NPuzzle;

TEST_SUITE("solver::AgendaDriver") {

  solver::AgendaResult solve_any(const NPuzzle &p, const task::Task &task,
                                 const std::string &encoding = "pairs") {
    solver::DriverOptions options;
    options.first_horizon = p.lower_bound();
    options.stride = p.horizon_stride();
    return solver::run_agenda(task, p.goal_agenda(),
                              encoder::find_encoding(encoding)->make, options);
  }

  // 2 x 4 boards have one column in the agenda, then the 2 x 3 rest; the
  // staged plan must replay, be no shorter than the breadth-first optimum
  // and have its parity (the last stage keeps the whole task's stride).
  TEST_CASE("staged plans on random 2 x 4 boards replay and respect BFS") {
    std::mt19937 rng(2002);
    int checked = 0, longer = 0;
    for (int i = 0; i < 24; ++i) {
      const NPuzzle p = test::random_board(2, 4, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      const task::Task task = p.compile();
      REQUIRE(p.goal_agenda().size() == 2);
      const auto result = solve_any(p, task);
      CAPTURE(p.draw());
      REQUIRE(result.outcome == solver::Outcome::plan_found);
      CHECK(result.stages == 3);
      CHECK(result.stages_done == 3);
      CHECK(p.replay(result.plan).solved);
      const int optimum = test::bfs_distance(p);
      const int length = static_cast<int>(result.plan.size());
      CHECK(length >= optimum);
      CHECK((length - optimum) % 2 == 0);
      CHECK(length <= result.raw_length);
      longer += length > optimum;
      ++checked;
    }
    CHECK(checked >= 6);
    CHECK(longer >= 1); // staging costs moves somewhere: not optimal search
  }

  TEST_CASE("a 15-puzzle random walk is solved in stages, within a bound") {
    std::mt19937 rng(15);
    const NPuzzle p = NPuzzle::from_params(
        {{"rows", "4"}, {"cols", "4"}, {"board", [&] {
                                          std::string text;
                                          for (int v : test::random_walk(
                                                   4, 4, 60, rng)) {
                                            text += std::to_string(v) + " ";
                                          }
                                          return text;
                                        }()}});
    const task::Task task = p.compile();
    const auto result = solve_any(p, task);
    REQUIRE(result.outcome == solver::Outcome::plan_found);
    CHECK(result.stages == 8);
    CHECK(p.replay(result.plan).solved);
    CHECK(static_cast<int>(result.plan.size()) >= p.lower_bound());
    // Every solver call is tagged with a stage, in order.
    REQUIRE(result.horizon_stage.size() == result.horizons.size());
    CHECK(std::is_sorted(result.horizon_stage.begin(),
                         result.horizon_stage.end()));
  }

  TEST_CASE("a solved start needs no stage and no solver call") {
    const NPuzzle p = NPuzzle::from_params(
        {{"rows", "3"}, {"cols", "4"}, {"board", "1 2 3 4 5 6 7 8 9 10 11 0"}});
    const task::Task task = p.compile();
    const auto result = solve_any(p, task);
    CHECK(result.outcome == solver::Outcome::plan_found);
    CHECK(result.plan.empty());
    CHECK(result.horizons.empty());
  }

  TEST_CASE("a stage that hits the horizon limit ends the run") {
    const NPuzzle p = NPuzzle::from_params(
        {{"rows", "3"}, {"cols", "4"}, {"board", "0 11 10 9 8 7 6 5 4 3 2 1"}});
    const task::Task task = p.compile();
    solver::DriverOptions options;
    options.first_horizon = p.lower_bound();
    options.stride = p.horizon_stride();
    options.max_horizon = 3;
    const auto result = solver::run_agenda(
        task, p.goal_agenda(), encoder::find_encoding("pairs")->make, options);
    CHECK(result.outcome == solver::Outcome::horizon_limit);
    CHECK(result.stages_done < result.stages);
    CHECK(result.plan.empty());
  }

  // Tightening with a window as long as the plan re-solves it whole: the
  // result is the breadth-first optimum; short windows never lengthen it.
  TEST_CASE("tightening staged plans: whole-plan windows reach the optimum") {
    std::mt19937 rng(2002);
    int tightened = 0;
    for (int i = 0; i < 24; ++i) {
      const NPuzzle p = test::random_board(2, 4, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      const task::Task task = p.compile();
      const auto staged = solve_any(p, task);
      REQUIRE(staged.outcome == solver::Outcome::plan_found);
      const int optimum = test::bfs_distance(p);
      solver::DriverOptions options;
      options.stride = p.horizon_stride();
      const auto *info = encoder::find_encoding("pairs");
      const auto whole =
          solver::tighten_plan(task, staged.plan, info->make, options, 100);
      CAPTURE(p.draw());
      REQUIRE(whole.outcome == solver::Outcome::plan_found);
      CHECK(static_cast<int>(whole.plan.size()) == optimum);
      CHECK(p.replay(whole.plan).solved);
      const auto windows =
          solver::tighten_plan(task, staged.plan, info->make, options, 4);
      REQUIRE(windows.outcome == solver::Outcome::plan_found);
      CHECK(windows.plan.size() <= staged.plan.size());
      CHECK(static_cast<int>(windows.plan.size()) >= optimum);
      CHECK(p.replay(windows.plan).solved);
      tightened += whole.improved > 0;
    }
    CHECK(tightened >= 1);
  }
}
