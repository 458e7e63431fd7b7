// What a run found, and its two renderings: text for people, JSON for
// scripts. Both show the same facts.
#pragma once

#include "encoder/puzzles/puzzle.hpp"
#include "solver/stats.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::cli {

struct Report {
  // The instance.
  std::string title;
  std::string board;
  encoder::PuzzleSpec spec;
  std::string encoding;
  // What was proven.
  std::string status; // solved | unsolvable | horizon_limit | timeout |
                      // no_plan_at_horizon | internal_error
  std::string reason; // why, for anything but solved
  bool optimal = false;
  std::string optimality; // how optimality (or its absence) was shown
  int lower_bound = -1;
  std::string lower_bound_name;
  int stride = 1;
  int no_plan_up_to = -1; // no plan of length <= this; -1 = nothing proven
  // The plan, as replayed.
  encoder::Replay replay;
  // The work.
  std::vector<solver::HorizonStats> horizons;
  // --any: the goal agenda's stages (0 = not staged), each horizon's
  // stage, and the plan's length before loops were removed.
  std::string mode = "optimal"; // or "any", or "decode" (one horizon)
  int stages = 0;
  std::vector<int> horizon_stage;
  int raw_length = 0;
  int tightened_from = -1; // --tighten: the length before; -1 = not run
  double seconds = 0;
};

void print_text(std::ostream &out, const Report &report, bool show_boards);
void print_json(std::ostream &out, const Report &report, bool show_boards);

} // namespace satslide::cli
