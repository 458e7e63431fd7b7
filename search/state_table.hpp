// Many states of one task in one flat array, a bit a fluent, and many
// plans of one length as one tree of moves. The split's frontier holds
// millions of positions (7.1 million at depth 22 on a 15-puzzle); as a
// vector each (a State is a char a fluent, 256 on 16 cells, and a Plan a
// heap block) they took about 430 bytes and two allocations a position,
// as tables about 50 bytes and none.
#pragma once

#include "satslide/task/task.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace satslide::search {

class StateTable {
public:
  explicit StateTable(int fluents = 0);

  // `s` has the table's fluents.
  void push_back(const task::State &s);
  // A state of the given true fluents, the others false: no State built.
  void push_back_true(const int *fluents, int count);
  // The i-th state, unpacked.
  task::State operator[](std::size_t i) const;
  void unpack(std::size_t i, task::State &out) const;
  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  void reserve(std::size_t states);
  bool operator==(const StateTable &other) const;

private:
  // Appends a state of no true fluent; returns its first word's index.
  std::size_t append_empty();

  int m_fluents;
  std::size_t m_words; // 64-bit words a state
  std::size_t m_size = 0;
  std::vector<std::uint64_t> m_bits;
};

// Plans of one length as a tree of moves: a path is a leaf's moves from
// the root, so paths with a common beginning share its nodes (a
// frontier's 7.1 million paths of 22 moves: 8 bytes a node over all its
// layers, about 14 million, instead of 88 bytes a path).
class PathTable {
public:
  explicit PathTable(int length = 0);

  // A node one move below `parent` (-1: the root); returns its index.
  std::int32_t add_node(std::int32_t parent, int move);
  // The path from the root to `node` (-1: the empty path), which must be
  // `length` moves deep (checked when it is read).
  void push_back_leaf(std::int32_t node);
  // A path of its own (`length` moves), sharing nothing.
  void push_back(const task::Plan &p);
  task::Plan operator[](std::size_t i) const;
  std::size_t size() const { return m_leaf.size(); }
  void reserve_nodes(std::size_t nodes);
  // The same paths in the same order (however their nodes are shared).
  bool operator==(const PathTable &other) const;

private:
  int m_length;
  std::vector<std::int32_t> m_parent;
  std::vector<std::int32_t> m_move;
  std::vector<std::int32_t> m_leaf;
};

} // namespace satslide::search
