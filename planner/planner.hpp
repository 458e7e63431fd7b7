// The planner: every strategic choice of a run in one call. A front end
// (the command line, a test, a game, a batch runner) builds a Puzzle,
// fills PlannerOptions and gets a PlannerResult back: the outcome, the
// replayed plan, the bounds and how optimality was shown, and the
// statistics of every solver call. Progress comes through a callback;
// the planner itself never prints.
//
//   puzzle -> task -> encoding -> driver (horizons | agenda | schedule)
//          -> plan -> replay -> PlannerResult
#pragma once

#include "satslide/planner/engines.hpp"
#include "satslide/planner/planner_result.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/horizon_driver.hpp"
#include "satslide/solver/reach_driver.hpp"
#include "satslide/solver/shared_horizons.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace satslide::planner {

// How --any finds its plan.
enum class AnyPath {
  automatic, // search where the family has one (a heuristic search or a
             // constructive plan) and the board is past
             // k_any_search_positions positions, else race
  race,  // the first-plan path and the optimal driver side by side, in two
         // threads; the first plan wins (never slower than either alone)
  first, // only the first-plan path: the goal agenda where the puzzle has
         // one, else parallel steps under a horizon schedule
  search, // a constructive plan at once, shortened by re-solved windows,
          // then weighted IDA* over the family's bound, weights falling,
          // beside IDA* raising the proven lower bound (anytime_path.cpp)
};
constexpr std::array<EnumName<AnyPath>, 4> names(AnyPath) {
  return {{{AnyPath::automatic, "auto"},
           {AnyPath::race, "race"},
           {AnyPath::first, "first"},
           {AnyPath::search, "search"}}};
}

// A plan found before the SAT proof (witness_path.cpp), so that the SAT
// engine only has to refute the lengths below it.
enum class Witness {
  none, // the SAT engine finds the plan too: its last horizon is satisfied
  ida,  // IDA* over the pattern databases (explicit, optimal) finds it;
        // SAT refutes every shorter length, and the two check each other
};
constexpr std::array<EnumName<Witness>, 2> names(Witness) {
  return {{{Witness::none, "none"}, {Witness::ida, "ida"}}};
}

// The reachability engine's one-step formula. With the whole position
// assumed, propagation settles everything but the move, so what counts is
// how many variables and clauses each call assigns and visits (RESULTS,
// "Reachability by SAT").
enum class ReachFormula {
  seed,    // the textbook encoding: one variable per action
  labels,  // one variable per move label (e.g. "piece B left 1"): fewer
           // variables and clauses, measured fastest (the default)
  compact, // labels, count invariants, ladder at-most-one
};
constexpr std::array<EnumName<ReachFormula>, 3> names(ReachFormula) {
  return {{{ReachFormula::seed, "seed"},
           {ReachFormula::labels, "labels"},
           {ReachFormula::compact, "compact"}}};
}

// A progress report: one per solver call, a line of text at each change
// of phase (bounds known, a stage begins, a schedule round, the
// tightening's result), and a warning where something went wrong that
// the run survives (a pattern database cache unusable or not written).
struct Progress {
  enum class Kind { horizon, phase, warning };
  Kind kind = Kind::phase;
  std::string path; // "optimal", "agenda", "schedule" or "tighten"
  solver::HorizonStats horizon; // Kind::horizon
  bool depth = false; // Kind::horizon: the line is a depth's (reach's
                      // layers), not a horizon's
  std::string text;             // Kind::phase, Kind::warning
};
using ProgressFn = std::function<void(const Progress &)>;

// --any-path auto searches (AnyPath::search) on boards of more positions
// than this, where the family has a heuristic search: past the 15-puzzle
// (about 10^13), where the SAT engines prove no optimum and the stages
// of the goal agenda give plans twice the optimum.
constexpr double k_any_search_positions = 1e14;

