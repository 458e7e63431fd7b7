// The reachability engine (breadth-first over positions by SAT calls):
// its optima against the tests' own searches in every family and metric,
// every one-step formula, an exhausted space, the positions budget and the
// hand-over to the horizon driver, cancellation.
#include "puzzles/block_oracle.hpp"
#include "planner/sliding_row.hpp"

#include "satslide/encoder/encodings/sequential_encoding.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/search/state_space.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/solver/reach_driver.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <random>
#include <set>

using namespace satslide;
using planner::Status;

namespace {

const char *const k_metrics[] = {"step", "slide", "piece"};

planner::PlannerOptions
reach(planner::ReachFormula formula = planner::ReachFormula::labels) {
  planner::PlannerOptions o;
  o.engine = planner::Engine::reach;
  o.reach_formula = formula;
  return o;
}

// The driver alone on the task's one-step formula (seed or labels).
solver::ReachResult reach_by_sat(const task::Task &task,
                                 const solver::ReachOptions &o = {},
                                 bool labels = false) {
  encoder::SequentialConfig config;
  config.free_start = true;
  config.labels = labels;
  encoder::SequentialEncoding formula(task, config);
  return solver::run_reach(task, formula, o);
}

std::unique_ptr<puzzles::Puzzle> klotski(const std::string &rows,
                                         const char *metric) {
  puzzles::InstanceOptions o;
  o.board = rows;
  o.goal_piece = "A";
  o.goal_at = "2,1";
  o.metric = puzzles::parse_metric(metric);
  return puzzles::make_puzzle("klotski", o);
}

} // namespace

