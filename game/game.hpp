// satslide play's game, without the screen: the position reached from an
// opening by the player's moves, undo and redo, win detection, and the
// planner's hint and solution from the current position. The terminal
// view (cli/play_command.cpp) draws it and feeds it keys; tests drive it
// directly. A room of its own above the planner: cli -> game -> planner.
//
// A key press moves one piece one cell. Under the slide metric a press
// that moves the last move's piece along the same line lengthens or
// shortens that slide (still one move), under the piece metric any
// further step of the same piece extends its move; a step that takes the
// piece back where the move started takes the move back. So the move counter is always the cost of the
// player's line in the puzzle's metric, comparable with the optimum.
#pragma once

#include "satslide/puzzles/puzzle.hpp"
#include "satslide/planner/hint.hpp"

#include <memory>
#include <string>
#include <vector>

namespace satslide::game {

// A legal move from the current position.
struct GameMove {
  int action = -1;       // in the opening's task
  std::string piece;     // the piece's letter or the tile's number
  std::string direction; // of its first step: up, down, left, right
  std::string notation;  // as the replay writes it ("B right 2")
  bool one_cell = false; // a single step of one cell
};

class Game {
public:
  Game(std::unique_ptr<puzzles::Puzzle> opening,
       planner::HintOptions hints = {});

  const puzzles::Puzzle &opening() const { return *m_opening; }
  puzzles::Metric metric() const { return m_opening->metric(); }
  std::string board() const; // the current position, drawn
  int moves() const { return static_cast<int>(m_history.size()); }
  bool won() const { return m_task.satisfies_goal(m_state); }
  // Moves made so far, in notation (merged as the metric counts them).
  std::vector<std::string> history() const;

  const std::vector<GameMove> &legal() const { return m_legal; }
  // The pieces (letters or tile numbers) in the order of the board.
  std::vector<std::string> pieces() const;

  // Moves `piece` one cell toward `direction` (up, down, left, right);
  // false if the rules forbid it. For the n-puzzle an empty piece means
  // the tile that can slide that way into the blank.
  bool step(const std::string &piece, const std::string &direction);
  // Makes a legal move (one of legal()), as it is: no merging.
  void play(const GameMove &move);
  bool undo();
  bool redo();
  void restart();

  // An optimal plan from here (planner::hint: breadth-first search
  // within its budget, else, if `sat`, the SAT engine within its timeout).
  planner::Hint hint(bool sat = true) const;
  const planner::HintOptions &hint_options() const { return m_hints; }
  // The pieces are numbered tiles around a blank (the n-puzzle).
  bool tiles() const { return m_opening->numbered_tiles(); }

private:
  void enter(); // recompute state and legal moves after a change
  // The last action of `from` moves to `to` (undo: history to redo; redo:
  // back); false if `from` is empty.
  bool shift(std::vector<int> &from, std::vector<int> &to);
  std::vector<int> m_history; // actions of the opening's task
  std::vector<int> m_redo;
  std::unique_ptr<puzzles::Puzzle> m_opening;
  planner::HintOptions m_hints;
  task::Task m_task;
  task::State m_state;
  std::vector<GameMove> m_legal;
};

// "B right 2" -> piece B, direction right, not one cell; "6 up" -> 6, up.
GameMove parse_move(const std::string &notation);

} // namespace satslide::game
