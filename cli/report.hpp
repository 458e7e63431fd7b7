// What a command shows: the instance and the planner's result (or, for
// explore, the reachable space), rendered for people (text) or for
// scripts (JSON); both show the same facts. Every command prints through
// here.
#pragma once

#include "satslide/search/state_space.hpp"
#include "satslide/planner/certify.hpp"
#include "satslide/planner/count_plans.hpp"
#include "satslide/planner/plan_check.hpp"
#include "satslide/planner/planner_result.hpp"
#include "satslide/planner/split_round.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>
#include <string>

namespace satslide::cli {

struct Report {
  // The instance.
  std::string title;
  std::string board;
  puzzles::PuzzleSpec spec;
  // The instance itself while it lives (report_for sets it): the IPC
  // renderer names the plan's actions by its task.
  const puzzles::Puzzle *puzzle = nullptr;
  // What the planner (or a decoded answer) found.
  planner::PlannerResult result;
  // --count-optimal: the optimal plans counted, if asked.
  std::optional<planner::PlanCount> optimal_plans;
  // --certify: the certificate written, if asked.
  std::optional<planner::CertificateSummary> certificate;
  // merge --verify: no plan of length <= this, as the checker showed it
  // (verify/split_cover.hpp); -1: nothing shown.
  std::optional<int> certified_up_to;
};

// What explore found: the instance and its reachable space.
struct SpaceReport {
  std::string title;
  std::string board;
  puzzles::PuzzleSpec spec;
  search::StateSpace space;
  long max_states = 0;
  double estimate = 0; // positions the family knows are reachable; 0 = ?
  double seconds = 0;
};

// What split or merge wrote: a round of cubes for batch, and what the
// rounds so far prove.
struct RoundReport {
  std::string title;
  std::string board;
  planner::RoundHeader round; // the round written (its start, cap, ...)
  std::string status; // "cubes_written" or "cubes_missing"
  long cubes = 0;    // all cubes of the split
  long to_solve = 0; // the round's solve lines
  int no_plan_up_to = -1;
  std::string output; // the file written
  // merge: the answers read and their solve times
  long answers = -1;
  double cpu_seconds = 0, longest_seconds = 0;
  std::optional<int> certified_up_to; // merge --verify: as Report's
};

// What check-plan found: the plan's verdict, and the optimum the planner
// proved within `timeout_seconds` (`best`).
struct PlanCheckReport {
  std::string title;
  planner::PlanCheck check;
  planner::PlannerResult best;
  double timeout_seconds = 0;
};

// The document of a run that ended in an error (exit codes 30-34): status
// "error", the kind (e.g. "bad_input"), the exit code and the reason.
nlohmann::ordered_json error_json(int exit_code, const std::string &kind,
                                  const std::string &reason);

// The instance part of a report.
Report report_for(const puzzles::Puzzle &puzzle);

// "31 moves, optimal (by SAT: ...)": a plan's length and what is proven
// of it, as the report's "solution:" line says it.
std::string solution_words(const planner::PlannerResult &result);

void print_text(std::ostream &out, const Report &report, bool show_boards);
void print_json(std::ostream &out, const Report &report, bool show_boards);
// Only the plan, as an IPC plan file in the action names of `satslide
// export --format pddl` (a solved report with its puzzle).
void print_ipc(std::ostream &out, const Report &report);
// The document print_json prints (batch adds to it).
nlohmann::ordered_json to_json(const Report &report, bool show_boards);
void print_text(std::ostream &out, const SpaceReport &report);
void print_text(std::ostream &out, const RoundReport &report);
void print_json(std::ostream &out, const RoundReport &report);
void print_json(std::ostream &out, const SpaceReport &report);
void print_text(std::ostream &out, const PlanCheckReport &report);
void print_json(std::ostream &out, const PlanCheckReport &report);

} // namespace satslide::cli
