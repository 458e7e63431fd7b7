// Breadth-first search over the positions of a block puzzle, identical
// pieces identified: the proof of unsolvability, and the position counts
// the tests compare with published ones (25,955 for the classic Klotski).
#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include "satslide/search/key_set.hpp"

#include <algorithm>
#include <cstdint>

namespace satslide::puzzles {

// A position is each class's anchors in increasing order, class after
// class, so that swapping identical pieces gives the same key: a byte an
// anchor (two or four on boards of more than 256 cells) in 64-bit words.
struct BlockPuzzle::PositionKeys {
  std::vector<int> offset{0}; // class k's slots: [offset[k], offset[k+1])
  int bits = 8;               // an anchor's; divides 64
  std::size_t words = 1;      // a key's

  int get(const std::uint64_t *key, int slot) const {
    const int bit = slot * bits;
    return static_cast<int>((key[bit / 64] >> (bit % 64)) &
                            ((std::uint64_t{1} << bits) - 1));
  }
  void set(std::uint64_t *key, int slot, int anchor) const {
    const int bit = slot * bits;
    const std::uint64_t mask = ((std::uint64_t{1} << bits) - 1) << (bit % 64);
    key[bit / 64] = (key[bit / 64] & ~mask) |
                    (static_cast<std::uint64_t>(anchor) << (bit % 64));
  }
  // Class k's slot s, just given a new anchor, moved to its place among
  // the class's others (already in order): identical pieces in any order,
  // one key.
  void reorder(std::uint64_t *key, int k, int s) const {
    const int anchor = get(key, s);
    while (s > offset[k] && get(key, s - 1) > anchor) {
      set(key, s, get(key, s - 1));
      --s;
    }
    while (s + 1 < offset[k + 1] && get(key, s + 1) < anchor) {
      set(key, s, get(key, s + 1));
      ++s;
    }
    set(key, s, anchor);
  }
};

BlockPuzzle::PositionKeys BlockPuzzle::position_keys() const {
  PositionKeys keys;
  for (const ShapeClass &k : m_classes) {
    keys.offset.push_back(keys.offset.back() +
                          static_cast<int>(k.pieces.size()));
  }
  const int cells = m_board.width * m_board.height;
  keys.bits = cells <= 256 ? 8 : cells <= 65536 ? 16 : 32;
  keys.words = std::max<std::size_t>(
      1, (static_cast<std::size_t>(keys.offset.back()) * keys.bits + 63) / 64);
  return keys;
}

std::vector<std::uint64_t>
BlockPuzzle::start_key(const PositionKeys &keys) const {
  std::vector<std::uint64_t> start(keys.words, 0);
  std::vector<std::vector<int>> by_class(num_classes());
  const std::vector<int> anchors = initial_anchors();
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    by_class[m_class_of[i]].push_back(anchors[i]);
  }
  for (int k = 0; k < num_classes(); ++k) {
    std::sort(by_class[k].begin(), by_class[k].end());
    for (std::size_t j = 0; j < by_class[k].size(); ++j) {
      keys.set(start.data(), keys.offset[k] + static_cast<int>(j),
               by_class[k][j]);
    }
  }
  return start;
}

// The positions one unit step from `key` (the step metric's moves; every
// metric reaches the same positions), appended to `out` a key after
// another.
void BlockPuzzle::successors(const PositionKeys &keys, const std::uint64_t *key,
                             std::vector<char> &occupied,
                             std::vector<std::uint64_t> &out) const {
  const int w = m_board.width, n = w * m_board.height;
  std::fill(occupied.begin(), occupied.end(), 0);
  for (int k = 0; k < num_classes(); ++k) {
    for (int s = keys.offset[k]; s < keys.offset[k + 1]; ++s) {
      for (int c : m_classes[k].cells_at[keys.get(key, s)]) {
        occupied[c] = 1;
      }
    }
  }
  out.clear();
  for (int k = 0; k < num_classes(); ++k) {
    const ShapeClass &cls = m_classes[k];
    for (int s = keys.offset[k]; s < keys.offset[k + 1]; ++s) {
      const int a = keys.get(key, s), x = a % w;
      const std::vector<int> &own = cls.cells_at[a];
      for (int b : {cls.vertical ? a - w : -1, cls.vertical ? a + w : -1,
                    cls.horizontal && x > 0 ? a - 1 : -1,
                    cls.horizontal && x + 1 < w ? a + 1 : -1}) {
        if (b < 0 || b >= n || cls.cells_at[b].empty()) {
          continue;
        }
        const std::vector<int> &to = cls.cells_at[b];
        if (std::any_of(to.begin(), to.end(), [&](int c) {
              return occupied[c] &&
                     !std::binary_search(own.begin(), own.end(), c);
            })) {
          continue;
        }
        const std::size_t at = out.size();
        out.insert(out.end(), key, key + keys.words);
        keys.set(out.data() + at, s, b);
        keys.reorder(out.data() + at, k, s);
      }
    }
  }
}

BlockPuzzle::Exploration
BlockPuzzle::explore(long limit, bool stop_at_goal,
                     const std::function<bool()> &stop) const {
  const PositionKeys keys = position_keys();
  // Goal pieces are alone in their classes.
  std::vector<std::pair<int, int>> goal_slots; // slot, anchor
  for (const BlockGoal &g : m_board.goals) {
    for (std::size_t i = 0; i < m_board.pieces.size(); ++i) {
      if (m_board.pieces[i].letter == g.letter) {
        goal_slots.emplace_back(keys.offset[m_class_of[i]],
                                g.y * m_board.width + g.x);
      }
    }
  }
  const auto is_goal = [&](const std::uint64_t *key) {
    return std::all_of(
        goal_slots.begin(), goal_slots.end(),
        [&](const auto &g) { return keys.get(key, g.first) == g.second; });
  };
  Exploration result;
  search::KeySet seen(keys.words); // in breadth-first order: the queue too
  seen.insert(start_key(keys).data());
  std::vector<char> occupied(m_board.width * m_board.height);
  std::vector<std::uint64_t> key(keys.words), next;
  std::size_t expanded = 0;
  for (; expanded < seen.size(); ++expanded) {
    if ((expanded & 1023) == 1023 && stop && stop()) {
      result.positions = static_cast<long>(seen.size());
      return result; // incomplete: proves nothing
    }
    const std::uint64_t *at = seen[expanded];
    key.assign(at, at + keys.words);
    if (is_goal(key.data())) {
      result.goal_found = true;
      if (stop_at_goal) {
        break;
      }
    }
    successors(keys, key.data(), occupied, next);
    for (std::size_t j = 0; j < next.size(); j += keys.words) {
      if (seen.insert(next.data() + j).second &&
          static_cast<long>(seen.size()) > limit) {
        result.positions = static_cast<long>(seen.size());
        return result;
      }
    }
  }
  result.positions = static_cast<long>(seen.size());
  result.complete = expanded == seen.size();
  return result;
}

} // namespace satslide::puzzles
