// Beam search (search/beam.hpp) over pattern databases: its plan walks
// from the board to the goal and is never shorter than the optimum
// (breadth-first search on whole small spaces), a wider beam is no worse
// on these boards, and a cap below the optimum leaves it without a plan.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/beam.hpp"
#include "satslide/search/beam_select.hpp"
#include "satslide/search/pattern_databases.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <tuple>
#include <unordered_set>

using namespace satslide;
using puzzles::NPuzzle;
using search::PatternDatabases;

using Sets = std::vector<const PatternDatabases *>;

namespace {

// Beams over the sets' tables (the bound kept by the moves) and over the
// max of their bounds recomputed whole at every successor, on `boards`
// random solvable boards of the tables' shape at widths 1, 8 and 64: the
// same nodes, bounds and paths, and a plan found solves the board. The
// beams that found one.
int beams_against_whole(const Sets &sets, std::mt19937 &rng, int boards) {
  const PatternDatabases &first = *sets.front();
  const int rows = first.rows(), cols = first.cols(), n = rows * cols;
  const auto max_bound = [&sets](const std::vector<int> &board) {
    int bound = 0;
    for (const PatternDatabases *db : sets) {
      bound = std::max(bound, db->bound(board));
    }
    return bound;
  };
  std::vector<int> child(static_cast<std::size_t>(n));
  const search::BeamBound whole = [&](const std::uint8_t *parent, int, int from,
                                      int to) {
    std::copy(parent, parent + n, child.begin());
    std::swap(child[from], child[to]);
    return max_bound(child);
  };
  int found = 0;
  for (int solvable = 0; solvable < boards;) {
    const NPuzzle p = test::random_board(rows, cols, rng);
    if (p.unsolvable_reason()) {
      continue;
    }
    ++solvable;
    for (const int width : {1, 8, 64}) {
      CAPTURE(p.draw());
      CAPTURE(width);
      search::BeamOptions o;
      o.width = width;
      o.stall_layers = 40; // a beam of one may wander
      const search::BeamResult kept = search::beam_search(sets, p.board(), o);
      const search::BeamResult recomputed = search::beam_search(
          rows, cols, p.board(), first.goal(), max_bound(p.board()), whole, o);
      CHECK(kept.found == recomputed.found);
      CHECK(kept.nodes == recomputed.nodes);
      CHECK(kept.best_bound == recomputed.best_bound);
      CHECK(kept.blank_path == recomputed.blank_path);
      CHECK(kept.best_path == recomputed.best_path);
      if (kept.found) {
        CHECK(p.replay(p.plan_of_blank_path(kept.blank_path)).solved);
      }
      found += kept.found ? 1 : 0;
    }
  }
  return found;
}

// A successor as select_least sees it, and the set of boards seen.
struct Item {
  int bound;
  std::uint64_t hash;
  bool operator<(const Item &o) const {
    return std::tie(bound, hash) < std::tie(o.bound, o.hash);
  }
  bool operator==(const Item &) const = default;
};
struct Seen {
  std::unordered_set<std::uint64_t> hashes;
  long prefetched = 0;
  bool insert(std::uint64_t h) { return hashes.insert(h).second; }
  void prefetch(std::uint64_t) { ++prefetched; }
};

// The layer select_least keeps, the plain way: every item in the order
// of bound and salted hash, admitted by `seen` until `want` are.
std::multiset<Item> kept_by_sorting(std::vector<Item> items, std::size_t want,
                                    std::uint64_t salt, Seen &seen) {
  std::sort(items.begin(), items.end(), [salt](const Item &a, const Item &b) {
    return std::make_pair(a.bound, search::salted(a.hash, salt)) <
           std::make_pair(b.bound, search::salted(b.hash, salt));
  });
  std::multiset<Item> kept;
  for (std::size_t k = 0; k < items.size() && kept.size() < want; ++k) {
    if (seen.insert(items[k].hash)) {
      kept.insert(items[k]);
    }
  }
  return kept;
}

} // namespace

