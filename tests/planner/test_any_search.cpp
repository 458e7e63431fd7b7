// --any by search (planner/anytime_path.cpp): weighted IDA* for plans,
// IDA* for the lower bound. On random boards the printed interval holds
// the optimum (IDA*'s, itself checked against breadth-first search in
// tests/search): the bound never above it, the plan never below, the gap
// kept, "optimal" only when the ends meet; a stop keeps the interval so
// far; --any-path auto searches only past the 15-puzzle.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/planner/planner.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>

using namespace satslide;
using planner::Status;

namespace {

int optimum_by_ida(const puzzles::NPuzzle &p) {
  planner::PlannerOptions o;
  o.engine = planner::Engine::ida;
  const planner::PlannerResult r = planner::solve(p, o);
  REQUIRE(r.status == Status::solved);
  REQUIRE(r.optimal);
  // Its iterations: thresholds rising, the last the plan's length, their
  // nodes the run's.
  REQUIRE(!r.iterations.empty());
  long nodes = 0;
  for (std::size_t i = 0; i < r.iterations.size(); ++i) {
    CHECK(r.iterations[i].nodes > 0);
    CHECK((i == 0 || r.iterations[i].threshold > r.iterations[i - 1].threshold));
    nodes += r.iterations[i].nodes;
  }
  CHECK(r.iterations.back().threshold == static_cast<int>(r.plan.size()));
  CHECK(nodes == r.nodes);
  return static_cast<int>(r.plan.size());
}

// A uniformly random board of the shape, or, where that is unsolvable,
// one `walk` random moves from the goal.
puzzles::NPuzzle solvable_board(int rows, int cols, int walk,
                                std::mt19937 &rng) {
  const puzzles::NPuzzle p = test::random_board(rows, cols, rng);
  return p.unsolvable_reason()
             ? puzzles::NPuzzle(rows, cols,
                                test::random_walk(rows, cols, walk, rng),
                                puzzles::NPuzzle::default_goal(rows, cols))
             : p;
}

planner::PlannerOptions by_search(double gap) {
  planner::PlannerOptions o;
  o.mode = planner::Mode::any;
  o.any_path = planner::AnyPath::search;
  o.any_gap = gap;
  return o;
}

} // namespace

