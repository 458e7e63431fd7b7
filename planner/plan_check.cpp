#include "satslide/planner/plan_check.hpp"

#include "satslide/puzzles/board_parsing.hpp"
#include "satslide/task/pddl.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <regex>
#include <sstream>

namespace satslide::planner {

namespace {

using task::Plan;
using task::State;
using task::Task;

std::string trimmed(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) {
    return "";
  }
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

void illegal(PlanCheck &c, int move, const std::string &written,
             const std::string &why) {
  c.verdict = PlanCheck::Verdict::illegal_move;
  c.reason = "move " + std::to_string(move) + " '" + written + "': " + why;
}

// IPC: each name must be an action whose preconditions hold.
void replay_ipc(const Task &task, const std::vector<std::string> &names,
                PlanCheck &c) {
  const task::PddlNames pddl = task::pddl_names(task);
  State state = task.initial_state();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto it = std::find(pddl.actions.begin(), pddl.actions.end(),
                              names[i]);
    if (it == pddl.actions.end()) {
      illegal(c, static_cast<int>(i) + 1, names[i], "no such action");
      return;
    }
    const int a = static_cast<int>(it - pddl.actions.begin());
    for (int f : task.actions[a].pre) {
      if (!state[f]) {
        illegal(c, static_cast<int>(i) + 1, names[i],
                "not applicable: '" + task.fluents[f] + "' does not hold");
        return;
      }
    }
    state = task.apply(state, a);
    c.plan.push_back(a);
  }
}

// The way `here` (the puzzle restarted at the current position) writes
// its move a: its numbered line ("6 down") or its token of the move
// string ("D", "AR1"); "" if a breaks its rules.
std::string written(const puzzles::Puzzle &here, int a, bool numbered) {
  const puzzles::Replay r = here.replay({a});
  if (r.error || r.moves.size() != 1) {
    return "";
  }
  return numbered ? r.moves.back().notation : trimmed(r.compact);
}

// The puzzle restarted where it stands, if its task numbers the actions
// as `task` does (so one action id means one move in both); else null.
std::unique_ptr<puzzles::Puzzle> restartable(const puzzles::Puzzle &puzzle,
                                             const Task &task) {
  auto here = puzzle.after({});
  if (!here) {
    return nullptr;
  }
  const Task again = here->compile();
  if (again.num_actions() != task.num_actions()) {
    return nullptr;
  }
  for (int a = 0; a < task.num_actions(); ++a) {
    if (again.actions[a].name != task.actions[a].name) {
      return nullptr;
    }
  }
  return here;
}

// Notation: at each step, the legal move written as the input writes it,
// by the puzzle restarted at that step's position (one move replayed per
// candidate: linear in the plan's length).
void replay_notation(const puzzles::Puzzle &puzzle, const Task &task,
                     const std::vector<std::string> &moves, bool numbered,
                     PlanCheck &c) {
  std::unique_ptr<puzzles::Puzzle> here = restartable(puzzle, task);
  if (!here) {
    throw std::logic_error("check-plan: the family cannot restart from a "
                           "position with the same moves");
  }
  State state = task.initial_state();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::vector<std::string> legal;
    int match = -1;
    for (int a = 0; a < task.num_actions() && match < 0; ++a) {
      if (!task.applicable(state, a)) {
        continue;
      }
      const std::string w = written(*here, a, numbered);
      legal.push_back(w);
      if (w == moves[i]) {
        match = a;
      }
    }
    if (match < 0) {
      std::string listed;
      for (const std::string &w : legal) {
        listed += (listed.empty() ? "" : ", ") + w;
      }
      illegal(c, static_cast<int>(i) + 1, moves[i],
              "no legal move here is written that way (legal: " + listed + ")");
      return;
    }
    state = task.apply(state, match);
    c.plan.push_back(match);
    here = here->after({match});
  }
}

