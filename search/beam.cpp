// Beam search (beam.hpp). A layer is its boards (a byte a cell), each
// one's blank and its parent in the layer before; the successors are
// first only (bound, hash, parent, cell) and their boards are made only
// for the `width` kept. The bound is a policy class (FunctionBound,
// TableBound), so that its calls at every successor inline; the tables'
// keeps each board's entries and sums, so that a move costs one lookup a
// sum.
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
#include <string>

namespace satslide::search {

namespace {

// The views a bound by tables sums: each set's, on the board and on the
// transposed board.
constexpr int k_max_views = 2 * k_beam_max_sets;

// A successor, before its board is made: its bound, what the bound needs
// to make its state (`note`: see the bound policies below), its hash, its
// parent (index in the layer before) and the blank's new cell.
struct Candidate {
  int bound;
  std::uint64_t hash;
  int parent;
  std::uint8_t to;
  std::array<std::uint8_t, k_max_views> note;
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

// A layer. Every layer keeps each board's blank and parent (the way back);
// the last also its board (a byte a cell), the bound's bytes
// (state_bytes() below), bound and hash.
struct Layer {
  std::vector<std::uint8_t> blank; // cells < 256
  std::vector<int> parent;
  std::vector<std::uint8_t> boards, state;
  std::vector<int> bound;
  std::vector<std::uint64_t> hash;

  // Exchanges what only the last layer keeps with `other`'s.
  void swap_last_only(Layer &other) {
    boards.swap(other.boards);
    state.swap(other.state);
    bound.swap(other.bound);
    hash.swap(other.hash);
  }
};

// What the beam asks of its bound (a policy, so that the calls inline):
//   state_bytes()       bytes it keeps beside each board;
//   start(board, state) the start's bound, and its state;
//   parent(board, state) the next calls are about this board's moves;
//   child(bound, from, to, c) the successor's bound and c.note (what
//                       make() needs), after parent();
//   make(parent_board, parent_state, c, state) the kept child's state.

// A bound given as a function (BeamBound): no state of its own.
class FunctionBound {
public:
  FunctionBound(const BeamBound &f, int start_bound)
      : m_f(f), m_start(start_bound) {}
  int state_bytes() const { return 0; }
  int start(const std::uint8_t *, std::uint8_t *) const { return m_start; }
  void parent(const std::uint8_t *board, const std::uint8_t *) {
    m_board = board;
  }
  int child(int parent_bound, int from, int to, Candidate &) const {
    return m_f(m_board, parent_bound, from, to);
  }
  void make(const std::uint8_t *, const std::uint8_t *, const Candidate &,
            std::uint8_t *) const {}

private:
  const BeamBound &m_f;
  int m_start;
  const std::uint8_t *m_board = nullptr;
};

// The max of the sets' sums, each set's on the board and (where the set
// is reflected) on the transposed board: its views. Each board keeps
// every view's entries and sum (two bytes), so a successor's sum in a
// view is its parent's with the moved tile's pattern's entry swapped for
// the one after the move: a single lookup a view.
class TableBound {
public:
  explicit TableBound(const std::vector<const PatternDatabases *> &sets)
      : m_n(sets.front()->rows() * sets.front()->cols()), m_cell(m_n),
        m_untransposed(m_n) {
    const PatternDatabases &first = *sets.front();
    for (const PatternDatabases *db : sets) {
      if (db->rows() != first.rows() || db->cols() != first.cols() ||
          db->goal() != first.goal()) {
        throw std::invalid_argument("beam search: sets of tables of "
                                    "different boards or goals");
      }
      for (int t = 0; t < (db->reflected() ? 2 : 1); ++t) {
        m_views.push_back({db, t == 1, m_sums_at});
        m_sums_at += static_cast<int>(db->patterns().size());
      }
    }
    if (first.reflected()) {
      for (int t = 0; t < m_n; ++t) {
        m_untransposed[first.transposed_tile(t)] = t;
      }
    }
  }

  int state_bytes() const {
    return m_sums_at + 2 * static_cast<int>(m_views.size());
  }

  int start(const std::uint8_t *board, std::uint8_t *state) {
    parent(board, state);
    int bound = 0;
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      const View &view = m_views[v];
      int sum = 0;
      for (int p = 0; p < static_cast<int>(view.db->patterns().size()); ++p) {
        const int e = view.db->entry(p, rank(view, p, -1, 0));
        state[view.at + p] = static_cast<std::uint8_t>(e);
        sum += e;
      }
      set_sum(state, v, sum);
      bound = std::max(bound, sum);
    }
    return bound;
  }