TEST_SUITE("planner::any_search") {

  TEST_CASE("--any by search: the interval holds the optimum on random "
            "3x3, 3x4 and 4x4 boards, within the gap asked") {
    std::mt19937 rng(2002);
    int boards = 0, not_optimal = 0;
    for (const auto &[rows, cols, walk] :
         {std::tuple{3, 3, 0}, {3, 4, 60}, {4, 4, 40}}) {
      for (int i = 0; i < 5; ++i) {
        const puzzles::NPuzzle p =
            walk == 0
                ? test::random_board(rows, cols, rng)
                : puzzles::NPuzzle(rows, cols,
                                   test::random_walk(rows, cols, walk, rng),
                                   puzzles::NPuzzle::default_goal(rows, cols));
        if (p.unsolvable_reason()) {
          continue;
        }
        CAPTURE(p.draw());
        const int optimum = optimum_by_ida(p);
        for (const double gap : {1.0, 1.25, 2.0}) {
          CAPTURE(gap);
          const planner::PlannerResult r = planner::solve(p, by_search(gap));
          REQUIRE(r.status == Status::solved);
          CHECK(r.path == planner::Path::search);
          CHECK(r.mode == planner::Mode::any);
          CHECK(!r.plan_from.empty());
          const int length = static_cast<int>(r.plan.size());
          CHECK(length >= optimum);
          CHECK(r.lower_bound <= optimum);
          CHECK(r.no_plan_up_to < optimum);
          CHECK(length <= gap * r.lower_bound);
          CHECK(r.optimal == (length == r.lower_bound));
          if (gap == 1.0) {
            CHECK(r.optimal);
            CHECK(length == optimum);
          }
          not_optimal += !r.optimal;
        }
        ++boards;
      }
    }
    CHECK(boards >= 10); // random 3x3 boards: half unsolvable
    // Whether a gap above 1 ends a run short of proof depends on which
    // thread gets there first (on these boards IDA* often proves the
    // optimum before weighted IDA* has a plan): the count is shown, not
    // checked (it failed 5 runs in 30). The decision itself is tested
    // without threads in tests/planner/test_interval.cpp.
    MESSAGE(not_optimal << " of " << 2 * boards
                        << " runs with a gap above 1 ended short of proof");
  }

  TEST_CASE("--any by search: a stop keeps the interval found so far") {
    // Korf's #3 on the 15-puzzle (59 moves): stopped as soon as the first
    // weighted plan is in, with --gap 1 it is not yet proven.
    const puzzles::NPuzzle p(
        4, 4, {1, 15, 10, 13, 0, 11, 4, 7, 12, 6, 5, 3, 14, 8, 9, 2},
        puzzles::NPuzzle::default_goal(4, 4));
    planner::PlannerOptions o = by_search(1.0);
    bool first_plan = false;
    o.progress = [&](const planner::Progress &g) {
      if (g.kind == planner::Progress::Kind::phase &&
          g.text.find("weighted IDA*, weight 2.00: a plan") !=
              std::string::npos) {
        first_plan = true;
      }
    };
    o.stop = [&] { return first_plan; };
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(!r.optimal);
    CHECK(r.plan.size() >= 59);
    CHECK(r.lower_bound <= 59);
    CHECK(r.plan_from == "weighted IDA*, weight 2.00");
    CHECK(r.optimality.find("between") != std::string::npos);
    // Stopped at once: the constructive plan, replayed, and the bound.
    o.stop = [] { return true; };
    const planner::PlannerResult first = planner::solve(p, o);
    CHECK(first.status == Status::solved);
    CHECK(first.plan_from == "the constructive plan (line by line)");
    CHECK(first.replay.solved);
    CHECK(!first.optimal);
    CHECK(first.plan.size() > 59);
    CHECK(first.lower_bound <= 59);
  }

  TEST_CASE("--any on a board past the task's size: the constructive plan, "
            "shortened, replayed, above the Manhattan bound") {
    std::mt19937 rng(57);
    const puzzles::NPuzzle p = solvable_board(17, 19, 400, rng);
    REQUIRE(p.beyond_task());
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    o.timeout_seconds = 2;
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.path == planner::Path::search);
    CHECK(r.replay.solved);
    CHECK(r.lower_bound == p.quick_bound()->first); // with linear conflicts
    CHECK(r.lower_bound >= p.lower_bound());
    CHECK(static_cast<int>(r.plan.size()) >= r.lower_bound);
    REQUIRE(!r.plan_steps.empty());
    CHECK(r.plan_steps.front().from == "the constructive plan (line by line)");
    CHECK(r.plan_steps.back().length == static_cast<int>(r.plan.size()));
    // Two tiles swapped: refused by the parity at once, task or no task.
    std::vector<int> swapped = p.board();
    std::swap(swapped[swapped[0] == 0 ? 2 : 0], swapped[swapped[1] == 0 ? 2 : 1]);
    const planner::PlannerResult none =
        planner::solve(puzzles::NPuzzle(17, 19, swapped, p.goal()), o);
    CHECK(none.status == Status::unsolvable);
    // Only --any, and only its search path.
    o.mode = planner::Mode::optimal;
    CHECK_THROWS_AS(planner::solve(p, o), task::InputError);
    o.mode = planner::Mode::any;
    o.any_path = planner::AnyPath::race;
    CHECK_THROWS_AS(planner::solve(p, o), task::InputError);
  }

  TEST_CASE("--any past the tables (9x9): beam search (the Manhattan "
            "distance's order or far tiles first, whichever is shorter) "
            "shortens the constructive plan, replayed") {
    // A board 160 random moves from the goal: its windows end soon even
    // under the sanitizers, and the beam comes within the time.
    std::mt19937 rng(99);
    const puzzles::NPuzzle p(9, 9, test::random_walk(9, 9, 160, rng),
                             puzzles::NPuzzle::default_goal(9, 9));
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    o.timeout_seconds = static_cast<double>(test::wall_clock(2).count());
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.replay.solved);
    CHECK(r.lower_bound_name == "Manhattan and linear conflicts");
    REQUIRE(r.plan_steps.size() >= 2);
    const auto from_beam = std::find_if(
        r.plan_steps.begin(), r.plan_steps.end(), [](const auto &step) {
          return step.from.rfind("beam search over the Manhattan", 0) == 0 ||
                 step.from.rfind("beam search, far tiles first", 0) == 0;
        });
    REQUIRE(from_beam != r.plan_steps.end());
    CHECK(from_beam->length < r.plan_steps.front().length);
  }

  TEST_CASE("--any on a 6x6 board stopped at once: a plan all the same, "
            "the constructive one first") {
    std::mt19937 rng(66);
    const puzzles::NPuzzle p = solvable_board(6, 6, 300, rng);
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    o.stop = [] { return true; };
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.replay.solved);
    REQUIRE(!r.plan_steps.empty());
    CHECK(r.plan_steps.front().from == "the constructive plan (line by line)");
    CHECK(!r.optimal);
  }

  TEST_CASE("--any-path auto: search past the 15-puzzle, the race below") {
    std::mt19937 rng(25);
    const puzzles::NPuzzle big(5, 5, test::random_walk(5, 5, 30, rng),
                               puzzles::NPuzzle::default_goal(5, 5));
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    const planner::PlannerResult r = planner::solve(big, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.path == planner::Path::search);
    CHECK(r.plan.size() <= planner::k_any_gap * r.lower_bound);
    const puzzles::NPuzzle small(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1},
                                 puzzles::NPuzzle::default_goal(3, 3));
    const planner::PlannerResult s = planner::solve(small, o);
    REQUIRE(s.status == Status::solved);
    CHECK(s.path != planner::Path::search);
  }
}
