// satslide merge: a round of split cubes (cube_file.hpp) and the batch
// outputs that answered them, judged together (planner::judge_round):
// the optimum with its proof, or the next round's cubes, or the cubes
// still missing, written for batch.
#include "cli/commands.hpp"
#include "cli/cube_answers.hpp"
#include "cli/cube_file.hpp"
#include "cli/output.hpp"

#include "puzzles/families.hpp"
#include "planner/plan_check.hpp"
#include "solver/stats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>

namespace satslide::cli {

namespace {

// The whole plan: the path to the best cube, then its plan, checked
// against the start by the puzzle's rules.
Report optimum_report(const encoder::Puzzle &start, const CubeRound &r,
                      const planner::RoundVerdict &v, long by_bound) {
  const CubeEntry &best = r.cubes[v.best];
  const std::string text =
      best.moves + (best.moves.empty() || best.standing.plan.empty() ? "" : " ") +
      best.standing.plan;
  return plan_from_start(start, r, text, v.length, v.no_plan_up_to, by_bound,
                         merged_refutation(r, v.length - 1, by_bound));
}

// With a witness (split --witness ida): the rounds stop below its length,
// so a cube's plan is shorter than the plan IDA* called optimal (the
// engines disagree), and a round that reached the limit with every
// shorter length refuted proves the witness.
std::optional<Report> judged_by_witness(const encoder::Puzzle &start,
                                        const CubeRound &r,
                                        const planner::RoundVerdict &v,
                                        long by_bound) {
  using Kind = planner::RoundVerdict::Kind;
  if (r.witness_length < 0) {
    return std::nullopt;
  }
  if (v.kind == Kind::optimum) {
    Report report = optimum_report(start, r, v, by_bound);
    planner::PlannerResult &result = report.result;
    result.status = planner::Status::internal_error;
    result.reason =
        planner::engines_disagree("the cubes", v.length, r.witness_length);
    result.proof = planner::Proof::none;
    result.optimal = false;
    result.replay.moves.clear();
    return report;
  }
  if (v.kind == Kind::horizon_limit &&
      v.no_plan_up_to >= r.witness_length - r.stride) {
    return plan_from_start(start, r, r.witness, r.witness_length,
                           v.no_plan_up_to, by_bound,
                           merged_refutation(r, v.no_plan_up_to, by_bound) +
                               "; the plan found first by IDA* (not SAT) "
                               "and replayed");
  }
  return std::nullopt;
}

// The cubes file against its start: the witness replays in the length it
// claims, the cubes are the split's (planner::check_cubes). Throws
// InputError if not; false if a signal stopped the check.
bool check_round(const encoder::Puzzle &start, const CubeRound &r) {
  if (r.witness_length >= 0) {
    const planner::PlanCheck check = planner::check_plan(start, r.witness);
    if (check.verdict != planner::PlanCheck::Verdict::valid ||
        static_cast<int>(check.plan.size()) != r.witness_length) {
      throw encoder::InputError(fmt::format(
          "the cubes file's witness is not a plan of {} moves from the "
          "start to the goal{}",
          r.witness_length, check.reason.empty() ? "" : ": " + check.reason));
    }
  }
  planner::PlannerOptions p;
  p.split_depth = r.depth;
  p.pattern_tiles = r.pattern_tiles;
  p.max_horizon = r.max_length;
  p.stop = stop_on_signal();
  std::vector<planner::CubeClaim> claims;
  claims.reserve(r.cubes.size());
  for (const CubeEntry &c : r.cubes) {
    claims.push_back({c.moves, c.params, c.standing.bound});
  }
  return planner::check_cubes(start, p, r.lower_bound, r.stride, claims);
}

} // namespace

int run_merge(const Options &o) {
  const auto started = std::chrono::steady_clock::now();
  CubeRound r = read_round(o.input);
  const auto start = encoder::make_puzzle(r.start);
  if (!check_round(*start, r)) {
    Report report = report_for(*start);
    report.result.status = planner::Status::cancelled;
    report.result.reason = "stopped while checking the cubes file against "
                           "the split of its start; nothing merged";
    report.result.seconds = solver::seconds_since(started);
    return finish(report, o);
  }
  const Merged m = read_answers(r, o.answers);
  std::vector<planner::CubeStanding> standings;
  for (const CubeEntry &c : r.cubes) {
    standings.push_back(c.standing);
  }
  const planner::RoundVerdict v = planner::judge_round(
      standings, r.depth, r.stride, r.cap - r.depth, r.window, r.max_length);
  const long by_bound = std::count_if(r.cubes.begin(), r.cubes.end(),
                                      [](const CubeEntry &c) {
                                        return !c.answered;
                                      });
  using Kind = planner::RoundVerdict::Kind;
  if (std::optional<Report> decided =
          judged_by_witness(*start, r, v, by_bound)) {
    decided->result.seconds = solver::seconds_since(started);
    return finish(*decided, o);
  }
  if (v.kind == Kind::optimum || v.kind == Kind::unsolvable ||
      v.kind == Kind::horizon_limit) {
    Report report = v.kind == Kind::optimum
                        ? optimum_report(*start, r, v, by_bound)
                        : report_for(*start);
    planner::PlannerResult &result = report.result;
    if (v.kind == Kind::unsolvable) {
      result.status = planner::Status::unsolvable;
      result.reason = "every one of the " + std::to_string(r.cubes.size()) +
                      " cubes at depth " + std::to_string(r.depth) +
                      " was proven unsolvable";
    } else if (v.kind == Kind::horizon_limit) {
      result.status = planner::Status::horizon_limit;
      result.no_plan_up_to = v.no_plan_up_to;
      result.lower_bound = r.lower_bound;
      result.lower_bound_name = r.lower_bound_name;
      result.stride = r.stride;
      result.reason = "reached the length limit " +
                      std::to_string(r.max_length) +
                      "; proven: no plan of length <= " +
                      std::to_string(v.no_plan_up_to);
    }
    result.seconds = solver::seconds_since(started);
    return finish(report, o);
  }
  if (v.kind == Kind::next_round) {
    ++r.round;
  }
  r.cap = r.depth + v.cap;
  r.to_solve = v.to_solve;
  write_round(o.output, r);
  RoundReport report = round_report(*start, r, o.output);
  if (v.kind == Kind::missing) {
    report.status = "cubes_missing";
  }
  report.no_plan_up_to = v.no_plan_up_to;
  report.answers = m.answers;
  report.cpu_seconds = m.cpu_seconds;
  report.longest_seconds = m.longest_seconds;
  return finish(report, o);
}

} // namespace satslide::cli