  void parent(const std::uint8_t *board, const std::uint8_t *state) {
    m_board = board;
    m_state = state;
    for (int c = 0; c < m_n; ++c) {
      m_cell[board[c]] = c;
    }
  }

  int child(int, int from, int to, Candidate &c) const {
    const int moved = m_board[to];
    int bound = 0;
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      const View &view = m_views[v];
      int sum = sum_of(m_state, v);
      if (const int p = pattern_of(view, moved); p >= 0) {
        const int e = view.db->entry(p, rank(view, p, moved, from));
        c.note[v] = static_cast<std::uint8_t>(e);
        sum += e - m_state[view.at + p];
      }
      bound = std::max(bound, sum);
    }
    return bound;
  }

  void make(const std::uint8_t *parent_board, const std::uint8_t *parent_state,
            const Candidate &c, std::uint8_t *state) const {
    std::copy_n(parent_state, state_bytes(), state);
    const int moved = parent_board[c.to];
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      const View &view = m_views[v];
      if (const int p = pattern_of(view, moved); p >= 0) {
        set_sum(state, v, sum_of(state, v) + c.note[v] - state[view.at + p]);
        state[view.at + p] = c.note[v];
      }
    }
  }

private:
  struct View {
    const PatternDatabases *db;
    bool transposed;
    int at; // where its entries begin in a board's state
  };

  int sum_of(const std::uint8_t *state, std::size_t v) const {
    const std::uint8_t *at = state + m_sums_at + 2 * v;
    return at[0] | at[1] << 8;
  }
  void set_sum(std::uint8_t *state, std::size_t v, int sum) const {
    std::uint8_t *at = state + m_sums_at + 2 * v;
    at[0] = static_cast<std::uint8_t>(sum & 0xFF);
    at[1] = static_cast<std::uint8_t>(sum >> 8);
  }

  // The pattern of the view that holds tile `moved` (-1: none).
  static int pattern_of(const View &view, int moved) {
    return view.db->pattern_of(view.transposed
                                   ? view.db->transposed_tile(moved)
                                   : moved);
  }

  // The rank of the view's pattern p's cells on the board of parent(),
  // tile `moved` on `cell` instead (-1: none).
  std::uint64_t rank(const View &view, int p, int moved, int cell) const {
    const std::vector<int> &pattern =
        view.db->patterns()[static_cast<std::size_t>(p)];
    const int count = static_cast<int>(pattern.size());
    int cells[pattern_limits::k_max_pattern];
    for (int i = 0; i < count; ++i) {
      const int t = pattern[static_cast<std::size_t>(i)];
      const int tile = view.transposed ? m_untransposed[t] : t;
      const int at = tile == moved ? cell : m_cell[tile];
      cells[i] = view.transposed ? view.db->transposed_cell(at) : at;
    }
    return view.db->rank(cells, count);
  }

  int m_n;
  std::vector<View> m_views;
  int m_sums_at = 0; // the views' sums follow their entries
  const std::uint8_t *m_board = nullptr, *m_state = nullptr;
  std::vector<int> m_cell;         // by tile, on parent()'s board
  std::vector<int> m_untransposed; // by tile of the transposed board
};

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
  // Asks for `hash`'s first slot ahead of its insert: the set is far
  // larger than the caches, and a probe is a miss otherwise.
  void prefetch(std::uint64_t hash) const {
    if (!m_slots.empty()) {
      __builtin_prefetch(&m_slots[(hash ? hash : 1) & (m_slots.size() - 1)]);
    }
  }

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

// How many candidates ahead of its insert a hash's slot is asked for
// (SeenSet::prefetch): about as many misses as a core keeps in flight.
constexpr std::size_t k_prefetch_ahead = 16;

