#include "task/plan_shortcut.hpp"
#include "puzzles/npuzzle/npuzzle.hpp"

#include <doctest/doctest.h>

#include <set>

using namespace satslide;
using encoder::NPuzzle;

TEST_SUITE("encoder::shortcut_plan") {

  // The action of `task` moving `tile` from cell `from` to cell `to`.
  int move(const encoder::Task &task, int tile, int from, int to) {
    const std::string name =
        "move tile " + std::to_string(tile) + " from r" +
        std::to_string(from / 3) + "c" + std::to_string(from % 3) + " to r" +
        std::to_string(to / 3) + "c" + std::to_string(to % 3);
    for (int a = 0; a < task.num_actions(); ++a) {
      if (task.actions[a].name == name) {
        return a;
      }
    }
    FAIL("no action " << name);
    return -1;
  }

  std::set<encoder::State> states_on(const encoder::Task &task,
                                     const encoder::Plan &plan) {
    encoder::State s = task.initial_state();
    std::set<encoder::State> seen{s};
    for (int a : plan) {
      s = task.apply(s, a);
      seen.insert(s);
    }
    return seen;
  }

  TEST_CASE("a loop in the middle is cut, the end state kept") {
    // Blank at r2c2: 8 right then back, 6 down, 6 up, 6 down, then 5 down.
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    const encoder::Task task = p.compile();
    const encoder::Plan plan{move(task, 8, 7, 8), move(task, 8, 8, 7),
                             move(task, 6, 5, 8), move(task, 6, 8, 5),
                             move(task, 6, 5, 8), move(task, 5, 4, 5)};
    const encoder::Plan cut =
        encoder::shortcut_plan(task, task.initial_state(), plan);
    CHECK(cut == encoder::Plan{move(task, 6, 5, 8), move(task, 5, 4, 5)});
    const auto before = task.apply_plan(task.initial_state(), plan);
    REQUIRE(before);
    CHECK(task.apply_plan(task.initial_state(), cut) == before);
  }

  TEST_CASE("a plan back to the start becomes empty, a simple path stays") {
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    const encoder::Task task = p.compile();
    const encoder::Plan loop{move(task, 8, 7, 8), move(task, 5, 4, 7),
                             move(task, 4, 3, 4), move(task, 4, 4, 3),
                             move(task, 5, 7, 4), move(task, 8, 8, 7)};
    CHECK(encoder::shortcut_plan(task, task.initial_state(), loop).empty());
    const encoder::Plan path{move(task, 8, 7, 8), move(task, 5, 4, 7),
                             move(task, 4, 3, 4)};
    const encoder::Plan kept =
        encoder::shortcut_plan(task, task.initial_state(), path);
    CHECK(kept == path);
    CHECK(states_on(task, kept).size() == kept.size() + 1);
  }
}
