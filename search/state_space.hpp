// The reachable state space of a task, by explicit breadth-first search
// over packed states: how many positions and moves, how deep, how many
// goal positions and how far the nearest one is (the optimum), positions
// per depth; memory-bounded. What TLC and ProB report for the seed
// systems' puzzles, and the explicit-state engine behind `--engine bfs`.
#pragma once

#include "satslide/search/key_set.hpp"
#include "satslide/search/state_table.hpp"
#include "satslide/task/task.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace satslide::search {

struct SpaceOptions {
  long max_states = 0;       // positions to store at most; 0 = no limit
  bool stop_at_goal = false; // stop at the first goal layer (a plan)
  // Called after each completed depth (depth, positions so far); return
  // true to stop the search (cancellation).
  std::function<bool(int, long)> on_layer;
  // Called every 65,536 positions expanded, within a layer too (the depth
  // being expanded, positions so far); return true to stop there (a
  // signal, a timeout: one layer of a large space takes minutes).
  std::function<bool(int, long)> poll;
};

struct StateSpace {
  long positions = 0;      // found, the start included
  long moves = 0;          // (position, next position) pairs of the
                           // positions expanded: the edges, each way
  int depth = 0;           // deepest layer reached (the start's
                           // eccentricity when complete)
  long goal_positions = 0; // among the positions found
  int goal_distance = -1;  // depth of the nearest goal; -1: none found
  std::vector<long> per_depth; // positions per depth, from 0
  bool complete = false;   // every reachable position was found
  bool limit_reached = false; // max_states stopped it
  bool stopped = false;       // on_layer or poll stopped it
  task::Plan plan;            // with stop_at_goal: a shortest plan
};

StateSpace explore_space(const task::Task &task, const SpaceOptions &options);

// The positions at distance exactly `depth` from the start, each once
// with a shortest path to it: the cubes that split one proof of
// optimality (every shortest plan longer than `depth` passes through
// one). A goal found at depth <= `depth` ends the search: `goal_plan`
// is then a shortest plan and there are no cubes. `poll`, `on_layer`
// (after each layer below `depth`) and `max_states` of the options are
// honoured (then `space` says so).
struct Frontier {
  StateSpace space;             // positions, moves, per_depth, ...
  std::optional<task::Plan> goal_plan; // a shortest plan, if within `depth`
  StateTable states;             // the positions at exactly `depth`
  PathTable paths;               // a shortest path to each (`depth` moves)
};
Frontier frontier_at(const task::Task &task, int depth,
                     const SpaceOptions &options);

// The positions within `depth` moves of the start, each once, layer by
// layer: the keys of layer d are keys[layer_end[d - 1]] up to (not
// including) keys[layer_end[d]], each a bit a fluent in 64-bit words
// (fluent f is bit f % 64 of word f / 64); goal_depth is the first depth
// that holds a goal position (-1: none within `depth`). nullopt past
// `max_positions` positions or once `stop` says so. What a certificate's
// layers are written from (planner/certify.cpp).
struct Layered {
  explicit Layered(std::size_t words) : keys(words) {}
  KeySet keys;
  std::vector<std::size_t> layer_end;
  int goal_depth = -1;
};
std::optional<Layered> layers_within(const task::Task &task, int depth,
                                     long max_positions,
                                     const std::function<bool()> &stop);

// The one state satisfying the goal, if the goal fixes every fluent: it
// names one fluent of every exactly-one group, and the groups cover all
// fluents (the n-puzzle's goal board); nullopt otherwise.
std::optional<task::State> single_goal_state(const task::Task &task);

// A shortest plan by breadth-first search from the start and from the
// goal at once, each step expanding the smaller layer, until they meet:
// for tasks whose goal is one position (the n-puzzle) and whose every
// action has an inverse, so the backward search is the forward one from
// the goal. About the square root of the positions explore_space stores
// to reach the same depth. Fills positions (both sides), moves, depth
// (both sides' layers), goal_distance and plan, or complete (no plan:
// one side ran out) / limit_reached / stopped. nullopt if the task does
// not qualify.
std::optional<StateSpace> search_bidirectional(const task::Task &task,
                                               const SpaceOptions &options);

} // namespace satslide::search
