// The n-puzzle's ranked breadth-first search (npuzzle_space.cpp) against
// the tests' own search over boards (a std::map per board, no ranks) and
// against the task's explicit search: the same positions per depth, the
// same moves, depth and nearest goal, and plans that replay.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/state_space.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace satslide::task;
using namespace satslide::search;
using namespace satslide::puzzles;
using namespace satslide::encoder;

namespace {

// Every board reachable from the start, layer by layer, by the puzzle's
// rules alone.
struct Oracle {
  std::vector<long> per_depth;
  long moves = 0;
  int goal_distance = -1;
};

Oracle search_boards(const NPuzzle &p) {
  Oracle o;
  std::map<std::vector<int>, int> depth{{p.board(), 0}};
  std::vector<std::vector<int>> layer{p.board()};
  for (int d = 0; !layer.empty(); ++d) {
    o.per_depth.push_back(static_cast<long>(layer.size()));
    std::vector<std::vector<int>> next;
    for (const auto &b : layer) {
      if (b == p.goal()) {
        o.goal_distance = d;
      }
      const int blank =
          static_cast<int>(std::find(b.begin(), b.end(), 0) - b.begin());
      for (int n : p.neighbours(blank)) {
        ++o.moves;
        auto c = b;
        std::swap(c[n], c[blank]);
        if (depth.emplace(c, d + 1).second) {
          next.push_back(c);
        }
      }
    }
    layer = next;
  }
  return o;
}

} // namespace

TEST_SUITE("puzzles::NPuzzle ranked search") {

  TEST_CASE("ranks are a bijection onto 0 .. (RC)!-1") {
    NPuzzle p(2, 3, {1, 2, 3, 4, 5, 0}, NPuzzle::default_goal(2, 3));
    std::vector<int> b(6);
    std::iota(b.begin(), b.end(), 0);
    std::set<std::uint64_t> ranks;
    do {
      const std::uint64_t r = p.rank(b);
      CHECK(r < 720);
      CHECK(p.unranked(r) == b);
      ranks.insert(r);
    } while (std::next_permutation(b.begin(), b.end()));
    CHECK(ranks.size() == 720);
  }

  TEST_CASE("the ranked search finds what the tests' own search finds") {
    std::mt19937 rng(11);
    for (const auto &[rows, cols] :
         std::vector<std::pair<int, int>>{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}}) {
      for (int k = 0; k < 3; ++k) {
        const NPuzzle p = satslide::test::random_board(rows, cols, rng);
        CAPTURE(p.draw());
        const Oracle o = search_boards(p);
        const auto s = p.search_space({});
        REQUIRE(s);
        CHECK(s->complete);
        CHECK(s->per_depth == o.per_depth);
        CHECK(s->positions ==
              std::accumulate(o.per_depth.begin(), o.per_depth.end(), 0L));
        CHECK(s->positions * 2 == static_cast<long>(p.reachable_positions() * 2));
        CHECK(s->moves == o.moves);
        CHECK(s->depth == static_cast<int>(o.per_depth.size()) - 1);
        CHECK(s->goal_distance == o.goal_distance);
        CHECK(s->goal_positions == (o.goal_distance >= 0 ? 1 : 0));
      }
    }
  }

  TEST_CASE("the ranked search agrees with the task's explicit search") {
    std::mt19937 rng(5);
    for (int k = 0; k < 3; ++k) {
      const NPuzzle p = satslide::test::random_board(3, 3, rng);
      const auto ranked = p.search_space({});
      const StateSpace plain = explore_space(p.compile(), {});
      REQUIRE(ranked);
      CHECK(ranked->positions == plain.positions);
      CHECK(ranked->per_depth == plain.per_depth);
      CHECK(ranked->moves == plain.moves);
      CHECK(ranked->goal_distance == plain.goal_distance);
    }
  }

  TEST_CASE("stopping at the goal gives a shortest plan that replays") {
    std::mt19937 rng(3);
    int solved = 0;
    for (int k = 0; k < 8; ++k) {
      const NPuzzle p = satslide::test::random_board(3, 3, rng);
      SpaceOptions o;
      o.stop_at_goal = true;
      const auto s = p.search_space(o);
      REQUIRE(s);
      const int expected = satslide::test::bfs_distance(p);
      CHECK(s->goal_distance == expected);
      if (expected < 0) {
        CHECK(s->complete);
        continue;
      }
      ++solved;
      CHECK(static_cast<int>(s->plan.size()) == expected);
      const Replay r = p.replay(s->plan);
      CHECK_FALSE(r.error);
      CHECK(r.solved);
    }
    CHECK(solved > 0);
  }

  TEST_CASE("a positions limit stops the ranked search, large boards are left to the task") {
    const NPuzzle p(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1}, NPuzzle::default_goal(3, 3));
    SpaceOptions o;
    o.max_states = 1000;
    const auto s = p.search_space(o);
    REQUIRE(s);
    CHECK(s->limit_reached);
    CHECK_FALSE(s->complete);
    CHECK(s->positions >= 1000);
    std::vector<int> b(16);
    std::iota(b.begin(), b.end(), 0);
    CHECK_FALSE(NPuzzle(4, 4, b, NPuzzle::default_goal(4, 4)).search_space({}));
  }
}

