// Counting optimal plans by enumeration against the tests' own count of
// shortest paths (breadth-first layers, paths summed per position).
#include "satslide/planner/count_plans.hpp"

#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace satslide;

namespace {

// The number of shortest paths from the board to the goal.
long shortest_paths(const puzzles::NPuzzle &p) {
  using Board = std::vector<int>;
  std::map<Board, std::pair<int, long>> seen{{p.board(), {0, 1}}};
  std::vector<Board> layer{p.board()};
  const int rows = p.rows(), cols = p.cols();
  for (int depth = 0; !layer.empty(); ++depth) {
    if (seen.count(p.goal()) && seen[p.goal()].first == depth) {
      return seen[p.goal()].second;
    }
    std::vector<Board> next;
    for (const Board &b : layer) {
      const long ways = seen[b].second;
      const int z = static_cast<int>(std::find(b.begin(), b.end(), 0) - b.begin());
      const int r = z / cols, c = z % cols;
      for (const auto &[dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        if (r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols) {
          continue;
        }
        Board n = b;
        std::swap(n[z], n[(r + dr) * cols + c + dc]);
        auto it = seen.find(n);
        if (it == seen.end()) {
          seen[n] = {depth + 1, ways};
          next.push_back(n);
        } else if (it->second.first == depth + 1) {
          it->second.second += ways;
        }
      }
    }
    layer = next;
  }
  return 0;
}

} // namespace

TEST_SUITE("planner::CountPlans") {
  TEST_CASE("the count of optimal plans is the count of shortest paths [slow]") {
    std::mt19937 rng(31);
    int checked = 0;
    for (int k = 0; k < 16; ++k) {
      const puzzles::NPuzzle p = test::random_board(k % 4 == 0 ? 2 : 3, 3, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      const int d = test::bfs_distance(p);
      CAPTURE(p.draw());
      const planner::PlanCount c = planner::count_plans(p, d, {});
      CHECK(c.complete);
      CHECK(c.count == shortest_paths(p));
      CHECK(c.moves.size() == static_cast<std::size_t>(
                                  std::min<long>(c.count, 20)));
      checked += c.count > 1 ? 1 : 0;
    }
    CHECK(checked >= 3); // boards with several optimal plans were met
  }

  TEST_CASE("a limit says at least, and an encoding that drops plans is refused") {
    const auto p =
        puzzles::NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    planner::CountOptions o;
    o.limit = 3;
    const planner::PlanCount c = planner::count_plans(p, 31, o);
    CHECK(c.count == 3);
    CHECK(!c.complete);
    CHECK(c.stopped == "limit");
    o.encoding = encoder::find_encoding("ordered");
    CHECK_THROWS_AS(planner::count_plans(p, 31, o), std::invalid_argument);
    planner::CountOptions none;
    CHECK(planner::count_plans(p, 29, none).count == 0); // below the optimum
    CHECK(planner::count_plans(p, 29, none).complete);
  }
}
