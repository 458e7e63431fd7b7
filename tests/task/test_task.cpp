#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/search/key_set.hpp"
#include "satslide/search/state_table.hpp"
#include "satslide/task/task.hpp"
#include "satslide/task/task_distances.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>

using namespace satslide::task;
using namespace satslide::search;
using namespace satslide::puzzles;

TEST_SUITE("task::Task") {

  // A two-fluent toggle: "on" and "off" with actions switching them.
  Task toggle() {
    Task t;
    t.fluents = {"off", "on"};
    t.actions = {{"switch on", {0}, {1}, {0}}, {"switch off", {1}, {0}, {1}}};
    t.init = {0};
    t.goal = {1};
    t.exactly_one = {{0, 1}};
    t.inverse = {1, 0};
    return t;
  }

  TEST_CASE("apply follows pre, add and delete lists") {
    const Task t = toggle();
    const State s0 = t.initial_state();
    CHECK(t.applicable(s0, 0));
    CHECK_FALSE(t.applicable(s0, 1));
    const State s1 = t.apply(s0, 0);
    CHECK(t.satisfies_goal(s1));
    CHECK_FALSE(t.satisfies_goal(s0));
    CHECK(t.action_between(s0, s1) == 0);
    CHECK_FALSE(t.action_between(s0, s0).has_value());
  }

  TEST_CASE("apply_plan runs a plan, or says where it breaks") {
    const Task t = toggle();
    const State s0 = t.initial_state();
    CHECK(t.apply_plan(s0, {}) == s0);
    CHECK(t.apply_plan(s0, {0}) == t.apply(s0, 0));
    CHECK(t.apply_plan(s0, {0, 1}) == s0);
    CHECK_FALSE(t.apply_plan(s0, {1}).has_value());    // off cannot switch off
    CHECK_FALSE(t.apply_plan(s0, {0, 0}).has_value()); // nor on switch on
    // Restarted at "on" with the goal "off", one switch reaches it.
    const Task back = t.restarted(t.apply(s0, 0), {0});
    CHECK(back.init == std::vector<int>{1});
    CHECK(back.satisfies_goal(*back.apply_plan(back.initial_state(), {1})));
  }

  TEST_CASE("validate finds an initial state that breaks a group") {
    Task t = toggle();
    CHECK_FALSE(t.validate().has_value());
    t.init = {0, 1};
    CHECK(t.validate().has_value());
    t = toggle();
    t.actions[0].add = {7};
    CHECK(t.validate().has_value());
    // A count group: exactly one of {off, on} holds at the start.
    t = toggle();
    t.exactly_k = {{{0, 1}, 1}};
    CHECK_FALSE(t.validate().has_value());
    t.exactly_k = {{{0, 1}, 2}};
    CHECK(t.validate() == "initial state violates a count group");
    t.exactly_k = {{{0, 9}, 1}};
    CHECK(t.validate().has_value());
  }

  TEST_CASE("group distances of the n-puzzle give each tile's Manhattan "
            "distance") {
    const NPuzzle p(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1},
                    NPuzzle::default_goal(3, 3));
    const Task task = p.compile();
    const TaskDistances d = TaskDistances::compute(task);
    // tile 8 starts at r0c0 and belongs at r2c1: distance 3.
    const int tile8_start = 8 * 9 + 0;
    CHECK(d.to_goal[tile8_start] == 3);
    CHECK(d.from_init[tile8_start] == 0);
    // tile 1 at r2c2 is 4 steps from its goal cell r0c0.
    CHECK(d.to_goal[1 * 9 + 8] == 4);
    CHECK(d.from_init[1 * 9 + 0] == 4);
    // The largest single distance bounds every plan from below.
    CHECK(d.initial_bound(task) == 4);
  }

  TEST_CASE("states and paths in flat tables read back as stored") {
    std::mt19937 rng(7);
    for (const int fluents : {1, 63, 64, 65, 256}) {
      CAPTURE(fluents);
      StateTable states(fluents);
      std::vector<State> stored;
      for (int i = 0; i < 50; ++i) {
        State s(static_cast<std::size_t>(fluents));
        for (char &v : s) {
          v = static_cast<char>(rng() % 2);
        }
        states.push_back(s);
        stored.push_back(s);
      }
      REQUIRE(states.size() == stored.size());
      for (std::size_t i = 0; i < stored.size(); ++i) {
        CHECK(states[i] == stored[i]);
      }
      StateTable copy(fluents);
      for (const State &s : stored) {
        copy.push_back(s);
      }
      CHECK(copy == states);
      StateTable by_fluents(fluents);
      for (const State &s : stored) {
        std::vector<int> on;
        for (int f = 0; f < fluents; ++f) {
          if (s[static_cast<std::size_t>(f)]) {
            on.push_back(f);
          }
        }
        by_fluents.push_back_true(on.data(), static_cast<int>(on.size()));
      }
      CHECK(by_fluents == states);
      stored.back()[0] = static_cast<char>(1 - stored.back()[0]);
      StateTable other(fluents);
      for (const State &s : stored) {
        other.push_back(s);
      }
      CHECK_FALSE(other == states);
      CHECK_THROWS_AS(states.push_back(State(fluents + 1, 0)),
                      std::logic_error);
      const int beyond = fluents;
      CHECK_THROWS_AS(states.push_back_true(&beyond, 1), std::logic_error);
      CHECK(states.size() == stored.size()); // nothing appended
    }
    PathTable paths(3);
    paths.push_back({4, 0, 7});
    paths.push_back({1, 2, 3});
    CHECK(paths.size() == 2);
    CHECK(paths[0] == Plan{4, 0, 7});
    CHECK(paths[1] == Plan{1, 2, 3});
    CHECK_THROWS_AS(paths.push_back({1, 2}), std::logic_error);
    PathTable none(0);
    none.push_back({});
    none.push_back_leaf(-1);
    CHECK(none.size() == 2);
    CHECK(none[0].empty());
    CHECK(none[1].empty());
    // Shared beginnings: 5 then 6 or 8, each then 1; a leaf too shallow
    // is refused when read.
    PathTable tree(3);
    const auto five = tree.add_node(-1, 5);
    const auto six = tree.add_node(five, 6);
    const auto eight = tree.add_node(five, 8);
    tree.push_back_leaf(tree.add_node(eight, 1));
    tree.push_back_leaf(tree.add_node(six, 1));
    CHECK(tree[0] == Plan{5, 8, 1});
    CHECK(tree[1] == Plan{5, 6, 1});
    PathTable flat(3);
    flat.push_back({5, 8, 1});
    flat.push_back({5, 6, 1});
    CHECK(flat == tree);
    flat.push_back({5, 6, 2});
    CHECK_FALSE(flat == tree);
    tree.push_back_leaf(six);
    CHECK_THROWS_AS(tree[2], std::logic_error);
    CHECK_THROWS_AS(tree.add_node(99, 0), std::logic_error);
    CHECK_THROWS_AS(tree.push_back_leaf(99), std::logic_error);
  }

  TEST_CASE("a key set finds every key it holds, and only those, past "
            "many growths") {
    // Keys of three words from a small range of values, so that many are
    // inserted twice; checked against std::map at every step.
    KeySet keys(3);
    std::map<std::array<std::uint64_t, 3>, std::size_t> expected;
    std::mt19937_64 random(7);
    for (int n = 0; n < 60'000; ++n) {
      const std::array<std::uint64_t, 3> key = {random() % 64, random() % 64,
                                                random() % 16};
      const auto [index, added] = keys.insert(key.data());
      const auto [it, fresh] = expected.emplace(key, expected.size());
      CHECK(added == fresh);
      CHECK(index == it->second);
    }
    REQUIRE(keys.size() == expected.size());
    CHECK(expected.size() > 10'000); // the index grew several times
    for (const auto &[key, index] : expected) {
      CHECK(keys.find(key.data()) == static_cast<long>(index));
      CHECK(std::equal(key.begin(), key.end(), keys[index]));
    }
    const std::array<std::uint64_t, 3> absent = {64, 0, 0};
    CHECK(keys.find(absent.data()) == -1);
  }
}
