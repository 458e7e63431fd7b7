// A plan first, then the proof (--witness ida, planner/witness_path.cpp):
// the optimum of breadth-first search on random boards through every SAT
// engine, the proof's words, a SAT plan shorter than the witness caught
// as a disagreement, a stop after the witness, and the refusals.
#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/planner/planner.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace satslide;
using planner::Status;

namespace {

bool has(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

planner::PlannerOptions with_witness(planner::Engine engine) {
  planner::PlannerOptions o;
  o.engine = engine;
  o.witness = planner::Witness::ida;
  return o;
}

// An n-puzzle whose IDA* is wrong on purpose: it answers with a plan two
// moves longer than the optimum (found by the horizon driver started two
// lengths above it), and says it is optimal.
class LongWitness : public puzzles::NPuzzle {
public:
  LongWitness(int rows, int cols, std::vector<int> board,
              std::vector<int> goal)
      : NPuzzle(rows, cols, board, goal), m_plain(rows, cols, board, goal) {}

  std::optional<puzzles::HeuristicSearch>
  heuristic_search(const puzzles::HeuristicSearchOptions &) const override {
    planner::PlannerOptions optimal;
    optimal.engine = planner::Engine::horizons;
    const int d = static_cast<int>(
        planner::solve(m_plain, optimal).plan.size());
    planner::PlannerOptions longer = optimal;
    longer.min_horizon = d + 2;
    puzzles::HeuristicSearch s;
    s.plan = planner::solve(m_plain, longer).plan;
    s.found = static_cast<int>(s.plan.size()) == d + 2;
    s.no_plan_up_to = d + 1; // the lie
    s.bound_name = "a wrong bound";
    return s;
  }

private:
  puzzles::NPuzzle m_plain;
};

} // namespace

TEST_SUITE("planner::Witness") {
  TEST_CASE("every SAT engine below IDA*'s plan gives breadth-first "
            "search's optimum") {
    std::mt19937 rng(1977);
    for (int i = 0; i < 6; ++i) {
      const puzzles::NPuzzle p =
          test::random_board(i % 2 ? 2 : 3, i % 2 ? 4 : 3, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      const int d = test::bfs_distance(p, 40);
      REQUIRE(d > 0);
      CAPTURE(p.draw());
      for (planner::Engine engine :
           {planner::Engine::automatic, planner::Engine::horizons,
            planner::Engine::reach}) {
        CAPTURE(static_cast<int>(engine));
        const planner::PlannerResult r =
            planner::solve(p, with_witness(engine));
        REQUIRE(r.status == Status::solved);
        CHECK(r.optimal);
        CHECK(static_cast<int>(r.replay.moves.size()) == d);
        CHECK(r.witness_length == d);
        CHECK(r.no_plan_up_to >= d - 2); // d - 1 has the wrong parity
        CHECK(r.witnessed);
        CHECK(has(r.optimality, "no plan of length <= " +
                                    std::to_string(r.no_plan_up_to)));
        CHECK(has(r.optimality, "IDA*"));
      }
    }
  }

  TEST_CASE("the split's proof below the witness counts every cube") {
    // A 25-move 3x4 board of the public file (#22): its cubes at depth 6
    // need SAT calls (the pattern databases are not exact there).
    const puzzles::NPuzzle p(3, 4, {3, 1, 10, 4, 7, 2, 6, 8, 9, 5, 0, 11},
                             puzzles::NPuzzle::default_goal(3, 4));
    planner::PlannerOptions o = with_witness(planner::Engine::horizons);
    o.split_depth = 6;
    std::vector<std::string> phases;
    o.progress = [&phases](const planner::Progress &e) {
      if (e.kind == planner::Progress::Kind::phase) {
        phases.push_back(e.text);
      }
    };
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.replay.moves.size() == 25);
    // The last round's line does not promise another.
    REQUIRE(!phases.empty());
    CHECK(has(phases.back(), "no plan of length <= 23"));
    CHECK(has(phases.back(), "no next round: the horizon limit is 24"));
    CHECK((r.path == planner::Path::split && r.witnessed));
    CHECK(r.no_plan_up_to == 23);
    CHECK(r.cubes > r.cubes_by_bound);
    CHECK(has(r.optimality, "by SAT over cubes: no plan of length <= 23: "
                            "every one of " +
                                std::to_string(r.cubes) +
                                " frontier positions at depth 6"));
    // No round searched for the plan: the last one refuted 23.
    REQUIRE(!r.cube_rounds.empty());
    CHECK(r.cube_rounds.back().horizon == 23);
  }

  TEST_CASE("a bound that reaches the witness proves it without a call") {
    // The 8-puzzle's pattern database is exact: at depth 6 every cube's
    // bound already says 31.
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::PlannerOptions o = with_witness(planner::Engine::horizons);
    o.split_depth = 6;
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.replay.moves.size() == 31);
    CHECK(r.cube_rounds.empty());
    CHECK(r.no_plan_up_to == 30);
    CHECK(has(r.optimality, "by the cubes' bounds: no plan of length <= 30: "
                            "every one of " +
                                std::to_string(r.cubes) +
                                " frontier positions at depth 6 refuted (" +
                                std::to_string(r.cubes) +
                                " of them by the bound alone)"));
  }

