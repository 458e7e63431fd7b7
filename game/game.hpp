// satslide play's game, without the screen: the position reached from an
// opening by the player's moves, undo and redo, win detection, and the
// planner's hint and solution from the current position. The terminal
// view (play_command.cpp) draws it and feeds it keys; tests drive it
// directly.
//
// A key press moves one piece one cell. Under the slide metric a press
// that moves the last move's piece along the same line lengthens or
// shortens that slide (still one move), under the piece metric any
// further step of the same piece extends its move; a step that takes the
// piece back where the move started takes the move back. So the move counter is always the cost of the
// player's line in the puzzle's metric, comparable with the optimum.
#pragma once

#include "encoder/puzzles/puzzle.hpp"

#include <memory>
#include <string>
#include <vector>

namespace satslide::cli {

// A legal move from the current position.
struct GameMove {
  int action = -1;       // in the opening's task
  std::string piece;     // the piece's letter or the tile's number
  std::string direction; // of its first step: up, down, left, right
  std::string notation;  // as the replay writes it ("B right 2")
  bool one_cell = false; // a single step of one cell
};

// The next move of an optimal plan from the current position.
struct Hint {
  bool found = false;
  std::vector<std::string> plan; // the optimal plan's moves (notation)
  int distance = -1;             // its length: the distance to the goal
  std::string engine;            // what proved it optimal
  long positions = 0;            // positions searched (breadth-first)
  std::string message;           // what was shown, or why no hint
};

struct GameOptions {
  long bfs_max_states = 5'000'000; // the explicit search's budget
  double sat_timeout = 10;         // then the SAT engine's, in seconds
};

class Game {
public:
  Game(std::unique_ptr<encoder::Puzzle> opening, GameOptions options = {});

  const encoder::Puzzle &opening() const { return *m_opening; }
  std::string metric() const { return m_metric; }
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

  // An optimal plan from here: breadth-first search within its budget
  // (skipped where the family knows the space is larger), else, if
  // `sat`, the SAT engine within its timeout.
  Hint hint(bool sat = true) const;
  // The pieces are numbered tiles around a blank (the n-puzzle).
  bool tiles() const { return m_opening->spec().kind == "npuzzle"; }

private:
  void enter(); // recompute state and legal moves after a change
  std::vector<int> m_history; // actions of the opening's task
  std::vector<int> m_redo;
  std::unique_ptr<encoder::Puzzle> m_opening;
  GameOptions m_options;
  std::string m_metric;
  encoder::Task m_task;
  encoder::State m_state;
  std::vector<GameMove> m_legal;
};

// "B right 2" -> piece B, direction right, not one cell; "6 up" -> 6, up.
GameMove parse_move(const std::string &notation);

} // namespace satslide::cli
