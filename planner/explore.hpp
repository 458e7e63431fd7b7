// The reachable space of an instance by explicit breadth-first search
// (satslide explore, as TLC and ProB report the seed systems' spaces),
// and the planner's one test of whether a space is small enough for that
// (the hint a long SAT run on such a space prints). Not SAT.
#pragma once

#include "satslide/puzzles/puzzle.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/search/state_space.hpp"

#include <functional>

namespace satslide::planner {

struct Exploration {
  search::StateSpace space;
  long max_states = 0; // the positions limit the search had
};

// The family's own compact search where it has one (bounded by its array
// unless options.max_states is set), else the task's over packed
// positions up to options.max_states (0: k_bfs_max_states). The options'
// callbacks are polled as search::SpaceOptions says.
Exploration explore(const puzzles::Puzzle &puzzle,
                    search::SpaceOptions options);

// The number of reachable positions where an explicit search could store
// them all at once: the family's count where it knows one (up to
// k_reach_space, the n-puzzle up to 12 cells), else a search of about a
// second; 0 if the space is larger.
long enumerable_positions(const puzzles::Puzzle &puzzle);

// A SAT run this many seconds old on a space enumerable_positions finds
// small gets the hint that an explicit search would enumerate it.
constexpr double k_explicit_hint_after = 10;

// `progress`, and once a SAT run (not --engine bfs or ida) has run
// k_explicit_hint_after seconds on an enumerable space, one call of
// `hint` with its number of positions (the caller words it).
ProgressFn with_explicit_search_hint(const puzzles::Puzzle &puzzle,
                                     const PlannerOptions &options,
                                     ProgressFn progress,
                                     std::function<void(long)> hint);

} // namespace satslide::planner
