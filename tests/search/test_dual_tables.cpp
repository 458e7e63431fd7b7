// Dual lookups against the tests' own breadth-first search: the dual's
// bound never exceeds the true distance on any position of whole small
// spaces (partitions that wall regions off among them), it is above the
// plain bound somewhere, and IDA* with it and pathmax finds breadth-first
// search's optimum, on one thread and on two, with fewer nodes.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/dual_tables.hpp"
#include "satslide/search/ida.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>

using namespace satslide;
using puzzles::NPuzzle;
using search::DualTables;
using search::IdaOptions;
using search::PatternDatabases;

namespace {

using Board = std::vector<int>;

NPuzzle goal_puzzle(int rows, int cols, Board goal = {}) {
  if (goal.empty()) {
    goal = NPuzzle::default_goal(rows, cols);
  }
  return NPuzzle(rows, cols, goal, goal);
}

struct Case {
  int rows, cols;
  std::vector<std::vector<int>> patterns;
  Board goal; // empty: the default (blank last)
};

// Partitions of every kind: rows that wall the board in two, columns,
// pairs, a pattern of one tile, tiles in no pattern, the blank first.
const Case k_cases[] = {
    {2, 3, {{1, 2}, {3, 4, 5}}, {}},
    {3, 2, {{1, 3, 5}, {2, 4}}, {}},
    {3, 3, {{1, 2, 3}, {4, 5, 6}, {7, 8}}, {}},
    {3, 3, {{1, 4, 7}, {2, 5}, {3, 6, 8}}, {}},
    {3, 3, {{1, 2}, {3, 4}, {5, 6}, {7, 8}}, {}},
    {3, 3, {{2, 5, 8}, {1}, {3, 4}}, {}},
    {3, 3, {{1, 2, 3, 4}, {5, 6, 7, 8}}, {0, 1, 2, 3, 4, 5, 6, 7, 8}},
    {2, 4, {{1, 2, 5, 6}, {3, 4, 7}}, {}},
};

} // namespace

