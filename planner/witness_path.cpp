// A plan first, then the proof (--witness ida). An optimality proof has
// two halves: a plan of length U, and the refutation of every shorter
// length. The SAT engines find the plan in their last horizon, which on
// the hardest 15-puzzles is the longest part of the run (the round that
// holds the optimum searches tens of thousands of cubes for the one with
// a plan). Here IDA* over the pattern databases finds the plan, the
// puzzle's rules replay it, and the SAT engine the options choose only
// refutes the lengths below U. IDA* is optimal too, so the two engines
// check each other: a shorter plan from SAT would mean one of them is
// wrong, and is reported as an internal error, not as an answer.
#include "satslide/planner/cubes.hpp"
#include "satslide/planner/run.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace satslide::planner {

namespace {

// What the SAT run proved, in words: every length up to no_plan_up_to
// refuted (over cubes, when it split, each by a call or its bound), or
// the bound alone.
std::string refutation_words(const PlannerResult &sat) {
  const std::string words =
      fmt::format("no plan of length <= {}", sat.no_plan_up_to);
  if (sat.cubes >= 0) {
    return (sat.cubes_by_bound == sat.cubes ? "by the cubes' bounds: "
                                            : "by SAT over cubes: ") +
           cubes_refuted(sat.no_plan_up_to, sat.cubes, sat.split_depth,
                         sat.cubes_by_bound);
  }
  if (sat.horizons.empty() && sat.positions < 0) {
    return words + " (" + sat.lower_bound_name + ")";
  }
  return "by SAT: " + words;
}

} // namespace

FoundWitness find_witness(const Run &run, const PlannerResult &so_far,
                          const solver::StopFn &stop) {
  FoundWitness w;
  w.ida = so_far;
  const auto started = Run::Clock::now();
  if (run.task.satisfies_goal(run.task.initial_state())) {
    // Nothing to search: no tables built for a plan of no moves.
    end_with_optimal_plan(w.ida, {}, Proof::start_is_goal, "");
    return w;
  }
  solve_ida(run, w.ida, stop);
  w.seconds = solver::seconds_since(started);
  return w;
}

void say_witness(const Run &run, const FoundWitness &w,
                 const std::string &then) {
  run.phase("witness", fmt::format("IDA* found a plan of {} move{} in {:.1f} "
                                   "s; {}",
                                   w.length(), w.length() == 1 ? "" : "s",
                                   w.seconds, then));
}

namespace {

// What SAT's refutations below the witness make of it: an engines'
// disagreement where SAT found a shorter plan, the witness proven optimal
// where every shorter length was refuted; false if neither (a stop).
bool judged_below_witness(const PlannerResult &sat, const FoundWitness &found,
                          PlannerResult &result) {
  const int length = found.length();
  if (sat.status == Status::solved) {
    result = sat;
    result.status = Status::internal_error;
    result.reason = engines_disagree(
        "SAT", static_cast<int>(sat.plan.size()), length);
    result.optimal = false;
    result.proof = Proof::none;
    result.plan.clear();
    return true;
  }
  if (sat.status == Status::horizon_limit &&
      sat.no_plan_up_to >= length - sat.stride) {
    result = sat;
    end_with_optimal_plan(
        result, found.ida.plan, Proof::refuted_horizons,
        fmt::format("{}; the plan found first by IDA* ({} nodes, not "
                    "SAT) and replayed",
                    refutation_words(sat), found.ida.nodes));
    result.reason.clear();
    result.witnessed = true;
    return true;
  }
  return false;
}

// Stopped (a timeout, a signal, memory): what SAT refuted stands, and
// the plan is known, replayed, and kept, but not proven optimal by SAT.
void keep_unproven_witness(const Run &run, const PlannerResult &sat,
                           const FoundWitness &found, PlannerResult &result) {
  const int length = found.length();
  result = sat;
  result.reason += fmt::format("; IDA* found a plan of {} move{} (not "
                               "proven optimal by SAT)",
                               length, length == 1 ? "" : "s");
  result.plan = found.ida.plan;
  result.replay = run.puzzle.replay(found.ida.plan);
  if (result.replay.error || !result.replay.solved) {
    result.status = Status::internal_error;
    result.reason = "IDA*'s plan does not replay: " +
                    result.replay.error.value_or("it ends off the goal");
    result.replay.moves.clear();
    return;
  }
  result.optimal = false;
  result.proof = Proof::none;
  // The optimum has the plan's residue: the least length past what SAT
  // refuted that has it (a refuted 58 leaves 60 for a 64-move plan).
  const int stride = std::max(1, sat.stride);
  result.optimality = fmt::format(
      "found by IDA*, not proven optimal by SAT: the optimum lies between "
      "{} and {}",
      solver::round_up_to_stride(
          std::max(sat.no_plan_up_to + 1, sat.lower_bound), length, stride),
      length);
}

} // namespace

void solve_with_witness(const Run &run, PlannerResult &result,
                        const solver::StopFn &stop) {
  const FoundWitness found = find_witness(run, result, stop);
  if (!found.found() || found.ida.plan.empty()) {
    result = found.ida; // no plan (a limit, a stop), or the start is the goal
    return;
  }
  const int length = found.length();
  say_witness(run, found, "SAT now refutes every shorter length");

  PlannerOptions o = run.options;
  o.witness = Witness::none;
  o.witness_length = length;
  o.max_horizon = length - 1; // IDA* kept within the user's limit
  const Run below(run.puzzle, run.task, run.encoding, o, run.started);
  PlannerResult sat = result;
  try {
    prove(below, sat, stop);
  } catch (const std::bad_alloc &e) {
    end_out_of_memory(sat, below, e); // IDA*'s plan is kept below
  }
  sat.witness_length = length;
  sat.witness_seconds = found.seconds;
  sat.nodes = found.ida.nodes;
  if (!judged_below_witness(sat, found, result)) {
    keep_unproven_witness(run, sat, found, result);
  }
}

} // namespace satslide::planner
