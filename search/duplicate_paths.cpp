#include "satslide/search/duplicate_paths.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <stdexcept>

namespace satslide::search {

namespace {

// A string of moves: two bits a move, the first the most significant, so
// that strings of one length are in order as numbers.
struct Moves {
  std::uint64_t code = 0;
  int length = 0;
  int at(int i) const {
    return static_cast<int>(code >> (2 * (length - 1 - i))) & 3;
  }
};

// Each move's step in rows and columns.
constexpr std::array<int, k_directions> k_dr{-1, 0, 0, 1};
constexpr std::array<int, k_directions> k_dc{0, -1, 1, 0};

// The cells a string's blank visits, as offsets from where it starts.
struct Box {
  int top = 0, left = 0, bottom = 0, right = 0;
  bool within(const Box &b) const {
    return top >= b.top && left >= b.left && bottom <= b.bottom &&
           right <= b.right;
  }
  Box with(int r, int c) const {
    return {std::min(top, r), std::min(left, c), std::max(bottom, r),
            std::max(right, c)};
  }
};

// A square of the unbounded grid large enough for any string of up to
// max_length moves from its centre, each cell holding its own tile.
struct Square {
  explicit Square(int max_length)
      : side(2 * max_length + 1), centre(max_length * side + max_length),
        cells(side * side) {
    for (int c = 0; c < side * side; ++c) {
      cells[c] = c;
    }
  }
  int side;
  int centre;
  std::vector<int> cells;
};

// What a string does on an unbounded grid: where the blank ends, and
// which tile sits on each cell that changed.
class Walker {
public:
  explicit Walker(int max_length) : m_square(max_length) {}

  // The effect's words, and the string's bounding box.
  std::vector<int> effect(const Moves &m, Box &box) {
    std::vector<int> &cells = m_square.cells;
    int blank = m_square.centre, r = 0, c = 0;
    box = Box{};
    m_visited.assign(1, blank);
    for (int i = 0; i < m.length; ++i) {
      const int d = m.at(i);
      r += k_dr[d];
      c += k_dc[d];
      box = box.with(r, c);
      const int to = blank + k_dr[d] * m_square.side + k_dc[d];
      std::swap(cells[blank], cells[to]);
      blank = to;
      m_visited.push_back(to);
    }
    std::sort(m_visited.begin(), m_visited.end());
    m_visited.erase(std::unique(m_visited.begin(), m_visited.end()),
                    m_visited.end());
    std::vector<int> words{blank};
    for (const int cell : m_visited) {
      if (cell != blank && cells[cell] != cell) {
        words.push_back(cell);
        words.push_back(cells[cell]);
      }
      cells[cell] = cell; // the square restored for the next string
    }
    return words;
  }

private:
  Square m_square;
  std::vector<int> m_visited;
};

// A cell and its tile's hash (Zobrist's, with splitmix64 for the table):
// the board's hash is the xor over its cells, so a move changes four.
std::uint64_t tile_hash(int cell, int tile) {
  std::uint64_t z = (static_cast<std::uint64_t>(cell) << 32 |
                     static_cast<std::uint64_t>(tile)) +
                    0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The strings seen, by their effect's hash: open addressing, linear
// probing, a string packed with its length into one word. (A node-based
// multimap took four times as long to fill.)
class SeenTable {
public:
  SeenTable() : m_slots(1 << 10) { insert(0, Moves{}); }

  void insert(std::uint64_t hash, const Moves &m) {
    if (2 * (m_size + 1) > m_slots.size()) {
      grow();
    }
    place({hash, pack(m)});
    ++m_size;
  }

  // Calls f on every string stored under this hash, until f says stop.
  template <class F> bool any_of(std::uint64_t hash, F f) const {
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash & mask; m_slots[i].packed != k_empty;
         i = (i + 1) & mask) {
      if (m_slots[i].hash == hash && f(unpack(m_slots[i].packed))) {
        return true;
      }
    }
    return false;
  }

private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t packed = k_empty;
  };
  static constexpr std::uint64_t k_empty = ~std::uint64_t{0};

  static std::uint64_t pack(const Moves &m) {
    return static_cast<std::uint64_t>(m.length) << 58 | m.code;
  }
  static Moves unpack(std::uint64_t p) {
    return Moves{p & ((std::uint64_t{1} << 58) - 1), static_cast<int>(p >> 58)};
  }

  void place(const Slot &slot) {
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = slot.hash & mask;
    while (m_slots[i].packed != k_empty) {
      i = (i + 1) & mask;
    }
    m_slots[i] = slot;
  }

  void grow() {
    std::vector<Slot> old(2 * m_slots.size());
    old.swap(m_slots);
    for (const Slot &slot : old) {
      if (slot.packed != k_empty) {
        place(slot);
      }
    }
  }