// One beam search: the layers so far, the boards kept, the goal.
template <class Bound> class Beam {
public:
  Beam(int rows, int cols, const std::vector<int> &board,
       const std::vector<int> &goal, Bound &bound,
       const std::function<bool()> &stop)
      : m_rows(rows), m_cols(cols), m_n(rows * cols),
        m_state_bytes(bound.state_bytes()), m_bound(bound),
        m_goal(goal.begin(), goal.end()), m_layers(1), m_seen(stop) {
    Layer &start = m_layers[0];
    start.boards.assign(board.begin(), board.end());
    start.state.resize(m_state_bytes);
    start.blank = {static_cast<std::uint8_t>(
        std::find(board.begin(), board.end(), 0) - board.begin())};
    start.parent = {-1};
    start.bound = {bound.start(start.boards.data(), start.state.data())};
    start.hash = {board_hash(start.boards.data(), m_n)};
    m_seen.insert(start.hash[0]);
  }

  int start_bound() const { return m_layers[0].bound[0]; }

  // The next layer's successors (their nodes counted), least bound first,
  // none seen before, at most `width`.
  void expand(int width, std::uint64_t salt, long &nodes);
  // Of m_next, those: in order of bound, ties by the hash turned and
  // XORed by `salt`.
  void select(int width, std::uint64_t salt);
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
  int m_rows, m_cols, m_n, m_state_bytes;
  Bound &m_bound;
  std::vector<std::uint8_t> m_goal;
  std::vector<Layer> m_layers;
  Layer m_spare; // the last layer's buffers, dropped, for the next
  std::vector<Candidate> m_next, m_sorted;
  std::vector<std::size_t> m_bucket_end; // select()'s counting sort
  SeenSet m_seen;
};

template <class Bound>
void Beam<Bound>::expand(int width, std::uint64_t salt, long &nodes) {
  const Layer &at = m_layers.back();
  m_next.clear();
  for (int i = 0; i < static_cast<int>(at.blank.size()); ++i) {
    const std::uint8_t *cells = &at.boards[static_cast<std::size_t>(i) * m_n];
    const int blank = at.blank[i];
    const int back = at.parent[i] < 0
                         ? -1
                         : m_layers[m_layers.size() - 2].blank[at.parent[i]];
    m_bound.parent(cells, at.state.data() +
                              static_cast<std::size_t>(i) * m_state_bytes);
    std::array<int, 4> next{};
    const int count = grid_neighbours(m_rows, m_cols, blank, next);
    for (int k = 0; k < count; ++k) {
      const int to = next[k];
      if (to == back) {
        continue;
      }
      Candidate c{0, moved_hash(at.hash[i], cells[to], blank, to), i,
                  static_cast<std::uint8_t>(to), {}};
      c.bound = m_bound.child(at.bound[i], blank, to, c);
      m_next.push_back(c);
      ++nodes;
    }
  }
  select(width, salt);
}

template <class Bound>
void Beam<Bound>::select(int width, std::uint64_t salt) {
  if (m_next.empty()) {
    return;
  }
  // Bucketed by bound (a counting sort into m_sorted); in the bucket
  // where the width runs out, only the share still wanted is split off
  // by the salted hash (nth_element), again for as many as had been seen:
  // no bucket is sorted.
  const auto [least, most] = std::minmax_element(
      m_next.begin(), m_next.end(),
      [](const Candidate &a, const Candidate &b) { return a.bound < b.bound; });
  const int low = least->bound;
  const std::size_t buckets = static_cast<std::size_t>(most->bound - low) + 1;
  m_bucket_end.assign(buckets + 1, 0);
  for (const Candidate &c : m_next) {
    ++m_bucket_end[static_cast<std::size_t>(c.bound - low) + 1];
  }
  for (std::size_t b = 1; b <= buckets; ++b) {
    m_bucket_end[b] += m_bucket_end[b - 1]; // [b]: where bucket b begins
  }
  m_sorted.resize(m_next.size());
  for (const Candidate &c : m_next) {
    m_sorted[m_bucket_end[static_cast<std::size_t>(c.bound - low)]++] = c;
  }
  const int turn = static_cast<int>(salt & 63);
  const auto before = [salt, turn](const Candidate &a, const Candidate &b) {
    return (std::rotl(a.hash, turn) ^ salt) < (std::rotl(b.hash, turn) ^ salt);
  };
  const std::size_t want = static_cast<std::size_t>(width);
  std::size_t kept = 0; // the least bounds of the boards not seen before
  for (std::size_t b = 0, from = 0; b < buckets && kept < want; ++b) {
    const auto at = [this](std::size_t k) {
      return m_sorted.begin() + static_cast<std::ptrdiff_t>(k);
    };
    const std::size_t end = m_bucket_end[b];
    while (from < end && kept < want) {
      const std::size_t take = std::min(end, from + (want - kept));
      if (take < end) {
        std::nth_element(at(from), at(take), at(end), before);
      }
      for (std::size_t k = from; k < take; ++k) {
        if (k + k_prefetch_ahead < take) {
          m_seen.prefetch(m_sorted[k + k_prefetch_ahead].hash);
        }
        if (m_seen.insert(m_sorted[k].hash)) { // drops the layer's repeats
          m_next[kept++] = m_sorted[k];
        }
      }
      from = take;
    }
    from = end;
  }
  m_next.resize(kept);
}

