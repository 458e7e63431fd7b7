// Additive pattern databases and IDA* for the n-puzzle against the tests'
// own breadth-first search over boards: the bound never exceeds the true
// distance on any position of whole small spaces (several partitions), a
// pattern of every tile is the true distance, the cache survives a round
// trip and is rebuilt when corrupted, and IDA*'s optimum is the search's.
#include "satslide/search/fnv1a.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/ida.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include <unistd.h>

using namespace satslide;
using puzzles::NPuzzle;
using search::IdaOptions;
using search::PatternDatabases;

namespace {

using Board = std::vector<int>;

using test::all_distances;

NPuzzle goal_puzzle(int rows, int cols) {
  const Board goal = NPuzzle::default_goal(rows, cols);
  return NPuzzle(rows, cols, goal, goal);
}

// The 3x3 goal's databases of two 4-tile patterns, and the bytes of
// their cache file.
struct CachedTables {
  Board goal = NPuzzle::default_goal(3, 3);
  std::vector<std::vector<int>> patterns{{1, 2, 3, 4}, {5, 6, 7, 8}};
  PatternDatabases db{3, 3, goal, patterns};
  std::string bytes = [this] {
    std::stringstream file;
    db.write(file);
    return file.str();
  }();
};

// Replays the blank's path on the board; true if it ends at the goal.
bool reaches_goal(const NPuzzle &p, Board board, const std::vector<int> &path) {
  int blank = static_cast<int>(std::find(board.begin(), board.end(), 0) -
                               board.begin());
  for (int to : path) {
    const auto adjacent = p.neighbours(blank);
    if (std::find(adjacent.begin(), adjacent.end(), to) == adjacent.end()) {
      return false;
    }
    std::swap(board[blank], board[to]);
    blank = to;
  }
  return board == p.goal();
}

// Weak pairs on 3x3 (many thresholds and subtrees) and the family's
// tables on 3x4 (few): board i is a random 3x3 board if i is even, else
// a 3x4 random walk of `steps` moves.
struct TwoBoards {
  NPuzzle g9 = goal_puzzle(3, 3);
  NPuzzle g12 = goal_puzzle(3, 4);
  PatternDatabases pairs{3, 3, g9.goal(), {{1, 2}, {3, 4}, {5, 6}, {7, 8}}};
  PatternDatabases blocks{
      3, 4, g12.goal(), PatternDatabases::default_partition(3, 4, g12.goal())};

  NPuzzle board(int i, int steps, std::mt19937 &rng) const {
    return i % 2 == 0
               ? test::random_board(3, 3, rng)
               : NPuzzle(3, 4, test::random_walk(3, 4, steps, rng), g12.goal());
  }
  const PatternDatabases &tables(int i) const {
    return i % 2 == 0 ? pairs : blocks;
  }
};

} // namespace

