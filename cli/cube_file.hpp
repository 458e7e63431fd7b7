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
#pragma once

#include "planner/cubes.hpp"

#include "encoder/puzzles/puzzle.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::cli {

struct CubeEntry {
  std::string id;
  std::string moves;      // from the start, in the puzzle's move notation
  encoder::Params params; // the instance restarted at the cube
  planner::CubeStanding standing;
  std::string plan;      // with standing.length: that plan, from the cube
  bool answered = false; // a solver's answer was merged (else its bound
                         // alone refuted what is proven of it)
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
  std::vector<CubeEntry> cubes;
  std::vector<std::size_t> to_solve; // the cubes with a solve line
};

// The report of a round written to `output` (status cubes_written; the
// caller adds what it knows beyond the round).
struct RoundReport;
RoundReport round_report(const encoder::Puzzle &start, const CubeRound &round,
                         const std::string &output);

// Writes the round; throws IoError if the file cannot be written.
void write_round(const std::string &path, const CubeRound &round);

// Reads a round written by write_round; throws encoder::InputError
// naming the line if it is not one, IoError if it cannot be read.
CubeRound read_round(const std::string &path);

} // namespace satslide::cli
