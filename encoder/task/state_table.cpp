#include "encoder/task/state_table.hpp"

#include <stdexcept>
#include <string>

namespace satslide::encoder {

StateTable::StateTable(int fluents)
    : m_fluents(fluents),
      m_words((static_cast<std::size_t>(fluents) + 63) / 64) {}

void StateTable::push_back(const State &s) {
  if (s.size() != static_cast<std::size_t>(m_fluents)) {
    throw std::logic_error("a state of " + std::to_string(s.size()) +
                           " fluents in a table of " +
                           std::to_string(m_fluents));
  }
  const std::size_t at = m_bits.size();
  m_bits.resize(at + m_words, 0);
  for (std::size_t f = 0; f < s.size(); ++f) {
    if (s[f]) {
      m_bits[at + f / 64] |= std::uint64_t{1} << (f % 64);
    }
  }
  ++m_size;
}

void StateTable::unpack(std::size_t i, State &out) const {
  out.assign(static_cast<std::size_t>(m_fluents), 0);
  const std::size_t at = i * m_words;
  for (std::size_t f = 0; f < out.size(); ++f) {
    out[f] = static_cast<char>((m_bits[at + f / 64] >> (f % 64)) & 1);
  }
}

State StateTable::operator[](std::size_t i) const {
  State s;
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

void PathTable::push_back(const Plan &p) {
  if (p.size() != static_cast<std::size_t>(m_length)) {
    throw std::logic_error("a path of " + std::to_string(p.size()) +
                           " moves in a table of paths of " +
                           std::to_string(m_length));
  }
  m_moves.insert(m_moves.end(), p.begin(), p.end());
  ++m_size;
}

Plan PathTable::operator[](std::size_t i) const {
  const auto first =
      m_moves.begin() + static_cast<std::ptrdiff_t>(i * m_length);
  return Plan(first, first + m_length);
}

void PathTable::reserve(std::size_t paths) {
  m_moves.reserve(paths * static_cast<std::size_t>(m_length));
}

bool PathTable::operator==(const PathTable &other) const {
  return m_length == other.m_length && m_size == other.m_size &&
         m_moves == other.m_moves;
}

} // namespace satslide::encoder
