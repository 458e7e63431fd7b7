// The planner's strategy, tested through solve() without the binary:
// bounds and proofs, limits, cancellation, progress, the any-plan race,
// option checks, and a toy family that lives only in the tests.
#include "planner/sliding_row.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/solver/dimacs.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <map>
#include <queue>
#include <sstream>

using namespace satslide;
using planner::Status;

namespace {

std::unique_ptr<puzzles::Puzzle> eight(const std::string &board) {
  puzzles::InstanceOptions o;
  o.board = board;
  return puzzles::make_puzzle("8", o);
}

// Shortest distance by breadth-first search over rows.
int row_distance(const std::string &start, const std::string &goal) {
  std::map<std::string, int> seen{{start, 0}};
  std::queue<std::string> queue;
  queue.push(start);
  while (!queue.empty()) {
    const std::string row = queue.front();
    queue.pop();
    if (row == goal) {
      return seen[row];
    }
    for (const std::string &next : test::SlidingRow::successors(row)) {
      if (seen.emplace(next, seen[row] + 1).second) {
        queue.push(next);
      }
    }
  }
  return -1;
}

} // namespace

TEST_SUITE("planner") {
  TEST_CASE("an optimal plan says how optimality was shown") {
    const auto p = eight("1 3 6 4 2 0 7 5 8");
    planner::PlannerOptions horizons;
    horizons.engine = planner::Engine::horizons;
    const planner::PlannerResult r = planner::solve(*p, horizons);
    REQUIRE(r.status == Status::solved);
    CHECK(r.optimal);
    CHECK(r.proof == planner::Proof::refuted_horizons);
    CHECK(r.replay.moves.size() == 5);
    CHECK(r.replay.solved);
    CHECK(r.lower_bound == 5);
    CHECK(r.stride == 2);
    CHECK(r.no_plan_up_to == 4);
    CHECK(r.encoding == "pairs"); // the family's default
    CHECK(r.path == planner::Path::horizons);
    CHECK(r.horizons.back().result == "SAT");
  }

  TEST_CASE("the start is the goal: the empty plan, optimal") {
    const planner::PlannerResult r =
        planner::solve(*eight("1 2 3 4 5 6 7 8 0"), {});
    CHECK(r.status == Status::solved);
    CHECK(r.proof == planner::Proof::start_is_goal);
    CHECK(r.plan.empty());
  }

  TEST_CASE("parity proves unsolvability before any solver call") {
    const planner::PlannerResult r =
        planner::solve(*eight("2 1 3 4 5 6 7 8 0"), {});
    CHECK(r.status == Status::unsolvable);
    CHECK(r.reason.find("permutation from goal to board is odd") !=
          std::string::npos);
    CHECK(r.horizons.empty());
  }

  TEST_CASE("a horizon limit reports what was refuted") {
    planner::PlannerOptions o;
    o.engine = planner::Engine::horizons;
    o.max_horizon = 20;
    // 8 6 7 2 5 4 3 0 1 needs 31 moves.
    const planner::PlannerResult r =
        planner::solve(*eight("8 6 7 2 5 4 3 0 1"), o);
    CHECK(r.status == Status::horizon_limit);
    CHECK(r.no_plan_up_to >= 21); // 20 refuted or bounded, 21 by parity
    CHECK(r.reason.find("no plan of length <= " +
                        std::to_string(r.no_plan_up_to)) != std::string::npos);
    CHECK_FALSE(r.optimal);
  }

  TEST_CASE("a minimum horizon above the bound gives a plan, not optimal") {
    planner::PlannerOptions o;
    o.min_horizon = 7;
    const planner::PlannerResult r =
        planner::solve(*eight("1 2 3 4 5 6 7 0 8"), o);
    REQUIRE(r.status == Status::solved);
    CHECK_FALSE(r.optimal);
    CHECK(r.proof == planner::Proof::none);
    // 7 or longer, with the stride's parity (the default encoding forbids
    // undoing a move, so the shortest detour is longer than two moves).
    CHECK(r.replay.moves.size() >= 7);
    CHECK(r.replay.moves.size() % 2 == 1);
  }

  TEST_CASE("the textbook driver tries 0, 1, 2, ... and still proves") {
    planner::PlannerOptions o;
    o.textbook_driver = true;
    o.encoding = encoder::find_encoding("seed");
    const planner::PlannerResult r =
        planner::solve(*eight("1 3 6 4 2 0 7 5 8"), o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.optimal);
    REQUIRE(r.horizons.size() == 6);
    for (int n = 0; n < 6; ++n) {
      CHECK(r.horizons[n].horizon == n);
    }
  }

  TEST_CASE("a stop test cancels the run, and what was refuted stays") {
    std::atomic<int> calls{0};
    planner::PlannerOptions o;
    o.engine = planner::Engine::horizons;
    o.progress = [&](const planner::Progress &p) {
      if (p.kind == planner::Progress::Kind::horizon) {
        ++calls;
      }
    };
    o.stop = [&] { return calls >= 2; };
    const planner::PlannerResult r =
        planner::solve(*eight("8 6 7 2 5 4 3 0 1"), o);
    CHECK(r.status == Status::cancelled);
    CHECK(r.horizons.size() == 2);
    CHECK(r.no_plan_up_to >= 0);
    // The status says "cancelled"; the reason says when, not again what.
    CHECK(r.reason.find("stopped after") != std::string::npos);
    CHECK(r.reason.find("cancelled") == std::string::npos);
  }

  TEST_CASE("progress: a phase line, then one report per solver call") {
    std::vector<planner::Progress> seen;
    planner::PlannerOptions o;
    o.engine = planner::Engine::horizons;
    o.progress = [&](const planner::Progress &p) { seen.push_back(p); };
    const planner::PlannerResult r =
        planner::solve(*eight("1 2 3 4 5 6 0 7 8"), o);
    REQUIRE(r.status == Status::solved);
    REQUIRE(seen.size() == 1 + r.horizons.size());
    CHECK(seen[0].kind == planner::Progress::Kind::phase);
    CHECK(seen[0].text.find("lower bound 2") != std::string::npos);
    CHECK(seen[1].kind == planner::Progress::Kind::horizon);
    CHECK(seen[1].horizon.horizon == r.horizons[0].horizon);
  }

  TEST_CASE("--any: the first-plan path is called optimal only where its "
            "plan meets the proven bound") {
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    o.any_path = planner::AnyPath::first;
    // 19 moves; its Manhattan bound 13, and no plan within 13 parallel
    // steps: as a step may hold a single move, no plan of 13 moves either.
    const auto board = eight("1 2 8 0 5 7 4 6 3");
    const planner::PlannerResult r = planner::solve(*board, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.path == planner::Path::schedule);
    CHECK(r.encoding == "forall-step");
    const int optimum =
        static_cast<int>(planner::solve(*board, {}).plan.size());
    CHECK(optimum == 19);
    CHECK_FALSE(r.optimal);
    CHECK(r.proof == planner::Proof::none);
    CHECK(static_cast<int>(r.replay.moves.size()) >= optimum);
    CHECK(r.lower_bound == 15);
    CHECK(r.lower_bound_name.find("no plan within 13 parallel steps") == 0);
    CHECK(r.no_plan_up_to == 13);
    CHECK(r.optimality.find("the optimum lies between 15 and") !=
          std::string::npos);
    // A plan of the bound's length is optimal by the bound's proof.
    const planner::PlannerResult meets =
        planner::solve(*eight("1 3 6 4 2 0 7 5 8"), o);
    REQUIRE(meets.status == Status::solved);
    CHECK(meets.path == planner::Path::schedule);
    CHECK(meets.plan.size() == 5);
    CHECK(meets.lower_bound == 5);
    CHECK(meets.optimal);
    CHECK(meets.proof == planner::Proof::refuted_horizons);
    CHECK(meets.optimality.find("the plan meets the lower bound (Manhattan)") !=
          std::string::npos);
  }

  TEST_CASE("--any: the race returns the first plan and names its path") {
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    for (const char *board : {"1 3 6 4 2 0 7 5 8", "8 6 7 2 5 4 3 0 1"}) {
      CAPTURE(board);
      const planner::PlannerResult r = planner::solve(*eight(board), o);
      REQUIRE(r.status == Status::solved);
      CHECK(r.replay.solved);
      CHECK(r.mode == planner::Mode::any);
      CHECK((r.path == planner::Path::optimal || r.path == planner::Path::schedule));
      // The first-plan path's plan is optimal where it meets the bound.
      CHECK(r.optimal ==
            (r.path == planner::Path::optimal ||
             static_cast<int>(r.plan.size()) == r.lower_bound));
      CHECK(static_cast<int>(r.replay.moves.size()) >= r.lower_bound);
    }
  }

  TEST_CASE("contradicting options are refused") {
    const auto p = eight("1 3 6 4 2 0 7 5 8");
    planner::PlannerOptions parallel;
    parallel.encoding = encoder::find_encoding("forall-step");
    CHECK_THROWS_AS(planner::solve(*p, parallel), std::invalid_argument);
    planner::PlannerOptions tighten;
    tighten.tighten = true;
    CHECK_THROWS_AS(planner::solve(*p, tighten), std::invalid_argument);
    planner::PlannerOptions textbook_any;
    textbook_any.mode = planner::Mode::any;
    textbook_any.textbook_driver = true;
    CHECK_THROWS_AS(planner::solve(*p, textbook_any), std::invalid_argument);
  }
}

