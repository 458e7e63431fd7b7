#include "satslide/search/key_set.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace satslide::search {

namespace {

constexpr std::size_t k_first_slots = 1024; // a power of two

} // namespace

KeySet::KeySet(std::size_t words)
    : m_words(std::max<std::size_t>(words, 1)), m_slots(k_first_slots, 0) {}

std::uint64_t KeySet::hash(const std::uint64_t *key) const {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL;
  for (std::size_t w = 0; w < m_words; ++w) {
    h = (h ^ key[w]) * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
  }
  return h;
}

bool KeySet::equal(std::size_t i, const std::uint64_t *key) const {
  return std::equal(key, key + m_words, (*this)[i]);
}

std::pair<std::size_t, bool> KeySet::insert(const std::uint64_t *key) {
  if (2 * (m_size + 1) > m_slots.size()) {
    grow();
  }
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t s = hash(key) & mask;; s = (s + 1) & mask) {
    if (m_slots[s] == 0) {
      if (m_size >= std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("more than 4 billion positions to store");
      }
      m_keys.insert(m_keys.end(), key, key + m_words);
      m_slots[s] = static_cast<std::uint32_t>(++m_size);
      return {m_size - 1, true};
    }
    if (equal(m_slots[s] - 1, key)) {
      return {m_slots[s] - 1, false};
    }
  }
}

long KeySet::find(const std::uint64_t *key) const {
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t s = hash(key) & mask; m_slots[s] != 0; s = (s + 1) & mask) {
    if (equal(m_slots[s] - 1, key)) {
      return static_cast<long>(m_slots[s] - 1);
    }
  }
  return -1;
}

// Twice the slots, every key placed again (half full at most: short
// probes).
void KeySet::grow() {
  std::vector<std::uint32_t> slots(2 * m_slots.size(), 0);
  const std::size_t mask = slots.size() - 1;
  for (std::size_t i = 0; i < m_size; ++i) {
    std::size_t s = hash((*this)[i]) & mask;
    while (slots[s] != 0) {
      s = (s + 1) & mask;
    }
    slots[s] = static_cast<std::uint32_t>(i + 1);
  }
  m_slots = std::move(slots);
}

} // namespace satslide::search
