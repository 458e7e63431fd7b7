// A toy family for the tests: pieces (letters) on a 1 x N row with empty
// cells ('.'); a piece slides one cell into an adjacent empty cell, so
// pieces never pass each other. It exists to show that a family needs
// only its own files and one row (register_sliding_row) to be parsed,
// solved by the planner, written to DIMACS and read back.
#pragma once

#include "satslide/puzzles/families.hpp"

namespace satslide::test {

class SlidingRow : public puzzles::Puzzle {
public:
  // Throws InputError on an empty row or a goal that is not a row of the
  // same length.
  SlidingRow(std::string start, std::string goal);

  puzzles::PuzzleSpec spec() const override;
  std::string title() const override { return "sliding row"; }
  std::string draw() const override { return m_start + "\n"; }
  task::Task compile() const override;
  std::optional<std::string>
  unsolvable_reason(const std::function<bool()> &stop = {}) const override;
  int lower_bound() const override { return 0; }
  std::string lower_bound_name() const override { return "none"; }
  puzzles::Replay replay(const task::Plan &plan) const override;
  std::unique_ptr<puzzles::Puzzle> after(const task::Plan &plan) const override;

  // The rows one move away (the rules, for the tests' search).
  static std::vector<std::string> successors(const std::string &row);

private:
  struct Move {
    int from, to;
  };
  int width() const { return static_cast<int>(m_start.size()); }
  int fluent(int symbol, int cell) const;

  std::string m_start, m_goal;
  std::string m_symbols; // '.' and the letters used
  std::vector<Move> m_moves; // action id -> move
};

// The family's one row: "row", taking --board and --goal; scramble walks
// from the start and draws random rows (the same pieces in the same
// order, the gaps shuffled); a batch data line is `start goal
// [optimum]`.
void register_sliding_row();

} // namespace satslide::test
