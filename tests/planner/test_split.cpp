// One proof split into cubes (planner/split_path.cpp): the optimum of
// breadth-first search on random boards for several depths (beyond the
// optimum and at a start that is the goal too), the proof counting every
// cube, windows and threads, a block puzzle without pattern databases,
// limits and a stop.
#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "satslide/planner/planner.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <random>

using namespace satslide;
using planner::Status;

namespace {

planner::PlannerOptions
split(int depth, int window = 1, int threads = 1,
      planner::CubeSolving solving = planner::CubeSolving::shared) {
  planner::PlannerOptions o;
  o.engine = planner::Engine::horizons;
  o.split_depth = depth;
  o.split_window = window;
  o.threads = threads;
  o.cube_solving = solving;
  return o;
}

constexpr planner::CubeSolving k_solvings[] = {planner::CubeSolving::shared,
                                               planner::CubeSolving::fresh};

// Every depth with each way of solving the cubes.
std::vector<std::pair<int, planner::CubeSolving>>
with_solvings(const std::vector<int> &depths) {
  std::vector<std::pair<int, planner::CubeSolving>> out;
  for (int k : depths) {
    for (planner::CubeSolving solving : k_solvings) {
      out.emplace_back(k, solving);
    }
  }
  return out;
}

bool has(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

// Raises the run's stop once a phase line on its progress says `text`.
void stop_at_phase(planner::PlannerOptions &o, const std::string &text) {
  auto seen = std::make_shared<std::atomic<bool>>(false);
  o.progress = [seen, text](const planner::Progress &e) {
    if (e.kind == planner::Progress::Kind::phase && has(e.text, text)) {
      *seen = true;
    }
  };
  o.stop = [seen] { return seen->load(); };
}

} // namespace

TEST_SUITE("planner::Split") {
  TEST_CASE("the split optimum is breadth-first search's, for every depth") {
    std::mt19937 rng(2011);
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}, {3, 4}}) {
      const bool large = rows * cols > 9; // 3x4: fewer, shorter boards
      for (int i = 0; i < (large ? 2 : 4); ++i) {
        const puzzles::NPuzzle goal(rows, cols,
                                    puzzles::NPuzzle::default_goal(rows, cols),
                                    puzzles::NPuzzle::default_goal(rows, cols));
        const puzzles::NPuzzle p =
            !large ? test::random_board(rows, cols, rng)
                   : puzzles::NPuzzle(rows, cols,
                                      test::random_walk(rows, cols, 18, rng),
                                      goal.goal());
        if (p.unsolvable_reason()) {
          continue;
        }
        const int d = test::bfs_distance(p, 40);
        REQUIRE(d >= 0);
        CAPTURE(p.draw());
        const std::vector<int> depths =
            large ? std::vector<int>{3, d} : std::vector<int>{0, 1, 4, 7, d, d + 3};
        for (const auto &depth_and_solving : with_solvings(depths)) {
          const int k = depth_and_solving.first;
          const planner::CubeSolving solving = depth_and_solving.second;
          CAPTURE(k);
          CAPTURE(static_cast<int>(solving));
          const planner::PlannerResult r =
              planner::solve(p, split(k, 1, 1, solving));
          REQUIRE(r.status == Status::solved);
          CHECK(r.optimal);
          CHECK(static_cast<int>(r.replay.moves.size()) == d);
          CHECK(r.no_plan_up_to == d - 1);
          CHECK(r.split_depth == k);
          if (k >= d) { // the frontier's search meets the goal first
            CHECK(r.path == planner::Path::bfs);
            CHECK(r.cubes == 0);
            continue;
          }
          CHECK(r.path == planner::Path::split);
          CHECK(r.cubes > 0);
          CHECK(r.cubes_by_bound >= 0);
          CHECK(r.cubes_by_bound < r.cubes); // the plan's cube was solved
          CHECK(has(r.optimality,
                    "no plan of length <= " + std::to_string(d - 1) +
                        ": every one of " + std::to_string(r.cubes) +
                        " frontier positions at depth " + std::to_string(k)));
        }
      }
    }
  }

  TEST_CASE("windows, threads, the cube solvers and the order change the "
            "work, not the optimum") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    for (planner::CubeSolving solving : k_solvings) {
      for (const auto &window_and_threads :
           {std::pair{1, 2}, {3, 1}, {3, 2}, {50, 2}}) {
        const int window = window_and_threads.first;
        const int threads = window_and_threads.second;
        CAPTURE(window);
        CAPTURE(threads);
        CAPTURE(static_cast<int>(solving));
        const planner::PlannerResult r =
            planner::solve(p, split(5, window, threads, solving));
        REQUIRE(r.status == Status::solved);
        CHECK(r.optimal);
        CHECK(r.replay.moves.size() == 31);
      }
    }
    // A 2x4 board whose pattern databases are not exact: cubes need SAT.
    std::mt19937 rng(3);
    const puzzles::NPuzzle wide(2, 4, test::random_walk(2, 4, 40, rng),
                                puzzles::NPuzzle::default_goal(2, 4));
    const int d = test::bfs_distance(wide, 40);
    REQUIRE(d > 8);
    for (planner::CubeSolving solving : k_solvings) {
      for (planner::CubeOrder order :
           {planner::CubeOrder::bound, planner::CubeOrder::frontier}) {
        for (int probe : {0, 1, 30}) { // 1: nearly every call gives up
          CAPTURE(to_name(order));
          CAPTURE(probe);
          planner::PlannerOptions o = split(4, 1, 2, solving);
          o.cube_order = order;
          o.cube_probe = probe;
          const planner::PlannerResult r = planner::solve(wide, o);
          REQUIRE(r.status == Status::solved);
          CHECK(r.optimal);
          CHECK(static_cast<int>(r.replay.moves.size()) == d);
          CHECK(r.no_plan_up_to == d - 1);
          CHECK(r.cube_order == order);
        }
      }
    }
  }

  TEST_CASE("least bound first reaches the plan's cube with fewer calls") {
    // A 25-move 3x4 board of the public file (#22), one thread, no probe:
    // 25 SAT calls in breadth-first order, 13 least bound first (CaDiCaL
    // is deterministic on one thread).
    const puzzles::NPuzzle p(3, 4, {3, 1, 10, 4, 7, 2, 6, 8, 9, 5, 0, 11},
                             puzzles::NPuzzle::default_goal(3, 4));
    long calls[2] = {0, 0};
    for (planner::CubeOrder order :
         {planner::CubeOrder::bound, planner::CubeOrder::frontier}) {
      planner::PlannerOptions o = split(6);
      o.cube_order = order;
      o.cube_probe = 0;
      const planner::PlannerResult r = planner::solve(p, o);
      REQUIRE(r.status == Status::solved);
      CHECK(r.replay.moves.size() == 25);
      calls[order == planner::CubeOrder::bound ? 0 : 1] = r.sat_calls;
    }
    CHECK(calls[0] < calls[1]);
  }

  TEST_CASE("the larger tables in the cache raise the cubes' bounds, never "
            "the optimum") {
    // 3x4's larger partition (at most 8 tiles: 5-6) put in a cache of the
    // test's own; the run raises its cubes' bounds after its first round.
    const test::CacheDir dir("satslide-split-stronger-");
    const puzzles::NPuzzle p(3, 4, {5, 1, 3, 2, 0, 11, 8, 7, 6, 9, 10, 4},
                             puzzles::NPuzzle::default_goal(3, 4));
    planner::PlannerOptions o = split(6);
    o.stronger_bound_after = 0;
    const planner::PlannerResult before = planner::solve(p, o);
    REQUIRE(before.status == Status::solved);
    CHECK(before.stronger_bound_from == -1); // none in the cache yet
    search::cached_pattern_databases(3, 4, p.goal(), {}, {},
                                     puzzles::NPuzzle::k_large_pattern_tiles);
    const planner::PlannerResult after = planner::solve(p, o);
    REQUIRE(after.status == Status::solved);
    CHECK(after.replay.moves.size() == 22);
    CHECK(after.optimal);
    CHECK(after.stronger_bound_from > before.lower_bound);
    CHECK(after.cubes == before.cubes);
    CHECK(has(after.optimality, "every one of " +
                                    std::to_string(after.cubes) +
                                    " frontier positions"));
    // Not where the tables were chosen, nor before the time.
    o.pattern_tiles = puzzles::NPuzzle::k_large_pattern_tiles;
    CHECK(planner::solve(p, o).stronger_bound_from == -1);
    o.pattern_tiles = 0;
    o.stronger_bound_after = 1e6;
    CHECK(planner::solve(p, o).stronger_bound_from == -1);
  }

  TEST_CASE("the start at the goal: the empty plan at every depth") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    for (int k : {0, 3}) {
      const planner::PlannerResult r = planner::solve(p, split(k));
      REQUIRE(r.status == Status::solved);
      CHECK(r.plan.empty());
      CHECK(r.proof == planner::Proof::start_is_goal);
    }
  }

  TEST_CASE("a block puzzle: the puzzle's own bound per cube") {
    puzzles::InstanceOptions o;
    o.board = "AB../AB../CC..";
    o.goal_piece = "C";
    o.goal_at = "2,0";
    const auto p = puzzles::make_puzzle("klotski", o);
    planner::PlannerOptions bfs;
    bfs.engine = planner::Engine::bfs;
    const std::size_t d = planner::solve(*p, bfs).replay.moves.size();
    REQUIRE(d > 2);
    for (int k : {1, 2}) {
      const planner::PlannerResult r = planner::solve(*p, split(k));
      REQUIRE(r.status == Status::solved);
      CHECK(r.optimal);
      CHECK(r.replay.moves.size() == d);
      CHECK(r.path == planner::Path::split);
    }
  }

  TEST_CASE("a horizon limit and a stop say what every cube refuted") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::PlannerOptions limited = split(4);
    limited.max_horizon = 29;
    const planner::PlannerResult r = planner::solve(p, limited);
    CHECK(r.status == Status::horizon_limit);
    // The cubes' bound (exact here: one pattern of every tile) is 31.
    CHECK(r.no_plan_up_to == 30);
    CHECK(has(r.reason, "proven: no plan of length <= 30"));
    planner::PlannerOptions stopped = split(4);
    stopped.stop = [] { return true; };
    CHECK(planner::solve(p, stopped).status == Status::cancelled);
  }

  TEST_CASE("a stop while the cubes are bounded ends the run there") {
    // The frontier of a 3x3 board at depth 4 is too small for its search
    // to poll, so a stop raised as it starts is first seen by the bounds.
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::PlannerOptions o = split(4);
    stop_at_phase(o, "positions at depth");
    const planner::PlannerResult r = planner::solve(p, o);
    CHECK(r.status == Status::cancelled);
    CHECK(has(r.reason, "while bounding the cubes"));
    CHECK(r.horizons.empty()); // no round began
  }

  TEST_CASE("a round cut short is not reported refuted") {
    // Stopped as soon as the first round is refuted: the next round ends
    // at its first poll, and its record must not say UNSAT.
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::PlannerOptions o = split(4);
    o.pattern_tiles = 3; // a bound below the optimum: several rounds
    stop_at_phase(o, "no plan of length <=");
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::cancelled);
    REQUIRE(r.horizons.size() >= 2);
    CHECK(r.horizons.back().result == "UNKNOWN");
    for (const auto &h : r.horizons) {
      if (h.result == "UNSAT") {
        CHECK(h.horizon <= r.no_plan_up_to);
      }
    }
  }

  TEST_CASE("splitting is the optimal horizon driver's") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "1 3 6 4 2 0 7 5 8"}});
    planner::PlannerOptions o = split(2);
    o.engine = planner::Engine::reach;
    CHECK_THROWS_AS(planner::solve(p, o), std::invalid_argument);
    o = split(2);
    o.mode = planner::Mode::any;
    CHECK_THROWS_AS(planner::solve(p, o), std::invalid_argument);
  }
}
