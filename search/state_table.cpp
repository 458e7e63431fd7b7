#include "satslide/search/state_table.hpp"

#include <stdexcept>
#include <string>

namespace satslide::search {

StateTable::StateTable(int fluents)
    : m_fluents(fluents),
      m_words((static_cast<std::size_t>(fluents) + 63) / 64) {}

void StateTable::push_back(const task::State &s) {
  if (s.size() != static_cast<std::size_t>(m_fluents)) {
    throw std::logic_error("a state of " + std::to_string(s.size()) +
                           " fluents in a table of " +
                           std::to_string(m_fluents));
  }
  const std::size_t at = append_empty();
  for (std::size_t f = 0; f < s.size(); ++f) {
    if (s[f]) {
      m_bits[at + f / 64] |= std::uint64_t{1} << (f % 64);
    }
  }
}

void StateTable::push_back_true(const int *fluents, int count) {
  for (int i = 0; i < count; ++i) {
    if (fluents[i] < 0 || fluents[i] >= m_fluents) {
      throw std::logic_error("fluent " + std::to_string(fluents[i]) +
                             " in a table of " + std::to_string(m_fluents));
    }
  }
  const std::size_t at = append_empty();
  for (int i = 0; i < count; ++i) {
    const auto f = static_cast<std::size_t>(fluents[i]);
    m_bits[at + f / 64] |= std::uint64_t{1} << (f % 64);
  }
}

std::size_t StateTable::append_empty() {
  const std::size_t at = m_bits.size();
  m_bits.resize(at + m_words, 0);
  ++m_size;
  return at;
}

void StateTable::unpack(std::size_t i, task::State &out) const {
  out.assign(static_cast<std::size_t>(m_fluents), 0);
  const std::size_t at = i * m_words;
  for (std::size_t f = 0; f < out.size(); ++f) {
    out[f] = static_cast<char>((m_bits[at + f / 64] >> (f % 64)) & 1);
  }
}

task::State StateTable::operator[](std::size_t i) const {
  task::State s;
  unpack(i, s);
  return s;
}

void StateTable::reserve(std::size_t states) {
  m_bits.reserve(states * m_words);
}

bool StateTable::operator==(const StateTable &other) const {
  return m_fluents == other.m_fluents && m_size == other.m_size &&
         m_bits == other.m_bits;
}

PathTable::PathTable(int length) : m_length(length) {}

std::int32_t PathTable::add_node(std::int32_t parent, int move) {
  if (parent < -1 || parent >= static_cast<std::int32_t>(m_parent.size())) {
    throw std::logic_error("a path's node below node " +
                           std::to_string(parent) + " of " +
                           std::to_string(m_parent.size()));
  }
  m_parent.push_back(parent);
  m_move.push_back(move);
  return static_cast<std::int32_t>(m_parent.size() - 1);
}

void PathTable::push_back_leaf(std::int32_t node) {
  if (node < -1 || node >= static_cast<std::int32_t>(m_parent.size())) {
    throw std::logic_error("a path to node " + std::to_string(node) + " of " +
                           std::to_string(m_parent.size()));
  }
  m_leaf.push_back(node);
}

void PathTable::push_back(const task::Plan &p) {
  if (p.size() != static_cast<std::size_t>(m_length)) {
    throw std::logic_error("a path of " + std::to_string(p.size()) +
                           " moves in a table of paths of " +
                           std::to_string(m_length));
  }
  std::int32_t at = -1;
  for (int move : p) {
    at = add_node(at, move);
  }
  push_back_leaf(at);
}

task::Plan PathTable::operator[](std::size_t i) const {
  task::Plan path(static_cast<std::size_t>(m_length));
  std::int32_t at = m_leaf[i];
  for (int step = m_length - 1; step >= 0; --step) {
    if (at < 0) {
      throw std::logic_error("a path shorter than the table's " +
                             std::to_string(m_length) + " moves");
    }
    path[static_cast<std::size_t>(step)] = m_move[at];
    at = m_parent[at];
  }
  if (at >= 0) {
    throw std::logic_error("a path longer than the table's " +
                           std::to_string(m_length) + " moves");
  }
  return path;
}

void PathTable::reserve_nodes(std::size_t nodes) {
  m_parent.reserve(nodes);
  m_move.reserve(nodes);
}

bool PathTable::operator==(const PathTable &other) const {
  if (m_length != other.m_length || size() != other.size()) {
    return false;
  }
  for (std::size_t i = 0; i < size(); ++i) {
    if ((*this)[i] != other[i]) {
      return false;
    }
  }
  return true;
}

} // namespace satslide::search
