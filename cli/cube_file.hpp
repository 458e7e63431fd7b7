// The cubes file of one round of a split proof (split, merge): a batch
// input whose solve lines are the cubes to solve this round, with the
// whole split's state in comment lines that batch skips:
//
//   # satslide cubes {"round": 1, "depth": 6, "cap": 37, ...}
//   # cube {"id": "c0", "moves": "LURD..", "bound": 29, "refuted": 28, ...}
//   {"id": "c0", "puzzle": "npuzzle", "board": "...", "max-horizon": 31}
//
// Every cube has a `# cube` line (its path from the start, its bound and
// what earlier rounds proved of it); the cubes this round solves have a
// solve line too. `cap` is the round's longest plan from the start.
//
// The split's fingerprint ("split_fingerprint": a hash of everything that defines
// the proof: the family and instance, start, goal and metric, the depth,
// stride, window, length limit, lower bound, pattern tiles, witness and
// the number of cubes) is in the header, in every cube line (with a
// "seal": a hash of the line under that fingerprint) and in every solve
// line beside the round ("split_round"); batch copies both into each answer, and merge
// takes only answers of this split and round. A file whose header does
// not match its fingerprint, whose cube lines are fewer or more than the
// header says, repeated, or edited, is refused as bad input, line named.
#pragma once

#include "planner/cubes.hpp"

#include "puzzles/puzzle.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::cli {

struct CubeEntry {
  std::string id;
  std::string moves;      // from the start, in the puzzle's move notation
  encoder::Params params; // the instance restarted at the cube
  planner::CubeStanding standing; // with its plan, if it has one
  bool answered = false; // a solver's answer was merged (else its bound
                         // alone refuted what is proven of it)
  bool by_search = false; // an answer came from an explicit search (batch
                          // --engine ida or bfs), not SAT, in any round
};

struct CubeRound {
  encoder::PuzzleSpec start; // the instance
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
  std::string fingerprint; // read_round: the header's (checked)
  std::vector<CubeEntry> cubes;
  std::vector<std::size_t> to_solve; // the cubes with a solve line
};

// The report of a round written to `output` (status cubes_written; the
// caller adds what it knows beyond the round).
struct RoundReport;
RoundReport round_report(const encoder::Puzzle &start, const CubeRound &round,
                         const std::string &output);

// The report of an optimum found by a split: `moves` (the whole plan from
// the start, in the puzzle's move notation) checked by the puzzle's rules
// against `length`; an internal error if it does not replay. `proof` in
// words; the round's bounds, depth and cube count filled in.
struct Report;
Report plan_from_start(const encoder::Puzzle &start, const CubeRound &round,
                       const std::string &moves, int length, int no_plan_up_to,
                       long by_bound, const std::string &proof);

// The words of the split's refutation (planner::cubes_refuted) for the
// round's cubes.
std::string cubes_refuted(const CubeRound &round, int no_plan_up_to,
                          long by_bound);
// The same as the proof of a merge: "by SAT over cubes, merged: ...", or,
// where cubes were answered by an explicit search, how many.
std::string merged_refutation(const CubeRound &round, int no_plan_up_to,
                              long by_bound);

// The split's fingerprint: 16 hex digits over what defines the proof
// (not the round, its cap or what the cubes' answers proved).
std::string split_fingerprint(const CubeRound &round);

// Writes the round; throws IoError if the file cannot be written.
void write_round(const std::string &path, const CubeRound &round);

// Reads a round written by write_round; throws encoder::InputError
// naming the line if it is not one (a header that does not match its
// fingerprint or out of range, a cube line repeated, edited or missing,
// a solve line of another split), IoError if it cannot be read.
CubeRound read_round(const std::string &path);

} // namespace satslide::cli
