#include "planner/sliding_row.hpp"

#include <algorithm>
#include <sstream>

namespace satslide::test {

SlidingRow::SlidingRow(std::string start, std::string goal)
    : m_start(std::move(start)), m_goal(std::move(goal)) {
  if (m_start.empty() || m_goal.size() != m_start.size()) {
    throw task::InputError("a sliding row needs a start and a goal row of "
                           "the same length");
  }
  m_symbols = ".";
  for (char c : m_start + m_goal) {
    if (m_symbols.find(c) == std::string::npos) {
      m_symbols += c;
    }
  }
  for (int c = 0; c < width(); ++c) {
    for (int d : {-1, 1}) {
      if (c + d >= 0 && c + d < width()) {
        m_moves.push_back({c, c + d});
      }
    }
  }
}

int SlidingRow::fluent(int symbol, int cell) const {
  return symbol * width() + cell;
}

puzzles::PuzzleSpec SlidingRow::spec() const {
  return {"row", {{"board", m_start}, {"goal", m_goal}}};
}

// One action per (letter, move): the letter at `from` goes to the empty
// `to`.
task::Task SlidingRow::compile() const {
  task::Task task;
  const int symbols = static_cast<int>(m_symbols.size());
  for (int s = 0; s < symbols; ++s) {
    for (int c = 0; c < width(); ++c) {
      task.fluents.push_back(std::string(1, m_symbols[s]) + " at " +
                             std::to_string(c));
    }
  }
  for (int c = 0; c < width(); ++c) {
    task.init.push_back(fluent(m_symbols.find(m_start[c]), c));
    task.goal.push_back(fluent(m_symbols.find(m_goal[c]), c));
    auto &group = task.exactly_one.emplace_back();
    for (int s = 0; s < symbols; ++s) {
      group.push_back(fluent(s, c));
    }
  }
  for (int s = 1; s < symbols; ++s) {
    for (const Move &m : m_moves) {
      task::Action a;
      a.name = std::string("move ") + m_symbols[s] + " from " +
               std::to_string(m.from) + " to " + std::to_string(m.to);
      a.pre = {fluent(s, m.from), fluent(0, m.to)};
      a.add = {fluent(s, m.to), fluent(0, m.from)};
      a.del = a.pre;
      task.actions.push_back(a);
    }
  }
  return task;
}

std::optional<std::string>
SlidingRow::unsolvable_reason(const std::function<bool()> & /*stop*/) const {
  std::string a = m_start, b = m_goal;
  a.erase(std::remove(a.begin(), a.end(), '.'), a.end());
  b.erase(std::remove(b.begin(), b.end(), '.'), b.end());
  if (a != b) {
    return "pieces never pass each other, so their order must stay";
  }
  return std::nullopt;
}

puzzles::Replay SlidingRow::replay(const task::Plan &plan) const {
  puzzles::Replay r;
  std::string row = m_start;
  const int per_symbol = static_cast<int>(m_moves.size());
  for (int id : plan) {
    const char piece = m_symbols[1 + id / per_symbol];
    const Move &m = m_moves[id % per_symbol];
    if (row[m.from] != piece || row[m.to] != '.') {
      r.error = "illegal move of " + std::string(1, piece);
      return r;
    }
    std::swap(row[m.from], row[m.to]);
    r.moves.push_back({std::string(1, piece) + (m.to > m.from ? " right"
                                                              : " left"),
                       row + "\n"});
  }
  r.solved = row == m_goal;
  return r;
}

std::unique_ptr<puzzles::Puzzle>
SlidingRow::after(const task::Plan &plan) const {
  const puzzles::Replay r = replay(plan);
  if (r.error) {
    return nullptr;
  }
  std::string row = m_start;
  if (!plan.empty()) {
    row = r.moves.back().board;
    row.pop_back(); // the drawing's newline
  }
  return std::make_unique<SlidingRow>(row, m_goal);
}

std::vector<std::string> SlidingRow::successors(const std::string &row) {
  std::vector<std::string> out;
  for (std::size_t c = 0; c + 1 < row.size(); ++c) {
    if ((row[c] == '.') != (row[c + 1] == '.')) {
      std::string next = row;
      std::swap(next[c], next[c + 1]);
      out.push_back(next);
    }
  }
  return out;
}

void register_sliding_row() {
  if (puzzles::find_family("row")) {
    return;
  }
  using F = puzzles::InstanceField;
  puzzles::register_family(
      {"row",
       {},
       "a toy: pieces sliding along one row",
       {F::board, F::goal},
       "pruned",
       [](const std::string &, const puzzles::InstanceOptions &o) {
         return std::make_unique<SlidingRow>(o.board, o.goal);
       },
       false,
       {}, // walks start from the board given
       [](const std::string &, const puzzles::InstanceOptions &o,
          std::mt19937_64 &rng) {
         // The goal's pieces in their order, the gaps shuffled.
         std::string row = o.goal;
         std::shuffle(row.begin(), row.end(), rng);
         auto piece = o.goal.begin();
         for (char &c : row) {
           if (c != '.') {
             piece = std::find_if(piece, o.goal.end(),
                                  [](char g) { return g != '.'; });
             c = *piece++;
           }
         }
         puzzles::InstanceOptions random = o;
         random.board = row;
         return random;
       },
       [](const std::string &text, const std::string &) {
         std::istringstream in(text);
         puzzles::DataLine line;
         std::string start, goal;
         int optimum = -1;
         in >> start >> goal >> optimum;
         line.options = {"--board", start, "--goal", goal};
         if (optimum >= 0) {
           line.known[""] = optimum;
         }
         return line;
       },
       {},  // no named openings
       0}); // the block rule does not apply (not reach-first)
}

} // namespace satslide::test
