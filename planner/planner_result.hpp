// What a planner run found and how it knows: the outcome, the plan as
// replayed by the puzzle's rules, the bounds and the proof of optimality,
// and the statistics of every solver call. Renderers (text, JSON) read
// only this and the puzzle.
#pragma once

#include "satslide/planner/engines.hpp"
#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/stats.hpp"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace satslide::planner {

// What the run is for (PlannerOptions::mode) or was (PlannerResult::mode).
enum class Mode {
  optimal, // raise the horizon from a proven bound: the plan is optimal
  any,     // a plan fast; optimal only if the optimal path wins the race
  decode,  // a result only: another solver's answer decoded (decode.cpp)
};
constexpr std::array<EnumName<Mode>, 3> names(Mode) {
  return {{{Mode::optimal, "optimal"},
           {Mode::any, "any"},
           {Mode::decode, "decode"}}};
}

// How the split's cubes are solved (split_path.cpp).
enum class CubeSolving {
  shared, // one incremental solver per thread for every cube, the cube's
          // position assumed (cube_solver.hpp): clauses learned on one cube
          // serve the next
  fresh,  // a new formula and solver per cube and round, the cube as the
          // start (what a batch line across machines does)
};
constexpr std::array<EnumName<CubeSolving>, 2> names(CubeSolving) {
  return {{{CubeSolving::shared, "shared"}, {CubeSolving::fresh, "fresh"}}};
}

// The order in which a round of the split takes its cubes. A refuted
// round must answer every cube, so order matters most in the round that
// holds the optimum: it ends at the first cube with a plan.
enum class CubeOrder {
  bound,    // the least bound first (the most slack: a cube refuted up to
            // n - 2 whose bound is far below n is the likelier to reach the
            // goal in n), breadth-first order among equals
  frontier, // breadth-first order (the order the frontier was found in)
};
constexpr std::array<EnumName<CubeOrder>, 2> names(CubeOrder) {
  return {{{CubeOrder::bound, "bound"}, {CubeOrder::frontier, "frontier"}}};
}

enum class Status {
  solved,             // a plan, replayed and checked
  unsolvable,         // proven: no plan of any length
  horizon_limit,      // the last horizon allowed was refuted
  timeout,            // time ran out; what was refuted is in the result
  cancelled,          // the stop test said so
  memory_limit,       // an allocation failed; what was refuted is kept
  no_plan_at_horizon, // decode: the solver refuted that one horizon
  internal_error,     // a bug, e.g. a plan that does not replay
};
// As in JSON: "horizon_limit".
constexpr std::array<EnumName<Status>, 8> names(Status) {
  return {{{Status::solved, "solved"},
           {Status::unsolvable, "unsolvable"},
           {Status::horizon_limit, "horizon_limit"},
           {Status::timeout, "timeout"},
           {Status::cancelled, "cancelled"},
           {Status::memory_limit, "memory_limit"},
           {Status::no_plan_at_horizon, "no_plan_at_horizon"},
           {Status::internal_error, "internal_error"}}};
}

// How a plan's optimality (or its absence) was shown.
enum class Proof {
  none,             // not proven optimal
  refuted_horizons, // every shorter horizon refuted or skipped by a proof
  exhausted_thresholds, // IDA*: every path within each threshold searched
  exhausted_layers, // breadth-first: no position at a shorter depth is a
                    // goal (with horizons above it refuted, if handed over)
  start_is_goal,    // the empty plan
};

struct PlannerResult {
  Status status = Status::internal_error;
  std::string reason; // why, for anything but solved
  Mode mode = Mode::optimal;
  Path path = Path::none; // what produced the plan or the proof
  // The plan found first by --witness ida, proven optimal by the SAT
  // engine's refutations below it (JSON: the path's name + "+witness").
  bool witnessed = false;
  // --engine auto: what its rule chose (engine_choice.hpp) and why;
  // nullopt where no rule ran.
  std::optional<AutoEngine> auto_choice;
  std::string auto_reason;
  long positions = -1;  // reach: positions found; -1 = engine not run
  long sat_calls = -1;  // reach: solver calls
  long nodes = -1;      // ida: positions generated; -1 = engine not run
  // ida: each iteration searched, its threshold (the length it searched
  // to) and the positions it generated, in order; the last one's is the
  // plan's length where the plan was found. Summed: `nodes`.
  struct Iteration {
    int threshold;
    long nodes;
  };
  std::vector<Iteration> iterations;
  // --split-depth: the frontier's depth, its positions (the cubes) and
  // how many of them the bound alone refuted; -1 = not split.
  int split_depth = -1;
  long cubes = -1;
  long cubes_by_bound = -1;
  // How the cubes were solved and in which order; nullopt where the split
  // did not run in this process (merged from separate runs).
  std::optional<CubeSolving> cube_solver;
  std::optional<CubeOrder> cube_order;
  // Per round of the split, its solver calls (what a cluster's workers
  // would share out): their seconds summed and the longest, the round
  // named by its last horizon.
  struct CubeRoundWork {
    int horizon = 0;
    long calls = 0;
    double seconds = 0;
    double longest = 0;
  };
  std::vector<CubeRoundWork> cube_rounds;
  // The horizon from which the cubes' bounds came from the family's
  // stronger bound (the 15-puzzle's 7-8 tables); -1 = never.
  int stronger_bound_from = -1;
  // --witness: the length of the plan found first, whose shorter lengths
  // the SAT engine refuted, and the seconds its search took; -1 = none.
  int witness_length = -1;
  double witness_seconds = 0;
  // --any by search: what found the plan (e.g. "weighted IDA*, weight
  // 1.20"); empty elsewhere.
  std::string plan_from;
  // --any by search: every plan that was the shortest at hand when it
  // came, in order: what found it, its moves, the run's seconds then.
  struct PlanStep {
    std::string from;
    int length = 0;
    double seconds = 0;
  };
  std::vector<PlanStep> plan_steps;
  std::string encoding; // the encoding(s) used
  // What was proven.
  bool optimal = false;
  Proof proof = Proof::none;
  std::string optimality; // the proof in words, for the report
  int lower_bound = -1;   // -1: not computed (e.g. unsolvable)
  std::string lower_bound_name;
  int stride = 1;         // plan lengths differ by multiples of this
  int no_plan_up_to = -1; // no plan of length <= this; -1 = nothing proven
  // The plan, as replayed by the puzzle's rules.
  task::Plan plan;
  puzzles::Replay replay;
  // The work.
  std::vector<solver::HorizonStats> horizons;
  std::vector<int> horizon_stage; // --any agenda: each horizon's stage
  int stages = 0;                 // --any agenda: stages (0 = not staged)
  int raw_length = 0;             // --any: length before loops were cut
  int tightened_from = -1;        // --tighten: the length before; -1 = not run
  double seconds = 0;             // wall clock of the whole call
};

} // namespace satslide::planner