TEST_SUITE("search::search_bidirectional") {

  TEST_CASE("from both ends: the forward search's optimum, a plan that replays, fewer positions") {
    std::mt19937 rng(8);
    int met = 0;
    for (int k = 0; k < 10; ++k) {
      const NPuzzle p = satslide::test::random_board(3, 3, rng);
      const Task task = p.compile();
      SpaceOptions o;
      o.stop_at_goal = true;
      const StateSpace forward = explore_space(task, o);
      const auto both = search_bidirectional(task, o);
      REQUIRE(both);
      CHECK(both->goal_distance == forward.goal_distance);
      if (forward.goal_distance < 0) {
        CHECK(both->complete); // a side ran out: the ends never meet
        continue;
      }
      ++met;
      CHECK(static_cast<int>(both->plan.size()) == forward.goal_distance);
      const Replay r = p.replay(both->plan);
      CHECK_FALSE(r.error);
      CHECK(r.solved);
      if (forward.goal_distance >= 16) {
        CHECK(both->positions < forward.positions);
      }
    }
    CHECK(met > 0);
  }

  TEST_CASE("the start as goal, a positions limit, and tasks it does not take") {
    const NPuzzle done(2, 2, {1, 2, 3, 0}, NPuzzle::default_goal(2, 2));
    const auto zero = search_bidirectional(done.compile(), {});
    REQUIRE(zero);
    CHECK(zero->goal_distance == 0);
    CHECK(zero->plan.empty());
    const NPuzzle far(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1},
                      NPuzzle::default_goal(3, 3));
    SpaceOptions o;
    o.max_states = 500;
    const auto limited = search_bidirectional(far.compile(), o);
    REQUIRE(limited);
    CHECK(limited->limit_reached);
    CHECK(limited->goal_distance < 0);
    // A goal that leaves fluents open is not one position.
    Task partial = far.compile();
    partial.goal.pop_back();
    CHECK_FALSE(search_bidirectional(partial, {}));
  }

  TEST_CASE("the packed frontier is the task's: the same positions in "
            "the same order, the same paths, the goal within the depth") {
    std::mt19937 rng(4242);
    const std::vector<std::pair<int, int>> shapes{
        {2, 2}, {3, 3}, {2, 4}, {3, 4}, {4, 4}};
    for (const auto &shape : shapes) {
      const int rows = shape.first;
      const int cols = shape.second;
      for (int trial = 0; trial < 3; ++trial) {
        const NPuzzle p(
            rows, cols,
            satslide::test::random_walk(rows, cols, 6 + 7 * trial, rng),
            NPuzzle::default_goal(rows, cols));
        const Task task = p.compile();
        for (const int depth : {0, 1, 4, 9}) {
          CAPTURE(rows);
          CAPTURE(cols);
          CAPTURE(depth);
          const auto packed = p.frontier(depth, {});
          REQUIRE(packed.has_value());
          const Frontier mine = frontier_at(task, depth, {});
          CHECK(packed->space.per_depth == mine.space.per_depth);
          CHECK(packed->space.goal_distance == mine.space.goal_distance);
          CHECK(packed->space.complete == mine.space.complete);
          REQUIRE(packed->goal_plan.has_value() == mine.goal_plan.has_value());
          if (mine.goal_plan) {
            CHECK(*packed->goal_plan == *mine.goal_plan);
            const auto end =
                task.apply_plan(task.initial_state(), *packed->goal_plan);
            REQUIRE(end.has_value());
            CHECK(task.satisfies_goal(*end));
            continue;
          }
          // The same positions in the same order, by the same paths.
          CHECK(packed->states == mine.states);
          CHECK(packed->paths == mine.paths);
          REQUIRE(packed->states.size() == packed->paths.size());
          for (std::size_t i = 0; i < packed->states.size(); ++i) {
            const Plan path = packed->paths[i];
            CHECK(static_cast<int>(path.size()) == depth);
            const auto end = task.apply_plan(task.initial_state(), path);
            REQUIRE(end.has_value());
            CHECK(*end == packed->states[i]);
            CHECK(*end == mine.states[i]);
          }
        }
      }
    }
    // A positions limit.
    SpaceOptions limited;
    limited.max_states = 10;
    const NPuzzle far(4, 4, satslide::test::random_walk(4, 4, 30, rng),
                      NPuzzle::default_goal(4, 4));
    const auto cut = far.frontier(9, limited);
    REQUIRE(cut.has_value());
    CHECK(cut->space.limit_reached);
    CHECK(cut->states.empty());
    // Beyond 16 cells the task's search does it.
    const NPuzzle big(5, 5, NPuzzle::default_goal(5, 5),
                      NPuzzle::default_goal(5, 5));
    CHECK_FALSE(big.frontier(2, {}).has_value());
  }
}
