// What a user says about an instance, typed: a front end fills it once
// (values parsed, enums checked) and a family reads the fields it
// accepts (families.hpp lists which). The same fields travel as text in a
// PuzzleSpec, the form written into DIMACS comments.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/puzzle.hpp"

#include <array>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace satslide::puzzles {

// Metric (puzzle.hpp) from its name: "" is the default, step; throws InputError naming the choices.
Metric parse_metric(const std::string &text);

// The fields, one per user-facing option; their names are the
// command-line flags without "--".
enum class InstanceField {
  board,
  goal,
  rows,
  cols,
  layout,
  file,
  goal_piece,
  goal_at,
  metric,
  distinct_pieces,
};
const char *field_name(InstanceField field); // e.g. "goal-piece"

struct InstanceOptions {
  std::string board;     // the start, as the family writes boards
  std::string goal;      // n-puzzle: the goal board
  int rows = 0, cols = 0; // n-puzzle shape; 0 = from the family or board
  std::string layout;    // a named opening
  std::string file_text; // the contents of a layout file
  std::string goal_piece, goal_at; // block puzzles: which piece, where
  std::optional<Metric> metric;    // block puzzles; unset = step
  bool distinct_pieces = false;    // block puzzles: identical pieces apart
  std::string name;                // a title, as specs carry it

  // The fields set here (not at their defaults); `name` is not a field.
  std::vector<InstanceField> given() const;
};

// One line of a family's data files (not JSON) as satslide batch reads
// it: the solve options it stands for, its id, and the optima it records
// by metric name ("" for the family's one metric).
struct DataLine {
  std::vector<std::string> options; // e.g. {"--board", "1 3 6 ..."}
  std::string id;                   // "" = none
  std::map<std::string, int> known;
};

// A PuzzleSpec's params (board, goal, rows, cols, goal_piece, goal_at,
// metric, name, identify) as options; throws InputError on a bad value.
InstanceOptions options_from_params(const Params &params);

} // namespace satslide::puzzles