// --any by search and --engine ida without --pattern-tiles: the tables of
// the largest of these sizes already cached that are stronger than the
// family's (the 15-puzzle's 7-8, the 24-puzzle's 6-6-6-6 or 5-5-5-5-4,
// 6x6's 5-tile and 7x7's 4-tile tables), else the family's choice, built
// if missing (seconds).
constexpr std::array<int, 4> k_any_table_tiles = {8, 6, 5, 4};
// --partition sets IDA* maxes: the search keeps at most four sums (each
// set on the board and on the transposed board, search/ida.hpp).
constexpr int k_max_partitions = 2;

// --any by search: the run ends once its plan is at most this many times
// the proven lower bound (--gap), or at --timeout. The plan is then within
// this factor of the optimum too, whatever the board, since the bound is
// at most the optimum.
constexpr double k_any_gap = 1.15;

struct PlannerOptions {
  Mode mode = Mode::optimal;
  Engine engine = Engine::automatic;
  long max_states = 0; // reach: positions to store, then hand over to
                       // horizons; 0 = no limit (automatic: a budget)
  // reach: how positions found are kept from being found again
  // (solver/reach_driver.hpp).
  solver::ReachBlocking reach_blocking = solver::ReachBlocking::moves;
  // reach's one-step formula (planner/reach_path.cpp).
  ReachFormula reach_formula = ReachFormula::labels;
  // reach from the start and from the goal at once where the goal is one
  // position (solver::ReachOptions::both_ends); false: from the start.
  bool reach_both_ends = true;
  AnyPath any_path = AnyPath::automatic;
  // --any by search: stop once the plan is at most this many times the
  // proven lower bound (1 = only when proven optimal).
  double any_gap = k_any_gap;
  // The sequential encoding; nullptr = the family's default. Must
  // minimise moves (forall-step is chosen by the any-plan path itself).
  const encoder::EncodingInfo *encoding = nullptr;
  int min_horizon = 0; // above the lower bound the plan is not optimal
  int max_horizon = 1000;
  double timeout_seconds = 0; // counted from the call; 0 = none
  solver::SolverConfig solver_config = solver::SolverConfig::standard;
  std::vector<std::string> cadical_options; // "name=value"
  int threads = 1; // horizons: solvers side by side (shared_horizons.hpp)
  // The automatic engine: positions searched on both threads before the
  // horizon driver joins the race (k_race_after; smaller in tests).
  long race_after = 0; // 0 = k_race_after
  solver::Split split = solver::Split::horizons; // how they share
  // Split the proof at this depth (split_path.cpp): every position at
  // exactly this many moves from the start is a cube solved on its own,
  // horizons raised over all of them together; -1 = no split.
  int split_depth = -1;
  // Horizons per round of the split: 1, every cube refutes n before any
  // tries n + stride; more, each cube's solver keeps its clauses over
  // that many horizons (a plan found may then be overtaken by a shorter
  // one of another cube in the same round: the shortest is kept).
  int split_window = 1;
  CubeSolving cube_solving = CubeSolving::shared;
  CubeOrder cube_order = CubeOrder::bound;
  // Shared cube solving: each round first gives every cube at most this
  // many conflicts, then solves the cubes left without a limit; 0 = one
  // pass without a limit. 2,000 won over 0 on the 3x4 and 15-puzzle
  // suites (RESULTS, "The least bound first"; no other value was tried).
  int cube_probe = 2000;
  // The n-puzzle's pattern databases (ida, the split's cube bounds, the
  // automatic choice): at most this many tiles a pattern; 0 = the
  // family's choice (6-6-3 on the 15-puzzle); 8 gives its 7-8.
  int pattern_tiles = 0;
  // --engine ida on the n-puzzle: the tables of these sets of patterns
  // instead (at most two, the bounds maxed at every node; not with
  // pattern_tiles); empty: pattern_tiles'.
  std::vector<puzzles::Partition> partitions;
  // IDA*'s dual lookups in the n-puzzle's tables: never (the default),
  // where their tables are cached, or built once where missing.
  puzzles::DualLookups dual_lookups = puzzles::DualLookups::off;
  // With pattern_tiles 0, the split raises its cubes' bounds with the
  // family's larger tables, if cached, once the run has taken this long
  // (seconds; < 0: k_stronger_bound_after in split_path.cpp; tests: 0).
  double stronger_bound_after = -1;
  // A plan first, by another engine; the SAT engine then refutes the
  // lengths below it (the n-puzzle; not with --any, bfs or ida).
  Witness witness = Witness::none;
  // Set by the witness path for its SAT proof: the length of the plan
  // found first (-1: none). The split then knows how far its refutations
  // reach beyond the cubes' bounds (engine_choice.hpp, witness_split_depth).
  int witness_length = -1;
  bool fresh_solver = false;    // a new solver per horizon (comparisons)
  bool textbook_driver = false; // horizons 0, 1, 2, ... each in a fresh
                                // solver, no bound, no parity (baseline)
  bool tighten = false; // any: then re-solve windows of the plan
  solver::StopFn stop;  // polled; true ends the run as `cancelled`
  ProgressFn progress;  // called from the planner's threads, one at a time
};

