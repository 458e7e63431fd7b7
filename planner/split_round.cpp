#include "satslide/planner/split_round.hpp"

#include "satslide/planner/plan_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace satslide::planner {

namespace {

using Kind = RoundVerdict::Kind;

RoundJudgement decided(PlannerResult result) {
  RoundJudgement j;
  j.decided = true;
  j.result = std::move(result);
  return j;
}

// The round's bounds, depth and cube count, as every verdict reports them.
PlannerResult round_result(const SplitRound &r, long by_bound) {
  PlannerResult result;
  result.lower_bound = r.lower_bound;
  result.lower_bound_name = r.lower_bound_name;
  result.stride = r.stride;
  result.path = Path::split;
  result.witnessed = r.witness_length >= 0;
  result.witness_length = r.witness_length;
  result.witness_seconds = r.witness_seconds;
  result.split_depth = r.depth;
  result.cubes = static_cast<long>(r.cubes.size());
  result.cubes_by_bound = by_bound;
  return result;
}

// An optimum: `moves` (the whole plan from the start, in the puzzle's
// move notation) checked by the puzzle's rules against `length`; an
// internal error if it does not replay. `proof` in words.
PlannerResult plan_from_start(const puzzles::Puzzle &start, const SplitRound &r,
                              const std::string &moves, int length,
                              int no_plan_up_to, long by_bound,
                              const std::string &proof) {
  PlannerResult result = round_result(r, by_bound);
  result.no_plan_up_to = no_plan_up_to;
  const PlanCheck check = check_plan(start, moves);
  result.plan = check.plan;
  result.replay = start.replay(check.plan);
  if (check.verdict != PlanCheck::Verdict::valid || result.replay.error ||
      !result.replay.solved ||
      static_cast<int>(check.plan.size()) != length) {
    result.status = Status::internal_error;
    result.reason =
        "the merged plan does not replay: " +
        (check.reason.empty() ? std::string("wrong length") : check.reason);
    result.replay.moves.clear();
    return result;
  }
  result.status = Status::solved;
  result.optimal = true;
  result.proof = Proof::refuted_horizons;
  result.optimality = proof;
  return result;
}

std::string refuted_words(const SplitRound &r, int no_plan_up_to,
                          long by_bound) {
  return cubes_refuted(no_plan_up_to, static_cast<long>(r.cubes.size()),
                       r.depth, by_bound);
}

// The proof of a merge: "by SAT over cubes, merged: ...", or, where cubes
// were answered by an explicit search, how many.
std::string merged_refutation(const SplitRound &r, int no_plan_up_to,
                              long by_bound) {
  const auto by_search =
      std::count_if(r.cubes.begin(), r.cubes.end(),
                    [](const RoundCube &c) { return c.by_search; });
  const std::string how =
      by_search == 0
          ? std::string("by SAT over cubes, merged: ")
          : fmt::format("over cubes, merged ({} of them answered by an "
                        "explicit search, IDA* or breadth-first, not SAT): ",
                        by_search);
  return how + refuted_words(r, no_plan_up_to, by_bound);
}

const char *const k_witness_words =
    "; the plan found first by IDA* (not SAT) and replayed";

// The whole plan: the path to the best cube, then its plan.
PlannerResult optimum(const puzzles::Puzzle &start, const SplitRound &r,
                      const RoundVerdict &v, long by_bound) {
  const RoundCube &best = r.cubes[v.best];
  const std::string text =
      best.moves +
      (best.moves.empty() || best.standing.plan.empty() ? "" : " ") +
      best.standing.plan;
  return plan_from_start(start, r, text, v.length, v.no_plan_up_to, by_bound,
                         merged_refutation(r, v.length - 1, by_bound));
}

// With a witness (split --witness ida): the rounds stop below its length,
// so a cube's plan is shorter than the plan IDA* called optimal (the
// engines disagree), and a round that reached the limit with every
// shorter length refuted proves the witness.
std::optional<PlannerResult> judged_by_witness(const puzzles::Puzzle &start,
                                               const SplitRound &r,
                                               const RoundVerdict &v,
                                               long by_bound) {
  if (r.witness_length < 0) {
    return std::nullopt;
  }
  if (v.kind == Kind::optimum) {
    PlannerResult result = optimum(start, r, v, by_bound);
    result.status = Status::internal_error;
    result.reason = engines_disagree("the cubes", v.length, r.witness_length);
    result.proof = Proof::none;
    result.optimal = false;
    result.replay.moves.clear();
    return result;
  }
  if (v.kind == Kind::horizon_limit &&
      v.no_plan_up_to >= r.witness_length - r.stride) {
    return plan_from_start(start, r, r.witness, r.witness_length,
                           v.no_plan_up_to, by_bound,
                           merged_refutation(r, v.no_plan_up_to, by_bound) +
                               k_witness_words);
  }
  return std::nullopt;
}

// The cubes to solve, least bound first (ties in the split's order), as
// the one-process split takes them: the cube whose plan ends the last
// round is among the first a shard answers, and batch --until-solved
// then stops the shard there.
void least_bound_first(SplitRound &r) {
  std::stable_sort(
      r.to_solve.begin(), r.to_solve.end(), [&r](std::size_t a, std::size_t b) {
        return r.cubes[a].standing.bound < r.cubes[b].standing.bound;
      });
}

} // namespace

