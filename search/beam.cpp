// Beam search (beam.hpp). A layer is its boards (a byte a cell), each
// one's blank and its parent in the layer before; the successors are
// first only (bound, hash, parent, cell) and their boards are made only
// for the `width` kept.
#include "satslide/search/beam.hpp"

#include "satslide/search/grid_cells.hpp"
#include "satslide/search/huge_pages.hpp"
#include "satslide/search/pattern_limits.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>

namespace satslide::search {

namespace {

struct Candidate {
  int bound;
  int aux; // the bound's own state (BoundWithAux)
  std::uint64_t hash;
  int parent; // index in the layer before
  int to;     // the blank's new cell
};

// A board's hash: the XOR of a key for each (value, cell), so that a
// move changes it by four keys (Zobrist's hashing) and a successor's
// hash costs no pass over its board.
std::uint64_t cell_key(int value, int cell) {
  std::uint64_t x = (static_cast<std::uint64_t>(value) << 8 | cell) +
                    0x9E3779B97F4A7C15ULL; // splitmix64's finaliser
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

std::uint64_t board_hash(const std::uint8_t *cells, int n) {
  std::uint64_t h = 0;
  for (int i = 0; i < n; ++i) {
    h ^= cell_key(cells[i], i);
  }
  return h;
}

// The hash after the blank on `from` and the tile on `to` swap.
std::uint64_t moved_hash(std::uint64_t h, int tile, int from, int to) {
  return h ^ cell_key(0, from) ^ cell_key(tile, to) ^ cell_key(tile, from) ^
         cell_key(0, to);
}

struct Layer {
  std::vector<std::uint8_t> boards; // n bytes a board
  std::vector<int> blank, parent, bound; // by board
  std::vector<std::uint64_t> hash;       // by board, of the last two layers
  std::vector<int> aux;                  // by board, of the last two layers
};

// A successor's bound from its parent's bound and `aux`, a value of the
// bound's own it keeps beside each board (the tables' sums: one of the
// two whose max is the bound), and the move; the child's aux set.
using BoundWithAux =
    std::function<int(const std::uint8_t *parent, int parent_bound,
                      int parent_aux, int from, int to, int &aux)>;

// Every board's hash the beam has kept, open addressing (0 stands for
// empty: a board hashing to 0 is taken for 1); a beam that may come back
// to a board meanders on the bound's plateaus without end. Growing a set
// of a billion slots takes seconds: it polls `stop` and, told to, leaves
// the rest out (the beam ends at its next layer, its layers unused).
class SeenSet {
public:
  explicit SeenSet(const std::function<bool()> &stop) : m_stop(stop) {}

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
  using Slots = std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>>;

  void grow() {
    Slots old(std::max<std::size_t>(1024, 2 * m_slots.size()));
    old.swap(m_slots);
    m_size = 0;
    for (std::size_t i = 0; i < old.size(); ++i) {
      if ((i & k_poll_mask) == k_poll_mask && m_stop && m_stop()) {
        return;
      }
      if (old[i] != 0) {
        insert(old[i]);
      }
    }
  }
  static constexpr std::size_t k_poll_mask = (1U << 20) - 1;
  const std::function<bool()> &m_stop;
  Slots m_slots; // on huge pages: probed at random, and fewer faults
                 // while a new set is zeroed
  std::size_t m_size = 0;
};

// One beam search: the layers so far, the boards kept, the goal.
class Beam {
public:
  Beam(int rows, int cols, const std::vector<int> &board,
       const std::vector<int> &goal, int start_bound, int start_aux,
       const BoundWithAux &bound, const std::function<bool()> &stop)
      : m_rows(rows), m_cols(cols), m_n(rows * cols), m_bound(bound),
        m_goal(goal.begin(), goal.end()), m_layers(1), m_seen(stop) {
    Layer &start = m_layers[0];
    start.boards.assign(board.begin(), board.end());
    start.blank = {static_cast<int>(std::find(board.begin(), board.end(), 0) -
                                    board.begin())};
    start.parent = {-1};
    start.bound = {start_bound};
    start.aux = {start_aux};
    start.hash = {board_hash(start.boards.data(), m_n)};
    m_seen.insert(start.hash[0]);
  }

  // The next layer's successors (their nodes counted), least bound first,
  // none seen before, at most `width`.
  void expand(int width, std::uint64_t salt, long &nodes);
  // The layer made of them; the index of the goal in it, or -1. False
  // in `alive` when every successor had been seen: the beam died.
  int advance(bool &alive);
  // The blank's path to board `k` of layer `layer` (-1: the last).
  std::vector<int> path_to(int k, int layer = -1) const;
  // The least bound of the last layer and where it is (its first board).
  int least(int &k) const {
    const std::vector<int> &b = m_layers.back().bound;
    k = static_cast<int>(std::min_element(b.begin(), b.end()) - b.begin());
    return b.empty() ? INT_MAX : b[k];
  }
  int bound_of(int k) const { return m_layers.back().bound[k]; }
  int layers() const { return static_cast<int>(m_layers.size()); }

private:
  int m_rows, m_cols, m_n;
  const BoundWithAux &m_bound;
  std::vector<std::uint8_t> m_goal;
  std::vector<Layer> m_layers;
  std::vector<std::uint8_t> m_spare; // a dropped layer's boards
  std::vector<Candidate> m_next;
  SeenSet m_seen;
};

void Beam::expand(int width, std::uint64_t salt, long &nodes) {
  const Layer &at = m_layers.back();
  m_next.clear();
  for (int i = 0; i < static_cast<int>(at.blank.size()); ++i) {
    const std::uint8_t *cells = &at.boards[static_cast<std::size_t>(i) * m_n];
    const int blank = at.blank[i];
    const int back = at.parent[i] < 0
                         ? -1
                         : m_layers[m_layers.size() - 2].blank[at.parent[i]];
    std::array<int, 4> next{};
    const int count = grid_neighbours(m_rows, m_cols, blank, next);
    for (int k = 0; k < count; ++k) {
      const int to = next[k];
      if (to == back) {
        continue;
      }
      Candidate c{0, 0, moved_hash(at.hash[i], cells[to], blank, to), i, to};
      c.bound = m_bound(cells, at.bound[i], at.aux[i], blank, to, c.aux);
      m_next.push_back(c);
      ++nodes;
    }
  }
  // In order of least bound (ties by hash), only as far as the beam
  // takes: the first `width` and a quarter more put in order, the rest
  // only if too many of those had been seen.
  const int turn = static_cast<int>(salt & 63);
  const auto before = [salt, turn](const Candidate &a, const Candidate &b) {
    return a.bound != b.bound
               ? a.bound < b.bound
               : (std::rotl(a.hash, turn) ^ salt) <
                     (std::rotl(b.hash, turn) ^ salt);
  };
  const std::size_t want = static_cast<std::size_t>(width);
  std::size_t sorted = std::min(m_next.size(), want + want / 4);
  std::nth_element(m_next.begin(), m_next.begin() + sorted, m_next.end(),
                   before);
  std::sort(m_next.begin(), m_next.begin() + sorted, before);
  std::size_t kept = 0; // the least bounds of the boards not seen before
  for (std::size_t k = 0; k < m_next.size() && kept < want; ++k) {
    if (k == sorted) {
      std::sort(m_next.begin() + k, m_next.end(), before);
      sorted = m_next.size();
    }
    if (m_seen.insert(m_next[k].hash)) { // also drops the layer's repeats
      m_next[kept++] = m_next[k];
    }
  }
  m_next.resize(kept);
}

int Beam::advance(bool &alive) {
  const Layer &at = m_layers.back();
  Layer made;
  made.boards.swap(m_spare); // a layer's boards reuse a dropped layer's
  made.boards.resize(m_next.size() * m_n);
  int found = -1;
  for (std::size_t k = 0; k < m_next.size(); ++k) {
    const Candidate &c = m_next[k];
    std::uint8_t *cells = &made.boards[k * m_n];
    std::copy_n(&at.boards[static_cast<std::size_t>(c.parent) * m_n], m_n,
                cells);
    std::swap(cells[at.blank[c.parent]], cells[c.to]);
    made.blank.push_back(c.to);
    made.parent.push_back(c.parent);
    made.bound.push_back(c.bound);
    made.hash.push_back(c.hash);
    made.aux.push_back(c.aux);
    if (found < 0 && c.bound == 0 &&
        std::equal(m_goal.begin(), m_goal.end(), cells)) {
      found = static_cast<int>(k);
    }
  }
  alive = !made.blank.empty();
  // Only two layers of boards are kept; the others keep blank and parent.
  if (m_layers.size() >= 2) {
    Layer &old = m_layers[m_layers.size() - 2];
    m_spare.swap(old.boards);
    old.boards = {};
    old.hash = {};
    old.aux = {};
  }
  m_layers.push_back(std::move(made));
  return found;
}

std::vector<int> Beam::path_to(int k, int layer) const {
  std::vector<int> path;
  for (layer = layer < 0 ? static_cast<int>(m_layers.size()) - 1 : layer;
       layer > 0;
       k = m_layers[layer].parent[k], --layer) {
    path.push_back(m_layers[layer].blank[k]);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

BeamResult run_beam(int rows, int cols, const std::vector<int> &board,
                    const std::vector<int> &goal, int start_bound,
                    int start_aux, const BoundWithAux &bound,
                    const BeamOptions &options) {
  const int n = rows * cols;
  if (n > k_beam_max_cells) {
    throw std::invalid_argument("beam search: more than 256 cells");
  }
  BeamResult result;
  const int max_depth = options.shorter_than > 0 ? options.shorter_than - 1
                                                 : 100 * n;
  // Per board of the beam: its parent, blank and bound in every layer
  // (12 bytes), two layers of boards, its successors and its hash in the
  // set of boards seen (at twice the slots) in every layer.
  const double per_board = max_depth * 28.0 + 3.0 * (n + 24);
  result.width = static_cast<int>(std::max(
      1.0, std::min<double>(options.width, k_beam_max_bytes / per_board)));
  Beam beam(rows, cols, board, goal, start_bound, start_aux, bound,
            options.stop);
  bool alive = true;
  result.best_bound = start_bound;
  int best_layer = 0, best_k = 0;
  for (int depth = 0; depth < max_depth && alive; ++depth) {
    if (options.stop && options.stop()) {
      result.stopped = true;
      break;
    }
    beam.expand(result.width, options.tie_salt, result.nodes);
    const int found = beam.advance(alive);
    if (found >= 0) {
      result.found = true;
      result.blank_path = beam.path_to(found);
      result.best_path = result.blank_path;
      result.best_bound = beam.bound_of(found);
      return result;
    }
    int k = 0;
    const int least = alive ? beam.least(k) : INT_MAX;
    if (least < result.best_bound) {
      result.best_bound = least;
      best_layer = beam.layers() - 1;
      best_k = k;
    } else if (options.stall_layers > 0 &&
               beam.layers() - 1 - best_layer >= options.stall_layers) {
      break;
    }
  }
  result.best_path = beam.path_to(best_k, best_layer);
  return result;
}

// What a move changes in the databases' sum over a board, or over its
// transposition: the moved tile's pattern's entry after the move less
// the one before. The parent's cell of every tile is found once for all
// its successors (the beam asks for them one after the other; a board
// that differs from the last one asked about is read again).
class EntryChanges {
public:
  explicit EntryChanges(const PatternDatabases &db)
      : m_db(db), m_n(db.rows() * db.cols()), m_board(m_n, 0xFF),
        m_cell(m_n), m_untransposed(m_n) {
    if (db.reflected()) {
      for (int t = 0; t < m_n; ++t) {
        m_untransposed[db.transposed_tile(t)] = t;
      }
    }
  }

  int operator()(const std::uint8_t *parent, int from, int to,
                 bool transposed) {
    if (!std::equal(parent, parent + m_n, m_board.begin())) {
      std::copy(parent, parent + m_n, m_board.begin());
      for (int c = 0; c < m_n; ++c) {
        m_cell[parent[c]] = c;
      }
    }
    const int moved = transposed ? m_db.transposed_tile(parent[to])
                                 : parent[to];
    const int p = m_db.pattern_of(moved);
    if (p < 0) {
      return 0;
    }
    const std::vector<int> &pattern =
        m_db.patterns()[static_cast<std::size_t>(p)];
    const int count = static_cast<int>(pattern.size());
    int cells[pattern_limits::k_max_pattern];
    for (int i = 0; i < count; ++i) {
      const int t = pattern[static_cast<std::size_t>(i)];
      cells[i] = transposed ? m_db.transposed_cell(m_cell[m_untransposed[t]])
                            : m_cell[t];
    }
    const int before = m_db.entry(p, m_db.rank(cells, count));
    cells[m_db.index_in_pattern(moved)] =
        transposed ? m_db.transposed_cell(from) : from;
    return m_db.entry(p, m_db.rank(cells, count)) - before;
  }

private:
  const PatternDatabases &m_db;
  int m_n;
  std::vector<std::uint8_t> m_board; // the board m_cell is of
  std::vector<int> m_cell;           // by tile
  std::vector<int> m_untransposed;   // by tile of the transposed board
};

} // namespace

BeamResult beam_search(int rows, int cols, const std::vector<int> &board,
                       const std::vector<int> &goal, int start_bound,
                       const BeamBound &bound, const BeamOptions &options) {
  return run_beam(rows, cols, board, goal, start_bound, 0,
                  [&bound](const std::uint8_t *parent, int parent_bound, int,
                           int from, int to, int &) {
                    return bound(parent, parent_bound, from, to);
                  },
                  options);
}

// Only the moved tile's pattern changes its entry, so a child's sum is its
// parent's and that change (two lookups, where the whole sum takes one a
// pattern). With the transposed board the bound is the max of two sums:
// each board keeps the difference of the two as its aux, so that both
// follow from the bound.
BeamResult beam_search(const PatternDatabases &db,
                       const std::vector<int> &board,
                       const BeamOptions &options) {
  EntryChanges change(db);
  if (!db.reflected()) {
    return run_beam(db.rows(), db.cols(), board, db.goal(), db.sum(board), 0,
                    [&](const std::uint8_t *parent, int parent_bound, int,
                        int from, int to, int &) {
                      return parent_bound + change(parent, from, to, false);
                    },
                    options);
  }
  const int sum = db.sum(board), other = db.transposed_sum(board);
  return run_beam(
      db.rows(), db.cols(), board, db.goal(), std::max(sum, other),
      sum - other,
      [&](const std::uint8_t *parent, int parent_bound, int parent_aux,
          int from, int to, int &aux) {
        const int s = (parent_aux >= 0 ? parent_bound
                                       : parent_bound + parent_aux) +
                      change(parent, from, to, false);
        const int t = (parent_aux >= 0 ? parent_bound - parent_aux
                                       : parent_bound) +
                      change(parent, from, to, true);
        aux = s - t;
        return std::max(s, t);
      },
      options);
}

} // namespace satslide::search
