// The automatic engine's choice (planner/engine_choice): on the n-puzzle
// each of its three answers on a board where the rule gives it, on the
// block puzzles the horizon driver for a near goal behind wide layers and
// reach first otherwise, said in the progress line, and the optimum of
// the explicit searches whatever it chose (n-puzzles of 2x3 to 3x4,
// random and scrambled; Rush Hour cards).
#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/planner/engine_choice.hpp"
#include "satslide/planner/planner.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <functional>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <functional>
#include <random>

#include <unistd.h>

using namespace satslide;
using planner::Status;

namespace {

struct Solved {
  planner::PlannerResult result;
  std::string choice; // the automatic engine's progress line
};

Solved solve_auto(const puzzles::Puzzle &p, planner::PlannerOptions o = {}) {
  Solved s;
  o.progress = [&](const planner::Progress &g) {
    if (g.kind == planner::Progress::Kind::phase && g.path == "auto") {
      s.choice = g.text;
    }
  };
  s.result = planner::solve(p, o);
  return s;
}

// The optimum by explicit breadth-first search from both ends (not SAT).
int explicit_optimum(const puzzles::Puzzle &p) {
  planner::PlannerOptions o;
  o.engine = planner::Engine::bfs;
  const planner::PlannerResult r = planner::solve(p, o);
  REQUIRE(r.status == Status::solved);
  return static_cast<int>(r.replay.moves.size());
}

puzzles::NPuzzle board_3x4(const std::vector<int> &tiles) {
  return puzzles::NPuzzle(3, 4, tiles, puzzles::NPuzzle::default_goal(3, 4));
}

bool has(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

// The run found a plan, called it optimal, and the explicit search agrees.
void check_optimum(const Solved &s, const puzzles::Puzzle &p) {
  REQUIRE(s.result.status == Status::solved);
  CHECK(s.result.optimal);
  CHECK(static_cast<int>(s.result.replay.moves.size()) ==
        explicit_optimum(p));
}

// Scramble #54 of the public 15-puzzle suite: 24 moves, pattern
// databases bound 24.
puzzles::NPuzzle scramble_54() {
  return puzzles::NPuzzle(
      4, 4, {1, 6, 2, 4, 10, 13, 14, 3, 9, 5, 11, 7, 15, 0, 12, 8},
      puzzles::NPuzzle::default_goal(4, 4));
}

// The automatic engine chose no split, and none ran.
void check_not_split(const Solved &s) {
  CHECK_FALSE(has(s.choice, "split"));
  CHECK(s.result.split_depth < 0);
}

} // namespace

TEST_SUITE("planner::EngineChoice") {
  TEST_CASE("a space of at most two million positions: reach on both "
            "threads, and the optimum is the explicit search's") {
    std::mt19937 rng(23);
    for (const auto &[rows, cols] :
         {std::pair{2, 3}, {3, 3}, {2, 4}, {2, 5}}) {
      for (int i = 0; i < 2; ++i) {
        const puzzles::NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        CAPTURE(p.draw());
        const Solved s = solve_auto(p);
        check_optimum(s, p);
        CHECK(has(s.choice, "reach on both threads"));
        CHECK(has(s.choice, "a space of"));
        CHECK(s.result.path == planner::Path::reach);
      }
    }
  }

  TEST_CASE("a short 3x4 board: reach predicted small, on both threads") {
    std::mt19937 rng(5);
    const puzzles::NPuzzle p = board_3x4(test::random_walk(3, 4, 12, rng));
    const Solved s = solve_auto(p);
    check_optimum(s, p);
    CHECK(has(s.choice, "reach would store at least"));
    CHECK(has(s.choice, "reach on both threads"));
  }

  TEST_CASE("a 3x4 board of middling bound: the proof split into cubes "
            "at depth 18, and the optimum stands") {
    // 30 moves by the explicit search; Manhattan distance 22, the
    // tables' bound 26.
    const puzzles::NPuzzle p =
        board_3x4({2, 8, 7, 10, 1, 3, 9, 6, 5, 0, 4, 11});
    const Solved s = solve_auto(p);
    check_optimum(s, p);
    CHECK(has(s.choice, "pattern databases bound 26"));
    CHECK(has(s.choice, "split into cubes on both threads at depth 18"));
    CHECK(s.result.path == planner::Path::split);
    CHECK(s.result.split_depth == 18);
  }

  TEST_CASE("a 2x6 board is split by the 12-cell lines") {
    // 38 moves (board 3 of the 2x6 sweep): its tables' two 2x3 blocks
    // refute most cubes at once, so the split pays on two rows of 12
    // cells too.
    const puzzles::NPuzzle p(2, 6, {1, 9, 7, 11, 5, 2, 4, 8, 10, 0, 6, 3},
                             puzzles::NPuzzle::default_goal(2, 6));
    const Solved s = solve_auto(p);
    check_optimum(s, p);
    CHECK(s.result.path == planner::Path::split);
    CHECK(has(s.choice, "split into cubes on both threads at depth"));
  }

  TEST_CASE("where the split cannot share its solvers, a 3x4 board of "
            "middling bound gets reach and the horizon driver side by side") {
    const puzzles::NPuzzle p =
        board_3x4({2, 8, 7, 10, 1, 3, 9, 6, 5, 0, 4, 11});
    planner::PlannerOptions o;
    o.cube_solving = planner::CubeSolving::fresh;
    const Solved s = solve_auto(p, o);
    check_optimum(s, p);
    CHECK(has(s.choice, "side by side, a thread each"));
    CHECK((s.result.path == planner::Path::reach || s.result.path == planner::Path::horizons));
  }

  TEST_CASE("reach predicted past its positions budget, no split: the "
            "horizon driver alone") {
    const puzzles::NPuzzle p =
        board_3x4({2, 8, 7, 10, 1, 3, 9, 6, 5, 0, 4, 11});
    planner::PlannerOptions o;
    o.max_states = 1000; // the automatic engine's budget
    o.cube_solving = planner::CubeSolving::fresh;
    const Solved s = solve_auto(p, o);
    check_optimum(s, p);
    CHECK(has(s.choice, "the horizon driver"));
    CHECK_FALSE(has(s.choice, "side by side"));
    CHECK(s.result.path == planner::Path::horizons);
  }

  TEST_CASE("the 15-puzzle: a short board searched by reach, a longer one "
            "split into cubes at a depth from its bound, and the optimum is "
            "IDA*'s") {
    std::mt19937 rng(15);
    const std::vector<int> goal = puzzles::NPuzzle::default_goal(4, 4);
    const puzzles::NPuzzle near(4, 4, test::random_walk(4, 4, 8, rng), goal);
    const Solved s = solve_auto(near);
    check_optimum(s, near);
    CHECK(has(s.choice, "reach on both threads"));
    // Scramble #54 of the public suite: 24 moves, pattern databases
    // bound 24, so the nearest depth (10), solved on both threads.
    const puzzles::NPuzzle mid = scramble_54();
    const Solved m = solve_auto(mid);
    REQUIRE(m.result.status == Status::solved);
    CHECK(m.result.optimal);
    CHECK(has(m.choice, "split into cubes on both threads at depth 10"));
    CHECK(m.result.path == planner::Path::split);
    CHECK(m.result.split_depth == 10);
    CHECK(m.result.auto_choice == planner::AutoEngine::split);
    planner::PlannerOptions ida;
    ida.engine = planner::Engine::ida;
    const planner::PlannerResult explicit_search = planner::solve(mid, ida);
    REQUIRE(explicit_search.status == Status::solved);
    CHECK(m.result.plan.size() == explicit_search.plan.size());
    // Korf's #3 (59 moves; 6-6-3 bound 45): the deepest frontier,
    // stopped once the choice is made; deeper still, over the larger
    // tables, where the machine has them cached (they take minutes to
    // build: never here).
    const puzzles::NPuzzle far(
        4, 4, {1, 15, 10, 13, 0, 11, 4, 7, 12, 6, 5, 3, 14, 8, 9, 2}, goal);
    planner::PlannerOptions o;
    std::string choice;
    o.progress = [&](const planner::Progress &g) {
      if (g.kind == planner::Progress::Kind::phase && g.path == "auto") {
        choice = g.text;
      }
    };
    o.stop = [&] { return has(choice, "split into cubes"); };
    const planner::PlannerResult r = planner::solve(far, o);
    if (far.databases_at_hand(puzzles::NPuzzle::k_large_pattern_tiles)) {
      CHECK(has(choice, "on both threads at depth 22 over the larger ones"));
    } else {
      CHECK(has(choice, "on both threads at depth 16"));
    }
    CHECK(r.status == Status::cancelled);
  }

  TEST_CASE("--threads 2 on the 15-puzzle still splits (it once pinned "
            "the horizon driver)") {
    const puzzles::NPuzzle mid = scramble_54();
    planner::PlannerOptions o;
    o.threads = 2;
    const Solved s = solve_auto(mid, o);
    REQUIRE(s.result.status == Status::solved);
    CHECK(s.result.optimal);
    CHECK(has(s.choice, "split into cubes"));
    CHECK(s.result.path == planner::Path::split);
    CHECK(s.result.plan.size() == 24); // scramble #54's optimum: IDA*'s above
  }

  TEST_CASE("a timed run does not build the pattern databases for the "
            "split: without them at hand it keeps the other engines") {
    // An empty cache: the first build (about 13 s) would spend the run's
    // time, and a build cut short is not cached.
    const satslide::test::CacheDir cache("satslide-choice-cache-");
    planner::PlannerOptions o;
    o.timeout_seconds = 8;
    const Solved s = solve_auto(scramble_54(), o);
    REQUIRE(s.result.status == Status::solved);
    CHECK(s.result.optimal);
    check_not_split(s);
    // And says why, with what would cache them.
    CHECK(has(s.choice, "not built under --timeout"));
    CHECK(s.result.plan.size() == 24); // scramble #54's optimum
  }

  // --engine ida with at most `pattern_tiles` tiles a pattern (0: the
  // default), its "ida" lines into `notes` if given.
  planner::PlannerResult ida_over(const puzzles::Puzzle &board,
                                  int pattern_tiles, std::string *notes) {
    planner::PlannerOptions o;
    o.engine = planner::Engine::ida;
    o.pattern_tiles = pattern_tiles;
    o.progress = [notes](const planner::Progress &g) {
      if (notes && g.path == "ida") {
        *notes += g.text + "\n";
      }
    };
    return planner::solve(board, o);
  }

  TEST_CASE("--engine ida searches over the strongest tables cached, and "
            "says which option builds them while none is") {
    const satslide::test::CacheDir cache("satslide-ida-cache-");
    const auto board = board_3x4({9, 1, 4, 3, 11, 5, 0, 6, 2, 8, 10, 7});
    std::string before, after;
    const auto plain = ida_over(board, 0, &before); // the family's tables
    const auto built = ida_over(board, 6, nullptr); // 6-5, built and cached
    const auto cached = ida_over(board, 0, &after);  // found in the cache
    for (const auto *r : {&plain, &built, &cached}) {
      REQUIRE(r->status == Status::solved);
      CHECK(r->optimal);
      CHECK(r->plan.size() == plain.plan.size());
    }
    CHECK(has(before, "--pattern-tiles"));
    CHECK(!has(after, "--pattern-tiles"));
    // The larger tables' own bound and nodes, not the family's.
    CHECK(cached.nodes == built.nodes);
    CHECK(cached.nodes < plain.nodes);
  }

  TEST_CASE("--engine ida passes over cached tables of smaller patterns "
            "than the family's") {
    const satslide::test::CacheDir cache("satslide-ida-cache-weak-");
    const auto board = board_3x4({9, 1, 4, 3, 11, 5, 0, 6, 2, 8, 10, 7});
    std::string again;
    const auto plain = ida_over(board, 0, nullptr); // the family's 6-5
    const auto weak = ida_over(board, 4, nullptr);  // 3-4-4, built and cached
    const auto cached = ida_over(board, 0, &again); // the family's still
    for (const auto *r : {&plain, &weak, &cached}) {
      REQUIRE(r->status == Status::solved);
      CHECK(r->optimal);
      CHECK(r->plan.size() == plain.plan.size());
    }
    CHECK(weak.nodes > plain.nodes); // so that the test can fail
    CHECK(cached.nodes == plain.nodes);
    CHECK(has(again, "--pattern-tiles 8")); // the stronger ones, not cached
  }

  TEST_CASE("--dual-lookups: off by default, built once where asked, then "
            "taken from the cache") {
    const satslide::test::CacheDir cache("satslide-ida-cache-dual-");
    const auto board = board_3x4({9, 1, 4, 3, 11, 5, 0, 6, 2, 8, 10, 7});
    const auto run = [&](std::optional<puzzles::DualLookups> dual) {
      planner::PlannerOptions o;
      o.engine = planner::Engine::ida;
      o.pattern_tiles = 4; // 3-4-4: weak tables, a search of some depth
      if (dual) {
        o.dual_lookups = *dual;
      }
      return planner::solve(board, o);
    };
    const auto plain = run(std::nullopt);
    const auto none_cached = run(puzzles::DualLookups::cached);
    const auto built = run(puzzles::DualLookups::build);
    const auto cached = run(puzzles::DualLookups::cached);
    const auto off = run(puzzles::DualLookups::off);
    for (const auto *r : {&plain, &none_cached, &built, &cached, &off}) {
      REQUIRE(r->status == Status::solved);
      CHECK(r->optimal);
      CHECK(r->plan.size() == plain.plan.size());
    }
    CHECK(!has(plain.lower_bound_name, "dual"));
    CHECK(!has(none_cached.lower_bound_name, "dual"));
    CHECK(has(built.lower_bound_name, "dual lookups with pathmax"));
    CHECK(has(cached.lower_bound_name, "dual lookups with pathmax"));
    CHECK(!has(off.lower_bound_name, "dual"));
    CHECK(none_cached.nodes == plain.nodes);
    CHECK(cached.nodes == built.nodes);
    CHECK(built.nodes < plain.nodes); // so that the test can fail
  }

  TEST_CASE("--engine ida on a 3x3 names no larger tables: the family's "
            "one table of every tile is the largest") {
    // An empty cache: where a table is cached, it is used and no hint is
    // said at all.
    const satslide::test::CacheDir cache("satslide-ida-cache-3x3-");
    const puzzles::NPuzzle board(3, 3, {1, 3, 6, 4, 2, 0, 7, 5, 8},
                                 puzzles::NPuzzle::default_goal(3, 3));
    std::string notes;
    const auto r = ida_over(board, 0, &notes);
    REQUIRE(r.status == Status::solved);
    CHECK(!has(notes, "--pattern-tiles"));
    CHECK(has(notes, "the family's tables are the largest this board allows"));
  }

  // Each ladder, rung by rung: at its bound the rung's depth, one below
  // it the rung before's; bounds and depths grow up the ladder. Returns
  // the rungs checked.
  template <std::size_t N>
  int check_ladder(const planner::SplitLadder<N> &ladder,
                   const std::function<int(int)> &depth_at) {
    int checked = 0;
    for (std::size_t i = 0; i < ladder.size(); ++i) {
      CAPTURE(i);
      CHECK(depth_at(ladder[i].from) == ladder[i].depth);
      if (i > 0) {
        CHECK(ladder[i].from > ladder[i - 1].from);
        CHECK(ladder[i].depth > ladder[i - 1].depth);
        CHECK(depth_at(ladder[i].from - 1) == ladder[i - 1].depth);
      }
      ++checked;
    }
    CHECK(depth_at(ladder.back().from + 30) == ladder.back().depth);
    return checked;
  }

  const double fifteen =
      16.0 * 15 * 14 * 13 * 12 * 11 * 10 * 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2 / 2;
  const double twelve = 12.0 * 11 * 10 * 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2 / 2;

  TEST_CASE("the frontier's depth grows with the start's bound, on 12 "
            "cells faster") {
    CHECK(check_ladder(planner::k_split_ladder, [](int h) {
            return planner::split_depth_for(h, fifteen);
          }) == 3);
    CHECK(check_ladder(planner::k_split_ladder_12, [](int h) {
            return planner::split_depth_for(h, twelve);
          }) == 4);
    // 12 cells: deeper than 16 cells at the same bound.
    for (int h = 0; h < 60; ++h) {
      CHECK(planner::split_depth_for(h, twelve) >=
            planner::split_depth_for(h, fifteen));
    }
  }

  TEST_CASE("a hard 15-puzzle splits deeper over the larger tables, a "
            "12-cell board never") {
    CHECK_FALSE(planner::splits_hard(planner::k_split_hard_bound - 1, fifteen));
    CHECK(planner::splits_hard(planner::k_split_hard_bound, fifteen));
    CHECK(planner::splits_hard(60, fifteen));
    CHECK_FALSE(planner::splits_hard(60, twelve));
    CHECK(planner::k_split_hard_bound > planner::k_split_ladder.back().from);
    CHECK(planner::hard_split_depth(planner::k_split_hard_bound) >
          planner::k_split_ladder.back().depth);
    CHECK(check_ladder(planner::k_split_ladder_hard,
                       planner::hard_split_depth) == 3);
  }

  TEST_CASE("with a plan found first, the split goes deeper as the plan "
            "lies farther beyond the larger bound, never shallower") {
    using planner::witness_split_depth;
    const auto &gaps = planner::k_witness_gap_ladder;
    const int h = planner::k_split_hard_bound;
    const int large = h + 4;
    // A plan close to the bound: the 6-6-3 rule's depth.
    CHECK(witness_split_depth(h, large, large + 2) ==
          planner::hard_split_depth(h));
    // At each gap's rung (past the first, which is the rule alone).
    for (std::size_t i = 1; i < gaps.size(); ++i) {
      CAPTURE(i);
      CHECK(witness_split_depth(h, large, large + gaps[i].from) ==
            std::max(gaps[i].depth, planner::hard_split_depth(h)));
      CHECK(witness_split_depth(h, large, large + gaps[i].from - 1) ==
            std::max(gaps[i - 1].depth, planner::hard_split_depth(h)));
    }
    // The unseen 55-mover of bounds 39 and 45 that ran past 600 s at 18.
    CHECK(witness_split_depth(39, 45, 55) ==
          planner::k_split_ladder_hard.back().depth);
    // A board the 6-6-3 rule already sends deepest stays there.
    CHECK(witness_split_depth(planner::k_split_ladder_hard.back().from, 52,
                              54) == planner::k_split_ladder_hard.back().depth);
  }

  TEST_CASE("--any on the 15-puzzle keeps its race: no split on either "
            "side") {
    const puzzles::NPuzzle mid = scramble_54();
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    const Solved s = solve_auto(mid, o);
    REQUIRE(s.result.status == Status::solved);
    check_not_split(s);
  }

  TEST_CASE("the side-by-side run and the split honour the timeout and "
            "say what they proved") {
    // 45 moves; minutes for any engine.
    // 0.01 s stops the split while it finds its cubes (on a machine
    // three times slower, 0.5 s did too); the start's bound is proven
    // whenever it stops.
    const puzzles::NPuzzle p =
        board_3x4({11, 7, 6, 9, 2, 4, 1, 5, 0, 8, 3, 10});
    for (const double timeout : {0.01, 0.5}) {
      for (const auto solving :
           {planner::CubeSolving::fresh, planner::CubeSolving::shared}) {
        CAPTURE(timeout);
        planner::PlannerOptions o;
        o.timeout_seconds = timeout;
        o.cube_solving = solving;
        const Solved s = solve_auto(p, o);
        CHECK(has(s.choice, solving == planner::CubeSolving::fresh
                                ? "side by side"
                                : "split into cubes"));
        CHECK(s.result.status == Status::timeout);
        CHECK(s.result.replay.moves.empty());
        CHECK(s.result.no_plan_up_to >= p.lower_bound() - 1);
        CHECK(has(s.result.reason, "proven: no plan of length <= "));
        CHECK(s.result.seconds < 5);
      }
    }
  }

  TEST_CASE("Klotski is never sampled: reach first, and the optimum "
            "stands") {
    const auto p = test::klotski_slide("AAB./AA../CD..", "A");
    const Solved s = solve_auto(*p);
    check_optimum(s, *p);
    CHECK(has(s.choice, "reach on both threads"));
    CHECK((s.result.path == planner::Path::reach || s.result.path == planner::Path::reach_horizons));
  }
}

TEST_SUITE("planner::AnyOnSmallBoards") {
  TEST_CASE("--any on a small board: the default engine answers first, "
            "with its optimal plan") {
    puzzles::InstanceOptions io;
    io.board = "8 6 7 2 5 4 3 0 1"; // 31 moves, the 3x3 maximum
    planner::PlannerOptions o;
    o.mode = planner::Mode::any;
    const planner::PlannerResult r =
        planner::solve(*puzzles::make_puzzle("8", io), o);
    REQUIRE(r.status == Status::solved);
    CHECK(r.optimal);
    CHECK(r.path == planner::Path::optimal); // the race's optimal side won
    CHECK(has(r.encoding, "reach")); // by the default engine on 3x3
    CHECK(r.replay.moves.size() == 31);
    CHECK(r.no_plan_up_to == 30);
  }

  TEST_CASE("Rush Hour: a near goal behind wide layers goes to the horizon "
            "driver, a far one to reach first, and the optimum stands") {
    puzzles::InstanceOptions near;
    // Card 2 of the original game: 8 slides, 2,130 positions before them
    // (33 d^2; the horizon driver measured 6x faster than reach).
    near.board = "BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo";
    near.metric = puzzles::Metric::slide;
    const auto card2 = puzzles::make_puzzle("rushhour", near);
    const Solved short_card = solve_auto(*card2);
    check_optimum(short_card, *card2);
    CHECK(has(short_card.choice, "before the goal's depth 8"));
    CHECK(has(short_card.choice, "the horizon driver"));
    CHECK(short_card.result.path == planner::Path::horizons);

    // Card #40 (the default board): its goal is 51 slides away, beyond the
    // sample's depth; card 3 in slides: 14 slides behind 766 positions
    // (3.9 d^2: reach measured as fast).
    puzzles::InstanceOptions far;
    far.metric = puzzles::Metric::slide;
    puzzles::InstanceOptions narrow = far;
    narrow.board = "oooooooooooooAABoooCCBoDoEoBoDoEFFoD";
    for (const auto &options : {far, narrow}) {
      const auto card = puzzles::make_puzzle("rushhour", options);
      const Solved s = solve_auto(*card);
      check_optimum(s, *card);
      CHECK(has(s.choice, "reach first"));
      CHECK((s.result.path == planner::Path::reach || s.result.path == planner::Path::reach_horizons));
    }
  }

  TEST_CASE("Rush Hour: between the two, reach and the horizon driver side "
            "by side from the start, and the optimum stands") {
    // Card 7 in steps: 21 steps behind 3,684 positions (8.4 d^2, between
    // half the family's line and the line; the horizon driver measured
    // 0.04 s against reach's 0.25 s, while card 5 in steps at 7.9 d^2 went
    // the other way).
    puzzles::InstanceOptions o;
    o.board = "oBCCDEoBoFDEoAAFoGooHHoGoooIoooooIoo";
    o.metric = puzzles::Metric::step;
    const auto card7 = puzzles::make_puzzle("rushhour", o);
    const Solved s = solve_auto(*card7);
    check_optimum(s, *card7);
    CHECK(has(s.choice, "before the goal's depth 21"));
    CHECK(has(s.choice, "side by side"));
    CHECK(s.result.auto_choice == planner::AutoEngine::race);
  }
}
