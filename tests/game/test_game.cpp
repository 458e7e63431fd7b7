// satslide play's game without the screen: moves by piece and direction,
// the metric's merging of steps, undo/redo/restart, hints that lower the
// distance, and a solution that wins. The distances are checked against
// the tests' own breadth-first searches, not against the planner's.
#include "satslide/game/game.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <queue>
#include <sstream>

#include <unistd.h>

using namespace satslide;
using namespace satslide::game;
using satslide::planner::Hint;

namespace {

std::unique_ptr<puzzles::Puzzle> puzzle(const std::string &family,
                                        puzzles::InstanceOptions o) {
  return puzzles::make_puzzle(family, o);
}

std::unique_ptr<puzzles::Puzzle> eight(const std::string &board) {
  puzzles::InstanceOptions o;
  o.board = board;
  return puzzle("8", o);
}

// Distance to the goal by the tests' own search over the n-puzzle's
// boards (its rules: a tile next to the blank slides into it).
int npuzzle_distance(const puzzles::NPuzzle &p, std::vector<int> board) {
  std::map<std::vector<int>, int> seen{{board, 0}};
  std::queue<std::vector<int>> todo;
  todo.push(board);
  while (!todo.empty()) {
    const auto b = todo.front();
    todo.pop();
    if (b == p.goal()) {
      return seen[b];
    }
    const int blank =
        static_cast<int>(std::find(b.begin(), b.end(), 0) - b.begin());
    for (int n : p.neighbours(blank)) {
      auto next = b;
      std::swap(next[n], next[blank]);
      if (seen.emplace(next, seen[b] + 1).second) {
        todo.push(next);
      }
    }
  }
  return -1;
}

std::vector<int> board_of(const Game &g) {
  std::vector<int> b;
  std::istringstream in(g.board());
  for (std::string t; in >> t;) {
    b.push_back(t == "." ? 0 : std::stoi(t));
  }
  return b;
}

} // namespace

TEST_CASE("play: tiles move into the blank, illegal moves are refused") {
  Game g(eight("1,3,6,4,2,0,7,5,8"));
  CHECK(g.tiles());
  CHECK(g.moves() == 0);
  CHECK_FALSE(g.won());
  CHECK_FALSE(g.step("1", "up")); // 1 is not next to the blank
  CHECK_FALSE(g.step("", "left")); // nothing right of the blank
  CHECK(g.step("6", "down"));
  CHECK(g.moves() == 1);
  CHECK(g.history() == std::vector<std::string>{"6 down"});
  CHECK(g.step("", "right")); // the tile left of the blank: 3
  CHECK(g.history().back() == "3 right");
}

TEST_CASE("play: undo, redo and restart") {
  Game g(eight("1,3,6,4,2,0,7,5,8"));
  const std::string start = g.board();
  REQUIRE(g.step("6", "down"));
  const std::string one = g.board();
  CHECK(g.undo());
  CHECK(g.board() == start);
  CHECK_FALSE(g.undo());
  CHECK(g.redo());
  CHECK(g.board() == one);
  CHECK_FALSE(g.redo());
  REQUIRE(g.step("3", "right"));
  g.restart();
  CHECK(g.board() == start);
  CHECK(g.moves() == 0);
}

TEST_CASE("play: following the hints wins in the optimum, each lowering the distance") {
  const std::vector<int> start{8, 6, 7, 2, 5, 4, 3, 0, 1};
  puzzles::NPuzzle rules(3, 3, start, puzzles::NPuzzle::default_goal(3, 3));
  Game g(eight("8,6,7,2,5,4,3,0,1"));
  const int optimum = npuzzle_distance(rules, start);
  REQUIRE(optimum > 0);
  int distance = optimum;
  while (!g.won()) {
    const Hint h = g.hint();
    REQUIRE(h.found);
    CHECK(h.distance == distance);
    CHECK(h.distance == npuzzle_distance(rules, board_of(g)));
    CHECK(h.engine == "breadth-first search");
    const GameMove m = parse_move(h.plan.front());
    REQUIRE(g.step(m.piece, m.direction));
    --distance;
  }
  CHECK(g.moves() == optimum);
  CHECK(distance == 0);
}

