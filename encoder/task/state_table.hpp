// Many states of one task, or many plans of one length, in one flat array
// each: a bit a fluent, an int a move. The split's frontier holds millions
// of positions (7.1 million at depth 22 on a 15-puzzle); as a vector each
// (a State is a char a fluent, 256 on 16 cells, and a Plan a heap block)
// they took about 430 bytes and two allocations a position, as tables 120
// bytes and none.
#pragma once

#include "encoder/task/task.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace satslide::encoder {

class StateTable {
public:
  explicit StateTable(int fluents = 0);

  // `s` has the table's fluents.
  void push_back(const State &s);
  // The i-th state, unpacked.
  State operator[](std::size_t i) const;
  void unpack(std::size_t i, State &out) const;
  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  void reserve(std::size_t states);
  bool operator==(const StateTable &other) const;

private:
  int m_fluents;
  std::size_t m_words; // 64-bit words a state
  std::size_t m_size = 0;
  std::vector<std::uint64_t> m_bits;
};

class PathTable {
public:
  explicit PathTable(int length = 0);

  // `p` has the table's length.
  void push_back(const Plan &p);
  Plan operator[](std::size_t i) const;
  std::size_t size() const { return m_size; }
  int length() const { return m_length; }
  void reserve(std::size_t paths);
  bool operator==(const PathTable &other) const;

private:
  int m_length;
  std::size_t m_size = 0;
  std::vector<std::int32_t> m_moves;
};

} // namespace satslide::encoder
