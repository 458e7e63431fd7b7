// The positions an explicit breadth-first search has found: keys of a
// fixed number of 64-bit words in one flat array, in the order added,
// found again through an open-addressing index. A search of a block
// puzzle or a task stored each position as a std::string in a node-based
// hash map, two or three heap blocks a position: on short searches (the
// automatic engine's sample, the proof of unsolvability) the allocator
// and that map took about a third of the time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace satslide::search {

class KeySet {
public:
  explicit KeySet(std::size_t words);

  // The index of the key (`words()` words at `key`, not in the set's
  // own storage), added at the end if it was not there; second: whether
  // it was added.
  std::pair<std::size_t, bool> insert(const std::uint64_t *key);
  // The index of the key, or -1.
  long find(const std::uint64_t *key) const;
  // The i-th key added (valid until the next insert).
  const std::uint64_t *operator[](std::size_t i) const {
    return m_keys.data() + i * m_words;
  }
  std::size_t size() const { return m_size; }
  std::size_t words() const { return m_words; }

private:
  std::uint64_t hash(const std::uint64_t *key) const;
  bool equal(std::size_t i, const std::uint64_t *key) const;
  void grow();

  std::size_t m_words;
  std::size_t m_size = 0;
  std::vector<std::uint64_t> m_keys;
  std::vector<std::uint32_t> m_slots; // index + 1; 0: empty
};

} // namespace satslide::search
