// One round of a split proof as separate runs see it: `split` makes the
// first from split_into_cubes, `merge` judges each round once its cubes
// are answered and makes the next. Every verdict of such a proof is given
// here — the optimum and its words, "unsolvable", a length limit, the
// witness proven or contradicted, the next round's cubes — for split and
// merge alike; the command line only reads and writes the round
// (cli/cube_file.hpp) and renders what is judged.
#pragma once

#include "satslide/planner/cubes.hpp"

#include <functional>
#include <string>
#include <vector>

namespace satslide::planner {

// What defines a round besides its cubes (the cubes file's header).
struct RoundHeader {
  puzzles::PuzzleSpec start; // the instance
  int round = 1;
  int depth = 0;
  int stride = 1;
  int cap = 0;    // the longest plan from the start this round tries
  int window = 1; // horizons a round
  int max_length = 1000;
  int lower_bound = 0;
  std::string lower_bound_name;
  // split --witness ida: the plan found first, from the start in the
  // puzzle's move notation, and its length; max_length is then one less
  // (the rounds refute, and a round past it ends the proof).
  std::string witness;
  int witness_length = -1;
  double witness_seconds = 0;
  int pattern_tiles = 0; // the split's --pattern-tiles: its cubes' bounds
  // split --engine ida: Engine::ida, the cubes answered by IDA* over the
  // tables of pattern_tiles (written into every solve line, so that a
  // batch without options answers each cube by explicit search, threshold
  // by threshold up to the cap); nullopt: the batch's own engine (SAT).
  std::optional<Engine> engine;
};

struct RoundCube {
  std::string id;
  std::string moves;      // from the start, in the puzzle's move notation
  puzzles::Params params; // the instance restarted at the cube
  CubeStanding standing;  // with its plan, if it has one
  bool answered = false;  // a solver's answer was merged (else its bound
                          // alone refuted what is proven of it)
  bool by_search = false; // an answer came from an explicit search (batch
                          // --engine ida or bfs), not SAT, in any round
};

struct SplitRound : RoundHeader {
  std::string fingerprint; // as read from a cubes file (checked there)
  std::vector<RoundCube> cubes;
  std::vector<std::size_t> to_solve; // the cubes this round solves
};

// What a round proves. Decided: `result` is the run's answer (solved and
// optimal with the whole plan replayed from the start, unsolvable, a
// length limit, or the engines' disagreement as an internal error).
// Otherwise the round was updated in place to the one to write next.
struct RoundJudgement {
  bool decided = false;
  PlannerResult result;   // decided
  bool missing = false;   // not decided: this round's cubes still to answer
  int no_plan_up_to = -1; // not decided: proven so far, from the start
};

// The first round of a split that split_into_cubes did not decide itself
// (split.decided false), made from `options` (the ones it was given);
// decided where the cubes' bounds alone settle it (every bound past the
// length limit, or past the witness: then the witness is optimal).
RoundJudgement first_round(const puzzles::Puzzle &start,
                           const PlannerOptions &options,
                           const CubeSplit &split, SplitRound &round);

// The round against its start before any answer is believed: the witness
// replays in the length it claims, the cubes are the split's
// (check_cubes). Throws task::InputError if not; decided (cancelled,
// nothing merged) if `stop`, polled, ended the check first.
RoundJudgement check_round(const puzzles::Puzzle &start,
                           const SplitRound &round,
                           const std::function<bool()> &stop);

// Judges the round's cubes as their answers left them (judge_round, and
// the witness where the split has one); not decided: the round becomes
// the next one (its number raised past a round every cube finished, its
// cap and cubes to solve set).
RoundJudgement judge_split_round(const puzzles::Puzzle &start,
                                 SplitRound &round);

} // namespace satslide::planner
