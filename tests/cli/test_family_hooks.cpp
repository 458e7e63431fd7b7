// What scramble, batch and the game need from a family comes from its
// row and its Puzzle: the test family `row` (tests/planner/sliding_row.*),
// registered at run time, gets walks, random instances, its own data
// lines and a game (moves, undo, hints) with no edit outside its files
// and its row.
#include "satslide/cli/batch_input.hpp"
#include "satslide/cli/commands.hpp"
#include "satslide/cli/options.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/game/game.hpp"
#include "satslide/planner/planner.hpp"
#include "planner/sliding_row.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace satslide;

namespace {

// The lines `satslide scramble` writes for the row family.
std::vector<nlohmann::json> scramble(bool random, int walk, unsigned seed) {
  test::register_sliding_row();
  cli::Options o;
  o.command = cli::Command::scramble;
  o.family = "row";
  o.instance.board = "A.B..";
  o.instance.goal = "..A.B";
  o.walk = walk;
  o.count = 5;
  o.seed = seed;
  o.scramble_random = random;
  // A file per kind of call: ctest runs each test case as its own
  // process, side by side, and two cases writing one file raced.
  o.output =
      std::string("row_scramble_") + (random ? "random" : "walk") + ".jsonl";
  REQUIRE(cli::run_scramble(o) == 0);
  std::ifstream in(o.output);
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(nlohmann::json::parse(line));
  }
  std::remove(o.output.c_str());
  return lines;
}

// The optimum of a row instance by the default engine.
int optimum(const std::string &board, const std::string &goal) {
  const planner::PlannerResult r =
      planner::solve(test::SlidingRow(board, goal), {});
  REQUIRE(r.status == planner::Status::solved);
  return static_cast<int>(r.replay.moves.size());
}

} // namespace

TEST_SUITE("cli::FamilyHooks") {
  TEST_CASE("scramble walks a family that only its row knows") {
    const int start = optimum("A.B..", "..A.B");
    const auto lines = scramble(false, 3, 7);
    REQUIRE(lines.size() == 5);
    for (const auto &j : lines) {
      CAPTURE(j.dump());
      CHECK(j.at("puzzle") == "row");
      CHECK(j.at("goal") == "..A.B");
      const std::string board = j.at("board");
      CHECK(std::abs(optimum(board, "..A.B") - start) <= 3);
    }
    CHECK(scramble(false, 3, 7) == lines); // the same seed, the same
  }

  TEST_CASE("scramble --random draws from the family's own sampler") {
    const auto lines = scramble(true, 0, 11);
    REQUIRE(lines.size() == 5);
    bool differ = false;
    for (const auto &j : lines) {
      const std::string board = j.at("board");
      CAPTURE(board);
      std::string pieces = board;
      pieces.erase(std::remove(pieces.begin(), pieces.end(), '.'),
                   pieces.end());
      CHECK(pieces == "AB"); // solvable: the order kept
      CHECK(optimum(board, "..A.B") >= 0);
      differ = differ || board != lines.front().at("board");
    }
    CHECK(differ);
  }

  TEST_CASE("batch reads the family's own data lines, and scramble's") {
    test::register_sliding_row();
    std::istringstream in("# start goal optimum\n"
                          "AB.. ..AB 4\n"
                          "{\"board\": \"A..B\", \"goal\": \".A.B\"}\n");
    const auto lines = cli::read_batch(in, "row", "");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].options ==
          std::vector<std::string>{"--board", "AB..", "--goal", "..AB"});
    CHECK(cli::known_optimum(lines[0], "") == 4);
    CHECK(optimum("AB..", "..AB") == 4); // the line's optimum is right
    CHECK(lines[1].options == std::vector<std::string>{"--board", "A..B",
                                                       "--goal", ".A.B"});
    CHECK(cli::known_optimum(lines[1], "") == -1);
  }

  TEST_CASE("the game plays a family that only its row knows") {
    test::register_sliding_row();
    puzzles::InstanceOptions o;
    o.board = "A.B..";
    o.goal = "..A.B";
    game::Game g(puzzles::make_puzzle("row", o));
    CHECK_FALSE(g.tiles());
    CHECK(g.metric() == puzzles::Metric::step);
    CHECK(g.pieces() == std::vector<std::string>{"A", "B"});
    const planner::Hint first = g.hint();
    REQUIRE(first.found);
    CHECK(first.distance == optimum("A.B..", "..A.B"));
    // Follow the hints: each lowers the distance by one, to the goal.
    for (int left = first.distance; left > 0; --left) {
      const planner::Hint h = g.hint();
      REQUIRE(h.found);
      CHECK(h.distance == left);
      const game::GameMove next = game::parse_move(h.plan.front());
      REQUIRE(g.step(next.piece, next.direction));
    }
    CHECK(g.won());
    CHECK(g.moves() == first.distance);
    REQUIRE(g.undo());
    CHECK_FALSE(g.won());
    REQUIRE(g.redo());
    CHECK(g.won());
  }

  TEST_CASE("named openings come from the family's row") {
    const puzzles::FamilyInfo *klotski = puzzles::find_family("klotski");
    REQUIRE(klotski);
    REQUIRE(klotski->openings);
    const std::vector<std::string> names = klotski->openings();
    CHECK(std::find(names.begin(), names.end(), "classic") != names.end());
    CHECK_FALSE(puzzles::find_family("npuzzle")->openings);
    test::register_sliding_row();
    CHECK_FALSE(puzzles::find_family("row")->openings);
  }
}
