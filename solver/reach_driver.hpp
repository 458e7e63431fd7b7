// The reachability driver: breadth-first search over positions, each
// successor found by the SAT solver (SAT-based image computation, as in
// McMillan, CAV 2002, and Grumberg, Schuster & Yadgar, FMCAD 2004). One
// incremental solver holds a one-step formula whose layer 0 is free; a
// position is expanded by assuming it on layer 0, and every model is a
// move and its successor on layer 1; the move is then excluded (by
// default by one more assumption: ReachBlocking) so that the next call
// finds another one or proves, UNSAT, that there is none. Each position
// is expanded once, so the cost grows with positions and moves, not with
// paths: what the horizon driver refutes again at every step index is
// refuted here once. Each position's new successors are sorted before
// they enter the table, so the search does not depend on the order in
// which a solver finds them, nor on how many solvers share a layer
// (ReachOptions::threads; solver/reach_expander.hpp is one solver).
//
// Contract:
//   require: the encoding's layer 0 carries no initial state (a
//            SequentialConfig with free_start), steps not yet encoded.
//   ensure:  goal_found: `plan` is a shortest plan (every position within
//            `depth_done` was found and none is a goal) leading from the
//            initial state to the goal (the caller still replays it);
//            exhausted: every reachable position was found, none a goal.
#pragma once

#include "horizon_driver.hpp"

namespace satslide::solver {

enum class ReachOutcome {
  goal_found,
  exhausted,   // no goal position is reachable: no plan exists
  state_limit, // max_states positions found first
  depth_limit, // no plan of length <= max_depth, and none longer sought
  timeout,
  cancelled,
  decode_error, // a model's step is no action of the task: a bug
};

// How a position already found is kept from being found again.
enum class ReachBlocking {
  // Every position found is excluded for good by a clause over layer 1:
  // no position is found twice, but every call propagates over clauses
  // for all positions so far, and each move into a known position costs
  // a conflict. Measured faster than `successors` (fewer calls, and the
  // calls cost about the same), slower than `moves`.
  visited,
  // Each successor found is excluded for the rest of the expansion by a
  // clause under the expansion's own activation literal, retired after
  // it; visited positions are recognised in the table. Few, short-lived
  // clauses: every call propagates over the expansion's own handful.
  successors,
  // Each move found is excluded for the rest of the expansion by an
  // assumption on its step variable, and positions already found are
  // recognised in the table: no blocking clause at all, so a call never
  // meets a blocked successor (no conflict) and ends as soon as a move is
  // chosen; one call per move, and the expansion's last, UNSAT, fails on
  // its assumptions alone. Needs the encoding's step variables. The
  // default: more calls than `visited`, but cheap ones (RESULTS,
  // "Reachability by SAT").
  moves,
};
constexpr std::array<EnumName<ReachBlocking>, 3> names(ReachBlocking) {
  return {{{ReachBlocking::visited, "visited"},
           {ReachBlocking::successors, "successors"},
           {ReachBlocking::moves, "moves"}}};
}

struct ReachOptions {
  ReachBlocking blocking = ReachBlocking::moves;
  // Assume only a position's true fluents where every fluent lies in an
  // exactly-one group (the rest follow by propagation); false: all.
  bool assume_true_only = true;
  long max_states = 0; // positions to store at most; 0 = no limit
  // The longest plan sought (the horizon limit): a layer is expanded only
  // while depth_done < max_depth; negative = no limit.
  int max_depth = -1;
  // Solvers expanding each layer side by side, one thread each (moves
  // blocking only; the others add clauses to one solver). The table fills
  // in the same order whatever the number: same positions, same plan.
  int threads = 1;
  // If set, asked before each layer how many of the `threads` solvers to
  // use for it, given the positions found, the frontier about to be
  // expanded and the depth completed (the automatic engine gives one back
  // when the space shows itself large).
  std::function<int(long positions, long frontier, int depth_done)>
      threads_for_layer;
  // Where the goal is one position (the n-puzzle) and excluding a step
  // variable excludes one move into a position as well as out of it
  // (moves blocking): search from the start and backward from the goal
  // at once, each time the side with the smaller frontier, until a
  // position is found from both. No plan is shorter than the two depths
  // searched together.
  bool both_ends = true;
  double timeout_seconds = 0;
  SolverConfig solver_config = SolverConfig::standard;
  std::vector<std::string> solver_options;
  StopFn stop;
};

struct ReachResult {
  ReachOutcome outcome = ReachOutcome::exhausted;
  task::Plan plan;
  // Every position within this many moves was found and none is a goal,
  // so no plan is this short; -1 if even the start was not checked. From
  // both ends: the depths searched from the start and from the goal,
  // together.
  int depth_done = -1;
  long positions = 0; // found, the start included
  // Positions per completed depth from the start, from 0 (the goal layer,
  // if reached and partly searched, is not counted).
  std::vector<long> per_depth;
  long sat_calls = 0;
  bool both_ends = false; // searched from the start and from the goal
  // Per depth completed: horizon = the depth, result "UNSAT" (no goal
  // there) or "SAT" (the goal layer), the layer's solver time, conflicts.
  std::vector<HorizonStats> layers;
  double seconds = 0;
};

ReachResult run_reach(const task::Task &task, encoder::Encoding &encoding,
                      const ReachOptions &options,
                      const ProgressFn &progress = {});

} // namespace satslide::solver