TEST_SUITE("reach") {
  TEST_CASE("optima match breadth-first search on random Klotski boards [slow]") {
    std::mt19937 rng(77);
    int checked = 0;
    for (int round = 0; round < 25; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 2, 'D');
      for (const char *metric : k_metrics) {
        CAPTURE(rows);
        CAPTURE(metric);
        const int d = test::BlockOracle(
                          test::oracle_board(rows, 'A', 2, 1, false), metric)
                          .distance();
        if (d < 0) {
          continue; // unsolvable: the puzzle's own search says so first
        }
        const auto p = klotski(rows, metric);
        planner::PlannerOptions explicit_search;
        explicit_search.engine = planner::Engine::bfs;
        const planner::PlannerResult b = planner::solve(*p, explicit_search);
        REQUIRE(b.status == Status::solved);
        CHECK(b.path == planner::Path::bfs);
        CHECK(static_cast<int>(b.replay.moves.size()) == d);
        for (const auto formula :
             {planner::ReachFormula::seed, planner::ReachFormula::labels,
              planner::ReachFormula::compact}) {
          CAPTURE(to_name(formula));
          const planner::PlannerResult r = planner::solve(*p, reach(formula));
          REQUIRE(r.status == Status::solved);
          CHECK(r.path == planner::Path::reach);
          CHECK(r.optimal);
          CHECK(static_cast<int>(r.replay.moves.size()) == d);
          CHECK(r.no_plan_up_to == d - 1);
          CHECK(r.positions > 0);
          CHECK(r.sat_calls >= r.positions - 1);
          // Blocking successors per expansion, or excluding each move
          // found by an assumption, finds the same optimum, and every
          // position before the goal layer just the same.
          for (const auto blocking : {solver::ReachBlocking::successors,
                                      solver::ReachBlocking::moves}) {
            planner::PlannerOptions other = reach(formula);
            other.reach_blocking = blocking;
            const planner::PlannerResult s = planner::solve(*p, other);
            REQUIRE(s.status == Status::solved);
            CHECK(s.optimal);
            CHECK(s.replay.moves.size() == r.replay.moves.size());
            CHECK(s.no_plan_up_to == r.no_plan_up_to);
          }
          if (d > 0) {
            CHECK(r.proof == planner::Proof::exhausted_layers);
            CHECK(r.horizons.size() == static_cast<std::size_t>(d));
            CHECK(r.horizons.back().result == "SAT");
          }
        }
        ++checked;
      }
    }
    CHECK(checked >= 20);
  }

  TEST_CASE("Rush Hour sample: slide and step optima as the database says") {
    int rows = 0;
    for (const auto &row : test::read_rows("rushhour/fogleman_sample.tsv")) {
      ++rows;
      const std::string board = row.at(2);
      CAPTURE(board);
      for (const auto &[metric, column] :
           {std::pair{"slide", 4}, std::pair{"step", 6}}) {
        puzzles::InstanceOptions o;
        o.board = board;
        o.metric = puzzles::parse_metric(metric);
        const planner::PlannerResult r =
            planner::solve(*puzzles::make_puzzle("rushhour", o), reach());
        REQUIRE(r.status == Status::solved);
        CHECK(static_cast<int>(r.replay.moves.size()) ==
              std::stoi(row.at(column)));
      }
    }
    CHECK(rows == 11); // every row of the sample
  }

  TEST_CASE("random Rush Hour positions: the explicit search's optimum, the "
            "same plan on one and two threads") {
    std::mt19937 rng(2026);
    int compared = 0;
    for (const auto &row : test::read_rows("rushhour/fogleman_sample.tsv")) {
      for (const char *metric : {"slide", "step"}) {
        puzzles::InstanceOptions o;
        o.board = row.at(2);
        o.metric = puzzles::parse_metric(metric);
        const auto card = puzzles::make_puzzle("rushhour", o);
        // A random walk of 20 moves away from the database's board.
        const task::Task task = card->compile();
        task::State s = task.initial_state();
        task::Plan walk;
        for (int step = 0; step < 20; ++step) {
          std::vector<int> moves;
          for (int a = 0; a < task.num_actions(); ++a) {
            if (task.applicable(s, a)) {
              moves.push_back(a);
            }
          }
          REQUIRE(!moves.empty());
          walk.push_back(moves[rng() % moves.size()]);
          s = task.apply(s, walk.back());
        }
        const auto p = card->after(walk);
        CAPTURE(row.at(2));
        CAPTURE(metric);
        planner::PlannerOptions explicit_search;
        explicit_search.engine = planner::Engine::bfs;
        const planner::PlannerResult b = planner::solve(*p, explicit_search);
        REQUIRE(b.status == Status::solved);
        planner::PlannerOptions one = reach(), two = reach();
        two.threads = 2;
        const planner::PlannerResult r1 = planner::solve(*p, one);
        const planner::PlannerResult r2 = planner::solve(*p, two);
        REQUIRE(r1.status == Status::solved);
        REQUIRE(r2.status == Status::solved);
        CHECK(r1.optimal);
        CHECK(r1.replay.moves.size() == b.replay.moves.size());
        CHECK(r2.plan == r1.plan);
        CHECK(r2.positions == r1.positions);
        ++compared;
      }
    }
    CHECK(compared >= 20);
  }

  TEST_CASE("n-puzzle: 2x3 and 3x2 boards against breadth-first search") {
    std::mt19937 rng(5);
    for (int round = 0; round < 12; ++round) {
      const bool wide = round % 2 == 0;
      const puzzles::NPuzzle p =
          test::random_board(wide ? 2 : 3, wide ? 3 : 2, rng);
      CAPTURE(p.draw());
      const int d = test::bfs_distance(p);
      const planner::PlannerResult r = planner::solve(p, reach());
      if (d < 0) {
        CHECK(r.status == Status::unsolvable); // by parity, before reach
        continue;
      }
      REQUIRE(r.status == Status::solved);
      CHECK(static_cast<int>(r.replay.moves.size()) == d);
      planner::PlannerOptions explicit_search;
      explicit_search.engine = planner::Engine::bfs;
      CHECK(planner::solve(p, explicit_search).replay.moves.size() ==
            static_cast<std::size_t>(d));
      // The goal is one board: from both ends by default, and from the
      // start alone the same optimum, over more positions.
      if (d > 0) {
        CHECK(r.optimality.find("from the start and from the goal: no plan "
                                "of length <= " + std::to_string(d - 1)) !=
              std::string::npos);
        planner::PlannerOptions forward = reach();
        forward.reach_both_ends = false;
        const planner::PlannerResult f = planner::solve(p, forward);
        REQUIRE(f.status == Status::solved);
        CHECK(f.replay.moves.size() == r.replay.moves.size());
        CHECK(f.positions >= r.positions);
      }
    }
  }

  TEST_CASE("8-puzzle from both ends: the optimum of breadth-first search, "
            "the same plan on one and two threads") {
    std::mt19937 rng(8);
    for (int round = 0; round < 4; ++round) {
      const puzzles::NPuzzle p = test::random_board(3, 3, rng);
      CAPTURE(p.draw());
      const int d = test::bfs_distance(p);
      if (d < 0) {
        continue;
      }
      planner::PlannerOptions one = reach(), two = reach();
      two.threads = 2;
      const planner::PlannerResult r1 = planner::solve(p, one);
      const planner::PlannerResult r2 = planner::solve(p, two);
      REQUIRE(r1.status == Status::solved);
      CHECK(r1.optimal);
      CHECK(static_cast<int>(r1.replay.moves.size()) == d);
      CHECK(r2.plan == r1.plan);
      CHECK(r2.positions == r1.positions);
      CHECK(r1.no_plan_up_to == d - 1);
    }
  }

  TEST_CASE("the SAT search finds the explicit search's layers, position "
            "for position count") {
    std::mt19937 rng(99);
    int solved = 0, exhausted = 0; // both kinds of board met
    for (int round = 0; round < 15; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 2, 'E');
      for (const char *metric : k_metrics) {
        CAPTURE(rows);
        CAPTURE(metric);
        const auto p = klotski(rows, metric);
        const task::Task task = p->compile();
        const search::StateSpace space = search::explore_space(task, {});
        for (const auto &blocking_and_labels :
             {std::pair{solver::ReachBlocking::visited, false},
              std::pair{solver::ReachBlocking::moves, false},
              std::pair{solver::ReachBlocking::moves, true}}) {
          const solver::ReachBlocking blocking = blocking_and_labels.first;
          const bool labels = blocking_and_labels.second;
          CAPTURE(static_cast<int>(blocking));
          CAPTURE(labels);
          solver::ReachOptions o;
          o.blocking = blocking;
          const solver::ReachResult r = reach_by_sat(task, o, labels);
          if (space.goal_distance >= 0) {
            CHECK(r.outcome == solver::ReachOutcome::goal_found);
            CHECK(r.depth_done + 1 == space.goal_distance);
            CHECK(static_cast<int>(r.plan.size()) == space.goal_distance);
          }
          // Every layer before the goal's holds as many positions.
          REQUIRE(r.per_depth.size() <= space.per_depth.size());
          for (std::size_t d = 0; d < r.per_depth.size(); ++d) {
            CHECK(r.per_depth[d] == space.per_depth[d]);
          }
          if (space.goal_distance < 0) {
            CHECK(r.outcome == solver::ReachOutcome::exhausted);
            CHECK(r.positions == space.positions);
          }
          if (blocking == solver::ReachBlocking::moves &&
              space.goal_distance < 0) {
            // One call per move of every position and one more each, but
            // none for the move back to where a position came from: moves
            // + 1 (in the piece metric several paths may end in one place).
            if (std::string(metric) == "step") {
              CHECK(r.sat_calls == space.moves + 1);
            } else {
              CHECK(r.sat_calls >= space.moves + 1);
            }
          }
          (space.goal_distance >= 0 ? solved : exhausted) += 1;
        }
      }
    }
    CHECK(solved > 0);
    CHECK(exhausted > 0);
  }

  TEST_CASE("two solvers sharing each layer find the same positions and "
            "the same plan as one") {
    std::mt19937 rng(405); // 404 drew no board with a way to the goal
    int solved = 0, exhausted = 0; // both kinds of board met
    for (int round = 0; round < 8; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 2, 'E');
      for (const char *metric : k_metrics) {
        CAPTURE(rows);
        CAPTURE(metric);
        const auto p = klotski(rows, metric);
        const task::Task task = p->compile();
        const search::StateSpace space = search::explore_space(task, {});
        std::vector<solver::ReachResult> results;
        for (int threads : {1, 2, 3}) {
          solver::ReachOptions o;
          o.threads = threads;
          results.push_back(reach_by_sat(task, o, true));
        }
        for (const solver::ReachResult &r : results) {
          CHECK(r.outcome == results[0].outcome);
          CHECK(r.plan == results[0].plan);
          CHECK(r.positions == results[0].positions);
          CHECK(r.per_depth == results[0].per_depth);
          CHECK(r.depth_done == results[0].depth_done);
          CHECK(r.layers.size() == results[0].layers.size());
          CHECK(r.sat_calls >= results[0].sat_calls);
        }
        if (space.goal_distance >= 0) {
          CHECK(static_cast<int>(results[1].plan.size()) ==
                space.goal_distance);
          const auto end = task.apply_plan(task.initial_state(), results[1].plan);
          REQUIRE(end);
          CHECK(task.satisfies_goal(*end));
        } else {
          CHECK(results[1].positions == space.positions);
          CHECK(results[1].sat_calls == results[0].sat_calls);
        }
        (space.goal_distance >= 0 ? solved : exhausted) += 1;
      }
    }
    CHECK(solved > 0);
    CHECK(exhausted > 0);
  }

  TEST_CASE("two solvers: the positions budget, a timeout and a stop end the "
            "search with what was proven") {
    puzzles::InstanceOptions card;
    card.metric = puzzles::Metric::slide;
    const task::Task task = puzzles::make_puzzle("rushhour", card)->compile();
    const auto run = [&](solver::ReachOptions o) {
      o.threads = 2;
      return reach_by_sat(task, o, true);
    };
    solver::ReachOptions budget;
    budget.max_states = 500;
    const solver::ReachResult b = run(budget);
    CHECK(b.outcome == solver::ReachOutcome::state_limit);
    // At most the budget (the layer's duplicates are counted until it is
    // merged), and more than the complete layers.
    CHECK(b.positions <= 500);
    long below = 0;
    for (long n : b.per_depth) {
      below += n;
    }
    CHECK(below < b.positions);
    CHECK(b.depth_done == static_cast<int>(b.per_depth.size()) - 1);

    solver::ReachOptions stopped;
    int asked = 0;
    stopped.stop = [&] { return ++asked > 200; };
    const solver::ReachResult s = run(stopped);
    CHECK(s.outcome == solver::ReachOutcome::cancelled);
    CHECK(s.depth_done >= 0);
    CHECK(s.plan.empty());

    solver::ReachOptions timed;
    timed.timeout_seconds = 1e-6;
    const solver::ReachResult t = run(timed);
    CHECK(t.outcome == solver::ReachOutcome::timeout);
    CHECK(t.plan.empty());
  }

  TEST_CASE("assuming a position's true fluents only finds the same layers") {
    for (const char *rows : {"AA.B/AAC./DE..", "AB.C/DD.C/EE.."}) {
      CAPTURE(rows);
      const auto p = klotski(rows, "piece");
      const task::Task task = p->compile();
      std::vector<solver::ReachResult> results;
      for (bool true_only : {true, false}) {
        solver::ReachOptions o;
        o.assume_true_only = true_only;
        results.push_back(reach_by_sat(task, o));
      }
      CHECK(results[0].outcome == results[1].outcome);
      CHECK(results[0].plan.size() == results[1].plan.size());
      CHECK(results[0].depth_done == results[1].depth_done);
      REQUIRE(results[0].layers.size() == results[1].layers.size());
      CHECK(results[0].layers.back().result == results[1].layers.back().result);
    }
  }

  TEST_CASE("an unreachable goal exhausts the space: every position found") {
    // The puzzle would say unsolvable first; the driver alone must too.
    const test::SlidingRow row("A.B.", "B.A.");
    const task::Task task = row.compile();
    solver::ReachOptions forward;
    forward.both_ends = false;
    const solver::ReachResult r = reach_by_sat(task, forward);
    CHECK(r.outcome == solver::ReachOutcome::exhausted);
    CHECK_FALSE(r.both_ends);
    // From both ends (the goal is one row): one side runs out as well.
    const solver::ReachResult both = reach_by_sat(task);
    CHECK(both.both_ends);
    CHECK(both.outcome == solver::ReachOutcome::exhausted);
    CHECK(both.plan.empty());
    // The reachable rows keep A before B: C(4,2) = 6 positions.
    std::set<std::string> seen{"A.B."};
    std::vector<std::string> todo{"A.B."};
    while (!todo.empty()) {
      const std::string next = todo.back();
      todo.pop_back();
      for (const std::string &s : test::SlidingRow::successors(next)) {
        if (seen.insert(s).second) {
          todo.push_back(s);
        }
      }
    }
    CHECK(r.positions == static_cast<long>(seen.size()));
    CHECK(seen.size() == 6);
  }

  TEST_CASE("a positions budget hands over to horizons: the proofs add up") {
    const std::string rows = "AA.B/AAC./DE..";
    const int d =
        test::BlockOracle(test::oracle_board(rows, 'A', 2, 1, false), "slide")
            .distance();
    REQUIRE(d >= 3);
    const auto p = klotski(rows, "slide");
    planner::PlannerOptions budget = reach();
    budget.max_states = 4;
    const planner::PlannerResult both = planner::solve(*p, budget);
    REQUIRE(both.status == Status::solved);
    CHECK(both.path == planner::Path::reach_horizons);
    CHECK(both.optimal);
    CHECK(both.proof == planner::Proof::exhausted_layers);
    CHECK(static_cast<int>(both.replay.moves.size()) == d);
    CHECK(both.optimality.find("breadth-first by SAT: no plan of length "
                               "<=") != std::string::npos);
    // The layers of the search come first, then the horizons.
    REQUIRE(both.horizons.size() >= 2);
    CHECK(both.horizons.front().horizon == 1);
    CHECK(both.horizons.back().result == "SAT");
  }

  TEST_CASE("the automatic engine: reach first on block puzzles, small "
            "n-puzzles and a 15-puzzle one move from the goal") {
    for (const char *rows : {"AA.B/AAC./DE..", "AB.C/DD.C/EE.."}) {
      CAPTURE(rows);
      const auto block = klotski(rows, "step");
      const int d =
          test::BlockOracle(test::oracle_board(rows, 'A', 2, 1, false), "step")
              .distance();
      const planner::PlannerResult r = planner::solve(*block, {});
      if (d < 0) {
        CHECK(r.status == Status::unsolvable);
        continue;
      }
      REQUIRE(r.status == Status::solved);
      CHECK((r.path == planner::Path::reach || r.path == planner::Path::horizons));
      CHECK(r.optimal);
      CHECK(static_cast<int>(r.replay.moves.size()) == d);
    }
    // The 3x3 space (181,440 positions) is searched from both ends.
    puzzles::InstanceOptions o;
    o.board = "8 6 7 2 5 4 3 0 1";
    const planner::PlannerResult small =
        planner::solve(*puzzles::make_puzzle("8", o), {});
    REQUIRE(small.status == Status::solved);
    CHECK(small.path == planner::Path::reach);
    CHECK(small.optimal);
    CHECK(small.replay.moves.size() == 31);
    CHECK(small.no_plan_up_to == 30);
    CHECK(small.optimality.find("from the start and from the goal") !=
          std::string::npos);
    o.board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    const planner::PlannerResult large =
        planner::solve(*puzzles::make_puzzle("15", o), {});
    REQUIRE(large.status == Status::solved);
    // One move from the goal: reach is predicted to store a handful of
    // positions (engine_choice.hpp); far boards keep the horizon driver
    // (test_engine_choice.cpp).
    CHECK(large.path == planner::Path::reach);
    CHECK(large.replay.moves.size() == 1);
  }

  TEST_CASE("the automatic engine: past its positions threshold the horizon "
            "driver joins above the depth searched, and the proofs add up") {
    // The classic opening: reach searches for a few hundred milliseconds
    // after the hand-over at 3 positions, so the joining thread is always
    // awake before the search decides (on a board of one millisecond it
    // was not, on a loaded machine, and the join went unseen).
    for (const char *metric : k_metrics) {
      CAPTURE(metric);
      puzzles::InstanceOptions io;
      io.metric = puzzles::parse_metric(metric);
      const auto classic = puzzles::make_puzzle("klotski", io);
      planner::PlannerOptions explicit_search;
      explicit_search.engine = planner::Engine::bfs;
      const planner::PlannerResult b =
          planner::solve(*classic, explicit_search);
      REQUIRE(b.status == Status::solved);
      const int d = static_cast<int>(b.replay.moves.size());
      REQUIRE(d >= 2);
      planner::PlannerOptions o;
      o.race_after = 3;
      std::vector<std::string> phases;
      o.progress = [&](const planner::Progress &p) {
        if (p.kind == planner::Progress::Kind::phase) {
          phases.push_back(p.text);
        }
      };
      const planner::PlannerResult r = planner::solve(*classic, o);
      REQUIRE(r.status == Status::solved);
      CHECK(r.optimal);
      CHECK(static_cast<int>(r.replay.moves.size()) == d);
      CHECK(std::any_of(phases.begin(), phases.end(), [](const auto &t) {
        return t.find("the horizon driver joins the search") !=
               std::string::npos;
      }));
      CHECK((r.path == planner::Path::reach || r.path == planner::Path::reach_horizons));
      if (r.path == planner::Path::reach_horizons) {
        CHECK(r.optimality.find("breadth-first by SAT: no plan of length "
                                "<=") != std::string::npos);
      }
    }
  }

  TEST_CASE("the automatic engine on a 3x3 board past its positions "
            "budget: the horizon driver takes over from both ends' depth, "
            "and the optimum stands") {
    puzzles::InstanceOptions io;
    io.board = "8 6 7 2 5 4 3 0 1";
    planner::PlannerOptions o;
    o.max_states = 200;
    std::vector<std::string> phases;
    o.progress = [&](const planner::Progress &p) {
      if (p.kind == planner::Progress::Kind::phase) {
        phases.push_back(p.text);
      }
    };
    const planner::PlannerResult r =
        planner::solve(*puzzles::make_puzzle("8", io), o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.optimal);
    CHECK(r.replay.moves.size() == 31);
    CHECK(r.no_plan_up_to == 30);
    CHECK(std::any_of(phases.begin(), phases.end(), [](const auto &t) {
      return t.find("horizons from") != std::string::npos;
    }));
    CHECK(r.path == planner::Path::reach_horizons);
  }

  TEST_CASE("the automatic engine: a timeout before the horizon driver "
            "joins ends with what the search proved") {
    planner::PlannerOptions o;
    o.timeout_seconds = 0.05;
    const planner::PlannerResult r =
        planner::solve(*puzzles::make_puzzle("klotski", {}), o);
    CHECK(r.status == Status::timeout);
    CHECK(r.path == planner::Path::reach);
    CHECK(r.replay.moves.empty());
  }

  TEST_CASE("a stop test cancels the search with what was proven") {
    planner::PlannerOptions o = reach();
    int layers = 0;
    o.progress = [&](const planner::Progress &p) {
      layers += p.kind == planner::Progress::Kind::horizon;
    };
    o.stop = [&] { return layers >= 3; };
    puzzles::InstanceOptions card;
    card.metric = puzzles::Metric::step;
    const planner::PlannerResult r =
        planner::solve(*puzzles::make_puzzle("rushhour", card), o);
    CHECK(r.status == Status::cancelled);
    CHECK(r.no_plan_up_to >= 2);
  }
}
