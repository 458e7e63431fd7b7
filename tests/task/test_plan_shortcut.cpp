#include "satslide/task/plan_shortcut.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"

#include <doctest/doctest.h>

#include <set>

using namespace satslide;
using puzzles::NPuzzle;

TEST_SUITE("task::shortcut_plan") {

  // The action of `task` moving `tile` from cell `from` to cell `to`.
  int move(const task::Task &task, int tile, int from, int to) {
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

  std::set<task::State> states_on(const task::Task &task,
                                  const task::Plan &plan) {
    task::State s = task.initial_state();
    std::set<task::State> seen{s};
    for (int a : plan) {
      s = task.apply(s, a);
      seen.insert(s);
    }
    return seen;
  }

  TEST_CASE("a loop in the middle is cut, the end state kept") {
    // Blank at r2c2: 8 right then back, 6 down, 6 up, 6 down, then 5 down.
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    const task::Task task = p.compile();
    const task::Plan plan{move(task, 8, 7, 8), move(task, 8, 8, 7),
                          move(task, 6, 5, 8), move(task, 6, 8, 5),
                          move(task, 6, 5, 8), move(task, 5, 4, 5)};
    const task::Plan cut =
        task::shortcut_plan(task, task.initial_state(), plan);
    CHECK(cut == task::Plan{move(task, 6, 5, 8), move(task, 5, 4, 5)});
    const auto before = task.apply_plan(task.initial_state(), plan);
    REQUIRE(before);
    CHECK(task.apply_plan(task.initial_state(), cut) == before);
  }

  TEST_CASE("a plan back to the start becomes empty, a simple path stays") {
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 8 0"}});
    const task::Task task = p.compile();
    const task::Plan loop{move(task, 8, 7, 8), move(task, 5, 4, 7),
                          move(task, 4, 3, 4), move(task, 4, 4, 3),
                          move(task, 5, 7, 4), move(task, 8, 8, 7)};
    CHECK(task::shortcut_plan(task, task.initial_state(), loop).empty());
    const task::Plan path{move(task, 8, 7, 8), move(task, 5, 4, 7),
                          move(task, 4, 3, 4)};
    const task::Plan kept =
        task::shortcut_plan(task, task.initial_state(), path);
    CHECK(kept == path);
    CHECK(states_on(task, kept).size() == kept.size() + 1);
  }
}
