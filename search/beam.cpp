// Beam search (beam.hpp). A layer is its boards (a byte a cell), each
// one's blank and its parent in the layer before; the successors are
// first only (bound, hash, parent, cell) and their boards are made only
// for the `width` kept.
#include "search/beam.hpp"

#include "search/grid_cells.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace satslide::encoder {

namespace {

struct Candidate {
  int bound;
  std::uint64_t hash;
  int parent; // index in the layer before
  int to;     // the blank's new cell
};

std::uint64_t board_hash(const std::uint8_t *cells, int n) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (int i = 0; i < n; ++i) {
    h = (h ^ cells[i]) * 0x100000001B3ULL;
  }
  return h ^ (h >> 29);
}

struct Layer {
  std::vector<std::uint8_t> boards; // n bytes a board
  std::vector<int> blank, parent, bound;
};

// Every board's hash the beam has kept, open addressing (0 stands for
// empty: a board hashing to 0 is taken for 1); a beam that may come back
// to a board meanders on the bound's plateaus without end.
class SeenSet {
public:
  // False if `hash` was there already.
  bool insert(std::uint64_t hash) {
    hash = hash ? hash : 1;
    if ((m_size + 1) * 2 > m_slots.size()) {
      grow();
    }
    std::size_t at = hash & (m_slots.size() - 1);
    while (m_slots[at] != 0) {
      if (m_slots[at] == hash) {
        return false;
      }
      at = (at + 1) & (m_slots.size() - 1);
    }
    m_slots[at] = hash;
    ++m_size;
    return true;
  }
  std::size_t bytes() const { return m_slots.size() * 8; }

private:
  void grow() {
    std::vector<std::uint64_t> old(std::max<std::size_t>(1024, 2 * m_slots.size()));
    old.swap(m_slots);
    m_size = 0;
    for (const std::uint64_t h : old) {
      if (h != 0) {
        insert(h);
      }
    }
  }
  std::vector<std::uint64_t> m_slots;
  std::size_t m_size = 0;
};

} // namespace

BeamResult beam_search(const PatternDatabases &db,
                       const std::vector<int> &board,
                       const BeamOptions &options) {
  const int n = db.rows() * db.cols();
  std::vector<int> child(n);
  return beam_search(
      db.rows(), db.cols(), board, db.goal(), db.bound(board),
      [&](const std::uint8_t *parent, int, int from, int to) {
        std::copy(parent, parent + n, child.begin());
        std::swap(child[from], child[to]);
        return db.bound(child);
      },
      options);
}

BeamResult beam_search(int rows, int cols, const std::vector<int> &board,
                       const std::vector<int> &goal_board, int start_bound,
                       const BeamBound &bound, const BeamOptions &options) {
  const int n = rows * cols;
  if (n > k_beam_max_cells) {
    throw std::invalid_argument("beam search: more than 256 cells");
  }
  BeamResult result;
  const int max_depth = options.shorter_than > 0 ? options.shorter_than - 1
                                                 : 100 * n;
  // Per board of the beam: its parent and blank in every layer, and two
  // layers of boards and hashes.
  const double per_board = max_depth * 8.0 + 3.0 * (n + 16);
  result.width = static_cast<int>(std::max(
      1.0, std::min<double>(options.width, k_beam_max_bytes / per_board)));
  std::vector<Layer> layers(1);
  Layer &start = layers[0];
  start.boards.assign(board.begin(), board.end());
  start.blank = {static_cast<int>(std::find(board.begin(), board.end(), 0) -
                                  board.begin())};
  start.parent = {-1};
  start.bound = {start_bound};
  SeenSet seen;
  seen.insert(board_hash(start.boards.data(), n));
  const std::vector<std::uint8_t> goal(goal_board.begin(), goal_board.end());
  std::vector<std::uint8_t> child(n);
  std::vector<Candidate> next;
  int found = -1;
  for (int depth = 0; depth < max_depth && found < 0; ++depth) {
    if (options.stop && options.stop()) {
      result.stopped = true;
      return result;
    }
    const Layer &at = layers.back();
    next.clear();
    const int size = static_cast<int>(at.blank.size());
    for (int i = 0; i < size; ++i) {
      const std::uint8_t *cells = &at.boards[static_cast<std::size_t>(i) * n];
      const int blank = at.blank[i];
      const int back = at.parent[i] < 0
                           ? -1
                           : layers[layers.size() - 2].blank[at.parent[i]];
      for (const int to : grid_neighbours(rows, cols, blank)) {
        if (to == back) {
          continue;
        }
        std::copy(cells, cells + n, child.begin());
        std::swap(child[blank], child[to]);
        next.push_back({bound(cells, at.bound[i], blank, to),
                        board_hash(child.data(), n), i, to});
        ++result.nodes;
      }
    }
    std::sort(next.begin(), next.end(), [](const Candidate &a, const Candidate &b) {
      return a.hash < b.hash;
    });
    next.erase(std::unique(next.begin(), next.end(),
                           [](const Candidate &a, const Candidate &b) {
                             return a.hash == b.hash;
                           }),
               next.end());
    const auto by_bound = [](const Candidate &a, const Candidate &b) {
      return a.bound != b.bound ? a.bound < b.bound : a.hash < b.hash;
    };
    std::sort(next.begin(), next.end(), by_bound);
    std::size_t kept = 0; // the least bounds of the boards not seen before
    for (std::size_t k = 0; k < next.size() && kept < static_cast<std::size_t>(result.width); ++k) {
      if (seen.insert(next[k].hash)) {
        next[kept++] = next[k];
      }
    }
    next.resize(kept);
    Layer made;
    made.boards.resize(next.size() * n);
    for (std::size_t k = 0; k < next.size(); ++k) {
      const Candidate &c = next[k];
      std::uint8_t *cells = &made.boards[k * n];
      std::copy_n(&at.boards[static_cast<std::size_t>(c.parent) * n], n, cells);
      std::swap(cells[at.blank[c.parent]], cells[c.to]);
      made.blank.push_back(c.to);
      made.parent.push_back(c.parent);
      made.bound.push_back(c.bound);
      if (found < 0 && c.bound == 0 && std::equal(goal.begin(), goal.end(), cells)) {
        found = static_cast<int>(k);
      }
    }
    if (made.blank.empty()) {
      return result; // every successor a duplicate: the beam died
    }
    // Only two layers of boards are kept; the others keep blank and parent.
    if (layers.size() >= 2) {
      layers[layers.size() - 2].boards = {};
    }
    layers.push_back(std::move(made));
  }
  if (found < 0) {
    return result;
  }
  result.found = true;
  for (int layer = static_cast<int>(layers.size()) - 1, k = found; layer > 0;
       k = layers[layer].parent[k], --layer) {
    result.blank_path.push_back(layers[layer].blank[k]);
  }
  std::reverse(result.blank_path.begin(), result.blank_path.end());
  return result;
}

} // namespace satslide::encoder