// True if the text has ';' comment lines and nothing else but blanks.
bool only_comments(const std::string &text) {
  std::istringstream in(text);
  bool comment = false;
  for (std::string line; std::getline(in, line);) {
    const std::string t = trimmed(line);
    if (!t.empty() && t[0] != ';') {
      return false;
    }
    comment = comment || !t.empty();
  }
  return comment;
}

// satslide's own notations: numbered lines ("1. 6 down"), else a move
// string, its words split into letters where the puzzle's moves are
// single letters (the n-puzzle's "ULDDR"). Sets c.format.
std::vector<std::string> notation_moves(const puzzles::Puzzle &puzzle,
                                        const Task &task,
                                        const std::string &text, PlanCheck &c) {
  std::vector<std::string> moves;
  const std::regex line("^\\s*\\d+\\.\\s+(.*\\S)\\s*$");
  std::istringstream in(text);
  std::smatch m;
  for (std::string l; std::getline(in, l);) {
    if (std::regex_match(l, m, line)) {
      moves.push_back(m[1]);
    }
  }
  c.format = moves.empty() ? "moves" : "numbered";
  if (!moves.empty()) {
    return moves;
  }
  std::istringstream words(text);
  for (std::string w; words >> w;) {
    moves.push_back(w);
  }
  bool letters = false;
  for (int a = 0; a < task.num_actions() && !letters; ++a) {
    letters = task.applicable(task.initial_state(), a) &&
              written(puzzle, a, false).size() == 1;
  }
  if (!letters) {
    return moves;
  }
  std::vector<std::string> chars;
  for (const std::string &w : moves) {
    for (char ch : w) {
      chars.emplace_back(1, ch);
    }
  }
  return chars;
}

// The plan read in whichever form the text has, replayed into c.
void read_and_replay(const puzzles::Puzzle &puzzle, const Task &task,
                     const std::string &text, PlanCheck &c) {
  // IPC: lines that start with "(" (after an optional "0: " step), or
  // only ';' comments (an empty plan: "; cost = 0 (unit cost)").
  const bool ipc =
      std::regex_search(text,
                        std::regex("(^|\n)[ \t]*([0-9.]+:[ \t]*)?\\(")) ||
      only_comments(text);
  const bool madagascar =
      !ipc && std::regex_search(text, std::regex("(^|\n)STEP [0-9]+:"));
  std::istringstream in(text);
  if (ipc || madagascar) {
    c.format = ipc ? "ipc" : "madagascar";
    const std::vector<std::string> moves =
        ipc ? task::read_ipc_plan(in) : task::read_madagascar_plan(in);
    c.moves_read = static_cast<int>(moves.size());
    replay_ipc(task, moves, c);
    return;
  }
  const std::vector<std::string> moves =
      notation_moves(puzzle, task, text, c);
  if (moves.empty()) {
    throw task::InputError("the plan is empty: expected an IPC plan, "
                           "numbered moves or a move string");
  }
  c.moves_read = static_cast<int>(moves.size());
  replay_notation(puzzle, task, moves, c.format == "numbered", c);
}

} // namespace

PlanCheck check_plan(const puzzles::Puzzle &puzzle, const std::string &input) {
  std::string text = input;
  puzzles::drop_byte_order_mark(text);
  const Task task = puzzle.compile();
  PlanCheck c;
  read_and_replay(puzzle, task, text, c);
  c.legal_moves = static_cast<int>(c.plan.size());
  if (c.verdict != PlanCheck::Verdict::valid) {
    return c;
  }
  // The puzzle's own rules have the last word.
  const puzzles::Replay r = puzzle.replay(c.plan);
  if (r.error) {
    c.verdict = PlanCheck::Verdict::illegal_move;
    c.reason = *r.error;
  } else if (!r.solved) {
    c.verdict = PlanCheck::Verdict::not_at_goal;
    c.reason = "after all " + std::to_string(c.plan.size()) +
               " moves the goal is not reached";
  }
  return c;
}

} // namespace satslide::planner