TEST_SUITE("search::PatternDatabases") {

  TEST_CASE("the bound never exceeds the distance, on every position") {
    struct Case {
      int rows, cols;
      std::vector<std::vector<int>> patterns;
    };
    const Case cases[] = {
        {2, 3, {{1, 2}, {3, 4, 5}}},
        {2, 3, {{1, 4}, {2}, {3, 5}}},
        {3, 2, {{1, 3, 5}, {2, 4}}},
        {3, 3, {{1, 2, 3, 4}, {5, 6, 7, 8}}},
        {3, 3, {{1, 4, 7}, {2, 5}, {3, 6, 8}}},
        {3, 3, {{2, 8}}}, // not every tile in a pattern
    };
    for (const Case &c : cases) {
      const NPuzzle p = goal_puzzle(c.rows, c.cols);
      const PatternDatabases db(c.rows, c.cols, p.goal(), c.patterns);
      CAPTURE(db.shape());
      long tighter = 0;
      for (const auto &[board, d] : all_distances(p)) {
        REQUIRE(db.bound(board) <= d);
        CHECK(db.bound(board) >= db.sum(board));
        // Above Manhattan where a pattern holds every tile it counts.
        tighter += db.sum(board) > p.manhattan(board) ? 1 : 0;
      }
      CHECK(db.bound(p.goal()) == 0);
      if (c.patterns.size() > 1 && c.patterns[0].size() > 2) {
        CHECK(tighter > 0);
      }
    }
  }

  TEST_CASE("the family's partition: one pattern of every tile is exact") {
    for (const auto &[rows, cols] : {std::pair{2, 3}, {3, 3}, {2, 4}}) {
      const NPuzzle p = goal_puzzle(rows, cols);
      const auto partition =
          PatternDatabases::default_partition(rows, cols, p.goal());
      REQUIRE(partition.size() == 1);
      const PatternDatabases db(rows, cols, p.goal(), partition);
      for (const auto &[board, d] : all_distances(p)) {
        REQUIRE(db.bound(board) == d);
      }
    }
    // The larger boards: 6-6-3 (Korf & Felner's), blocks across the short
    // side where they need fewer or larger tables (3x4, 2x6, 4x3: 6-5),
    // six patterns of four on 5x5; every tile once.
    const auto shape = [](int rows, int cols, const Board &goal) {
      std::string s;
      std::vector<int> seen(rows * cols, 0);
      for (const auto &pattern :
           PatternDatabases::default_partition(rows, cols, goal)) {
        s += (s.empty() ? "" : "-") + std::to_string(pattern.size());
        for (int t : pattern) {
          ++seen[t];
        }
      }
      for (int t = 1; t < rows * cols; ++t) {
        CHECK(seen[t] == 1);
      }
      return s;
    };
    CHECK(shape(4, 4, NPuzzle::default_goal(4, 4)) == "6-6-3");
    Board blank_first(16);
    std::iota(blank_first.begin(), blank_first.end(), 0);
    CHECK(shape(4, 4, blank_first) == "6-6-3");
    CHECK(shape(3, 4, NPuzzle::default_goal(3, 4)) == "6-5");
    CHECK(PatternDatabases::default_partition(3, 4, NPuzzle::default_goal(3, 4))
              .front() == std::vector<int>{1, 2, 5, 6, 9, 10});
    CHECK(shape(2, 6, NPuzzle::default_goal(2, 6)) == "6-5");
    CHECK(PatternDatabases::default_partition(2, 6, NPuzzle::default_goal(2, 6))
              .front() == std::vector<int>{1, 2, 3, 7, 8, 9});
    CHECK(shape(4, 3, NPuzzle::default_goal(4, 3)) == "6-5");
    CHECK(PatternDatabases::default_partition(4, 3, NPuzzle::default_goal(4, 3))
              .front() == std::vector<int>{1, 4, 2, 5, 3, 6});
    CHECK(shape(5, 5, NPuzzle::default_goal(5, 5)) == "4-4-4-4-4-4");
  }

  TEST_CASE("partitions asked for: N tiles a pattern but the last two, compact") {
    const auto shape = [](const std::vector<std::vector<int>> &patterns) {
      std::string s;
      for (const auto &p : patterns) {
        s += (s.empty() ? "" : "-") + std::to_string(p.size());
      }
      return s;
    };
    const Board g16 = NPuzzle::default_goal(4, 4);
    const auto seven_eight = PatternDatabases::partition(4, 4, g16, 8);
    CHECK(shape(seven_eight) == "7-8");
    CHECK(seven_eight[0] == std::vector<int>{1, 2, 3, 4, 5, 6, 7});
    CHECK(seven_eight[1] ==
          std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15});
    CHECK(PatternDatabases::partition(4, 4, g16, 0) ==
          PatternDatabases::default_partition(4, 4, g16));
    const Board g9 = NPuzzle::default_goal(3, 3);
    CHECK(shape(PatternDatabases::partition(3, 3, g9, 4)) == "4-4");
    CHECK(shape(PatternDatabases::partition(3, 3, g9, 3)) == "2-3-3");
    CHECK(shape(PatternDatabases::partition(3, 3, g9, 1)) ==
          "1-1-1-1-1-1-1-1");
    CHECK(shape(PatternDatabases::partition(5, 5, NPuzzle::default_goal(5, 5),
                                            6)) == "6-6-6-6");
    // Patterns of max_tiles but the last two, which share the rest, the
    // larger nearer the goal blank: last, or (Korf & Felner's goal, blank
    // first) first, where the blank's corner is in a block of seven.
    CHECK(shape(PatternDatabases::partition(5, 5, NPuzzle::default_goal(5, 5),
                                            7)) == "5-5-7-7");
    CHECK(shape(PatternDatabases::partition(4, 4, g16, 7)) == "4-4-7");
    CHECK(shape(PatternDatabases::partition(4, 4, g16, 6)) == "4-5-6");
    // Blocks, not runs of the goal's rows: on 3x4 the first pattern of 5-6
    // is the two left columns' cells (minus one), and on the 24-puzzle
    // (Korf & Felner's goal, blank first) each of the four patterns of six
    // is one connected piece of the board, every tile in one.
    CHECK(PatternDatabases::partition(3, 4, NPuzzle::default_goal(3, 4), 6)
              .front() == std::vector<int>{1, 2, 5, 6, 9});
    Board g25(25);
    std::iota(g25.begin(), g25.end(), 0);
    const auto six = PatternDatabases::partition(5, 5, g25, 6);
    CHECK(shape(six) == "6-6-6-6");
    std::vector<int> seen(25, 0);
    for (const auto &pattern : six) {
      // Tiles are their goal cells here; flood the pattern from its first.
      std::vector<int> reached{pattern.front()};
      for (std::size_t i = 0; i < reached.size(); ++i) {
        const int c = reached[i];
        for (int t : pattern) {
          const bool adjacent =
              std::abs(t / 5 - c / 5) + std::abs(t % 5 - c % 5) == 1;
          if (adjacent &&
              std::find(reached.begin(), reached.end(), t) == reached.end()) {
            reached.push_back(t);
          }
        }
      }
      CHECK(reached.size() == pattern.size());
      for (int t : pattern) {
        ++seen[t];
      }
    }
    CHECK(std::count(seen.begin() + 1, seen.end(), 1) == 24);
    // The 24-puzzle's 7-7-5-5 holds its four tables (4.9 GB) and one
    // search's marks (10.9 GB) at the peak: refused where memory is short,
    // before anything is allocated.
    const auto sevens = PatternDatabases::partition(5, 5, g25, 7);
    CHECK(sevens.front() == std::vector<int>{1, 2, 5, 6, 7, 10, 11});
    CHECK_NOTHROW(PatternDatabases::check_memory(5, 5, sevens, 17e9));
    CHECK_THROWS_WITH_AS(PatternDatabases::check_memory(5, 5, sevens, 16e9),
                         doctest::Contains("GB at its peak"),
                         std::invalid_argument);
    // Too large (9 of 16: a table of 4.2e9 entries), out of range.
    CHECK_THROWS_AS(PatternDatabases::partition(4, 4, g16, 9),
                    std::invalid_argument);
    CHECK_THROWS_AS(PatternDatabases::partition(5, 5,
                                                NPuzzle::default_goal(5, 5), 8),
                    std::invalid_argument);
    CHECK_THROWS_AS(PatternDatabases::partition(3, 3, g9, 10),
                    std::invalid_argument);
    CHECK_THROWS_AS(PatternDatabases::partition(3, 3, g9, -1),
                    std::invalid_argument);
    // Admissible and additive over the whole 3x3 space.
    const NPuzzle p = goal_puzzle(3, 3);
    const PatternDatabases db(3, 3, g9, PatternDatabases::partition(3, 3, g9, 4));
    for (const auto &[board, d] : all_distances(p)) {
      REQUIRE(db.bound(board) <= d);
      REQUIRE(db.bound(board) >= p.manhattan(board));
    }
  }

  TEST_CASE("the 2x2 blocks' partition: blocks of goal cells, an odd "
            "side's cells in runs along it, every tile once, any goal") {
    const auto cells_of = [](const std::vector<int> &pattern,
                             const Board &goal) {
      std::vector<int> cells;
      for (const int t : pattern) {
        cells.push_back(static_cast<int>(
            std::find(goal.begin(), goal.end(), t) - goal.begin()));
      }
      std::sort(cells.begin(), cells.end());
      return cells;
    };
    // 7x7: nine blocks, then the last column (rows 0-3), its rows 4-5
    // with the last row's cells 5 and 4, and the last row's 3-0.
    const Board g49 = NPuzzle::default_goal(7, 7);
    const auto seven = PatternDatabases::blocks_partition(7, 7, g49);
    REQUIRE(seven.size() == 12);
    CHECK(seven[0] == std::vector<int>{1, 2, 8, 9});
    CHECK(seven[8] == std::vector<int>{33, 34, 40, 41});
    CHECK(seven[9] == std::vector<int>{7, 14, 21, 28});
    CHECK(seven[10] == std::vector<int>{35, 42, 48, 47});
    CHECK(seven[11] == std::vector<int>{46, 45, 44, 43});
    CHECK(seven != PatternDatabases::partition(7, 7, g49, 4));
    int shapes = 0;
    std::mt19937 rng(77);
    for (const auto &shape :
         {std::pair{2, 2}, {2, 5}, {3, 3}, {4, 4}, {5, 4}, {4, 7}, {6, 6}}) {
      // A goal with the blank anywhere: every tile in one pattern, each
      // pattern 2x2 goal cells or a run along the last row or column.
      // (Plain ints: clang 14 cannot CAPTURE structured bindings.)
      const int rows = shape.first, cols = shape.second;
      Board goal(static_cast<std::size_t>(rows * cols));
      std::iota(goal.begin(), goal.end(), 0);
      std::shuffle(goal.begin(), goal.end(), rng);
      CAPTURE(rows);
      CAPTURE(cols);
      const auto patterns = PatternDatabases::blocks_partition(rows, cols, goal);
      std::vector<int> seen(goal.size(), 0);
      for (const auto &pattern : patterns) {
        CHECK(pattern.size() >= 1);
        CHECK(pattern.size() <=
              static_cast<std::size_t>(PatternDatabases::k_block_tiles));
        const std::vector<int> cells = cells_of(pattern, goal);
        // The 2x2 block of goal cells the first lies in, if the board
        // holds all of it.
        const int br = cells.front() / cols / 2 * 2;
        const int bc = cells.front() % cols / 2 * 2;
        bool block = br + 1 < rows && bc + 1 < cols, edge = true;
        for (const int c : cells) {
          block = block && c / cols - br <= 1 && c % cols - bc <= 1 &&
                  c % cols >= bc;
          edge = edge && ((cols % 2 == 1 && c % cols == cols - 1) ||
                          (rows % 2 == 1 && c / cols == rows - 1));
        }
        CHECK((block || edge));
        for (const int t : pattern) {
          CHECK(t != 0);
          ++seen[static_cast<std::size_t>(t)];
        }
      }
      CHECK(std::count(seen.begin() + 1, seen.end(), 1) == rows * cols - 1);
      ++shapes;
    }
    CHECK(shapes == 7);
    CHECK_THROWS_AS(PatternDatabases::blocks_partition(1, 4, {1, 2, 3, 0}),
                    std::invalid_argument);
    // Admissible and additive over the whole 3x3 space, and maxed with the
    // family's own never above the distance.
    const Board g9 = NPuzzle::default_goal(3, 3);
    const NPuzzle p = goal_puzzle(3, 3);
    const PatternDatabases blocks(3, 3, g9,
                                  PatternDatabases::blocks_partition(3, 3, g9));
    for (const auto &[board, d] : all_distances(p)) {
      REQUIRE(blocks.bound(board) <= d);
      REQUIRE(blocks.bound(board) >= p.manhattan(board));
    }
  }

  TEST_CASE("a table scanned on several threads is the one thread's") {
    const Board goal = NPuzzle::default_goal(3, 4);
    const std::vector<std::vector<int>> patterns{{1, 2, 3, 5, 6, 7}};
    const PatternDatabases one(3, 4, goal, patterns, {}, 1);
    const PatternDatabases four(3, 4, goal, patterns, {}, 4);
    std::stringstream a, b;
    one.write(a);
    four.write(b);
    CHECK(a.str().size() > 665280); // 12!/6! entries
    CHECK(a.str() == b.str());
    // Stopped on every thread.
    CHECK_THROWS_AS(PatternDatabases(3, 4, goal, patterns, [] { return true; },
                                     4),
                    PatternDatabases::Stopped);
    // A thread's exception reaches the caller (it once ended the process).
    CHECK_THROWS_AS(
        PatternDatabases(
            3, 4, goal, patterns,
            []() -> bool { throw std::runtime_error("stop failed"); }, 4),
        std::runtime_error);
  }

  TEST_CASE("a long build says how far each table has got") {
    // With no interval, a line after every layer: the distances rise one
    // by one, the share of placements found grows to all of them.
    const NPuzzle goal = goal_puzzle(3, 3);
    std::vector<std::string> lines;
    const PatternDatabases db(
        3, 3, goal.goal(), {{1, 2, 3, 4}}, {}, 1,
        [&](const std::string &line) { lines.push_back(line); }, 0);
    std::vector<std::string> layers;
    for (const std::string &line : lines) {
      if (line.find("so far") != std::string::npos) {
        layers.push_back(line);
      }
    }
    REQUIRE(layers.size() > 5);
    for (std::size_t d = 0; d < layers.size(); ++d) {
      CAPTURE(layers[d]);
      CHECK(layers[d].rfind("pattern database 1 of 1 (4 tiles): distance " +
                                std::to_string(d) + ", ",
                            0) == 0);
    }
    CHECK(layers.back().find("100.0% of 3024 placements") != std::string::npos);
    CHECK(layers.front().find("100.0%") == std::string::npos);
    CHECK(lines.back().find("built in") != std::string::npos);
    // With the default interval a build of milliseconds says only that.
    lines.clear();
    const PatternDatabases quiet(
        3, 3, goal.goal(), {{1, 2, 3, 4}}, {}, 1,
        [&](const std::string &line) { lines.push_back(line); });
    CHECK(lines.size() == 1);
  }

  TEST_CASE("3x4 with the family's partition: admissible on random walks") {
    std::mt19937 rng(2002);
    const NPuzzle goal = goal_puzzle(3, 4);
    const PatternDatabases db(
        3, 4, goal.goal(),
        PatternDatabases::default_partition(3, 4, goal.goal()));
    for (int i = 0; i < 20; ++i) {
      const NPuzzle p(3, 4, test::random_walk(3, 4, 15, rng), goal.goal());
      const int d = test::bfs_distance(p, 15);
      REQUIRE(d >= 0);
      CHECK(db.bound(p.board()) <= d);
      CHECK(db.bound(p.board()) >= p.manhattan(p.board()));
    }
  }

  TEST_CASE("cache: a round trip, and stale or corrupted files refused") {
    const CachedTables cached;
    const auto &[goal, patterns, db, bytes] = cached;
    std::string why;
    std::istringstream in(bytes);
    const auto back = PatternDatabases::read(in, 3, 3, goal, patterns, why);
    REQUIRE(back);
    std::mt19937 rng(7);
    for (int i = 0; i < 50; ++i) {
      const Board b = test::random_walk(3, 3, 30, rng);
      CHECK(back->bound(b) == db.bound(b));
    }
    // One byte changed anywhere, the file cut short, another partition.
    for (std::size_t at : {std::size_t{5}, bytes.size() / 2, bytes.size() - 1}) {
      std::string bad = bytes;
      bad[at] = static_cast<char>(bad[at] ^ 0x10);
      std::istringstream corrupted(bad);
      CHECK(!PatternDatabases::read(corrupted, 3, 3, goal, patterns, why));
      CHECK(why.find("corrupted") != std::string::npos);
    }
    std::istringstream cut(bytes.substr(0, bytes.size() - 100));
    CHECK(!PatternDatabases::read(cut, 3, 3, goal, patterns, why));
    std::istringstream other(bytes);
    CHECK(!PatternDatabases::read(other, 3, 3, goal,
                                  {{1, 2, 3}, {4, 5, 6, 7, 8}}, why));
    CHECK(why.find("another board, goal or partition") != std::string::npos);
  }

  TEST_CASE("cache: a table edited with its checksum recomputed is refused "
            "as damaged") {
    const CachedTables cached;
    const auto &[goal, patterns, db, bytes] = cached;
    const std::size_t table = 3024; // 9 * 8 * 7 * 6 placements
    const std::size_t tables = bytes.size() - 8 - 2 * table;
    // Each edit applied to the first table's bytes, then the checksum
    // over both tables written again, as a careful forger would.
    const auto edited = [&](const std::function<void(unsigned char &)> &edit) {
      std::string out = cached.bytes; // a binding: not capturable in clang 14
      for (std::size_t i = 0; i < table; ++i) {
        edit(reinterpret_cast<unsigned char &>(out[tables + i]));
      }
      const std::uint64_t sum = search::fnv1a_words(
          search::k_fnv_basis, out.data() + tables, 2 * table);
      std::memcpy(out.data() + tables + 2 * table, &sum, sizeof sum);
      return out;
    };
    std::string why;
    {
      std::istringstream same(edited([](unsigned char &) {}));
      CHECK(PatternDatabases::read(same, 3, 3, goal, patterns, why));
    }
    struct Edit {
      std::function<void(unsigned char &)> edit;
      const char *says;
    };
    const std::vector<Edit> edits{
        {[](unsigned char &e) { e = e == 0 ? 1 : e; }, "not give the goal 0"},
        {[](unsigned char &e) { e = e == 3 ? 0 : e; }, "other than the goal"},
        {[](unsigned char &e) { e = e > 0 && e < 0xFF ? e + 2 : e; },
         "its tiles leave in"},
        {[](unsigned char &e) { e = e == 5 ? 9 : e; }, "its tiles leave in"},
    };
    for (const Edit &e : edits) {
      std::istringstream in(edited(e.edit));
      CHECK(!PatternDatabases::read(in, 3, 3, goal, patterns, why));
      CHECK_MESSAGE(why.find(e.says) != std::string::npos, why);
      CHECK(why.find("damaged") == 0);
    }
  }

  TEST_CASE("cache on disk: built once, read back, a corrupted file rebuilt "
            "with a message") {
    const test::CacheDir dir("satslide-pdb-test-");
    const Board goal = NPuzzle::default_goal(3, 4);
    std::vector<std::string> notes;
    const auto note = [&](const std::string &n) { notes.push_back(n); };
    const auto first = search::cached_pattern_databases(3, 4, goal, {note, {}});
    // "building ...", then a line per table built.
    const std::size_t tables = first.patterns().size();
    REQUIRE(tables == 2);
    REQUIRE(notes.size() == 1 + tables);
    CHECK(notes[0].find("building") != std::string::npos);
    CHECK(notes[1].find("pattern database 1 of 2 (6 tiles) built in") !=
          std::string::npos);
    CHECK(notes[2].find("pattern database 2 of 2 (5 tiles) built in") !=
          std::string::npos);
    notes.clear();
    std::vector<std::filesystem::path> files;
    for (const auto &e : std::filesystem::directory_iterator(dir.path)) {
      files.push_back(e.path());
    }
    REQUIRE(files.size() == 1);
    CHECK(files[0].filename().string() == first.cache_key());
    const auto second =
        search::cached_pattern_databases(3, 4, goal, {note, {}});
    CHECK(notes.empty());
    std::mt19937 rng(12);
    const Board b = test::random_walk(3, 4, 40, rng);
    CHECK(second.bound(b) == first.bound(b));
    {
      std::fstream f(files[0], std::ios::in | std::ios::out |
                                   std::ios::binary);
      f.seekp(1000);
      f.put('\x7f');
    }
    const auto third = search::cached_pattern_databases(3, 4, goal, {note, {}});
    REQUIRE(notes.size() == 2 + tables); // unusable, building, the tables
    CHECK(notes[0].find("unusable") != std::string::npos);
    CHECK(notes[0].find("rebuilding") != std::string::npos);
    CHECK(third.bound(b) == first.bound(b));
    notes.clear();
    search::cached_pattern_databases(3, 4, goal, {note, {}}); // repaired
    CHECK(notes.empty());
  }

  TEST_CASE("cache on disk: a build stopped says so and leaves no file") {
    const test::CacheDir dir("satslide-pdb-test-");
    std::vector<std::string> notes;
    const auto note = [&](const std::string &n) { notes.push_back(n); };
    CHECK_THROWS_AS(
        search::cached_pattern_databases(3, 4, NPuzzle::default_goal(3, 4),
                                         {note, {}}, [] { return true; }),
        PatternDatabases::Stopped);
    REQUIRE(notes.size() == 2); // building, stopped
    CHECK(notes[1].find("build was stopped after") != std::string::npos);
    CHECK(notes[1].find("nothing of it is kept") != std::string::npos);
    CHECK((!std::filesystem::exists(dir.path) ||
           std::filesystem::is_empty(dir.path)));
  }
}

