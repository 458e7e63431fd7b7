// One proof in pieces for separate runs (planner/cubes.hpp): judge_round's
// arithmetic case by case, and the whole protocol (split_into_cubes, each
// cube solved by planner::solve up to the round's cap, judge_round) against
// breadth-first search on random boards, rounds, windows and depths.
#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/planner/cubes.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace satslide;
using Kind = planner::RoundVerdict::Kind;

namespace {

planner::CubeStanding cube(int bound, int refuted = -1, int length = -1) {
  planner::CubeStanding c;
  c.bound = bound;
  c.refuted = refuted;
  c.length = length;
  return c;
}

struct Protocol {
  int length = -1;       // the optimum found, or -1
  int rounds = 0;
  int no_plan_up_to = -1;
  Kind end = Kind::missing;
  long cube_runs = 0;
};

// Runs the rounds as split/batch/merge would, in this process: every cube
// the round lists solved from its own bound up to the round's cap.
Protocol run_protocol(const puzzles::Puzzle &p, int depth, int window,
                      int max_length = 1000) {
  planner::PlannerOptions o;
  o.engine = planner::Engine::horizons;
  o.split_depth = depth;
  o.split_window = window;
  o.max_horizon = max_length;
  const planner::CubeSplit split = planner::split_into_cubes(p, o);
  REQUIRE_FALSE(split.decided);
  const int stride = split.result.stride;
  std::vector<planner::CubeStanding> standing;
  for (const planner::SplitCube &c : split.cubes) {
    standing.push_back(cube(c.bound));
    CHECK(static_cast<int>(c.path.size()) == depth);
    CHECK(c.params == p.after(c.path)->spec().params);
  }
  Protocol out;
  const int first = planner::first_round_cap(split.result.lower_bound, stride,
                                             window, max_length);
  if (first < 0) {
    out.end = Kind::horizon_limit;
    out.no_plan_up_to = split.result.lower_bound - 1;
    return out;
  }
  int cap = first - depth;
  std::vector<std::size_t> to_solve;
  for (std::size_t i = 0; i < standing.size(); ++i) {
    if (standing[i].bound <= cap) {
      to_solve.push_back(i);
    }
  }
  for (out.rounds = 1; out.rounds < 60; ++out.rounds) {
    for (const std::size_t i : to_solve) {
      planner::PlannerOptions c;
      c.engine = planner::Engine::horizons; // quicker on these short cubes
      c.max_horizon = cap;
      const planner::PlannerResult r =
          planner::solve(*p.after(split.cubes[i].path), c);
      ++out.cube_runs;
      standing[i].refuted = std::max(standing[i].refuted, r.no_plan_up_to);
      if (r.status == planner::Status::solved) {
        REQUIRE(r.optimal);
        standing[i].length = static_cast<int>(r.plan.size());
      } else {
        REQUIRE(r.status == planner::Status::horizon_limit);
      }
    }
    const planner::RoundVerdict v =
        planner::judge_round(standing, depth, stride, cap, window, max_length);
    out.no_plan_up_to = v.no_plan_up_to;
    out.end = v.kind;
    if (v.kind == Kind::optimum) {
      out.length = v.length;
      CHECK(standing[v.best].length == v.length - depth);
      return out;
    }
    if (v.kind != Kind::next_round) {
      return out;
    }
    CHECK(v.cap > cap);
    cap = v.cap;
    to_solve = v.to_solve;
  }
  FAIL("no end after 60 rounds");
  return out;
}

} // namespace

TEST_SUITE("planner::judge_round") {
  TEST_CASE("a plan is the optimum once every cube is refuted below it") {
    // depth 2, stride 2: cube lengths are even; the cap was 10.
    const auto v = planner::judge_round(
        {cube(8, 9), cube(10, 9, 10), cube(12)}, 2, 2, 10, 1, 100);
    CHECK(v.kind == Kind::optimum);
    CHECK(v.best == 1);
    CHECK(v.length == 12);
    CHECK(v.no_plan_up_to == 11);
  }

  TEST_CASE("a cube not refuted below the best plan is missing") {
    const auto v = planner::judge_round({cube(6, 7), cube(6, -1, 8), cube(6)},
                                        3, 2, 8, 1, 100);
    CHECK(v.kind == Kind::missing);
    CHECK(v.cap == 6); // they must refute up to 8 - 2 (or find a plan)
    CHECK(v.to_solve == std::vector<std::size_t>{2});
    CHECK(v.no_plan_up_to == 3 + 5); // cube 2: only its bound 6
  }

  TEST_CASE("every cube refuted up to the cap: the next round") {
    // The answers say "no plan of length <= 9" for a cap of 8: the next
    // length the parity allows is 10.
    const auto v = planner::judge_round({cube(6, 9), cube(8, 9), cube(14)}, 4,
                                        2, 8, 3, 100);
    CHECK(v.kind == Kind::next_round);
    CHECK(v.cap == 14); // raised by stride x window
    CHECK(v.to_solve == std::vector<std::size_t>{0, 1, 2});
    CHECK(v.no_plan_up_to == 4 + 9);
  }

  TEST_CASE("an unanswered cube within the cap is missing, not refuted") {
    const auto v = planner::judge_round({cube(6, 9), cube(8)}, 4, 2, 8, 1,
                                        100);
    CHECK(v.kind == Kind::missing);
    CHECK(v.cap == 8);
    CHECK(v.to_solve == std::vector<std::size_t>{1});
  }

  TEST_CASE("the maximum length narrows the last round, then stops it") {
    auto v = planner::judge_round({cube(6, 9)}, 4, 2, 8, 3, 16);
    CHECK(v.kind == Kind::next_round);
    CHECK(v.cap == 12); // 4 + 12 <= 16, 4 + 14 is not
    v = planner::judge_round({cube(6, 13)}, 4, 2, 12, 3, 16);
    CHECK(v.kind == Kind::horizon_limit);
    CHECK(v.no_plan_up_to == 17);
  }

  TEST_CASE("the first round's cap: the bound, the window, the maximum") {
    CHECK(planner::first_round_cap(31, 2, 1, 100) == 31);
    CHECK(planner::first_round_cap(31, 2, 3, 100) == 35);
    CHECK(planner::first_round_cap(31, 2, 3, 34) == 33);
    CHECK(planner::first_round_cap(31, 1, 3, 100) == 33);
    CHECK(planner::first_round_cap(31, 2, 1, 30) == -1);
  }

  TEST_CASE("every cube unsolvable: the instance is") {
    planner::CubeStanding u = cube(3);
    u.unsolvable = true;
    CHECK(planner::judge_round({u, u}, 1, 1, 5, 1, 100).kind ==
          Kind::unsolvable);
    CHECK(planner::judge_round({u, cube(3, 5)}, 1, 1, 5, 1, 100).kind ==
          Kind::next_round);
  }
}

