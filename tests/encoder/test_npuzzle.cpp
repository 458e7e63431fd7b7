#include "encoder/puzzles/board_parsing.hpp"
#include "encoder/puzzles/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide::encoder;
using satslide::test::bfs_distance;

TEST_SUITE("encoder::NPuzzle") {

  NPuzzle eight(const std::string &board) {
    return NPuzzle::from_params({{"board", board}});
  }

  TEST_CASE("boards parse with brackets, commas or spaces") {
    const std::vector<int> expected{1, 3, 6, 4, 2, 0, 7, 5, 8};
    CHECK(parse_int_list("[1,3,6,4,2,0,7,5,8]", "board") == expected);
    CHECK(parse_int_list("1,3,6,4,2,0,7,5,8", "board") == expected);
    CHECK(parse_int_list("1 3 6 4 2 0 7 5 8", "board") == expected);
    CHECK(parse_int_list(" [ 1, 3 ,6 4 2 0 7 5 8 ] ", "board") == expected);
  }

  TEST_CASE("bad boards are rejected with a message naming the problem") {
    auto message = [](const std::string &board) -> std::string {
      try {
        eight(board);
      } catch (const InputError &e) {
        return e.what();
      }
      return "";
    };
    CHECK(message("[1,2,3,4,5,6,7,8]").find("not a square") !=
          std::string::npos);
    CHECK(message("[1,2,3,4,5,6,7,8,8]").find("more than once") !=
          std::string::npos);
    CHECK(message("[1,2,3,4,5,6,7,8,9]").find("out of range") !=
          std::string::npos);
    CHECK(message("[1,2,3,4,x,6,7,8,0]").find("'x' is not a number") !=
          std::string::npos);
    CHECK(message("[1,2,3,4,-5,6,7,8,0]").find("not a number") !=
          std::string::npos);
    CHECK(message("[1,2,3").find("closing") != std::string::npos);
    CHECK(message("").find("needs a board") != std::string::npos);
    CHECK_THROWS_AS(
        NPuzzle(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3, 4, 5, 6, 7, 8}),
        InputError);
    CHECK_THROWS_AS(NPuzzle(1, 4, {1, 2, 3, 0}, {1, 2, 3, 0}), InputError);
  }

  TEST_CASE("rows and columns set the shape; a non-square needs both") {
    const NPuzzle p = NPuzzle::from_params(
        {{"board", "1 2 3 4 5 6 7 0"}, {"rows", "2"}, {"cols", "4"}});
    CHECK(p.rows() == 2);
    CHECK(p.cols() == 4);
    CHECK_THROWS_AS(
        NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 0"}, {"rows", "2"}}),
        InputError);
    CHECK_THROWS_AS(
        NPuzzle::from_params(
            {{"board", "1 2 3 4 5 6 7 0"}, {"rows", "3"}, {"cols", "3"}}),
        InputError);
  }

  TEST_CASE("the parity test agrees with breadth-first search") {
    std::mt19937 rng(7);
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}, {2, 3}}) {
      for (int i = 0; i < 6; ++i) {
        const NPuzzle p = satslide::test::random_board(rows, cols, rng);
        CAPTURE(p.draw());
        CHECK(p.unsolvable_reason().has_value() == (bfs_distance(p) < 0));
      }
    }
  }

  TEST_CASE("swapping two tiles makes a board unsolvable, with the reason") {
    const auto reason = eight("[2,1,3,4,5,6,7,8,0]").unsolvable_reason();
    REQUIRE(reason.has_value());
    CHECK(reason->find("odd") != std::string::npos);
    CHECK_FALSE(eight("[1,3,6,4,2,0,7,5,8]").unsolvable_reason());
  }

  TEST_CASE("a custom goal with the blank first is honoured") {
    const NPuzzle p = NPuzzle::from_params(
        {{"board", "1 0 2 3 4 5 6 7 8"}, {"goal", "0 1 2 3 4 5 6 7 8"}});
    CHECK(p.lower_bound() == 1);
    CHECK(bfs_distance(p) == 1);
  }

  TEST_CASE("the Manhattan bound never exceeds the true distance and has "
            "its parity") {
    std::mt19937 rng(11);
    for (int i = 0; i < 20; ++i) {
      const NPuzzle p(3, 3, satslide::test::random_walk(3, 3, 30, rng),
                      NPuzzle::default_goal(3, 3));
      const int d = bfs_distance(p);
      CHECK(p.lower_bound() <= d);
      CHECK((d - p.lower_bound()) % 2 == 0);
    }
  }

  TEST_CASE("replay applies legal moves and rejects illegal ones") {
    const NPuzzle p = eight("[1,2,3,4,5,6,7,0,8]");
    const Task task = p.compile();
    // Find the action moving tile 8 left into the blank.
    int move = -1;
    for (int a = 0; a < task.num_actions(); ++a) {
      if (task.actions[a].name == "move tile 8 from r2c2 to r2c1") {
        move = a;
      }
    }
    REQUIRE(move >= 0);
    const Replay ok = p.replay({move});
    CHECK_FALSE(ok.error.has_value());
    CHECK(ok.solved);
    CHECK(ok.moves.at(0).notation == "8 left");
    CHECK(ok.compact == "R");
    const Replay twice = p.replay({move, move});
    CHECK(twice.error.has_value());
    CHECK(p.replay({}).solved == false);
  }

  TEST_CASE("compile: one-hot groups per cell and per value, inverse moves") {
    const NPuzzle p = eight("[1,3,6,4,2,0,7,5,8]");
    const Task task = p.compile();
    CHECK(task.num_fluents() == 81);
    CHECK(task.num_actions() == 8 * 24);
    CHECK(task.exactly_one.size() == 18);
    CHECK_FALSE(task.validate().has_value());
    for (int a = 0; a < task.num_actions(); ++a) {
      CHECK(task.inverse[task.inverse[a]] == a);
    }
  }
}