template <class Bound> int Beam<Bound>::advance(bool &alive) {
  Layer &at = m_layers.back();
  Layer made;
  made.swap_last_only(m_spare); // the buffers the layer before dropped
  const std::size_t count = m_next.size();
  made.boards.resize(count * m_n);
  made.state.resize(count * m_state_bytes);
  made.blank.resize(count);
  made.parent.resize(count);
  made.bound.resize(count);
  made.hash.resize(count);
  int found = -1;
  for (std::size_t k = 0; k < count; ++k) {
    const Candidate &c = m_next[k];
    const std::size_t p = static_cast<std::size_t>(c.parent);
    std::uint8_t *cells = &made.boards[k * m_n];
    std::copy_n(&at.boards[p * m_n], m_n, cells);
    m_bound.make(cells, at.state.data() + p * m_state_bytes, c,
                 made.state.data() + k * m_state_bytes);
    std::swap(cells[at.blank[p]], cells[c.to]);
    made.blank[k] = c.to;
    made.parent[k] = c.parent;
    made.bound[k] = c.bound;
    made.hash[k] = c.hash;
    if (found < 0 && c.bound == 0 &&
        std::equal(m_goal.begin(), m_goal.end(), cells)) {
      found = static_cast<int>(k);
    }
  }
  alive = count > 0;
  // Only the last layer keeps more than its blanks and parents.
  at.swap_last_only(m_spare);
  m_layers.push_back(std::move(made));
  return found;
}

template <class Bound>
std::vector<int> Beam<Bound>::path_to(int k, int layer) const {
  std::vector<int> path;
  for (layer = layer < 0 ? static_cast<int>(m_layers.size()) - 1 : layer;
       layer > 0;
       k = m_layers[layer].parent[k], --layer) {
    path.push_back(m_layers[layer].blank[k]);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

template <class Bound>
BeamResult run_beam(int rows, int cols, const std::vector<int> &board,
                    const std::vector<int> &goal, Bound &bound,
                    const BeamOptions &options) {
  const int n = rows * cols;
  if (n > k_beam_max_cells) {
    throw std::invalid_argument("beam search: more than 256 cells");
  }
  BeamResult result;
  const int max_depth = options.shorter_than > 0 ? options.shorter_than - 1
                                                 : 100 * n;
  // Per board of the beam: its blank and parent in every layer (5
  // bytes) and its hash in the set of boards seen (at twice the slots);
  // the last layer's boards, states, bounds and hashes, twice (the spare);
  // its successors.
  const double per_board = max_depth * 21.0 +
                           2.0 * (n + bound.state_bytes() + 16) +
                           3.0 * sizeof(Candidate);
  result.width = static_cast<int>(std::max(
      1.0, std::min<double>(options.width, k_beam_max_bytes / per_board)));
  Beam<Bound> beam(rows, cols, board, goal, bound, options.stop);
  bool alive = true;
  result.best_bound = beam.start_bound();
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

} // namespace

BeamResult beam_search(int rows, int cols, const std::vector<int> &board,
                       const std::vector<int> &goal, int start_bound,
                       const BeamBound &bound, const BeamOptions &options) {
  FunctionBound b(bound, start_bound);
  return run_beam(rows, cols, board, goal, b, options);
}

BeamResult beam_search(const PatternDatabases &db,
                       const std::vector<int> &board,
                       const BeamOptions &options) {
  return beam_search(std::vector<const PatternDatabases *>{&db}, board,
                     options);
}

BeamResult beam_search(const std::vector<const PatternDatabases *> &sets,
                       const std::vector<int> &board,
                       const BeamOptions &options) {
  if (sets.empty() || static_cast<int>(sets.size()) > k_beam_max_sets) {
    throw std::invalid_argument("beam search: 1 to " +
                                std::to_string(k_beam_max_sets) +
                                " sets of tables");
  }
  TableBound b(sets);
  const PatternDatabases &db = *sets.front();
  return run_beam(db.rows(), db.cols(), board, db.goal(), b, options);
}

} // namespace satslide::search