TEST_SUITE("planner::split_into_cubes") {
  TEST_CASE("rounds of separately solved cubes reach breadth-first search's "
            "optimum [slow]") {
    std::mt19937 rng(1231);
    int boards = 0, several_rounds = 0;
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}, {3, 4}}) {
      for (int i = 0; i < (rows * cols > 9 ? 1 : 3); ++i) {
        const auto goal = puzzles::NPuzzle::default_goal(rows, cols);
        const puzzles::NPuzzle p =
            rows * cols <= 9
                ? test::random_board(rows, cols, rng)
                : puzzles::NPuzzle(
                      rows, cols, test::random_walk(rows, cols, 20, rng), goal);
        if (p.unsolvable_reason()) {
          continue;
        }
        const int d = test::bfs_distance(p, 40);
        REQUIRE(d > 6);
        CAPTURE(p.draw());
        ++boards;
        for (const auto &depth_and_window :
             {std::pair{1, 1}, {3, 1}, {5, 2}, {d - 1, 1}}) {
          const int k = depth_and_window.first;
          const int window = depth_and_window.second;
          CAPTURE(k);
          CAPTURE(window);
          const Protocol r = run_protocol(p, k, window);
          CHECK(r.end == Kind::optimum);
          CHECK(r.length == d);
          CHECK(r.no_plan_up_to == d - 1);
          several_rounds += r.rounds > 1;
        }
      }
    }
    CHECK(boards >= 3);
    CHECK(several_rounds > 0); // the rounds were exercised
  }

  TEST_CASE("a length limit below the optimum ends the rounds with what "
            "they proved [slow]") {
    std::mt19937 rng(77);
    const puzzles::NPuzzle p(3, 4, test::random_walk(3, 4, 22, rng),
                             puzzles::NPuzzle::default_goal(3, 4));
    const int d = test::bfs_distance(p, 40);
    REQUIRE(d > 10);
    CAPTURE(p.draw());
    const Protocol r = run_protocol(p, 2, 1, d);
    CHECK(r.end == Kind::optimum); // d itself is within the limit
    CHECK(r.length == d);
    for (const int max : {d - 1, d - 2, d - 6}) {
      const Protocol limited = run_protocol(p, 2, 1, max);
      CHECK(limited.end == Kind::horizon_limit);
      CHECK(limited.no_plan_up_to >= max - 1);
      CHECK(limited.no_plan_up_to < d);
    }
  }

  TEST_CASE("a goal within the depth decides the split by its own search") {
    const puzzles::NPuzzle p(3, 3, {1, 2, 3, 4, 5, 6, 0, 7, 8},
                             puzzles::NPuzzle::default_goal(3, 3));
    planner::PlannerOptions o;
    o.split_depth = 3;
    const planner::CubeSplit s = planner::split_into_cubes(p, o);
    CHECK(s.decided);
    CHECK(s.cubes.empty());
    CHECK(s.result.status == planner::Status::solved);
    CHECK(s.result.plan.size() == 2);
    CHECK(s.result.optimal);
  }

  TEST_CASE("an unsolvable board is said so before any cube") {
    const puzzles::NPuzzle p(3, 3, {2, 1, 3, 4, 5, 6, 7, 8, 0},
                             puzzles::NPuzzle::default_goal(3, 3));
    planner::PlannerOptions o;
    o.split_depth = 3;
    const planner::CubeSplit s = planner::split_into_cubes(p, o);
    CHECK(s.decided);
    CHECK(s.result.status == planner::Status::unsolvable);
  }
}
