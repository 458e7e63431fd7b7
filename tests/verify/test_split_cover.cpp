// merge --verify's claim shown by the checker (verify/split_cover.hpp):
// "no plan of length <= n" from a split's start through the positions at
// its depth, which the checker finds itself, each excused by a certified
// cube, by parity or by its own bound. Here each cube's certificate is
// stood in for by its optimum (solved, minus one); the check must show
// the true claim, never a longer one, and nothing past a missing cube.
#include "satslide/planner/certify.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/search/state_space.hpp"
#include "satslide/verify/cnf_reader.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/split_cover.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide;

namespace {

using test::npuzzle;

// 14 moves; its positions 4 moves from the start, the split's cubes.
constexpr const char *k_board = "8 1 3 4 0 2 7 6 5";
constexpr int k_depth = 4;
constexpr int k_optimum = 14;

struct Split {
  std::unique_ptr<puzzles::Puzzle> start = npuzzle(k_board, 3, 3);
  task::Task task = start->compile();
  verify::ParityToken token = *planner::find_parity_token(task);
  std::vector<verify::CertifiedCube> cubes; // each: its optimum - 1
  std::vector<int> optimum;
  Split() {
    search::SpaceOptions so;
    const search::Frontier f = search::frontier_at(task, k_depth, so);
    for (std::size_t i = 0; i < f.states.size(); ++i) {
      const auto cube = start->after(f.paths[i]);
      const planner::PlannerResult r = planner::solve(*cube, {});
      REQUIRE(r.optimal);
      optimum.push_back(static_cast<int>(r.plan.size()));
      cubes.push_back({cube->spec(), optimum.back() - 1});
    }
  }
  verify::SplitCover cover(int claim) const {
    return verify::check_split_cover(task, token, k_depth, claim, cubes, {});
  }
};

} // namespace

TEST_CASE("split cover: certified cubes show the claim through the "
          "positions the checker finds, and never a longer one") {
  Split s;
  REQUIRE(s.cubes.size() > 5);
  const verify::SplitCover c = s.cover(k_optimum - 1);
  CHECK(c.positions == static_cast<long>(s.cubes.size()));
  CHECK(c.goal_depth == -1);
  CHECK(c.uncovered == 0);
  CHECK(c.shown == k_optimum - 1);
  CHECK(c.by_certificate + c.by_bound == c.positions);
  CHECK(c.by_certificate > 0);
  // The optimum itself is no claim they show: a cube on an optimal path
  // has a plan of the length left.
  const verify::SplitCover past = s.cover(k_optimum);
  CHECK(past.shown == k_optimum - 1);
  CHECK(past.uncovered > 0);
  // Below the split's depth the checker's search alone shows it.
  CHECK(s.cover(k_depth - 2).shown == k_depth - 1);
}

TEST_CASE("split cover: a cube missing, or of another puzzle, shows less "
          "or is refused") {
  Split s;
  // The cube on an optimal path (optimum 10 from it): no bound excuses
  // it, so without its certificate the claim falls to its own.
  std::size_t on_path = s.cubes.size();
  for (std::size_t i = 0; i < s.cubes.size(); ++i) {
    if (s.optimum[i] == k_optimum - k_depth) {
      on_path = i;
    }
  }
  REQUIRE(on_path < s.cubes.size());
  Split missing;
  missing.cubes.erase(missing.cubes.begin() +
                      static_cast<std::ptrdiff_t>(on_path));
  const verify::SplitCover c = missing.cover(k_optimum - 1);
  CHECK(c.uncovered >= 1);
  CHECK(c.shown < k_optimum - 1);
  // A certificate that shows less for it: so does the cover.
  Split weaker;
  weaker.cubes[on_path].no_plan_up_to -= 2;
  CHECK(weaker.cover(k_optimum - 1).shown == k_optimum - 3);
  // A cube of another puzzle is refused, not counted.
  Split other;
  other.cubes.push_back({npuzzle("1 2 3 4 5 6 7 0", 2, 4)->spec(), 30});
  CHECK_THROWS_AS(other.cover(k_optimum - 1), verify::Refused);
}

TEST_CASE("split cover: a goal nearer than the split's depth is found") {
  // Two moves from the goal: within the split's depth 4.
  const auto near = npuzzle("1 2 3 4 5 6 0 7 8", 3, 3);
  const task::Task task = near->compile();
  const verify::SplitCover c = verify::check_split_cover(
      task, *planner::find_parity_token(task), k_depth, 10, {}, {});
  CHECK(c.goal_depth == 2);
  CHECK(c.shown == 1);
}
