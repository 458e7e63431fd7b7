#include "satslide/planner/engine_choice.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/search/state_space.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <new>

namespace satslide::planner {

namespace {

// Positions within `depth` moves of the start: the sample's whole layers,
// then its last layer grown by the last ratio between two of them.
double positions_within(const std::vector<long> &layers, double growth,
                        int depth) {
  double sum = 0;
  for (int d = 0; d <= depth; ++d) {
    if (d < static_cast<int>(layers.size())) {
      sum += static_cast<double>(layers[d]);
    } else {
      sum += static_cast<double>(layers.back()) *
             std::pow(growth, d - static_cast<int>(layers.size()) + 1);
    }
  }
  return sum;
}

// The choice in words, for the progress line and JSON.
const char *in_words(AutoEngine engine) {
  switch (engine) {
  case AutoEngine::reach:
    return "reach on both threads";
  case AutoEngine::horizons:
    return "the horizon driver";
  case AutoEngine::race:
    return "reach and the horizon driver side by side, a thread each";
  case AutoEngine::handover:
    return "reach first";
  case AutoEngine::split:
    return "the proof split into cubes on both threads";
  }
  return "";
}

// The start's strongest bound (the n-puzzle's pattern databases, read
// once; the split reuses them), or -1 where the family has none.
int start_state_bound(const Run &run, const solver::StopFn &stop) {
  const puzzles::StateBound bound =
      run.puzzle.state_bound(run.search_options("auto", stop));
  return bound ? bound(run.task.initial_state()) : -1;
}

// The start's bound by the larger tables (Puzzle::stronger_pattern_tiles)
// where they are in the cache and differ from the family's, read once
// (the split then finds them read); -1 where they are not at hand or do
// not fit in memory (--memory-limit).
int larger_start_bound(const Run &run, const solver::StopFn &stop) {
  puzzles::StateBound bound;
  try {
    bound = run.puzzle.stronger_state_bound(run.search_options("auto", stop));
  } catch (const std::bad_alloc &) {
    run.phase("auto", "no memory for the larger pattern databases: the "
                      "split keeps the family's");
    return -1;
  }
  return bound ? bound(run.task.initial_state()) : -1;
}

} // namespace

namespace {

// may_split, except that with `timed` false a timeout does not keep the
// split from building its tables.
bool split_allowed(const Run &run, bool timed) {
  const PlannerOptions &o = run.options;
  const double space = run.puzzle.reachable_positions();
  // Two rows grow slowly, so a frontier holds few positions and the cubes
  // stay long: such boards are split only up to 12 cells (2x6), where
  // the tables' blocks refute most cubes at once.
  const int across = run.puzzle.narrowest_side();
  return across > 0 && (across >= 3 || space <= k_reach_space) &&
         (!timed || o.timeout_seconds <= 0 ||
          run.puzzle.databases_at_hand(o.pattern_tiles)) &&
         space > k_small_space && space <= k_split_max_space &&
         o.mode == Mode::optimal && o.cube_solving == CubeSolving::shared &&
         static_cast<bool>(run.encoding.make_free_start);
}

} // namespace

bool may_split(const Run &run) { return split_allowed(run, true); }

std::function<double(int)> reach_prediction(const Run &run) {
  search::SpaceOptions o;
  const double space = run.puzzle.reachable_positions();
  o.max_states =
      space > k_reach_space ? k_growth_sample_large : k_growth_sample;
  const search::StateSpace sample = search::explore_space(run.task, o);
  if (sample.complete) {
    const auto positions = static_cast<double>(sample.positions);
    return [positions](int) { return positions; };
  }
  std::vector<long> layers = sample.per_depth;
  if (sample.limit_reached && layers.size() > 2) {
    layers.pop_back(); // the layer the limit cut short
  }
  double growth = 1;
  if (layers.size() >= 2 && layers[layers.size() - 2] > 0) {
    growth = std::max(1.0, static_cast<double>(layers.back()) /
                               static_cast<double>(layers[layers.size() - 2]));
  }
  const bool both_ends = run.options.reach_both_ends &&
                         search::single_goal_state(run.task).has_value();
  return [layers, growth, both_ends, space](int bound) {
    const double predicted =
        both_ends ? 2 * positions_within(layers, growth, (bound + 1) / 2)
                  : positions_within(layers, growth, bound);
    return space > 0 ? std::min(predicted, space) : predicted;
  };
}

long side_by_side_budget(const PlannerOptions &o) {
  return o.max_states > 0 ? o.max_states : k_side_by_side_budget;
}

int split_depth_for(int h, double space) {
  return space <= k_reach_space ? depth_on(k_split_ladder_12, h)
                                : depth_on(k_split_ladder, h);
}

bool splits_hard(int h, double space) {
  return space > k_reach_space && h >= k_split_hard_bound;
}

int hard_split_depth(int h) { return depth_on(k_split_ladder_hard, h); }

int witness_split_depth(int h_small, int h_large, int witness_length) {
  return std::max(hard_split_depth(h_small),
                  depth_on(k_witness_gap_ladder, witness_length - h_large));
}

namespace {

// The split for a board the pattern databases bound by `h`: its depth by
// the family's tables, or, on a hard board with the larger tables in the
// cache, by those and the witness's gap; `c` names it and why.
void choose_split(const Run &run, const solver::StopFn &stop, int h,
                  double space, EngineChoice &c) {
  c.engine = AutoEngine::split;
  const int large = run.options.pattern_tiles == 0 && splits_hard(h, space)
                        ? larger_start_bound(run, stop)
                        : -1;
  const int witness = run.options.witness_length;
  c.split_depth = large < 0     ? split_depth_for(h, space)
                  : witness < 0 ? hard_split_depth(h)
                                : witness_split_depth(h, large, witness);
  c.pattern_tiles = large >= 0 ? run.puzzle.stronger_pattern_tiles() : 0;
  c.reason = fmt::format(
      "reach would store at least {:.0f} positions (pattern databases "
      "bound {}{}): {} at depth {}{}",
      c.predicted_positions, h,
      large < 0 ? std::string()
      : witness < 0
          ? fmt::format(", the larger ones in the cache {}", large)
          : fmt::format(", the larger ones in the cache {}, {} below the "
                        "plan found first",
                        large, witness - large),
      in_words(c.engine), c.split_depth,
      large >= 0 ? " over the larger ones" : "");
}

} // namespace

EngineChoice choose_automatic_engine(const Run &run,
                                     const solver::StopFn &stop) {
  EngineChoice c;
  const double space = run.puzzle.reachable_positions();
  const long budget = side_by_side_budget(run.options);
  if (space > 0 && space <= k_small_space) {
    c.predicted_positions = space;
    c.engine = AutoEngine::reach;
    c.reason = fmt::format("a space of {:.0f} positions: reach on both "
                           "threads",
                           space);
    return c;
  }
  const std::function<double(int)> predicted = reach_prediction(run);
  int bound = run.puzzle.lower_bound();
  c.predicted_positions = predicted(bound);
  // Where the split may run and the board is not one reach settles at
  // once, the pattern databases' bound is read (about 55 ms) and predicts
  // instead: it is far closer than the puzzle's own (scramble #46:
  // Manhattan-based 17, databases 29, optimum 33; reach took 14 s, the
  // split 1 s).
  const int h = may_split(run) && c.predicted_positions >= k_predict_tiny
                    ? start_state_bound(run, stop)
                    : -1;
  if (h > bound) {
    bound = h;
    c.predicted_positions = predicted(bound);
  }
  const double race_up_to = space > k_reach_space ? k_predict_large_race
                                                  : static_cast<double>(budget);
  c.engine = c.predicted_positions < k_predict_reach ? AutoEngine::reach
             : c.predicted_positions > race_up_to    ? AutoEngine::horizons
                                                     : AutoEngine::race;
  if (c.engine != AutoEngine::reach && h >= 0) {
    choose_split(run, stop, h, space, c);
    return c;
  }
  c.reason =
      fmt::format("reach would store at least {:.0f} positions (bound {}): {}",
                  c.predicted_positions, bound, in_words(c.engine));
  if (c.engine != AutoEngine::reach && !may_split(run) &&
      split_allowed(run, false)) {
    // Said, since the split is what the family's hard boards need: the
    // build is skipped only to keep a timed run's time for the search.
    c.reason += "; the pattern databases that would cut the proof into "
                "cubes are not in the cache and are not built under "
                "--timeout (one run without it, or with --engine ida, "
                "caches them)";
  }
  return c;
}

EngineChoice choose_block_engine(const Run &run) {
  EngineChoice c;
  c.engine = AutoEngine::handover;
  const puzzles::FamilyInfo *family =
      puzzles::find_family(run.puzzle.spec().kind);
  const double wide = family ? family->horizons_when_wide : 0;
  if (wide <= 0) {
    c.reason = "reach on both threads, the horizon driver joining past "
               "its positions threshold";
    return c;
  }
  search::SpaceOptions o;
  o.max_states = k_short_sample;
  o.stop_at_goal = true;
  o.on_layer = [](int depth, long) { return depth >= k_short_goal_depth; };
  const search::StateSpace sample = search::explore_space(run.task, o);
  const int d = sample.goal_distance;
  // The goal's own layer is cut wherever its first goal position lies:
  // only the whole layers before it count.
  long before = 0;
  for (long layer : sample.per_depth) {
    before += layer;
  }
  c.predicted_positions = static_cast<double>(before);
  if (d < 0) {
    c.reason = fmt::format("no goal within {} moves ({} positions): reach "
                           "first",
                           sample.depth, sample.positions);
    return c;
  }
  const double line = wide * static_cast<double>(d) * d;
  if (d > 0 && c.predicted_positions >= line) {
    c.engine = AutoEngine::horizons;
  } else if (d > 0 && c.predicted_positions >= k_uncertain_share * line) {
    c.engine = AutoEngine::race;
  }
  c.reason = fmt::format("{} positions before the goal's depth {}: {}", before,
                         d, in_words(c.engine));
  return c;
}

} // namespace satslide::planner
