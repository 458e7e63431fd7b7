// Judging one round of separately solved cubes (cubes.hpp): what the
// cubes' answers prove together, and what is left to solve.
#include "satslide/planner/cubes.hpp"
#include "satslide/planner/plan_check.hpp"

#include "satslide/search/pattern_databases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <string>

namespace satslide::planner {

namespace {

// No plan from the cube of length <= this (INT_MAX: none at all).
int refuted_up_to(const CubeStanding &c) {
  if (c.unsolvable) {
    return INT_MAX;
  }
  int r = std::max(c.refuted, c.bound - 1);
  if (c.length >= 0) {
    r = std::max(r, c.length - 1); // an optimal plan: none shorter
  }
  return r;
}

} // namespace

std::string cubes_refuted(int no_plan_up_to, long cubes, int depth,
                          long by_bound) {
  return "no plan of length <= " + std::to_string(no_plan_up_to) +
         ": every one of " + std::to_string(cubes) +
         " frontier positions at depth " + std::to_string(depth) +
         " refuted (" + std::to_string(by_bound) +
         " of them by the bound alone)";
}

std::string engines_disagree(const std::string &found_by, int sat_length,
                             int ida_length) {
  return fmt::format(
      "the engines disagree: {} found a plan of {} moves, IDA* claimed none "
      "shorter than {}, so its pattern databases overestimate: a damaged "
      "cache file in {} (delete it and run again), or a bug (please report "
      "it)",
      found_by, sat_length, ida_length, search::pattern_cache_directory());
}

int first_round_cap(int lower_bound, int stride, int window,
                    int max_length) {
  if (lower_bound > max_length) {
    return -1;
  }
  int cap = lower_bound;
  for (int i = 1; i < window && cap + stride <= max_length; ++i) {
    cap += stride;
  }
  return cap;
}

RoundVerdict judge_round(const std::vector<CubeStanding> &cubes, int depth,
                         int stride, int cap, int window, int max_length) {
  RoundVerdict v;
  int best = INT_MAX, proven = INT_MAX;
  for (std::size_t i = 0; i < cubes.size(); ++i) {
    if (cubes[i].length >= 0 && cubes[i].length < best) {
      best = cubes[i].length;
      v.best = i;
    }
    proven = std::min(proven, refuted_up_to(cubes[i]));
  }
  if (proven == INT_MAX) {
    v.kind = RoundVerdict::Kind::unsolvable;
    return v;
  }
  v.no_plan_up_to = depth + proven;
  // The cubes that must still refute every length up to `needed` (or
  // find a plan) before anything more is proven.
  const auto below = [&](int needed) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < cubes.size(); ++i) {
      if (refuted_up_to(cubes[i]) < needed) {
        out.push_back(i);
      }
    }
    return out;
  };
  if (best != INT_MAX) {
    // Every cube's plan lengths have one residue modulo the stride, so
    // refuting up to best - stride leaves none shorter than best.
    v.cap = best - stride;
    v.to_solve = below(v.cap);
    v.kind = v.to_solve.empty() ? RoundVerdict::Kind::optimum
                                : RoundVerdict::Kind::missing;
    if (v.kind == RoundVerdict::Kind::optimum) {
      v.length = depth + best;
      v.no_plan_up_to = v.length - 1;
    }
    return v;
  }
  v.to_solve = below(cap);
  if (!v.to_solve.empty()) {
    v.cap = cap;
    v.kind = RoundVerdict::Kind::missing;
    return v;
  }
  v.cap = cap + stride * std::max(1, window);
  while (depth + v.cap > max_length && v.cap > cap) {
    v.cap -= stride; // a last, narrower round up to the maximum
  }
  if (v.cap <= cap) {
    v.kind = RoundVerdict::Kind::horizon_limit;
    v.cap = cap;
    return v;
  }
  v.to_solve = below(v.cap);
  v.kind = RoundVerdict::Kind::next_round;
  return v;
}

std::optional<std::string> take_cube_answer(const puzzles::Puzzle &cube,
                                            const CubeAnswer &answer,
                                            CubeStanding &standing,
                                            std::string &note) {
  CubeStanding next = standing;
  if (answer.no_plan_up_to < -1) {
    return fmt::format("its no_plan_up_to {} is below -1",
                       answer.no_plan_up_to);
  }
  next.refuted = std::max(next.refuted, answer.no_plan_up_to);
  if (answer.status == "unsolvable") {
    if (!cube.unsolvable_reason()) {
      return std::string("it says unsolvable, but the cube's own check (the "
                         "family's parity or search) finds it solvable");
    }
    next.unsolvable = true;
  }
  if (answer.status == "solved") {
    const PlanCheck check = check_plan(cube, answer.moves);
    if (check.verdict != PlanCheck::Verdict::valid ||
        static_cast<int>(check.plan.size()) != answer.length) {
      return fmt::format("its plan of {} moves does not replay from the cube "
                         "to the goal{}",
                         answer.length,
                         check.reason.empty() ? "" : " (" + check.reason + ")");
    }
    if (next.refuted >= answer.length) {
      return fmt::format("its plan of {} moves contradicts what is refuted "
                         "of the cube: no plan of length <= {}",
                         answer.length, next.refuted);
    }
    if (!answer.optimal) {
      note = "its plan is not proven optimal (solved with --any?): only what "
             "it refuted counts";
    } else if (next.length < 0 || answer.length < next.length) {
      next.length = answer.length;
      next.plan = cube.replay(check.plan).compact;
    }
  }
  if (next.length >= 0 && next.refuted >= next.length) {
    return fmt::format("it refutes every length up to {}, but a plan of {} "
                       "moves was found from the cube",
                       next.refuted, next.length);
  }
  if (next.unsolvable && next.length >= 0) {
    return fmt::format("it says unsolvable, but a plan of {} moves was found "
                       "from the cube",
                       next.length);
  }
  standing = std::move(next);
  return std::nullopt;
}

} // namespace satslide::planner
