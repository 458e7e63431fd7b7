// One proof of optimality in pieces that separate runs solve: the
// positions exactly k moves from the start as cubes (split_into_cubes),
// each solved by any optimal run up to a round's cap, and the answers
// judged together (judge_round): the optimum and its proof, the next
// round's cubes, or the cubes still missing. The in-process split
// (--split-depth on solve) raises the same rounds itself.
//
// Why it is a proof: every plan longer than k passes, after exactly k
// moves, through a position at distance exactly k from the start, so the
// optimum is k plus the least cube optimum, and "no plan of length n"
// holds exactly when every cube has no plan of length n - k.
#pragma once

#include "satslide/planner/planner.hpp"
#include "satslide/planner/planner_result.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace satslide::planner {

struct SplitCube {
  puzzles::Params params; // the puzzle restarted at the position (its
                          // spec; a Puzzle a cube, 13 KB, is too much
                          // for millions of cubes)
  task::Plan path;        // from the start: k moves
  std::string moves; // the path in the puzzle's move notation
  int bound = 0;     // its first plan length to try (an admissible bound
                     // at the residue its plan lengths have)
};

struct CubeSplit {
  // Decided by the split's own search (a goal within k: solved and
  // optimal; unsolvable; a limit or a stop): the cubes are then empty.
  // Otherwise the result carries the lower bound (k plus the least cube
  // bound, named), the stride, the depth and the number of cubes.
  bool decided = false;
  PlannerResult result;
  std::vector<SplitCube> cubes;
  // The longest plan the rounds try (options.max_horizon, or with a
  // witness one less than its length).
  int max_length = 0;
  // options.witness ida: the plan IDA* found first (longer than the
  // depth: else it decided the split) and the seconds it took.
  task::Plan witness;
  double witness_seconds = 0;
};

// The most cubes split_into_cubes gives (a cubes file's lines): a cube
// takes about 700 bytes in memory (its position's spec, path and moves)
// and two lines of some 250 bytes in the file; the 15-puzzle's 8.6
// million cubes at depth 22 filled 24 GB before. The in-process split
// (solve --split-depth) keeps cubes packed and has no such limit.
constexpr long k_max_file_cubes = 1'000'000;

// The cubes at options.split_depth (>= 0); options as for solve()
// (engine automatic or horizons, no --any, no minimum horizon). With
// options.witness ida, IDA*'s plan first: the rounds are then capped one
// below it, and IDA* decides alone where it finds no plan or one no
// longer than the depth (nothing to split). More than k_max_file_cubes
// cubes decide it too (a horizon limit saying the depth to choose).
CubeSplit split_into_cubes(const puzzles::Puzzle &puzzle,
                           const PlannerOptions &options);

// A cube as a cubes file claims it, for check_cubes.
struct CubeClaim {
  std::string moves;      // its path from the start, in move notation
  puzzles::Params params; // the position that path reaches
  int bound = 0;          // its bound, as split_into_cubes gave it
};

// The claims against the split recomputed from the start (the frontier
// at options.split_depth and each cube's bound over
// options.pattern_tiles, as split_into_cubes finds them without a
// witness, and no solver call): the same cubes in the same order, each
// with the split's path, position and bound, and the split's lower bound
// and stride. A partial, edited or foreign cubes file fails here before
// any answer is read. Throws task::InputError naming the first claim
// that differs; true if they agree, false if options.stop (polled) ended
// the check first.
bool check_cubes(const puzzles::Puzzle &start, const PlannerOptions &options,
                 int lower_bound, int stride,
                 const std::vector<CubeClaim> &claims);

// What is known of one cube after some rounds, in moves from the cube.
struct CubeStanding {
  int bound = 0;        // its first length to try
  int refuted = -1;     // no plan of length <= refuted; -1: nothing
  int length = -1;      // an optimal plan's length, if one was found
  bool unsolvable = false; // proven: no plan from there
  std::string plan;     // with length: that plan, in move notation
};

// One answer for a cube (a line of satslide batch), as read.
struct CubeAnswer {
  std::string status;     // "solved", "unsolvable", "timeout", ...
  bool optimal = false;   // solved: proven optimal
  int length = -1;        // solved: the plan's length
  std::string moves;      // solved: the plan, in move notation
  int no_plan_up_to = -1; // what it refuted; -1: nothing
};

// Folds an answer into its cube's standing after the checks a merge can
// afford: a plan replays from the cube to the goal in the length it
// claims (so it is no shorter than the cube's admissible bound);
// "unsolvable" only where the cube's own check (the n-puzzle's
// parity, a block puzzle's search) proves it; nothing it proves
// contradicts what the standing holds (a plan no longer than a length
// refuted). Returns why the answer is refused (the standing untouched),
// or nullopt once it is folded in. `note` gets what the merge should say
// of an answer it folds only in part (a plan not proven optimal).
std::optional<std::string> take_cube_answer(const puzzles::Puzzle &cube,
                                            const CubeAnswer &answer,
                                            CubeStanding &standing,
                                            std::string &note);

struct RoundVerdict {
  enum class Kind {
    optimum,       // `best`'s plan is optimal: no cube has a shorter one
    unsolvable,    // every cube is unsolvable
    next_round,    // every cube refuted up to the cap: `to_solve` up to
                   // the raised `cap`
    missing,       // cubes still to be refuted up to `cap` (or solved)
    horizon_limit, // the next round would pass the maximum length
  };
  Kind kind = Kind::missing;
  std::size_t best = 0; // optimum: the cube whose plan it is
  int length = -1;      // optimum: the plan's length from the start
  int no_plan_up_to = -1; // from the start: what the cubes prove
  int cap = 0; // next_round, missing: the cubes' cap (moves from a cube)
  std::vector<std::size_t> to_solve; // next_round, missing: which cubes
};

// The words of a split's refutation, for every report of one: "no plan
// of length <= N: every one of C frontier positions at depth K refuted
// (R of them by the bound alone)".
std::string cubes_refuted(int no_plan_up_to, long cubes, int depth,
                          long by_bound);

// Why a run ends in an internal error when SAT finds a plan of
// `sat_length` moves (`found_by`: "SAT", "the cubes") below the length
// IDA* proved optimal: IDA*'s tables overestimate, so a damaged pattern
// database cache is named before a bug.
std::string engines_disagree(const std::string &found_by, int sat_length,
                             int ida_length);

// The first round's cap (the longest plan from the start it tries): the
// split's lower bound and window - 1 more lengths of its parity, not past
// max_length; -1 if the lower bound itself passes max_length.
int first_round_cap(int lower_bound, int stride, int window, int max_length);

// Judges the cubes' standing in a round whose cap was `cap` moves from a
// cube (depth + cap from the start); a next round raises the cap by
// stride * window, unless depth + the new cap passes max_length.
RoundVerdict judge_round(const std::vector<CubeStanding> &cubes, int depth,
                         int stride, int cap, int window, int max_length);

} // namespace satslide::planner
