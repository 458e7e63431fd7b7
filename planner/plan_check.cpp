#include "planner/plan_check.hpp"

#include "encoder/task/pddl.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

namespace satslide::planner {

namespace {

using encoder::Plan;
using encoder::State;
using encoder::Task;

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
  const encoder::PddlNames pddl = encoder::pddl_names(task);
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

// The way the puzzle writes move k of `plan`: its numbered line ("6 down")
// or its token of the move string ("D", "AR1").
std::string written(const encoder::Puzzle &puzzle, const Plan &plan,
                    const std::string &before, bool numbered) {
  const encoder::Replay r = puzzle.replay(plan);
  if (r.error || r.moves.size() != plan.size()) {
    return "";
  }
  return numbered ? r.moves.back().notation
                  : trimmed(r.compact.substr(before.size()));
}

// Notation: at each step, the legal move written as the input writes it.
void replay_notation(const encoder::Puzzle &puzzle, const Task &task,
                     const std::vector<std::string> &moves, bool numbered,
                     PlanCheck &c) {
  State state = task.initial_state();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string before = puzzle.replay(c.plan).compact;
    std::vector<std::string> legal;
    int match = -1;
    for (int a = 0; a < task.num_actions() && match < 0; ++a) {
      if (!task.applicable(state, a)) {
        continue;
      }
      Plan next = c.plan;
      next.push_back(a);
      const std::string w = written(puzzle, next, before, numbered);
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
              "no legal move is written so here (legal: " + listed + ")");
      return;
    }
    state = task.apply(state, match);
    c.plan.push_back(match);
  }
}

} // namespace

const char *to_string(PlanCheck::Verdict verdict) {
  switch (verdict) {
  case PlanCheck::Verdict::valid:
    return "valid";
  case PlanCheck::Verdict::illegal_move:
    return "illegal_move";
  case PlanCheck::Verdict::not_at_goal:
    return "not_at_goal";
  }
  return "?";
}

PlanCheck check_plan(const encoder::Puzzle &puzzle, const std::string &text) {
  const Task task = puzzle.compile();
  PlanCheck c;
  std::vector<std::string> moves;
  // IPC: lines that start with "(" (after an optional "0: " step).
  const bool ipc = std::regex_search(
      text, std::regex("(^|\n)[ \t]*([0-9.]+:[ \t]*)?\\("));
  if (ipc) {
    c.format = "ipc";
    std::istringstream in(text);
    moves = encoder::read_ipc_plan(in);
    c.moves_read = static_cast<int>(moves.size());
    replay_ipc(task, moves, c);
  } else {
    const std::regex line("^\\s*\\d+\\.\\s+(.*\\S)\\s*$");
    std::istringstream in(text);
    std::smatch m;
    for (std::string l; std::getline(in, l);) {
      if (std::regex_match(l, m, line)) {
        moves.push_back(m[1]);
      }
    }
    c.format = moves.empty() ? "moves" : "numbered";
    if (moves.empty()) {
      std::istringstream words(text);
      for (std::string w; words >> w;) {
        moves.push_back(w);
      }
      // The n-puzzle's moves are letters: "ULDDR" is five of them.
      bool letters = false;
      for (int a = 0; a < task.num_actions() && !letters; ++a) {
        letters = task.applicable(task.initial_state(), a) &&
                  written(puzzle, {a}, "", false).size() == 1;
      }
      if (letters) {
        std::vector<std::string> chars;
        for (const std::string &w : moves) {
          for (char ch : w) {
            chars.emplace_back(1, ch);
          }
        }
        moves = chars;
      }
    }
    if (moves.empty()) {
      throw encoder::InputError("the plan is empty: expected an IPC plan, "
                                "numbered moves or a move string");
    }
    c.moves_read = static_cast<int>(moves.size());
    replay_notation(puzzle, task, moves, c.format == "numbered", c);
  }
  c.legal_moves = static_cast<int>(c.plan.size());
  if (c.verdict != PlanCheck::Verdict::valid) {
    return c;
  }
  // The puzzle's own rules have the last word.
  const encoder::Replay r = puzzle.replay(c.plan);
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
