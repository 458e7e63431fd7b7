// Checking a plan from elsewhere against a puzzle's own rules: the plan
// read in any of four forms, replayed move by move, and the first move
// that breaks a rule named with the reason.
//   - an IPC plan file: "(action-name)" per line, the names of
//     `satslide export --format pddl` (only ';' comments: the empty plan);
//   - Madagascar's plan: "STEP 0: action-name() ...";
//   - satslide's printed plan: lines "1. 6 down", "2. B right 2", ...;
//   - a move string as satslide prints it after "moves:": "ULDDR" for
//     the n-puzzle (the blank's moves), "AR1 BD2" for block puzzles.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/puzzle.hpp"

#include <array>
#include <string>

namespace satslide::planner {

struct PlanCheck {
  enum class Verdict { valid, illegal_move, not_at_goal };
  Verdict verdict = Verdict::valid;
  std::string format;  // "ipc", "madagascar", "numbered" or "moves"
  int moves_read = 0;  // moves in the input
  int legal_moves = 0; // moves replayed before the first illegal one
  std::string reason;  // for illegal_move and not_at_goal
  task::Plan plan;     // the legal prefix, as actions
};
constexpr std::array<EnumName<PlanCheck::Verdict>, 3>
names(PlanCheck::Verdict) {
  return {{{PlanCheck::Verdict::valid, "valid"},
           {PlanCheck::Verdict::illegal_move, "illegal_move"},
           {PlanCheck::Verdict::not_at_goal, "not_at_goal"}}};
}

// Throws task::InputError if the text is none of the four forms.
PlanCheck check_plan(const puzzles::Puzzle &puzzle, const std::string &text);

// The time check-plan gives the planner to prove the optimum it compares
// a plan against, unless the user sets --timeout.
constexpr double k_check_plan_timeout = 10;

} // namespace satslide::planner