RoundJudgement first_round(const puzzles::Puzzle &start,
                           const PlannerOptions &options,
                           const CubeSplit &split, SplitRound &r) {
  const PlannerResult &s = split.result;
  r.start = start.spec();
  r.depth = options.split_depth;
  r.stride = s.stride;
  r.window = options.split_window;
  r.max_length = split.max_length;
  r.lower_bound = s.lower_bound;
  r.lower_bound_name = s.lower_bound_name;
  r.pattern_tiles = options.pattern_tiles;
  if (engine_info(options.engine).answers_cubes) {
    r.engine = options.engine;
  }
  const bool witness = !split.witness.empty();
  if (witness) {
    r.witness = start.replay(split.witness).compact;
    r.witness_length = static_cast<int>(split.witness.size());
    r.witness_seconds = split.witness_seconds;
  }
  r.cap = first_round_cap(s.lower_bound, s.stride, options.split_window,
                          split.max_length);
  for (std::size_t i = 0; i < split.cubes.size(); ++i) {
    const SplitCube &c = split.cubes[i];
    RoundCube &e = r.cubes.emplace_back();
    e.id = "c" + std::to_string(i);
    e.moves = c.moves;
    e.params = c.params;
    e.standing.bound = c.bound;
    if (r.cap >= 0 && c.bound <= r.cap - r.depth) {
      r.to_solve.push_back(i);
    }
  }
  least_bound_first(r);
  if (r.cap < 0 && witness) { // every cube's bound reaches the witness
    const long all = static_cast<long>(r.cubes.size());
    PlannerResult result = plan_from_start(
        start, r, r.witness, r.witness_length, s.lower_bound - 1, all,
        "by the cubes' bounds: " + refuted_words(r, s.lower_bound - 1, all) +
            k_witness_words);
    result.positions = s.positions;
    return decided(std::move(result));
  }
  if (r.cap < 0) {
    PlannerResult result = s;
    result.status = Status::horizon_limit;
    result.reason =
        "every cube's bound passes --max-horizon " +
        std::to_string(options.max_horizon) +
        "; proven: no plan of length <= " + std::to_string(s.lower_bound - 1);
    return decided(std::move(result));
  }
  RoundJudgement j;
  j.no_plan_up_to = s.lower_bound - 1;
  return j;
}

RoundJudgement check_round(const puzzles::Puzzle &start, const SplitRound &r,
                           const std::function<bool()> &stop) {
  if (r.witness_length >= 0) {
    const PlanCheck check = check_plan(start, r.witness);
    if (check.verdict != PlanCheck::Verdict::valid ||
        static_cast<int>(check.plan.size()) != r.witness_length) {
      throw task::InputError(fmt::format(
          "the cubes file's witness is not a plan of {} moves from the "
          "start to the goal{}",
          r.witness_length, check.reason.empty() ? "" : ": " + check.reason));
    }
  }
  PlannerOptions p;
  p.split_depth = r.depth;
  p.pattern_tiles = r.pattern_tiles;
  p.max_horizon = r.max_length;
  p.stop = stop;
  std::vector<CubeClaim> claims;
  claims.reserve(r.cubes.size());
  for (const RoundCube &c : r.cubes) {
    claims.push_back({c.moves, c.params, c.standing.bound});
  }
  if (check_cubes(start, p, r.lower_bound, r.stride, claims)) {
    return {};
  }
  PlannerResult stopped;
  stopped.status = Status::cancelled;
  stopped.reason = "stopped while checking the cubes file against the "
                   "split of its start; nothing merged";
  return decided(std::move(stopped));
}

RoundJudgement judge_split_round(const puzzles::Puzzle &start, SplitRound &r) {
  std::vector<CubeStanding> standings;
  standings.reserve(r.cubes.size());
  for (const RoundCube &c : r.cubes) {
    standings.push_back(c.standing);
  }
  const RoundVerdict v = judge_round(standings, r.depth, r.stride,
                                     r.cap - r.depth, r.window, r.max_length);
  const long by_bound =
      std::count_if(r.cubes.begin(), r.cubes.end(),
                    [](const RoundCube &c) { return !c.answered; });
  if (std::optional<PlannerResult> result =
          judged_by_witness(start, r, v, by_bound)) {
    return decided(std::move(*result));
  }
  if (v.kind == Kind::optimum) {
    return decided(optimum(start, r, v, by_bound));
  }
  if (v.kind == Kind::unsolvable || v.kind == Kind::horizon_limit) {
    PlannerResult result;
    if (v.kind == Kind::unsolvable) {
      result.status = Status::unsolvable;
      result.reason = "every one of the " + std::to_string(r.cubes.size()) +
                      " cubes at depth " + std::to_string(r.depth) +
                      " was proven unsolvable";
    } else {
      result.status = Status::horizon_limit;
      result.no_plan_up_to = v.no_plan_up_to;
      result.lower_bound = r.lower_bound;
      result.lower_bound_name = r.lower_bound_name;
      result.stride = r.stride;
      result.reason = "reached the length limit " +
                      std::to_string(r.max_length) +
                      "; proven: no plan of length <= " +
                      std::to_string(v.no_plan_up_to);
    }
    return decided(std::move(result));
  }
  if (v.kind == Kind::next_round) {
    ++r.round;
  }
  r.cap = r.depth + v.cap;
  r.to_solve = v.to_solve;
  least_bound_first(r);
  RoundJudgement j;
  j.missing = v.kind == Kind::missing;
  j.no_plan_up_to = v.no_plan_up_to;
  return j;
}

} // namespace satslide::planner
