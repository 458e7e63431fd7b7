// Additive pattern databases read off the task (Culberson & Schaeffer;
// Korf & Felner's disjoint databases). A pattern is a few of the
// independent exactly-one groups (for the n-puzzle, a few tiles); its
// abstract states are the joint values of those groups, its moves the
// task's actions projected onto them (preconditions outside the pattern
// dropped, so the abstraction only relaxes), and a breadth-first search
// back from the goal gives every abstract state its distance. Because no
// action moves two independent groups, the patterns' distances add up to
// an admissible heuristic, far stronger than pairs: for the 8-puzzle two
// patterns of four tiles.
//
// The database is handed to DistanceSum as terms whose conditions are
// conjunctions of fluents: "these k fluents hold" implies "distance >= h".
#pragma once

#include "task.hpp"
#include "task_distances.hpp"

#include <utility>
#include <vector>

namespace satslide::encoder {

struct Pattern {
  std::vector<int> groups;
  // Per abstract state with distance >= 1: its fluents and distance (dead
  // ends, which cannot reach the goal, get max_distance + 1).
  std::vector<std::pair<std::vector<int>, int>> entries;
  int initial = 0; // the distance of the initial state's projection
};

// Splits the independent groups, in task order, into patterns whose
// abstract state count (the product of the groups' sizes) stays within
// max_states, and fills in each pattern's distances.
std::vector<Pattern> build_patterns(const Task &task,
                                    const TaskDistances &distances,
                                    long max_states);

} // namespace satslide::encoder