  std::vector<Slot> m_slots;
  std::size_t m_size = 0;
};

// One length's strings, depth first in order, each extended only while
// the automaton of the shorter duplicates accepts it; a string whose
// effect an earlier one within its box had is a duplicate. The board is
// moved as the walk goes, and its hash with it.
class LengthWalk {
public:
  LengthWalk(int max_length, const DuplicatePaths &shorter, SeenTable &seen,
             std::vector<Moves> &duplicates)
      : m_square(max_length), m_shorter(shorter), m_seen(seen),
        m_duplicates(duplicates), m_exact(max_length) {}

  void walk(int length) {
    m_length = length;
    step(Moves{}, DuplicatePaths::k_start, m_square.centre, 0, Box{});
  }

private:
  void step(const Moves &s, int state, int blank, std::uint64_t hash,
            const Box &box) {
    if (s.length == m_length) {
      judge(s, hash, box);
      return;
    }
    const int side = m_square.side, half = side / 2;
    std::vector<int> &cells = m_square.cells;
    const int r = blank / side - half, c = blank % side - half;
    for (int d = 0; d < k_directions; ++d) {
      const int next = m_shorter.next(state, d);
      if (next == DuplicatePaths::k_dead) {
        continue;
      }
      const int to = blank + k_dr[d] * side + k_dc[d];
      const int tile = cells[to], gap = cells[blank];
      const std::uint64_t moved = hash ^ tile_hash(blank, gap) ^
                                  tile_hash(blank, tile) ^ tile_hash(to, tile) ^
                                  tile_hash(to, gap);
      std::swap(cells[blank], cells[to]);
      step(Moves{(s.code << 2) | static_cast<std::uint64_t>(d), s.length + 1},
           next, to, moved, box.with(r + k_dr[d], c + k_dc[d]));
      std::swap(cells[blank], cells[to]);
    }
  }

  // The hashes only point at candidates; the effects are compared in
  // full, so a collision prunes nothing. (The box has refused no
  // candidate up to 12 moves; the proof needs it, so it stays.)
  void judge(const Moves &s, std::uint64_t hash, const Box &box) {
    std::vector<int> words;
    const bool duplicate = m_seen.any_of(hash, [&](const Moves &r) {
      Box rbox, sbox;
      if (words.empty()) {
        words = m_exact.effect(s, sbox);
      }
      return m_exact.effect(r, rbox) == words && rbox.within(box);
    });
    if (duplicate) {
      m_duplicates.push_back(s);
    } else {
      m_seen.insert(hash, s);
    }
  }

  Square m_square;
  const DuplicatePaths &m_shorter;
  SeenTable &m_seen;
  std::vector<Moves> &m_duplicates;
  Walker m_exact;
  int m_length = 0;
};

// Aho & Corasick's automaton over the duplicate strings: a trie, each
// node's failure link the longest proper suffix also in the trie, and
// every transition completed through the links; a node is dead if a
// duplicate ends there, at it or at a suffix.
std::vector<int> automaton(const std::vector<Moves> &strings) {
  std::vector<std::array<int, k_directions>> child(1);
  child[0].fill(-1);
  std::vector<bool> dead(1, false);
  for (const Moves &s : strings) {
    int node = 0;
    for (int i = 0; i < s.length; ++i) {
      int &c = child[node][s.at(i)];
      if (c < 0) {
        c = static_cast<int>(child.size());
        child.push_back({-1, -1, -1, -1});
        dead.push_back(false);
      }
      node = child[node][s.at(i)];
    }
    dead[node] = true;
  }
  std::vector<int> fail(child.size(), 0);
  std::vector<int> next(child.size() * k_directions, 0);
  std::deque<int> queue{0};
  while (!queue.empty()) {
    const int node = queue.front();
    queue.pop_front();
    for (int d = 0; d < k_directions; ++d) {
      const int c = child[node][d];
      const int via_fail = node == 0 ? 0 : next[fail[node] * k_directions + d];
      if (c < 0) {
        next[node * k_directions + d] = via_fail;
        continue;
      }
      fail[c] = via_fail;
      dead[c] = dead[c] || dead[fail[c]];
      next[node * k_directions + d] = c;
      queue.push_back(c);
    }
  }
  // Dead nodes are never entered: every move into one is refused.
  for (int &target : next) {
    if (target > 0 && dead[target]) {
      target = DuplicatePaths::k_dead;
    }
  }
  return next;
}

} // namespace

DuplicatePaths::DuplicatePaths(int max_length) {
  if (max_length < 0 || max_length > 28) {
    throw std::invalid_argument("DuplicatePaths: 0 to 28 moves");
  }
  SeenTable seen;
  std::vector<Moves> strings;
  m_next = automaton(strings);
  for (int length = 1; length <= max_length; ++length) {
    LengthWalk(max_length, *this, seen, strings).walk(length);
    m_next = automaton(strings);
  }
  m_strings = strings.size();
}

const DuplicatePaths &DuplicatePaths::shared() {
  static const DuplicatePaths automaton(k_duplicate_length);
  return automaton;
}

} // namespace satslide::search
