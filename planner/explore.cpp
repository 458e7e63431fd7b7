#include "satslide/planner/explore.hpp"

#include "satslide/planner/planner.hpp"
#include "satslide/solver/stats.hpp"

#include <chrono>
#include <memory>
#include <utility>

namespace satslide::planner {

Exploration explore(const puzzles::Puzzle &puzzle,
                    search::SpaceOptions options) {
  Exploration e;
  std::optional<search::StateSpace> found = puzzle.search_space(options);
  if (!found) {
    if (options.max_states == 0) {
      options.max_states = k_bfs_max_states;
    }
    found = search::explore_space(puzzle.compile(), options);
  }
  e.space = std::move(*found);
  e.max_states = options.max_states;
  return e;
}

long enumerable_positions(const puzzles::Puzzle &puzzle) {
  if (const double known = puzzle.reachable_positions(); known > 0) {
    return known <= k_reach_space ? static_cast<long>(known) : 0;
  }
  search::SpaceOptions o;
  o.max_states = 2'000'000; // about a second
  const search::StateSpace s = search::explore_space(puzzle.compile(), o);
  return s.complete ? s.positions : 0;
}

ProgressFn with_explicit_search_hint(const puzzles::Puzzle &puzzle,
                                     const PlannerOptions &options,
                                     ProgressFn progress,
                                     std::function<void(long)> hint) {
  if (options.engine == Engine::bfs || options.engine == Engine::ida) {
    return progress;
  }
  const auto start = std::chrono::steady_clock::now();
  auto hinted = std::make_shared<bool>(false);
  return [&puzzle, progress = std::move(progress), hint = std::move(hint),
          start, hinted](const Progress &p) {
    if (progress) {
      progress(p);
    }
    if (*hinted || solver::seconds_since(start) < k_explicit_hint_after) {
      return;
    }
    *hinted = true;
    if (const long n = enumerable_positions(puzzle); n > 0) {
      hint(n);
    }
  };
}

} // namespace satslide::planner