TEST_SUITE("families") {
  TEST_CASE("an unknown family or an option it does not take is an error") {
    puzzles::InstanceOptions o;
    o.board = "1 3 6 4 2 0 7 5 8";
    CHECK_THROWS_WITH_AS(puzzles::make_puzzle("9", o),
                         doctest::Contains("unknown puzzle '9'"),
                         task::InputError);
    o.metric = puzzles::Metric::slide;
    CHECK_THROWS_WITH_AS(
        puzzles::make_puzzle("8", o),
        doctest::Contains("does not take 'metric' (taken by: klotski, "
                          "rushhour)"),
        task::InputError);
  }

  TEST_CASE("a toy family needs its own files and one row, nothing else") {
    test::register_sliding_row();
    const puzzles::FamilyInfo *row = puzzles::find_family("row");
    REQUIRE(row);
    CHECK(
        puzzles::families_accepting(puzzles::InstanceField::goal).find("row") !=
        std::string::npos);
    for (const auto &start_and_goal :
         std::vector<std::pair<std::string, std::string>>{
             {"AB..", "..AB"}, {"A.B.C", ".ABC."}, {"..A", "A.."},
             {"AB.", "AB."}}) {
      const std::string &start = start_and_goal.first;
      const std::string &goal = start_and_goal.second;
      CAPTURE(start);
      puzzles::InstanceOptions o;
      o.board = start;
      o.goal = goal;
      const auto puzzle = puzzles::make_puzzle("row", o);
      const planner::PlannerResult r = planner::solve(*puzzle, {});
      REQUIRE(r.status == Status::solved);
      CHECK(r.optimal);
      CHECK(r.encoding == "pruned"); // the row's default
      CHECK(static_cast<int>(r.replay.moves.size()) ==
            row_distance(start, goal));
    }
    // Its own unsolvability proof, its own option checks.
    puzzles::InstanceOptions swapped;
    swapped.board = "AB.";
    swapped.goal = "BA.";
    CHECK(planner::solve(*puzzles::make_puzzle("row", swapped), {}).status ==
          Status::unsolvable);
    swapped.rows = 2;
    CHECK_THROWS_AS(puzzles::make_puzzle("row", swapped), task::InputError);
  }

  TEST_CASE("a toy family's CNF is written and read back by its spec") {
    test::register_sliding_row();
    puzzles::InstanceOptions o;
    o.board = "A.B";
    o.goal = ".AB";
    const auto puzzle = puzzles::make_puzzle("row", o);
    const encoder::EncodingInfo &info =
        planner::encoding_for(*puzzle, nullptr);
    const task::Task task = puzzle->compile(); // outlives the encoding
    auto encoding = info.make(task);
    std::stringstream cnf;
    solver::write_horizon_dimacs(cnf, *encoding, 1, puzzle->spec(), info.name);
    const solver::CnfMap map = solver::read_map(solver::read_cnf(cnf));
    const auto again = puzzles::make_puzzle(map.spec);
    CHECK(again->spec().params == puzzle->spec().params);
    CHECK(map.encoding == "pruned");
  }
}
