#include "satslide/puzzles/board_parsing.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <tuple>

using namespace satslide::task;
using namespace satslide::search;
using namespace satslide::puzzles;
using namespace satslide::encoder;
using satslide::test::bfs_distance;

TEST_SUITE("puzzles::NPuzzle") {

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
    CHECK(message("[1,2,3,4,-5,6,7,8,0]").find("'-5' is negative") !=
          std::string::npos);
    CHECK(message("[1,2,3,4,-,6,7,8,0]").find("'-' is not a number") !=
          std::string::npos);
    CHECK(message("[1,2,3").find("closing") != std::string::npos);
    CHECK(message("").find("needs a board") != std::string::npos);
    CHECK_THROWS_AS(
        NPuzzle(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}, {1, 2, 3, 4, 5, 6, 7, 8}),
        InputError);
    CHECK_THROWS_AS(NPuzzle(1, 4, {1, 2, 3, 0}, {1, 2, 3, 0}), InputError);
  }

  TEST_CASE("rows and columns set the shape, a non-square needs both") {
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

  TEST_CASE("Manhattan and linear conflicts: never above the distance, of "
            "its parity, on every position of a 3x3 (blank in the middle) "
            "and a 2x4, and above Manhattan on many") {
    long positions = 0, above = 0;
    for (const auto &[rows, cols, goal] :
         {std::tuple{3, 3, std::vector<int>{1, 2, 3, 4, 0, 5, 6, 7, 8}},
          std::tuple{2, 4, NPuzzle::default_goal(2, 4)}}) {
      const NPuzzle solved(rows, cols, goal, goal);
      for (const auto &[board, d] : satslide::test::all_distances(solved)) {
        const NPuzzle p(rows, cols, board, goal);
        const int bound = p.quick_bound()->first;
        if (bound > d || (d - bound) % 2 != 0) {
          FAIL_CHECK(p.draw() << ": bound " << bound << ", distance " << d);
        }
        above += bound > p.lower_bound();
        ++positions;
      }
    }
    CHECK(positions == 181440 + 20160);
    CHECK(above > positions / 10);
  }

  TEST_CASE("tables worth building are cut otherwise than the family's, "
            "with as many entries or more, unless measured no better") {
    struct Row {
      int rows, cols, tiles;
      bool worth;
    };
    const std::vector<Row> rows = {
        // The 15-puzzle: 7-8 and 4-4-7 beside its 6-6-3; at most 6 tiles
        // cuts 4-5-6, smaller than 6-6-3.
        {4, 4, 8, true},
        {4, 4, 7, true},
        {4, 4, 6, false},
        {4, 4, 0, false},
        // 3x4: 5-6 beside its 6-5 blocks, as many entries; 3-4-4 fewer.
        {3, 4, 6, true},
        {3, 4, 4, false},
        // The 24-puzzle: 6-6-6-6 and 4-5-5-5-5 beside its 4-tile tables;
        // 7 tiles (5-5-7-7 here, 7-7-5-5 on Korf & Felner's goal) measured
        // no better (k_no_stronger); 8 tiles would be too large.
        {5, 5, 7, false},
        {5, 5, 6, true},
        {5, 5, 5, true},
        {5, 5, 8, false},
        // 6x6 (family: at most 4 tiles): 5; 6 would search too many
        // placements together.
        {6, 6, 5, true},
        {6, 6, 6, false},
        // 7x7 (family: 3): 4; 5 measured no better (k_no_stronger).
        {7, 7, 4, true},
        {7, 7, 5, false},
        // 3x3: the family's one table of every tile is the largest.
        {3, 3, 8, false},
        // Past 64 cells there are no tables.
        {9, 9, 4, false},
    };
    int read = 0;
    for (const Row &row : rows) {
      const std::vector<int> goal = NPuzzle::default_goal(row.rows, row.cols);
      CAPTURE(row.rows);
      CAPTURE(row.cols);
      CAPTURE(row.tiles);
      CHECK(NPuzzle(row.rows, row.cols, goal, goal).stronger_tables(
                row.tiles) == row.worth);
      ++read;
    }
    CHECK(read == 16);
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

  TEST_CASE("a beam from where a plan's first moves lead: its plan begins "
            "with them and solves the board, shorter_than counts them, and "
            "moves that are not a plan's are refused") {
    const satslide::test::CacheDir cache("satslide-beam-after-");
    const NPuzzle p = eight("8 6 7 2 5 4 3 0 1"); // 31 moves
    HeuristicSearchOptions o;
    o.beam_width = 256;
    const auto whole = p.heuristic_search(o);
    REQUIRE(whole);
    REQUIRE(whole->found);
    const Plan &plan = whole->plan;
    CHECK(plan.size() >= 31);
    int tails = 0;
    for (std::size_t k = 0; k <= plan.size(); k += 3) {
      CAPTURE(k);
      o.beam_after.assign(plan.begin(),
                          plan.begin() + static_cast<std::ptrdiff_t>(k));
      o.shorter_than = -1;
      const auto tail = p.heuristic_search(o);
      REQUIRE(tail);
      REQUIRE(tail->found);
      CHECK(std::equal(o.beam_after.begin(), o.beam_after.end(),
                       tail->plan.begin()));
      const Replay r = p.replay(tail->plan);
      CHECK_FALSE(r.error.has_value());
      CHECK(r.solved);
      // No plan shorter than the moves already made.
      o.shorter_than = static_cast<int>(k);
      const auto none = p.heuristic_search(o);
      REQUIRE(none);
      CHECK_FALSE(none->found);
      CHECK(none->limit);
      ++tails;
    }
    CHECK(tails == static_cast<int>(plan.size()) / 3 + 1);
    // A detour first (a move and its undoing), which no beam from the
    // start makes: the plan still begins with it.
    const Task task = p.compile();
    int back = -1;
    for (int a = 0; a < task.num_actions(); ++a) {
      if (!p.replay({plan[0], a}).error &&
          p.after({plan[0], a})->draw() == p.draw()) {
        back = a;
      }
    }
    REQUIRE(back >= 0);
    o.beam_after = {plan[0], back};
    o.shorter_than = -1;
    const auto detour = p.heuristic_search(o);
    REQUIRE(detour);
    REQUIRE(detour->found);
    CHECK(detour->plan.at(0) == plan[0]);
    CHECK(detour->plan.at(1) == back);
    CHECK(p.replay(detour->plan).solved);
    // A plan's moves from another board are not moves from this one.
    const NPuzzle other = eight("1 2 3 4 5 6 7 0 8");
    o.shorter_than = -1;
    o.beam_after.assign(plan.begin(), plan.begin() + 2);
    CHECK_THROWS_AS(other.heuristic_search(o), std::invalid_argument);
    o.beam_after = {-1};
    CHECK_THROWS_AS(p.heuristic_search(o), std::invalid_argument);
  }

  TEST_CASE("a beam over two sets of tables: the max of their bounds "
            "names both, and its plan solves the board") {
    const satslide::test::CacheDir cache("satslide-beam-sets-");
    const NPuzzle p = eight("8 6 7 2 5 4 3 0 1"); // 31 moves
    HeuristicSearchOptions o;
    o.beam_width = 64;
    o.partitions = {{{1, 2, 3, 4}, {5, 6, 7, 8}},
                    satslide::search::PatternDatabases::blocks_partition(
                        3, 3, p.goal())};
    const auto two = p.heuristic_search(o);
    REQUIRE(two);
    REQUIRE(two->found);
    // The blocks' set is named as such: its shape alone reads as the rows'.
    CHECK(two->bound_name.find("the max of 4-4 and 4-4 in 2x2 blocks") !=
          std::string::npos);
    CHECK(two->plan.size() >= 31);
    CHECK(p.replay(two->plan).solved);
    // Shorter than the optimum: none.
    o.shorter_than = 31;
    const auto none = p.heuristic_search(o);
    REQUIRE(none);
    CHECK_FALSE(none->found);
  }

  TEST_CASE("the start's bound over two sets of tables is the max of both "
            "sets' bounds, above the first's alone on some boards") {
    const satslide::test::CacheDir cache("satslide-bound-sets-");
    const std::vector<int> goal = eight("1 2 3 4 5 6 7 8 0").goal();
    const Partition first = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    const Partition blocks = PatternDatabases::blocks_partition(3, 3, goal);
    const PatternDatabases a(3, 3, goal, first);
    const PatternDatabases b(3, 3, goal, blocks);
    HeuristicSearchOptions o;
    o.partitions = {first, blocks};
    std::mt19937 rng(61);
    int boards = 0, above = 0;
    while (boards < 40) {
      const NPuzzle p = satslide::test::random_board(3, 3, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      ++boards;
      CAPTURE(p.draw());
      const StateBound bound = p.state_bound(o);
      REQUIRE(bound);
      const int expected = std::max(a.bound(p.board()), b.bound(p.board()));
      CHECK(bound(p.compile().initial_state()) == expected);
      above += expected > a.bound(p.board()) ? 1 : 0;
    }
    CHECK(above > 0);
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

  // The cells whose goal tiles the agenda places, in order.
  std::vector<int> agenda_cells(const NPuzzle &p) {
    const Task task = p.compile();
    std::vector<int> cells;
    for (const auto &stage : p.goal_agenda()) {
      REQUIRE(stage.size() == 1);
      const int f = stage[0];
      REQUIRE(std::find(task.goal.begin(), task.goal.end(), f) !=
              task.goal.end());
      cells.push_back(f % (p.rows() * p.cols())); // fluent = value * N + cell
      CHECK(f / (p.rows() * p.cols()) != 0);      // never the blank
    }
    return cells;
  }

  TEST_CASE("the goal agenda peels rows and columns down to 3 x 3") {
    // 15-puzzle, blank last: top row, left column, then the 3 x 3 rest.
    const NPuzzle p15 = NPuzzle::from_params(
        {{"rows", "4"},
         {"cols", "4"},
         {"board", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"}});
    CHECK(agenda_cells(p15) == std::vector<int>{0, 1, 2, 3, 4, 8, 12});
    // Blank first (top left): the bottom row and right column instead.
    const NPuzzle first = NPuzzle::from_params(
        {{"rows", "4"},
         {"cols", "4"},
         {"board", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"},
         {"goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"}});
    CHECK(agenda_cells(first) == std::vector<int>{12, 13, 14, 15, 3, 7, 11});
    // 3 x 4: one column; 3 x 3 and smaller: no stages.
    const NPuzzle p11 = NPuzzle::from_params(
        {{"rows", "3"}, {"cols", "4"}, {"board", "1 2 3 4 5 6 7 8 9 10 11 0"}});
    CHECK(agenda_cells(p11) == std::vector<int>{0, 4, 8});
    CHECK(NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}})
              .goal_agenda()
              .empty());
    // 24-puzzle: 5 + 4 + 4 + 3 tiles before the last 3 x 3.
    std::vector<int> board(25);
    for (int i = 0; i < 24; ++i) {
      board[i] = i + 1;
    }
    std::string text;
    for (int v : board) {
      text += std::to_string(v) + " ";
    }
    CHECK(agenda_cells(NPuzzle::from_params({{"board", text}})).size() == 16);
  }
}
