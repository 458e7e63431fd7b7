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
// The round in memory is the planner's (planner/split_round.hpp), which
// judges it; this file only reads and writes it.
#pragma once

#include "satslide/planner/split_round.hpp"

#include "satslide/puzzles/puzzle.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::cli {

// The report of a round written to `output` (status cubes_written; the
// caller adds what it knows beyond the round).
struct RoundReport;
RoundReport round_report(const puzzles::Puzzle &start,
                         const planner::SplitRound &round,
                         const std::string &output);

// The split's fingerprint: 16 hex digits over what defines the proof
// (not the round, its cap or what the cubes' answers proved).
std::string split_fingerprint(const planner::SplitRound &round);

// Writes the round; throws IoError if the file cannot be written.
void write_round(const std::string &path, const planner::SplitRound &round);

// Reads a round written by write_round; throws task::InputError
// naming the line if it is not one (a header that does not match its
// fingerprint or out of range, a cube line repeated, edited or missing,
// a solve line of another split), IoError if it cannot be read.
planner::SplitRound read_round(const std::string &path);

} // namespace satslide::cli
