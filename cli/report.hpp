// What a command shows: the instance and the planner's result (or, for
// explore, the reachable space), rendered for people (text) or for
// scripts (JSON); both show the same facts. Every command prints through
// here.
#pragma once

#include "encoder/task/state_space.hpp"
#include "planner/count_plans.hpp"
#include "planner/planner_result.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>
#include <string>

namespace satslide::cli {

struct Report {
  // The instance.
  std::string title;
  std::string board;
  encoder::PuzzleSpec spec;
  // What the planner (or a decoded answer) found.
  planner::PlannerResult result;
  // --count-optimal: the optimal plans counted, if asked.
  std::optional<planner::PlanCount> optimal_plans;
};

// What explore found: the instance and its reachable space.
struct SpaceReport {
  std::string title;
  std::string board;
  encoder::PuzzleSpec spec;
  encoder::StateSpace space;
  long max_states = 0;
  double estimate = 0; // positions the family knows are reachable; 0 = ?
  double seconds = 0;
};

// The instance part of a report.
Report report_for(const encoder::Puzzle &puzzle);

void print_text(std::ostream &out, const Report &report, bool show_boards);
void print_json(std::ostream &out, const Report &report, bool show_boards);
// The document print_json prints (batch adds to it).
nlohmann::ordered_json to_json(const Report &report, bool show_boards);
void print_text(std::ostream &out, const SpaceReport &report);
void print_json(std::ostream &out, const SpaceReport &report);

} // namespace satslide::cli