TEST_SUITE("search::DualTables") {

  TEST_CASE("the dual bound never exceeds the distance, on every position") {
    int cases = 0;
    for (const Case &c : k_cases) {
      const NPuzzle p = goal_puzzle(c.rows, c.cols, c.goal);
      const PatternDatabases db(c.rows, c.cols, p.goal(), c.patterns);
      const DualTables dual(db);
      CAPTURE(db.shape());
      long positions = 0, above = 0;
      for (const auto &[board, d] : test::all_distances(p)) {
        const int bound = search::dual_bound(db, dual, board);
        REQUIRE(bound <= d);
        above += bound > db.bound(board) ? 1 : 0;
        ++positions;
      }
      CHECK(search::dual_bound(db, dual, p.goal()) == 0);
      CHECK(positions > 300);
      CHECK(above > 0); // it adds something: a test that can fail
      ++cases;
    }
    CHECK(cases == 8);
  }

  TEST_CASE("IDA*'s dual bound is the larger of the position's dual and "
            "the transposed board's") {
    // On square boards whose goal is its own transpose: the dual of the
    // transposed board (Felner et al.'s d*) bounds the position too.
    long positions = 0, raised = 0;
    int cases = 0;
    for (const Case &c : k_cases) {
      const NPuzzle p = goal_puzzle(c.rows, c.cols, c.goal);
      const PatternDatabases db(c.rows, c.cols, p.goal(), c.patterns);
      if (!db.reflected()) {
        continue;
      }
      const DualTables dual(db);
      CAPTURE(db.shape());
      IdaOptions o;
      o.dual = &dual;
      o.max_length = 0; // the start's bound, no search
      int i = 0;
      for (const auto &[board, d] : test::all_distances(p)) {
        if (i++ % 7 != 0) {
          continue;
        }
        Board transposed(board.size());
        for (std::size_t cell = 0; cell < board.size(); ++cell) {
          transposed[static_cast<std::size_t>(db.transposed_cell(
              static_cast<int>(cell)))] =
              board[cell] == 0 ? 0 : db.transposed_tile(board[cell]);
        }
        o.parity = d % 2;
        const int plain = std::max(db.bound(board),
                                   search::dual_bound(db, dual, board));
        const int mirrored = search::dual_bound(db, dual, transposed);
        const int bound = search::ida_search(db, board, o).start_bound;
        REQUIRE(bound <= d);
        CHECK(bound == std::max(plain, mirrored));
        raised += mirrored > plain ? 1 : 0;
        ++positions;
      }
      ++cases;
    }
    CHECK(cases == 5); // the 3x3 ones
    CHECK(positions > 5 * 3000);
    CHECK(raised > 0); // the transposed dual adds something
  }

  TEST_CASE("a region a pattern walls off has the pattern's table again") {
    // 3x3, blank last: the middle row's goal cells cut the top row from
    // the blank's cell; with a top-row tile as the dual's blank, the
    // middle row is looked up in its table for the goal blank up there.
    const NPuzzle p = goal_puzzle(3, 3);
    const PatternDatabases db(3, 3, p.goal(), {{1, 2, 3}, {4, 5, 6}, {7, 8}});
    const DualTables dual(db);
    for (int t = 0; t < 9; ++t) {
      CAPTURE(t);
      CHECK((dual.region_table(t, 1) != nullptr) == (t >= 1 && t <= 3));
      CHECK(dual.region_table(t, 0) == nullptr);
      CHECK(dual.region_table(t, 2) == nullptr);
    }
    REQUIRE(dual.region_table(1, 1) != nullptr);
    CHECK(dual.region_table(1, 1)->patterns()[0] == std::vector<int>{4, 5, 6});
    CHECK(dual.region_table(1, 1)->goal()[0] == 0); // the region's first cell
    CHECK(dual.shape() == "8 tables of up to 2 tiles and 1 of up to 3");
    // Columns wall too: the middle one cuts the first from the blank's.
    const PatternDatabases columns(3, 3, p.goal(),
                                   {{1, 4, 7}, {2, 5, 8}, {3, 6}});
    CHECK(DualTables(columns).region_table(1, 1) != nullptr);
    const PatternDatabases corners(3, 3, p.goal(),
                                   {{1, 2, 4}, {3, 5, 6}, {7, 8}});
    const DualTables open(corners);
    CHECK(open.shape() == "8 tables of up to 2 tiles");
  }

  TEST_CASE("IDA* with dual lookups and pathmax: breadth-first search's "
            "optimum, fewer nodes") {
    std::mt19937 rng(2005);
    long with_nodes = 0, without_nodes = 0, dual_cuts = 0, pathmax_cuts = 0;
    // Pathmax cuts without the dual too: the tables, a least over the
    // blank's cells, are not consistent.
    long plain_pathmax_cuts = 0;
    int boards = 0;
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}, {4, 2}, {3, 4}}) {
      const NPuzzle goal = goal_puzzle(rows, cols);
      // Pairs and triples: weak tables, deep searches.
      std::vector<std::vector<int>> patterns;
      for (int t = 1; t < rows * cols; t += 2) {
        patterns.push_back(t + 1 < rows * cols ? std::vector<int>{t, t + 1}
                                               : std::vector<int>{t});
      }
      const PatternDatabases db(rows, cols, goal.goal(), patterns);
      const DualTables dual(db);
      for (int i = 0; i < 6; ++i) {
        // Whole random boards where the space is small, else random walks
        // (breadth-first search to the optimum stays cheap).
        const bool small = rows * cols <= 9;
        const NPuzzle p =
            small ? test::random_board(rows, cols, rng)
                  : NPuzzle(rows, cols, test::random_walk(rows, cols, 18, rng),
                            goal.goal());
        if (p.unsolvable_reason()) {
          continue;
        }
        const int expected = test::bfs_distance(p, small ? 100 : 18);
        REQUIRE(expected >= 0);
        CAPTURE(p.draw());
        IdaOptions o;
        o.parity = p.lower_bound() % 2;
        const auto without = search::ida_search(db, p.board(), o);
        o.dual = &dual;
        const auto with = search::ida_search(db, p.board(), o);
        REQUIRE(with.found);
        CHECK(static_cast<int>(with.blank_path.size()) == expected);
        CHECK(with.no_plan_up_to == expected - 1);
        CHECK(with.start_bound >= without.start_bound);
        CHECK(with.start_bound <= expected);
        o.threads = 2;
        const auto two = search::ida_search(db, p.board(), o);
        CHECK(two.blank_path == with.blank_path);
        with_nodes += with.nodes;
        without_nodes += without.nodes;
        dual_cuts += with.dual_cuts;
        pathmax_cuts += with.pathmax_cuts;
        plain_pathmax_cuts += without.pathmax_cuts;
        ++boards;
      }
    }
    CHECK(boards >= 16);
    CHECK(dual_cuts > 0);
    CHECK(pathmax_cuts > 0);
    CHECK(plain_pathmax_cuts > 0);
    CHECK(with_nodes < without_nodes);
  }

  TEST_CASE("dual tables of other databases are refused") {
    const NPuzzle p = goal_puzzle(3, 3);
    const PatternDatabases rows(3, 3, p.goal(), {{1, 2, 3}, {4, 5, 6}, {7, 8}});
    const PatternDatabases cols(3, 3, p.goal(), {{1, 4, 7}, {2, 5, 8}, {3, 6}});
    const DualTables dual(rows);
    IdaOptions o;
    o.dual = &dual;
    CHECK_THROWS_AS(search::ida_search(cols, p.board(), o),
                    std::invalid_argument);
  }

  TEST_CASE("cache: built once with one line, then read back") {
    const test::CacheDir dir("satslide-dual-test-");
    const NPuzzle p = goal_puzzle(3, 4);
    const PatternDatabases db(3, 4, p.goal(), {{1, 2, 5, 6}, {3, 4, 7, 8}, {9, 10, 11}});
    std::vector<std::string> notes;
    const auto note = [&](const std::string &n) { notes.push_back(n); };
    CHECK_FALSE(DualTables::cached(db));
    CHECK_FALSE(DualTables::load(db, {note, {}}, {}, true).has_value());
    CHECK(notes.empty());
    const auto built = DualTables::load(db, {note, {}});
    REQUIRE(built.has_value());
    REQUIRE(notes.size() == 2); // building, built in
    CHECK(notes[0].find("building the dual lookups' tables (11 tables of up "
                        "to 3 tiles)") != std::string::npos);
    CHECK(notes[1].find("built in") != std::string::npos);
    CHECK(DualTables::cached(db));
    notes.clear();
    const auto read = DualTables::load(db, {note, {}}, {}, true);
    REQUIRE(read.has_value());
    CHECK(notes.empty());
    std::mt19937 rng(59);
    for (int i = 0; i < 20; ++i) {
      const Board b = test::random_walk(3, 4, 40, rng);
      CHECK(search::dual_bound(db, *read, b) ==
            search::dual_bound(db, DualTables(db), b));
    }
  }
}