TEST_SUITE("search::beam") {

  TEST_CASE("beam search: a plan to the goal, never below the optimum, "
            "none under a cap below it, on random 3x3 and 2x4 boards") {
    std::mt19937 rng(31);
    int boards = 0;
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}}) {
      const std::vector<int> goal = NPuzzle::default_goal(rows, cols);
      std::vector<int> tiles(rows * cols - 1);
      for (int t = 1; t < rows * cols; ++t) {
        tiles[t - 1] = t;
      }
      const PatternDatabases db(rows, cols, goal, {tiles});
      for (int k = 0; k < 12; ++k) {
        const NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        const int optimum = test::bfs_distance(p);
        CAPTURE(p.draw());
        int last = -1;
        for (const int width : {1, 16, 256}) {
          search::BeamOptions o;
          o.width = width;
          const search::BeamResult r = search::beam_search(db, p.board(), o);
          if (!r.found) {
            continue; // a beam of 1 may die
          }
          // The puzzle's own rules: each step next to the blank, the
          // last board the goal (a step off the grid throws).
          CHECK(p.replay(p.plan_of_blank_path(r.blank_path)).solved);
          CHECK(static_cast<int>(r.blank_path.size()) >= optimum);
          last = static_cast<int>(r.blank_path.size());
        }
        // The whole space fits a beam of 256 on these boards except the
        // widest layers; a plan is always found by then.
        CHECK(last >= optimum);
        search::BeamOptions capped;
        capped.width = 256;
        capped.shorter_than = optimum;
        CHECK_FALSE(search::beam_search(db, p.board(), capped).found);
        ++boards;
      }
    }
    CHECK(boards >= 10);
  }

  TEST_CASE("beam search over the tables: a move's bound from its parent's "
            "(the moved tile's pattern, both sums where the transposed board "
            "counts) keeps the beam of the whole bound recomputed") {
    std::mt19937 rng(57);
    int found = 0; // beams that reached the goal: their plans replayed
    // 3x3 and 4x4 count the transposed board (a square, the blank's goal
    // on the diagonal), 2x4 does not.
    for (const auto &[rows, cols, patterns] :
         {std::tuple{3, 3,
                     std::vector<std::vector<int>>{{1, 2, 4, 7}, {3, 5, 6, 8}}},
          {2, 4, {{1, 2, 5}, {3, 4, 6, 7}}},
          {4,
           4,
           {{1, 2, 3, 5}, {4, 8, 12}, {6, 7, 9, 10}, {11, 13, 14, 15}}}}) {
      const PatternDatabases db(rows, cols, NPuzzle::default_goal(rows, cols),
                                patterns);
      CHECK(db.reflected() == (rows == cols));
      found += beams_against_whole({&db}, rng, 5);
    }
    CHECK(found > 0);
  }

  TEST_CASE("beam search over two sets of tables: each move's four sums "
            "from its parent's keep the beam of the whole max recomputed") {
    std::mt19937 rng(58);
    int found = 0; // beams that reached the goal: their plans replayed
    // 3x3 and 4x4 count the transposed board, 2x4 does not.
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}, {4, 4}}) {
      const std::vector<int> goal = NPuzzle::default_goal(rows, cols);
      const PatternDatabases a(
          rows, cols, goal,
          PatternDatabases::partition(rows, cols, goal, rows == 4 ? 4 : 3));
      const PatternDatabases b(
          rows, cols, goal,
          PatternDatabases::blocks_partition(rows, cols, goal));
      found += beams_against_whole({&a, &b}, rng, 4);
    }
    CHECK(found > 0);
    // None, three, or sets of another goal: refused.
    const std::vector<int> goal = NPuzzle::default_goal(3, 3);
    const PatternDatabases a(3, 3, goal, {{1, 2, 3, 4}, {5, 6, 7, 8}});
    std::vector<int> other = goal;
    std::swap(other[0], other[1]);
    const PatternDatabases c(3, 3, other, {{1, 2, 3, 4}, {5, 6, 7, 8}});
    const std::vector<int> board{8, 6, 7, 2, 5, 4, 3, 0, 1};
    CHECK_THROWS_AS(search::beam_search(Sets{}, board, {}),
                    std::invalid_argument);
    CHECK_THROWS_AS(search::beam_search(Sets{&a, &a, &a}, board, {}),
                    std::invalid_argument);
    CHECK_THROWS_AS(search::beam_search(Sets{&a, &c}, board, {}),
                    std::invalid_argument);
  }

  TEST_CASE("beam search: a stop ends it without a plan") {
    const std::vector<int> goal = NPuzzle::default_goal(3, 3);
    const PatternDatabases db(3, 3, goal, {{1, 2, 3, 4, 5, 6, 7, 8}});
    search::BeamOptions o;
    o.stop = [] { return true; };
    const search::BeamResult r =
        search::beam_search(db, {8, 6, 7, 2, 5, 4, 3, 0, 1}, o);
    CHECK(r.stopped);
    CHECK_FALSE(r.found);
  }

  TEST_CASE("beam search: the set of boards seen never holds more than the "
            "width was narrowed for (two slots a board a layer where the "
            "length to beat is known, three while a set grows)") {
    const std::vector<int> goal = NPuzzle::default_goal(3, 3);
    const PatternDatabases db(3, 3, goal, {{1, 2, 3, 4, 5, 6, 7, 8}});
    std::mt19937 rng(59);
    for (int boards = 0; boards < 4;) {
      const NPuzzle p = test::random_board(3, 3, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      ++boards;
      for (const int width : {1, 7, 100}) {
        for (const int shorter_than : {-1, 31}) {
          CAPTURE(p.draw());
          CAPTURE(width);
          CAPTURE(shorter_than);
          search::BeamOptions o;
          o.width = width;
          o.shorter_than = shorter_than;
          const search::BeamResult r = search::beam_search(db, p.board(), o);
          const double layers = shorter_than > 0 ? shorter_than - 1 : 100 * 9;
          const double slots = (shorter_than > 0 ? 1.0 : 1.5) *
                               (2 * r.width * layers + 2);
          CHECK(r.width == width);
          CHECK(r.seen_bytes > 0);
          CHECK(r.seen_bytes <= slots * 8);
        }
      }
    }
  }

  TEST_CASE("beam search's layer: the first of least bound the seen set "
            "admits, by buckets or by one split, as by sorting them all") {
    std::mt19937 rng(20261206);
    int refused = 0; // layers where the seen set kept fewer than wanted
    for (const int spread : {1, 4, 40, 1000000}) { // the last: one bucket
      for (const std::size_t size : {0, 1, 7, 300, 5000}) {
        for (const std::size_t want :
             {std::size_t{0}, std::size_t{1}, size / 3, size, 2 * size + 1}) {
          // Repeats (one board: one hash, one bound), boards seen before.
          std::vector<int> bound_of(size + 5);
          for (int &b : bound_of) {
            b = static_cast<int>(rng() % spread) - 7;
          }
          std::vector<Item> items(size);
          for (Item &i : items) {
            const std::uint64_t h = rng() % bound_of.size();
            i = {bound_of[h], h};
          }
          Seen seen, reference;
          for (std::uint64_t h = 0; h < size / 4; ++h) {
            seen.insert(3 * h);
            reference.insert(3 * h);
          }
          const std::uint64_t salt = rng();
          const std::multiset<Item> expected =
              kept_by_sorting(items, want, salt, reference);
          search::SelectBuffers<Item> buffers;
          search::select_least(items, want, salt, seen, buffers);
          CAPTURE(spread);
          CAPTURE(size);
          CAPTURE(want);
          CHECK(std::multiset<Item>(items.begin(), items.end()) == expected);
          CHECK(seen.hashes == reference.hashes);
          CHECK(seen.prefetched <= static_cast<long>(size));
          refused += items.size() < std::min(want, size) ? 1 : 0;
        }
      }
    }
    CHECK(refused > 0);
  }
}
