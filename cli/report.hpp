// What a command shows: the instance and the planner's result, rendered
// for people (text) or for scripts (JSON); both show the same facts.
// Every command (solve, decode, and those to come) prints through here.
#pragma once

#include "planner/planner_result.hpp"

#include <iosfwd>
#include <string>

namespace satslide::cli {

struct Report {
  // The instance.
  std::string title;
  std::string board;
  encoder::PuzzleSpec spec;
  // What the planner (or a decoded answer) found.
  planner::PlannerResult result;
};

// The instance part of a report.
Report report_for(const encoder::Puzzle &puzzle);

void print_text(std::ostream &out, const Report &report, bool show_boards);
void print_json(std::ostream &out, const Report &report, bool show_boards);

} // namespace satslide::cli