// The encoding a run uses: `chosen`, or the puzzle family's default.
const encoder::EncodingInfo &encoding_for(const puzzles::Puzzle &puzzle,
                                          const encoder::EncodingInfo *chosen);

// Throws std::invalid_argument for contradicting options (e.g. an
// encoding that does not minimise moves with Mode::optimal); a bad CaDiCaL
// configuration surfaces as std::invalid_argument too.
PlannerResult solve(const puzzles::Puzzle &puzzle,
                    const PlannerOptions &options);

// The positions budget of the automatic engine's reachability search.
constexpr long k_automatic_budget = 1'000'000;
// On a block puzzle the automatic engine searches positions by SAT on
// both threads until it has found this many, then races the horizon
// driver on one of them: a
// few seconds of search (the classic Klotski has 25,955 positions; the
// largest public layouts under 200,000).
constexpr long k_race_after = 100'000;
// The automatic engine considers positions first on a puzzle whose family
// knows its space to hold at most this many (the n-puzzle up to 12 cells:
// 3x4 has 239,500,800; 4x4 about 10^13): there it chooses between reach
// and the horizon driver (engine_choice.hpp); beyond, reach lost all but
// short boards (the 15-puzzle: RESULTS, "The n-puzzle from both ends"),
// which alone it gets there.
constexpr double k_reach_space = 3e8;

// --any: the optimal side of the race (the default engine, as plain
// solve runs it) works alone this long before the fast path starts: where
// it searches positions first (block puzzles, n-puzzles up to 3x4) the
// longer head start, in which it answers the public 8-puzzles, Rush Hour
// cards and Klotski layouts (an 8-puzzle 31-mover: 0.33 s; the fast path
// started beside it at 0.3 s made it 0.73 s); elsewhere (the 15- and
// 24-puzzles, where the fast path answers in seconds and the optimum takes
// minutes) the short one. Measured in RESULTS, "Any plan: the race".
constexpr double k_any_head_start_positions = 2.0;
constexpr double k_any_head_start = 0.3;

// The largest horizon a user may set (--min-horizon, --max-horizon,
// --horizon): far above any optimum satslide can prove, and
// far enough below INT_MAX that horizon arithmetic (a horizon plus a
// stride times a window) cannot overflow. A formula that would not fit in
// memory is refused before that (solver/memory_budget.hpp).
constexpr int k_max_horizon_limit = 1'000'000;

// The explicit search's default positions limit: about 90 bytes a
// position, so some 4.5 GB, well inside a 24 GiB machine.
constexpr long k_bfs_max_states = 50'000'000;

} // namespace satslide::planner