  TEST_CASE("a SAT plan shorter than the witness is a disagreement, not an "
            "answer") {
    std::mt19937 rng(5);
    const std::vector<int> goal = puzzles::NPuzzle::default_goal(3, 3);
    const LongWitness p(3, 3, test::random_walk(3, 3, 30, rng), goal);
    REQUIRE(test::bfs_distance(p, 40) > 0);
    const planner::PlannerResult r =
        planner::solve(p, with_witness(planner::Engine::horizons));
    CHECK(r.status == Status::internal_error);
    CHECK(has(r.reason, "the engines disagree"));
    CHECK(!r.optimal);
  }

  TEST_CASE("a stop after the witness keeps what SAT refuted and names the "
            "plan it did not prove") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::PlannerOptions o = with_witness(planner::Engine::horizons);
    auto seen = std::make_shared<std::atomic<bool>>(false);
    o.progress = [seen](const planner::Progress &e) {
      if (e.kind == planner::Progress::Kind::phase &&
          has(e.text, "SAT now refutes")) {
        *seen = true;
      }
    };
    o.stop = [seen] { return seen->load(); };
    const planner::PlannerResult r = planner::solve(p, o);
    CHECK(r.status == Status::cancelled);
    CHECK(has(r.reason, "IDA* found a plan of 31 moves (not proven optimal "
                        "by SAT)"));
    // The plan is kept, replayed, and not called optimal.
    CHECK(r.plan.size() == 31);
    CHECK(r.replay.solved);
    CHECK_FALSE(r.optimal);
    CHECK(has(r.optimality, "not proven optimal by SAT: the optimum lies "
                            "between "));
  }

  TEST_CASE("a stop after a refuted round: the interval's lower end has "
            "the plan's parity") {
    // The 25-move 3x4 board above, split at depth 2 (rounds refute 19, 21
    // and 23) and stopped after its first round: the lengths up to that
    // round's are refuted, and the next has the wrong parity (a refuted 19
    // leaves 21, not 20).
    const puzzles::NPuzzle p(3, 4, {3, 1, 10, 4, 7, 2, 6, 8, 9, 5, 0, 11},
                             puzzles::NPuzzle::default_goal(3, 4));
    planner::PlannerOptions o = with_witness(planner::Engine::horizons);
    o.split_depth = 2;
    auto rounds = std::make_shared<std::atomic<int>>(0);
    o.progress = [rounds](const planner::Progress &e) {
      if (e.kind == planner::Progress::Kind::phase &&
          has(e.text, "no plan of length <=") && has(e.text, "SAT calls")) {
        ++*rounds;
      }
    };
    o.stop = [rounds] { return rounds->load() > 0; };
    const planner::PlannerResult r = planner::solve(p, o);
    REQUIRE(r.status == Status::cancelled);
    CHECK(r.no_plan_up_to % 2 == 1); // a round refuted an odd length
    CHECK(r.no_plan_up_to < 23);
    const std::string between = "the optimum lies between ";
    const std::size_t at = r.optimality.find(between);
    REQUIRE(at != std::string::npos);
    CAPTURE(r.optimality);
    CHECK(std::stoi(r.optimality.substr(at + between.size())) ==
          r.no_plan_up_to + 2);
  }

  TEST_CASE("a start at the goal needs no SAT call") {
    const puzzles::NPuzzle p(3, 3, puzzles::NPuzzle::default_goal(3, 3),
                             puzzles::NPuzzle::default_goal(3, 3));
    const planner::PlannerResult r =
        planner::solve(p, with_witness(planner::Engine::automatic));
    REQUIRE(r.status == Status::solved);
    CHECK(r.plan.empty());
    CHECK(r.proof == planner::Proof::start_is_goal);
  }

  TEST_CASE("the witness is refused with --any, bfs and ida, and where the "
            "family has no IDA*") {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 0 8"}});
    planner::PlannerOptions any = with_witness(planner::Engine::automatic);
    any.mode = planner::Mode::any;
    CHECK_THROWS_AS(planner::solve(p, any), std::invalid_argument);
    CHECK_THROWS_AS(planner::solve(p, with_witness(planner::Engine::bfs)),
                    std::invalid_argument);
    CHECK_THROWS_AS(planner::solve(p, with_witness(planner::Engine::ida)),
                    std::invalid_argument);
    puzzles::InstanceOptions card;
    card.board = "BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo";
    const auto rush = puzzles::make_puzzle("rushhour", card);
    CHECK_THROWS_WITH_AS(
        planner::solve(*rush, with_witness(planner::Engine::automatic)),
        doctest::Contains("no heuristic search"), std::invalid_argument);
  }
}
