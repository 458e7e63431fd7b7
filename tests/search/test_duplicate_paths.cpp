// The automaton of duplicate paths: the move back and the square walked
// round are refused, paths with no shorter or earlier twin are not, and
// what it refuses is the same whatever the board (an unbounded grid).
// That IDA* with it still finds every optimum is tested over whole
// spaces in test_pattern_databases.cpp.
#include "satslide/search/duplicate_paths.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

using satslide::search::DuplicatePaths;
using satslide::search::k_duplicate_length;

namespace {

// The state after a string of moves (U L R D), or k_dead as soon as one
// move is refused; `moves` counts the moves taken.
int walk(const DuplicatePaths &automaton, const std::string &path, int &moves) {
  int state = DuplicatePaths::k_start;
  moves = 0;
  for (const char c : path) {
    const int d = std::string("ULRD").find(c);
    REQUIRE(d >= 0);
    state = automaton.next(state, d);
    if (state == DuplicatePaths::k_dead) {
      return state;
    }
    ++moves;
  }
  return state;
}

bool refused(const DuplicatePaths &automaton, const std::string &path) {
  int moves = 0;
  return walk(automaton, path, moves) == DuplicatePaths::k_dead;
}

} // namespace

TEST_SUITE("search::DuplicatePaths") {

  TEST_CASE("strings of two: only the move back, after any path") {
    const DuplicatePaths two(2);
    CHECK(two.strings() == 4);
    for (const char *back : {"UD", "DU", "LR", "RL", "RRUULLR"}) {
      CAPTURE(back);
      CHECK(refused(two, back));
    }
    CHECK(refused(two, "RRDDLLUUD"));
    CHECK(!refused(two, "RRDDLLUUR"));
    CHECK(!refused(two, "RDLURDLURDLU")); // the square: not a string of two
  }

  TEST_CASE("the shared automaton: the square walked round is its own "
            "inverse, the shorter way kept") {
    const DuplicatePaths &shared = DuplicatePaths::shared();
    CHECK(shared.strings() > 4);
    CHECK(shared.states() > shared.strings());
    // Round a 2x2 square twice is the reverse of once round: refused
    // by its fifth to eighth move, and once round is not.
    int moves = 0;
    CHECK(walk(shared, "RDLURDLU", moves) == DuplicatePaths::k_dead);
    CHECK(moves >= 4);
    CHECK(!refused(shared, "RDLU"));
    CHECK(!refused(shared, "DRUL"));
    // Straight lines and stairs have no twin.
    CHECK(!refused(shared, std::string(k_duplicate_length + 4, 'R')));
    CHECK(!refused(shared, "RDRDRDRDRDRDRDRDRD"));
    CHECK(refused(shared, "UD"));
  }

  TEST_CASE("a longer walk refuses what a shorter one does, and more") {
    // The strings of up to six moves are found alike whatever the
    // length compared, so every path six refuses eight refuses too; and
    // the square walked round (eight moves) only eight does.
    const DuplicatePaths six(6);
    const DuplicatePaths eight(8);
    CHECK(six.strings() < eight.strings());
    int more = 0;
    for (int code = 0; code < (1 << 16); ++code) {
      std::string path;
      for (int i = 7; i >= 0; --i) {
        path += "ULRD"[(code >> (2 * i)) & 3];
      }
      if (refused(six, path)) {
        CHECK(refused(eight, path));
      } else if (refused(eight, path)) {
        ++more;
      }
    }
    CHECK(more > 0);
    CHECK(refused(eight, "RDLURDLU"));
    CHECK_THROWS_AS(DuplicatePaths(29), std::invalid_argument);
  }
}