TEST_SUITE("search::Ida") {

  TEST_CASE("IDA*'s optimum is breadth-first search's on random boards") {
    std::mt19937 rng(1985);
    for (const auto &[rows, cols] :
         {std::pair{3, 3}, {2, 4}, {3, 4}, {4, 3}}) {
      const NPuzzle goal = goal_puzzle(rows, cols);
      const PatternDatabases db(
          rows, cols, goal.goal(),
          PatternDatabases::default_partition(rows, cols, goal.goal()));
      for (int i = 0; i < 8; ++i) {
        const bool small = rows * cols <= 9;
        const NPuzzle p = small ? test::random_board(rows, cols, rng)
                                : NPuzzle(rows, cols,
                                          test::random_walk(rows, cols, 15,
                                                            rng),
                                          goal.goal());
        if (p.unsolvable_reason()) {
          continue;
        }
        const int expected = test::bfs_distance(p, small ? 100 : 15);
        REQUIRE(expected >= 0);
        CAPTURE(p.draw());
        IdaOptions o;
        o.parity = p.lower_bound() % 2;
        int last_refuted = -1;
        o.on_threshold = [&](int threshold, long, long) {
          CHECK(threshold > last_refuted);
          last_refuted = threshold;
        };
        const auto r = search::ida_search(db, p.board(), o);
        REQUIRE(r.found);
        CHECK(static_cast<int>(r.blank_path.size()) == expected);
        CHECK(r.no_plan_up_to == expected - 1);
        CHECK(reaches_goal(p, p.board(), r.blank_path));
        CHECK(r.start_bound <= expected);
        CHECK(last_refuted < expected);
      }
    }
  }

  TEST_CASE("IDA* with duplicate paths pruned: the optimum of every "
            "position, with fewer nodes [slow]") {
    // Narrow boards (where a twin path might leave the board) and one-
    // tile patterns (Manhattan distance: deep searches, long strings).
    long positions = 0, nodes_with = 0, nodes_without = 0;
    for (const auto &shape_and_step :
         {std::tuple{2, 3, 1}, {3, 2, 1}, {2, 4, 1}, {4, 2, 1}, {3, 3, 97}}) {
      const int rows = std::get<0>(shape_and_step);
      const int cols = std::get<1>(shape_and_step);
      const int step = std::get<2>(shape_and_step);
      const NPuzzle p = goal_puzzle(rows, cols);
      std::vector<std::vector<int>> singles;
      for (int t = 1; t < rows * cols; ++t) {
        singles.push_back({t});
      }
      const PatternDatabases db(rows, cols, p.goal(), singles);
      int i = 0;
      for (const auto &board_and_distance : all_distances(p)) {
        const Board &board = board_and_distance.first;
        const int d = board_and_distance.second;
        if (i++ % step != 0) {
          continue;
        }
        CAPTURE(NPuzzle(rows, cols, board, p.goal()).draw());
        IdaOptions o;
        o.parity = d % 2;
        const auto with = search::ida_search(db, board, o);
        o.prune_duplicates = false;
        const auto without = search::ida_search(db, board, o);
        REQUIRE(with.found);
        CHECK(static_cast<int>(with.blank_path.size()) == d);
        CHECK(reaches_goal(p, board, with.blank_path));
        nodes_with += with.nodes;
        nodes_without += without.nodes;
        ++positions;
      }
    }
    CHECK(positions == 360 + 360 + 20160 + 20160 + 1871);
    CHECK(nodes_with * 10 < nodes_without * 9); // at least 10% fewer
  }

  TEST_CASE("IDA* maxing two partitions: the optimum, from the larger "
            "bound, in fewer nodes") {
    // Pairs of tiles two ways: the square board's four sums (each set
    // on the board and transposed), the narrow board's two.
    long positions = 0, nodes_max = 0, nodes_first = 0, nodes_second = 0;
    int raised = 0; // starts where the max exceeds the first set's bound
    const struct {
      int rows, cols, step;
      std::vector<std::vector<int>> first, second;
    } cases[] = {
        {3, 3, 181, {{1, 2}, {3, 4}, {5, 6}, {7, 8}},
         {{1, 4}, {2, 5}, {3, 6}, {7, 8}}},
        {2, 4, 20, {{1, 2}, {3, 4}, {5, 6}, {7}}, {{1, 5}, {2, 6}, {3, 7}, {4}}},
    };
    for (const auto &c : cases) {
      const NPuzzle p = goal_puzzle(c.rows, c.cols);
      const PatternDatabases first(c.rows, c.cols, p.goal(), c.first);
      const PatternDatabases second(c.rows, c.cols, p.goal(), c.second);
      CHECK(first.reflected() == (c.rows == c.cols));
      int i = 0;
      for (const auto &board_and_distance : all_distances(p)) {
        // Not a structured binding: clang 14 cannot capture one in
        // CAPTURE's lambda.
        const Board &board = board_and_distance.first;
        const int d = board_and_distance.second;
        if (i++ % c.step != 0) {
          continue;
        }
        CAPTURE(NPuzzle(c.rows, c.cols, board, p.goal()).draw());
        IdaOptions o;
        o.parity = d % 2;
        const auto alone = search::ida_search(first, board, o);
        const auto other = search::ida_search(second, board, o);
        o.more_databases = {&second};
        const auto both = search::ida_search(first, board, o);
        REQUIRE(both.found);
        CHECK(static_cast<int>(both.blank_path.size()) == d);
        CHECK(reaches_goal(p, board, both.blank_path));
        CHECK(both.start_bound ==
              std::max(first.bound(board), second.bound(board)));
        raised += both.start_bound > alone.start_bound ? 1 : 0;
        nodes_max += both.nodes;
        nodes_first += alone.nodes;
        nodes_second += other.nodes;
        ++positions;
      }
    }
    CHECK(positions == 1003 + 1008);
    CHECK(raised > 0);
    CHECK(nodes_max < std::min(nodes_first, nodes_second));

    // Another board's or goal's tables, or too many sums, are refused.
    const NPuzzle p = goal_puzzle(3, 3);
    const PatternDatabases first(3, 3, p.goal(), cases[0].first);
    const PatternDatabases other_shape(2, 4, goal_puzzle(2, 4).goal(),
                                       cases[1].first);
    IdaOptions o;
    o.more_databases = {&other_shape};
    CHECK_THROWS_AS(search::ida_search(first, p.board(), o),
                    std::invalid_argument);
    o.more_databases = {&first, &first};
    CHECK_THROWS_AS(search::ida_search(first, p.board(), o),
                    std::invalid_argument);
  }

  TEST_CASE("IDA* on several threads finds the one thread's plan") {
    // Weak patterns (pairs on 3x3) leave many thresholds and subtrees;
    // 3x4 with the family's tables few. The plan must be the same path,
    // not only as long: the first subtree holding a plan wins.
    std::mt19937 rng(41);
    const TwoBoards two;
    const PatternDatabases &pairs = two.pairs;
    int compared = 0;
    for (int i = 0; i < 16; ++i) {
      const NPuzzle p = two.board(i, 60, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      CAPTURE(p.draw());
      const PatternDatabases &db = two.tables(i);
      IdaOptions o;
      o.parity = p.lower_bound() % 2;
      const auto one = search::ida_search(db, p.board(), o);
      REQUIRE(one.found);
      for (unsigned threads : {2u, 3u}) {
        o.threads = threads;
        const auto many = search::ida_search(db, p.board(), o);
        REQUIRE(many.found);
        CHECK(many.blank_path == one.blank_path);
        CHECK(many.no_plan_up_to == one.no_plan_up_to);
        CHECK(many.thresholds == one.thresholds);
        CHECK(many.nodes >= one.nodes / 2);
      }
      ++compared;
    }
    CHECK(compared >= 10);
    // Told to stop, and at the limit, as one thread.
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    IdaOptions o;
    o.parity = 1;
    o.threads = 2;
    o.max_length = 25;
    const auto limited = search::ida_search(pairs, p.board(), o);
    CHECK(limited.limit);
    CHECK(limited.no_plan_up_to == 26);
    o.max_length = -1;
    o.stop = [] { return true; };
    const auto stopped = search::ida_search(pairs, p.board(), o);
    CHECK(!stopped.found);
    CHECK(stopped.stopped);
  }

  TEST_CASE("weighted IDA*: a plan within its weight of the optimum, below "
            "a cap only shorter plans, and none proves the cap optimal") {
    // Pairs on 3x3 (a weak bound, so weights matter) and the family's
    // tables on 3x4 walks; the optimum from IDA* itself (checked against
    // breadth-first search above).
    std::mt19937 rng(1993);
    const TwoBoards two;
    const NPuzzle &g9 = two.g9;
    const PatternDatabases &pairs = two.pairs;
    int boards = 0, shorter_than_weighted = 0;
    for (int i = 0; i < 24; ++i) {
      const NPuzzle p = two.board(i, 40, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      CAPTURE(p.draw());
      const PatternDatabases &db = two.tables(i);
      IdaOptions o;
      o.parity = p.lower_bound() % 2;
      const auto optimal = search::ida_search(db, p.board(), o);
      REQUIRE(optimal.found);
      const int optimum = static_cast<int>(optimal.blank_path.size());
      for (const int weight : {110, 150, 200, 400}) {
        CAPTURE(weight);
        o.weight_percent = weight;
        o.shorter_than = -1;
        const auto w = search::ida_search(db, p.board(), o);
        REQUIRE(w.found);
        const int length = static_cast<int>(w.blank_path.size());
        CHECK(reaches_goal(p, p.board(), w.blank_path));
        CHECK(length % 2 == optimum % 2);
        CHECK(length * 100 <= weight * optimum);
        CHECK(w.no_plan_up_to < optimum); // only the start's bound
        shorter_than_weighted += length > optimum;
        // Below the plan at hand: a shorter one, or none, which proves
        // the plan optimal.
        o.shorter_than = length;
        const auto below = search::ida_search(db, p.board(), o);
        if (length == optimum) {
          CHECK(!below.found);
          CHECK(below.limit);
        } else {
          REQUIRE(below.found);
          CHECK(static_cast<int>(below.blank_path.size()) < length);
          CHECK(reaches_goal(p, p.board(), below.blank_path));
        }
      }
      // IDA* itself below the optimum: no plan, and it says so.
      o.weight_percent = 100;
      o.shorter_than = optimum;
      const auto none = search::ida_search(db, p.board(), o);
      CHECK(!none.found);
      CHECK(none.limit);
      CHECK(none.no_plan_up_to == optimum - 1);
      ++boards;
    }
    CHECK(boards >= 16);
    CHECK(shorter_than_weighted > 0); // the weights did trade length
    IdaOptions o;
    o.weight_percent = 99;
    CHECK_THROWS_AS(search::ida_search(pairs, g9.board(), o),
                    std::invalid_argument);
  }

  TEST_CASE("IDA* stops when told, and at the length limit") {
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    const PatternDatabases db(3, 3, p.goal(), {{1, 2}, {3, 4}, {5, 6}, {7, 8}});
    IdaOptions o;
    o.parity = 1;
    o.max_length = 25;
    const auto limited = search::ida_search(db, p.board(), o);
    CHECK(!limited.found);
    CHECK(limited.limit);
    CHECK(limited.no_plan_up_to == 26); // 25 searched, 26 has the wrong parity
    o.max_length = -1;
    o.stop = [] { return true; };
    const auto stopped = search::ida_search(db, p.board(), o);
    CHECK(!stopped.found);
    CHECK(stopped.stopped);
    // A bound above the limit proves by itself.
    const PatternDatabases exact(
        3, 3, p.goal(), PatternDatabases::default_partition(3, 3, p.goal()));
    o.stop = {};
    o.max_length = 25;
    const auto bound_only = search::ida_search(exact, p.board(), o);
    CHECK(bound_only.limit);
    CHECK(bound_only.thresholds == 0);
    CHECK(bound_only.no_plan_up_to == 30);
  }
}
