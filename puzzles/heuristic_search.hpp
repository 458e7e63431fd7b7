// What a family's own heuristic search (IDA* over its strongest
// admissible bound) is asked and answers, for the planner's `--engine
// ida`: explicit search, not SAT, optimal by construction.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/task/task.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace satslide::puzzles {

// The n-puzzle's dual lookups (search/dual_tables.hpp: more bounds from
// the same tables, the position's dual and the transposed board's, and
// pathmax): never (the default: on the 24-puzzle they save 19-52% of the
// nodes and take 1.7-2.8x the time, RESULTS "The transposed board's
// dual"), where their tables are cached, or built once where missing.
enum class DualLookups { cached, build, off };
constexpr std::array<EnumName<DualLookups>, 3> names(DualLookups) {
  return {{{DualLookups::cached, "cached"},
           {DualLookups::build, "build"},
           {DualLookups::off, "off"}}};
}

// Pattern databases' tiles as the user gives them (--partition): disjoint
// patterns of the n-puzzle's tiles, not all need be in one.
using Partition = std::vector<std::vector<int>>;

struct HeuristicSearchOptions {
  int max_length = -1;        // no plan longer is sought; -1 = no limit
  std::function<bool()> stop; // polled often: time, signals
  // After each threshold searched to the end without a plan: (the
  // threshold, nodes in that iteration, nodes so far).
  std::function<void(int, long, long)> on_threshold;
  // Messages worth a log line (the bound's tables built or rebuilt).
  std::function<void(const std::string &)> note;
  // Trouble the run survives, worth a warning (the tables' cache
  // unusable or not written); `note` if unset.
  std::function<void(const std::string &)> warn;
  // The n-puzzle: at most this many tiles a pattern database (0: the
  // family's choice; PatternDatabases::partition).
  int pattern_tiles = 0;
  // The n-puzzle's IDA*: these sets' tables instead of pattern_tiles'
  // (built once into the cache where missing), the bounds of two maxed
  // at every node; empty: pattern_tiles'.
  std::vector<Partition> partitions;
  // IDA*'s dual lookups in those tables (cached_only: never built).
  DualLookups dual_lookups = DualLookups::off;
  // Threads searching side by side (the same plan as one).
  unsigned threads = 1;
  // Tables only from the cache, never built (none there: no bound).
  bool cached_only = false;
  // Weighted IDA* (search/ida.hpp): a plan at most weight/100 times the
  // optimum, not proven optimal; 100 = IDA*, optimal.
  int weight_percent = 100;
  // Only plans shorter than this are sought (a plan at hand); -1 = any.
  // A search that ends without one proves that none exists (`limit`).
  int shorter_than = -1;
  // Beam search of this width instead of IDA* (search/beam.hpp): a plan,
  // not proven anything; 0 = IDA*.
  int beam_width = 0;
  // The beam's ties broken otherwise (search::BeamOptions::tie_salt).
  std::uint64_t beam_tie_salt = 0;
  // The beam starts where these first moves of a plan lead, so that it
  // re-searches the plan's tail; its plan begins with them, and
  // shorter_than counts them. Empty: from the start.
  task::Plan beam_after;
};

// An admissible bound on the moves from a state of the family's task to
// its goal (for bounding many positions: the cubes of a split proof).
using StateBound = std::function<int(const task::State &)>;

struct HeuristicSearch {
  bool found = false;
  task::Plan plan;        // optimal (weighted: within the weight),
                          // actions of the family's task
  int start_bound = 0;    // the bound's value on the start
  std::string bound_name; // e.g. "additive pattern databases 6-6-3"
  int no_plan_up_to = -1; // proven: no plan of this length or shorter
  long nodes = 0;         // positions generated over all iterations
  int thresholds = 0;     // iterations searched
  bool stopped = false;   // the stop test ended it
  bool limit = false;     // max_length reached without a plan, or no
                          // plan shorter than shorter_than
};

// A plan shortened by the family's own means (Puzzle::shorten_plan).
struct ShortenOptions {
  std::function<bool()> stop; // polled often: time, signals
  // After every step that shortened the plan: the plan now (actions of
  // the family's task) and the step in words.
  std::function<void(const task::Plan &, const std::string &)> on_plan;
};

// A plan by beam search where the family has no tables
// (Puzzle::beam_plan), a beam of `width`.
struct BeamPlanOptions {
  int width = 1024;
  int shorter_than = -1;      // a plan at hand: the beam no deeper; -1: any
  // Far tiles home first: the family's second order of boards, a beam
  // that stalls elsewhere than the first (the n-puzzle:
  // ManhattanBeamOptions::far_first); false: its bound.
  bool far_first = false;
  std::uint64_t tie_salt = 0; // search::BeamOptions::tie_salt
  std::function<bool()> stop; // polled often: time, signals
};

struct BeamPlan {
  bool found = false; // false: stopped before a plan
  task::Plan plan;    // actions of the family's task, start to goal
  std::string how;    // e.g. "beam search over the Manhattan distance"
  long nodes = 0;     // successors the beam generated
  bool stopped = false;
};

struct PlanShortening {
  task::Plan plan;   // ends where the plan given ends; never longer
  long nodes = 0;    // positions the searches generated
  long windows = 0;  // stretches of the plan re-solved
  long shortened = 0; // of which a shorter way was found
};

} // namespace satslide::puzzles
