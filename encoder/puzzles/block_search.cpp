// Breadth-first search over the positions of a block puzzle, identical
// pieces identified: the proof of unsolvability, and the position counts
// the tests compare with published ones (25,955 for the classic Klotski).
#include "encoder/puzzles/block_puzzle.hpp"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace satslide::encoder {

// A position is the sorted anchors of each class in turn, two bytes per
// anchor, so that swapping identical pieces gives the same key.
struct BlockPuzzle::PositionKeys {
  std::vector<int> offset{0}; // class k's slots: [offset[k], offset[k+1])

  static int get(const std::string &key, int slot) {
    return static_cast<unsigned char>(key[2 * slot]) * 256 +
           static_cast<unsigned char>(key[2 * slot + 1]);
  }
  static void set(std::string &key, int slot, int anchor) {
    key[2 * slot] = static_cast<char>(anchor / 256);
    key[2 * slot + 1] = static_cast<char>(anchor % 256);
  }
  // Sorts class k's anchors: identical pieces in any order, one key.
  void normalise(std::string &key, int k) const {
    std::vector<int> anchors;
    for (int s = offset[k]; s < offset[k + 1]; ++s) {
      anchors.push_back(get(key, s));
    }
    std::sort(anchors.begin(), anchors.end());
    for (int s = offset[k]; s < offset[k + 1]; ++s) {
      set(key, s, anchors[s - offset[k]]);
    }
  }
};

BlockPuzzle::PositionKeys BlockPuzzle::position_keys() const {
  PositionKeys keys;
  for (const ShapeClass &k : m_classes) {
    keys.offset.push_back(keys.offset.back() +
                          static_cast<int>(k.pieces.size()));
  }
  return keys;
}

std::string BlockPuzzle::start_key(const PositionKeys &keys) const {
  std::string start(2 * keys.offset.back(), '\0');
  std::vector<int> filled(num_classes(), 0);
  const std::vector<int> anchors = initial_anchors();
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    const int k = m_class_of[i];
    PositionKeys::set(start, keys.offset[k] + filled[k]++, anchors[i]);
  }
  for (int k = 0; k < num_classes(); ++k) {
    keys.normalise(start, k);
  }
  return start;
}

// The positions one unit step from `key` (the step metric's moves; every
// metric reaches the same positions).
std::vector<std::string>
BlockPuzzle::successors(const PositionKeys &keys, const std::string &key,
                        std::vector<char> &occupied) const {
  const int w = m_board.width, n = w * m_board.height;
  std::fill(occupied.begin(), occupied.end(), 0);
  for (int k = 0; k < num_classes(); ++k) {
    for (int s = keys.offset[k]; s < keys.offset[k + 1]; ++s) {
      for (int c : m_classes[k].cells_at[PositionKeys::get(key, s)]) {
        occupied[c] = 1;
      }
    }
  }
  std::vector<std::string> out;
  for (int k = 0; k < num_classes(); ++k) {
    const ShapeClass &cls = m_classes[k];
    for (int s = keys.offset[k]; s < keys.offset[k + 1]; ++s) {
      const int a = PositionKeys::get(key, s), x = a % w;
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
        std::string next = key;
        PositionKeys::set(next, s, b);
        keys.normalise(next, k);
        out.push_back(std::move(next));
      }
    }
  }
  return out;
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
  const auto is_goal = [&](const std::string &key) {
    return std::all_of(goal_slots.begin(), goal_slots.end(),
                       [&](const auto &g) {
                         return PositionKeys::get(key, g.first) == g.second;
                       });
  };
  const std::string start = start_key(keys);
  Exploration result;
  std::unordered_set<std::string> seen{start};
  std::deque<std::string> queue{start};
  std::vector<char> occupied(m_board.width * m_board.height);
  for (long expanded = 0; !queue.empty(); ++expanded) {
    if ((expanded & 1023) == 1023 && stop && stop()) {
      result.positions = static_cast<long>(seen.size());
      return result; // incomplete: proves nothing
    }
    const std::string key = queue.front();
    queue.pop_front();
    if (is_goal(key)) {
      result.goal_found = true;
      if (stop_at_goal) {
        break;
      }
    }
    for (std::string &next : successors(keys, key, occupied)) {
      if (seen.insert(next).second) {
        if (static_cast<long>(seen.size()) > limit) {
          result.positions = static_cast<long>(seen.size());
          return result;
        }
        queue.push_back(std::move(next));
      }
    }
  }
  result.positions = static_cast<long>(seen.size());
  result.complete = queue.empty();
  return result;
}

} // namespace satslide::encoder
