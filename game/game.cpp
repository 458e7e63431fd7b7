#include "satslide/game/game.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace satslide::game {

GameMove parse_move(const std::string &notation) {
  GameMove m;
  m.notation = notation;
  std::istringstream in(notation);
  std::string steps, length;
  in >> m.piece >> steps >> length;
  m.direction = steps.substr(0, steps.find(','));
  m.one_cell = steps.find(',') == std::string::npos &&
               (length.empty() || length == "1");
  return m;
}

Game::Game(std::unique_ptr<puzzles::Puzzle> opening, planner::HintOptions hints)
    : m_opening(std::move(opening)), m_hints(hints),
      m_task(m_opening->compile()) {
  enter();
}

void Game::enter() {
  m_state = *m_task.apply_plan(m_task.initial_state(), m_history);
  m_legal.clear();
  task::Plan next = m_history;
  next.push_back(-1);
  for (int a = 0; a < m_task.num_actions(); ++a) {
    if (!m_task.applicable(m_state, a)) {
      continue;
    }
    next.back() = a;
    const puzzles::Replay r = m_opening->replay(next);
    if (!r.error) {
      GameMove m = parse_move(r.moves.back().notation);
      m.action = a;
      m_legal.push_back(m);
    }
  }
}

std::string Game::board() const {
  if (m_history.empty()) {
    return m_opening->draw();
  }
  return m_opening->replay(m_history).moves.back().board;
}

std::vector<std::string> Game::history() const {
  std::vector<std::string> notation;
  for (const auto &m : m_opening->replay(m_history).moves) {
    notation.push_back(m.notation);
  }
  return notation;
}

std::vector<std::string> Game::pieces() const {
  std::vector<std::string> names;
  const std::string drawn = board();
  std::istringstream in(drawn);
  std::string token;
  if (tiles()) {
    // The n-puzzle: tile numbers, the blank drawn as '.'.
    while (in >> token) {
      if (token != ".") {
        names.push_back(token);
      }
    }
  } else {
    for (char c : drawn) {
      const std::string name(1, c);
      if (std::isalnum(static_cast<unsigned char>(c)) &&
          std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
      }
    }
  }
  return names;
}

bool Game::step(const std::string &piece, const std::string &direction) {
  const auto it = std::find_if(m_legal.begin(), m_legal.end(), [&](auto &m) {
    return m.one_cell && m.direction == direction &&
           (piece.empty() || m.piece == piece);
  });
  if (it == m_legal.end()) {
    return false;
  }
  const GameMove move = *it;
  m_redo.clear();
  const auto axis = [](const std::string &d) {
    return d == "up" || d == "down" ? 'v' : 'h';
  };
  const GameMove last =
      m_history.empty() ? GameMove{} : parse_move(history().back());
  const puzzles::Metric metric = m_opening->metric();
  const bool merges = metric != puzzles::Metric::step &&
                      last.piece == move.piece &&
                      (metric == puzzles::Metric::piece ||
                       axis(last.direction) == axis(direction));
  if (!merges) {
    m_history.push_back(move.action);
    enter();
    return true;
  }
  // The last move and this step as one move of the metric, if there is
  // one (or none at all, if the piece is back where the move began).
  const task::Plan before(m_history.begin(), m_history.end() - 1);
  const task::State from = *m_task.apply_plan(m_task.initial_state(), before);
  const task::State to = m_task.apply(m_state, move.action);
  if (to == from) {
    m_history.pop_back();
  } else if (const auto merged = m_task.action_between(from, to)) {
    m_history.back() = *merged;
  } else {
    m_history.push_back(move.action);
  }
  enter();
  return true;
}

void Game::play(const GameMove &move) {
  m_redo.clear();
  m_history.push_back(move.action);
  enter();
}

bool Game::undo() { return shift(m_history, m_redo); }

bool Game::redo() { return shift(m_redo, m_history); }

bool Game::shift(std::vector<int> &from, std::vector<int> &to) {
  if (from.empty()) {
    return false;
  }
  to.push_back(from.back());
  from.pop_back();
  enter();
  return true;
}

void Game::restart() {
  m_history.clear();
  m_redo.clear();
  enter();
}

planner::Hint Game::hint(bool sat) const {
  const auto here = m_opening->after(m_history);
  if (!here) {
    planner::Hint h;
    h.message = "this puzzle cannot be restarted from a position";
    return h;
  }
  planner::HintOptions o = m_hints;
  o.sat = sat;
  return planner::hint(*here, o);
}

} // namespace satslide::game