TEST_CASE("play: a hint after a detour counts the detour back") {
  Game g(eight("1,3,6,4,2,0,7,5,8"));
  REQUIRE(g.step("8", "up")); // away from the 5-move solution
  const Hint h = g.hint();
  REQUIRE(h.found);
  CHECK(h.distance == 6);
  CHECK(h.plan.front() == "8 down");
}

TEST_CASE("play: the slide metric counts a straight run of steps as one move") {
  puzzles::InstanceOptions o;
  o.board = "AAB./CC../..../...."; // 4x4, A 2x1 at the top left
  o.goal_piece = "A";
  o.goal_at = "2,2";
  o.metric = puzzles::Metric::slide;
  Game g(puzzle("klotski", o));
  CHECK(g.metric() == puzzles::Metric::slide);
  REQUIRE(g.step("B", "right"));
  REQUIRE(g.step("C", "down"));
  REQUIRE(g.step("C", "down"));
  CHECK(g.history() == std::vector<std::string>{"B right 1", "C down 2"});
  CHECK(g.moves() == 2);
  REQUIRE(g.step("C", "up")); // back one: still one slide, shorter
  CHECK(g.history().back() == "C down 1");
  REQUIRE(g.step("C", "up")); // back where it began: no move at all
  CHECK(g.history() == std::vector<std::string>{"B right 1"});
  REQUIRE(g.step("C", "down"));
  REQUIRE(g.step("C", "right")); // a turn is a new slide
  CHECK(g.moves() == 3);
}

TEST_CASE("play: the step metric counts every step") {
  puzzles::InstanceOptions o;
  o.board = "AAB./CC../..../....";
  o.goal_piece = "A";
  o.goal_at = "2,2";
  Game g(puzzle("klotski", o));
  REQUIRE(g.step("C", "down"));
  REQUIRE(g.step("C", "down"));
  REQUIRE(g.step("C", "up"));
  CHECK(g.moves() == 3);
}

TEST_CASE("play: solving the classic from the opening by its hints") {
  puzzles::InstanceOptions o;
  o.layout = "classic";
  o.metric = puzzles::Metric::piece;
  Game g(puzzle("klotski", o));
  const Hint h = g.hint();
  REQUIRE(h.found);
  CHECK(h.distance == static_cast<int>(h.plan.size()));
  // Play the whole plan move by move, as the solve key does.
  for (const std::string &notation : h.plan) {
    const auto &legal = g.legal();
    const auto m = std::find_if(legal.begin(), legal.end(), [&](auto &l) {
      return l.notation == notation;
    });
    REQUIRE(m != legal.end());
    CHECK_FALSE(g.won());
    g.play(*m);
  }
  CHECK(g.won());
  CHECK(g.moves() == h.distance);
  // Where the space is too large for the search, no SAT: no hint.
  planner::HintOptions tiny;
  tiny.max_states = 10;
  CHECK_FALSE(Game(puzzle("klotski", o), tiny).hint(false).found);
}

TEST_CASE("play: a hint from the SAT engine where the search's budget is too small") {
  planner::HintOptions tiny;
  tiny.max_states = 10; // the 8-puzzle has 181,440 positions
  Game g(eight("1,3,6,4,2,0,7,5,8"), tiny);
  const Hint h = g.hint();
  REQUIRE(h.found);
  CHECK(h.engine == "SAT");
  CHECK(h.distance == 5);
}

TEST_CASE("play: a 15-puzzle hint by SAT where the pattern databases are not "
          "cached yet") {
  // Without a timeout the default engine would split this board into
  // cubes, whose tables take about 13 s to build on a fresh machine: a
  // hint must not wait for them (a build cut short is not cached, so no
  // later hint would come either).
  const satslide::test::CacheDir cache("satslide-hint-cache-");
  planner::HintOptions tiny;
  tiny.max_states = 10; // no breadth-first search: SAT
  tiny.sat_timeout = 8;
  puzzles::InstanceOptions o;
  o.board = "1 6 2 4 10 13 14 3 9 5 11 7 15 0 12 8"; // scramble #54, 24 moves
  Game g(puzzle("15", o), tiny);
  const Hint h = g.hint();
  REQUIRE(h.found);
  CHECK(h.engine == "SAT");
  CHECK(h.distance == 24);
}
