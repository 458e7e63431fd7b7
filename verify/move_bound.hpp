// The checker's own admissible bound on the moves left from a position,
// found in the task alone (the n-puzzle's: additive pattern databases
// over its tiles, which the checker builds itself). What frontier
// certificates and a split's claim (frontier.hpp, split_cover.hpp) rest
// on where a position needs no proof.
//
// The groups counted: the task's exactly-one groups that share no fluent
// with the parity token and that every action either leaves alone or
// moves from one fluent it needs and deletes to one other it adds (so a
// group keeps exactly one fluent: the n-puzzle's tiles), with exactly one
// fluent at the start and in the goal; and only if no action moves two of
// them (else none is counted, and the bound is 0). They are taken, in
// the task's order, in patterns of as many as fit k_pattern_entries
// abstract positions (the product of their sizes). A pattern's table
// holds, for each assignment of a fluent to each of its groups, the moves
// of its own groups that lead to the goal's fluents, breadth first
// backward from the goal over its groups' moves, through assignments in
// which no two fluents share an invariant exactly-one group (one the
// checker shows every action keeps so: the n-puzzle's cells). Admissible
// and additive: a move of the task moves one counted group, of one
// pattern, along one of its moves, into a fluent no other group's shares
// such a group with (else that group would hold two fluents after it);
// so every plan is, pattern by pattern, a path of the abstract moves at
// least as long as the table says, and the patterns' moves are disjoint.
// A pattern of one group is its own graph's distance (the tile's
// Manhattan distance).
#pragma once

#include "satslide/task/task.hpp"

#include <cstdint>
#include <vector>

namespace satslide::verify {

// What MoveBound says of a position from which no plan exists at all
// (a group cannot reach its goal fluent).
constexpr int k_no_plan_bound = 1 << 20;

// The most abstract positions of one pattern (two bytes each: 32 MB),
// and of all patterns together (the per-pattern size halved until they
// fit): the 15-puzzle's tiles in patterns of 6, 6 and 3, the 8-puzzle's
// of 7 and 1.
constexpr long k_pattern_entries = 1L << 24;
constexpr long k_pattern_total_entries = 1L << 26;

class MoveBound {
public:
  // `pattern_entries` 1 takes each group alone (the Manhattan distance).
  MoveBound(const task::Task &task, const std::vector<int> &token_colour,
            long pattern_entries = k_pattern_entries);
  // At least this many moves from `p` (packed as layers.hpp's pack()).
  int at(const uint8_t *p) const;
  std::size_t groups() const { return m_groups.size(); }
  std::size_t patterns() const { return m_patterns.size(); }

private:
  struct Group {
    std::vector<int> fluents;
    int goal = 0;                           // local index of the goal's
    std::vector<std::vector<int>> sources;  // local: the moves into each
  };
  struct Pattern {
    std::vector<int> groups;
    std::vector<long> stride;
    std::vector<uint16_t> moves; // k_unreached: no path to the goal
  };
  void build(Pattern &pattern, const std::vector<std::vector<int>> &member_of);
  std::vector<Group> m_groups;
  std::vector<Pattern> m_patterns;
};

} // namespace satslide::verify
