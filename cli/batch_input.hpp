// satslide batch's input: one instance per line, read as the solve
// options it stands for. A line is
//   - a JSON object of solve options ({"board": "...", "metric": "slide",
//     "timeout": 10, "any": true}), with "id" and "optimal" (a known
//     optimum, checked in the summary) beside them, and
//     "split_fingerprint" and "split_round" on a split's cubes (cube_file.hpp), copied to the answer;
//   - or a line of the benchmark data for the batch's --puzzle, as its
//     family reads it (FamilyInfo::data_line: the n-puzzle `id optimal
//     t0 t1 ...`, Rush Hour's database and card files, Klotski layout
//     paths; see those families), else a board.
// Blank lines and lines starting with '#' or ';' are skipped.
#pragma once

#include "satslide/puzzles/puzzle.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace satslide::cli {

struct BatchLine {
  int number = 0;   // in the input file, from 1
  std::string text; // as read
  std::string id;   // the data's name for it; "" = none
  // The solve options the line sets ("--board", "1 2 ..."); they win
  // over the batch command line's.
  std::vector<std::string> options;
  // Known optima by metric name; "" = whatever metric the run uses.
  std::map<std::string, int> known;
  std::string error; // a line that cannot be read: why (options empty)
  // A split's solve line: its "split_fingerprint" and "split_round",
  // copied into the answer (after the report's fields) so that merge takes it only into that round.
  nlohmann::ordered_json tags = nlohmann::ordered_json::object();
};

// The instance lines of `in` for the family `family` (a families-table
// name); `folder` is where relative layout paths are looked up second.
std::vector<BatchLine> read_batch(std::istream &in, const std::string &family,
                                  const std::string &folder);

// The JSON line that stands for an instance (what scramble and split
// write): "puzzle" (the family) and the spec's params as the solve
// options they are (goal_piece is --goal-piece, identify=no is
// --distinct-pieces; a title is dropped).
nlohmann::ordered_json instance_line(const puzzles::PuzzleSpec &spec);

// The known optimum of `line` in `metric` (a metric name, "" for
// families with one); -1 if the line does not say.
int known_optimum(const BatchLine &line, const std::string &metric);

} // namespace satslide::cli
