#include "satslide/puzzles/families.hpp"
#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide;
using puzzles::NPuzzle;
using solver::SolveResult;
using test::solve_horizon;

TEST_SUITE("encoder::SequentialEncoding") {

  // The optimum o is SAT, o-2 is UNSAT, and the decoded plan replays.
  void check_optimum(const NPuzzle &p, int optimal,
                     const std::string &encoding) {
    CAPTURE(encoding);
    CAPTURE(p.draw());
    const task::Task task = p.compile();
    task::Plan plan;
    CHECK(solve_horizon(task, encoding, optimal, &plan) == SolveResult::sat);
    const puzzles::Replay replay = p.replay(plan);
    CHECK_FALSE(replay.error.has_value());
    CHECK(replay.solved);
    CHECK(plan.size() == static_cast<std::size_t>(optimal));
    if (optimal >= 2) {
      CHECK(solve_horizon(task, encoding, optimal - 2) == SolveResult::unsat);
    }
  }

  TEST_CASE("every public 8-puzzle instance: optimum SAT, optimum-2 UNSAT [slow]") {
    for (const auto &inst : test::read_npuzzle_file("8puzzle_random100.txt")) {
      CAPTURE(inst.id);
      check_optimum(NPuzzle(3, 3, inst.board, NPuzzle::default_goal(3, 3)),
                    inst.optimal,
                    puzzles::find_family("npuzzle")->default_encoding);
    }
  }

  TEST_CASE("every encoding agrees on short 8-puzzle instances [slow]") {
    int checked = 0;
    for (const auto &inst : test::read_npuzzle_file("8puzzle_random100.txt")) {
      if (inst.optimal > 19) {
        continue;
      }
      for (const auto &e : encoder::encodings()) {
        if (!e.minimises_moves) {
          continue;
        }
        check_optimum(NPuzzle(3, 3, inst.board, NPuzzle::default_goal(3, 3)),
                      inst.optimal, e.name);
      }
      ++checked;
    }
    CHECK(checked >= 3);
  }

  // Horizon n's formula within it (EncodingInfo::make_within): SAT or
  // not, and the plan its model decodes to.
  SolveResult solve_within(const encoder::EncodingInfo &e,
                           const task::Task &task, int n, task::Plan &plan) {
    const auto enc = e.make_within(task);
    solver::CadicalSink sink;
    enc->encode_initial(sink);
    for (int t = 0; t < n; ++t) {
      enc->encode_step(t, sink);
    }
    enc->encode_goal(n, 0, sink);
    const SolveResult result = sink.solve({});
    if (result == SolveResult::sat) {
      const auto decoded = enc->decode(n, [&](int v) { return sink.value(v); });
      CHECK(decoded.has_value());
      plan = decoded.value_or(task::Plan{});
    }
    return result;
  }

  TEST_CASE("within a horizon: every shorter plan of its parity, no other "
            "[slow]") {
    // The optimum o: within o - 2 and o + 1 (the other parity) refuted;
    // within o and o + 2 solved, by a plan of o moves or more that
    // replays and ends early, staying at the goal.
    int checked = 0;
    for (const auto &inst : test::read_npuzzle_file("8puzzle_random100.txt")) {
      if (inst.optimal > 17) {
        continue;
      }
      const NPuzzle p(3, 3, inst.board, NPuzzle::default_goal(3, 3));
      const task::Task task = p.compile();
      for (const auto &e : encoder::encodings()) {
        if (!e.make_within) {
          continue;
        }
        CAPTURE(inst.id);
        CAPTURE(e.name);
        task::Plan plan;
        if (inst.optimal >= 2) {
          CHECK(solve_within(e, task, inst.optimal - 2, plan) ==
                SolveResult::unsat);
        }
        CHECK(solve_within(e, task, inst.optimal + 1, plan) ==
              SolveResult::unsat);
        for (const int n : {inst.optimal, inst.optimal + 2}) {
          REQUIRE(solve_within(e, task, n, plan) == SolveResult::sat);
          CHECK(p.replay(plan).solved);
          CHECK(static_cast<int>(plan.size()) >= inst.optimal);
          CHECK(static_cast<int>(plan.size()) <= n);
          CHECK((n - static_cast<int>(plan.size())) % 2 == 0);
        }
      }
      ++checked;
    }
    CHECK(checked >= 3);
  }

  TEST_CASE("15- and 24-puzzle positions a few moves from the goal") {
    std::mt19937 rng(2024);
    for (const auto &[side, walk] :
         {std::pair{4, 12}, {4, 16}, {5, 10}, {5, 12}}) {
      const NPuzzle p(side, side, test::random_walk(side, side, walk, rng),
                      NPuzzle::default_goal(side, side));
      const int optimal = test::bfs_distance(p, walk);
      REQUIRE(optimal >= 0);
      check_optimum(p, optimal,
                    puzzles::find_family("npuzzle")->default_encoding);
    }
  }

  TEST_CASE("horizon 0: the goal board is its own plan, any other is not") {
    const NPuzzle solved =
        NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    const NPuzzle one = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 0 8"}});
    for (const auto &e : encoder::encodings()) {
      CAPTURE(e.name);
      CHECK(solve_horizon(solved.compile(), e.name, 0) == SolveResult::sat);
      CHECK(solve_horizon(one.compile(), e.name, 0) == SolveResult::unsat);
    }
  }

  TEST_CASE("the seed encoding keeps its textbook size") {
    // 8-puzzle, horizon 5. Per layer: 81 fluents; 18 exactly-one groups
    // of 9 (1 + 36 clauses each). Per step: 192 actions, each with 2
    // preconditions, 2 add and 2 delete effects; 2 frame axioms per
    // fluent; exactly one action (1 + 192*191/2). Plus 81 initial units
    // and 9 goal units.
    const NPuzzle p = NPuzzle::from_params({{"board", "1 3 6 4 2 0 7 5 8"}});
    const task::Task task = p.compile();
    auto enc = encoder::find_encoding("seed")->make(task);
    encoder::CountingSink sink;
    enc->encode_initial(sink);
    for (int t = 0; t < 5; ++t) {
      enc->encode_step(t, sink);
    }
    enc->encode_goal(5, 0, sink);
    const int layer = 18 * 37;
    const int step = 192 * 6 + 2 * 81 + 1 + 192 * 191 / 2;
    CHECK(sink.num_vars() == 6 * 81 + 5 * 192);
    CHECK(sink.num_clauses() == 6 * layer + 5 * step + 81 + 9);
  }

  TEST_CASE("goal clauses guarded by an activation literal") {
    // Two moves from the goal: horizon 1 is refuted, horizon 2 solved, in
    // one solver, and an unassumed guard leaves the formula free.
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 0 6 7 5 8"}});
    const task::Task task = p.compile();
    for (const auto &e : encoder::encodings()) {
      CAPTURE(e.name);
      auto enc = e.make(task);
      solver::CadicalSink sink;
      enc->encode_initial(sink);
      enc->encode_step(0, sink);
      const int guard1 = sink.new_var();
      enc->encode_goal(1, guard1, sink);
      CHECK(sink.solve({guard1}) == SolveResult::unsat);
      CHECK(sink.solve({}) == SolveResult::sat);
      sink.add_clause({-guard1});
      enc->encode_step(1, sink);
      const int guard2 = sink.new_var();
      enc->encode_goal(2, guard2, sink);
      CHECK(sink.solve({guard2}) == SolveResult::sat);
      task::Plan plan = encoder::decode_plan(*enc, 2, [&](int v) {
                          return sink.value(v);
                        }).value_or(task::Plan{});
      CHECK(p.replay(plan).solved);
    }
  }
}
