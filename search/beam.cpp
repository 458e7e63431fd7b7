// Beam search (beam.hpp). A layer is its boards (a byte a cell), each
// one's blank and its parent in the layer before; the successors are
// first only (bound, hash, parent, cell) and their boards are made only
// for the `width` kept (beam_select.hpp). The bound is a policy class
// (FunctionBound, TableBound), so that its calls at every successor inline; the
// tables' keeps each board's entries and sums, so that a move costs one lookup
// a sum.
#include "satslide/search/beam.hpp"

#include "satslide/search/beam_select.hpp"
#include "satslide/search/grid_cells.hpp"
#include "satslide/search/huge_pages.hpp"
#include "satslide/search/pattern_limits.hpp"

#include <algorithm>
#include <array>
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

// A board's moves but the one back: the blank from `from` to each `to`.
struct Moves {
  int from = 0;
  int count = 0;
  std::array<int, 4> to{};
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
//   look(slot, board, state, moves) the next child() calls of `slot`
//                       (0 or 1) are about this board's moves; the
//                       bound may ask for what they will read, so that
//                       a parent's lookups overlap the one before's;
//   child(slot, j, bound, c) the bound of the successor by move j of
//                       the slot's look() and c.note (what make() needs);
//   make(parent_board, parent_state, c, state) the kept child's state.

// A bound given as a function (BeamBound): no state of its own.
class FunctionBound {
public:
  FunctionBound(const BeamBound &f, int start_bound)
      : m_f(f), m_start(start_bound) {}
  int state_bytes() const { return 0; }
  int start(const std::uint8_t *, std::uint8_t *) const { return m_start; }
  void look(int slot, const std::uint8_t *board, const std::uint8_t *,
            const Moves &moves) {
    m_looked[slot] = {board, &moves};
  }
  int child(int slot, int j, int parent_bound, Candidate &) const {
    const Looked &l = m_looked[slot];
    return m_f(l.board, parent_bound, l.moves->from, l.moves->to[j]);
  }
  void make(const std::uint8_t *, const std::uint8_t *, const Candidate &,
            std::uint8_t *) const {}

private:
  struct Looked {
    const std::uint8_t *board = nullptr;
    const Moves *moves = nullptr;
  };
  const BeamBound &m_f;
  int m_start;
  std::array<Looked, 2> m_looked;
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
    cells_of(board);
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

  // Each move's entry in each view found and asked for (prefetched),
  // read by child() a parent later.
  void look(int slot, const std::uint8_t *board, const std::uint8_t *state,
            const Moves &moves) {
    cells_of(board);
    Looked &l = m_looked[slot];
    l.state = state;
    for (int j = 0; j < moves.count; ++j) {
      const int moved = board[moves.to[j]];
      for (std::size_t v = 0; v < m_views.size(); ++v) {
        const View &view = m_views[v];
        const int p = pattern_of(view, moved);
        l.old[j][v] = p >= 0 ? state[view.at + p] : 0;
        l.entry[j][v] =
            p >= 0 ? view.db->entry_at(p, rank(view, p, moved, moves.from))
                   : nullptr;
        if (l.entry[j][v] != nullptr) {
          __builtin_prefetch(l.entry[j][v]);
        }
      }
    }
  }

  int child(int slot, int j, int, Candidate &c) const {
    const Looked &l = m_looked[slot];
    int bound = 0;
    for (std::size_t v = 0; v < m_views.size(); ++v) {
      int sum = sum_of(l.state, v);
      if (const std::uint8_t *e = l.entry[j][v]; e != nullptr) {
        c.note[v] = *e;
        sum += *e - l.old[j][v];
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
  // What look() found for child(): by move and view, the entry after the
  // move (nullptr: the moved tile is in none of the view's patterns) and
  // the one before.
  struct Looked {
    const std::uint8_t *state = nullptr;
    std::array<std::array<const std::uint8_t *, k_max_views>, 4> entry{};
    std::array<std::array<int, k_max_views>, 4> old{};
  };

  void cells_of(const std::uint8_t *board) {
    for (int c = 0; c < m_n; ++c) {
      m_cell[board[c]] = c;
    }
  }

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
    return view.db->pattern_of(view.transposed ? view.db->transposed_tile(moved)
                                               : moved);
  }

  // The rank of the view's pattern p's cells on the board of cells_of(),
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
  std::array<Looked, 2> m_looked;
  std::vector<int> m_cell;         // by tile, on cells_of()'s board
  std::vector<int> m_untransposed; // by tile of the transposed board
};

// Every board's hash the beam has kept, open addressing (0 stands for
// empty: a board hashing to 0 is taken for 1); a beam that may come back
// to a board meanders on the bound's plateaus without end. Its slots are
// any number (a hash's first slot is its high bits scaled to the
// count), so that the set is never larger than the beam's estimate
// (run_beam): two slots a board the beam can keep, made at once where
// the length to beat bounds the layers; else grown by doubling, the
// last growth straight to those two slots a board from at most half of
// them (three slots a board while the old set is copied). Growing a set
// of a billion slots takes seconds: it polls `stop` and, told to, leaves
// the rest out (the beam ends at its next layer, its layers unused).
class SeenSet {
public:
  // At most `boards` inserted; `at_once`: all their slots made now (every
  // growth zeroes a set as large as all before it, the kernel clearing
  // each new page, so a set made at once zeroes half as much).
  SeenSet(const std::function<bool()> &stop, double boards, bool at_once)
      : m_stop(stop), m_most(static_cast<std::size_t>(2 * boards + 2)) {
    if (at_once) {
      m_slots = Slots(m_most);
      m_largest = m_most;
    }
  }

  // False if `hash` was there already.
  bool insert(std::uint64_t hash) {
    hash = hash ? hash : 1;
    if ((m_size + 1) * 2 > m_slots.size()) {
      grow();
    }
    std::size_t at = first_slot(hash);
    while (m_slots[at] != 0) {
      if (m_slots[at] == hash) {
        return false;
      }
      at = at + 1 == m_slots.size() ? 0 : at + 1;
    }
    m_slots[at] = hash;
    ++m_size;
    return true;
  }
  // Asks for `hash`'s first slot ahead of its insert: the set is far
  // larger than the caches, and a probe is a miss otherwise.
  void prefetch(std::uint64_t hash) const {
    if (!m_slots.empty()) {
      __builtin_prefetch(&m_slots[first_slot(hash ? hash : 1)]);
    }
  }
  // The most slots held at once, a growth's old set included.
  std::size_t largest() const { return m_largest; }

private:
  using Slots = std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>>;

  std::size_t first_slot(std::uint64_t hash) const {
    return static_cast<std::size_t>(
        (static_cast<unsigned __int128>(hash) * m_slots.size()) >> 64);
  }
  void grow() {
    const std::size_t doubled = std::max<std::size_t>(1024, 2 * m_slots.size());
    Slots old(m_most > doubled && 2 * doubled > m_most ? m_most : doubled);
    m_largest = std::max(m_largest, old.size() + m_slots.size());
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
  std::size_t m_most; // two slots a board the beam can keep
  Slots m_slots;      // on huge pages: probed at random, and fewer faults
                      // while a new set is zeroed
  std::size_t m_size = 0;
  std::size_t m_largest = 0;
};

// One beam search: the layers so far, the boards kept, the goal.
template <class Bound> class Beam {
public:
  Beam(int rows, int cols, const std::vector<int> &board,
       const std::vector<int> &goal, Bound &bound,
       const std::function<bool()> &stop, double boards, bool at_once)
      : m_rows(rows), m_cols(cols), m_n(rows * cols),
        m_state_bytes(bound.state_bytes()), m_bound(bound),
        m_goal(goal.begin(), goal.end()), m_layers(1),
        m_seen(stop, boards, at_once) {
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
  double seen_bytes() const {
    return static_cast<double>(m_seen.largest() * sizeof(std::uint64_t));
  }

private:
  int m_rows, m_cols, m_n, m_state_bytes;
  Bound &m_bound;
  std::vector<std::uint8_t> m_goal;
  std::vector<Layer> m_layers;
  Layer m_spare; // the last layer's buffers, dropped, for the next
  std::vector<Candidate> m_next;
  SelectBuffers<Candidate> m_select;
  SeenSet m_seen;
};

template <class Bound>
void Beam<Bound>::expand(int width, std::uint64_t salt, long &nodes) {
  const Layer &at = m_layers.back();
  m_next.clear();
  const int parents = static_cast<int>(at.blank.size());
  // Board i's moves, looked up by the bound while board i - 1's children
  // are made (slot i % 2).
  std::array<Moves, 2> moves;
  const auto look = [&](int i) {
    Moves &m = moves[static_cast<std::size_t>(i & 1)];
    m.from = at.blank[i];
    const int back = at.parent[i] < 0
                         ? -1
                         : m_layers[m_layers.size() - 2].blank[at.parent[i]];
    std::array<int, 4> next{};
    const int count = grid_neighbours(m_rows, m_cols, m.from, next);
    m.count = 0;
    for (int k = 0; k < count; ++k) {
      if (next[k] != back) {
        m.to[m.count++] = next[k];
      }
    }
    const auto board = static_cast<std::size_t>(i);
    m_bound.look(i & 1, at.boards.data() + board * m_n,
                 at.state.data() + board * m_state_bytes, m);
  };
  if (parents > 0) {
    look(0);
  }
  for (int i = 0; i < parents; ++i) {
    if (i + 1 < parents) {
      look(i + 1);
    }
    const Moves &m = moves[static_cast<std::size_t>(i & 1)];
    const std::uint8_t *cells = &at.boards[static_cast<std::size_t>(i) * m_n];
    for (int j = 0; j < m.count; ++j) {
      const int to = m.to[j];
      Candidate c{0,
                  moved_hash(at.hash[i], cells[to], m.from, to),
                  i,
                  static_cast<std::uint8_t>(to),
                  {}};
      c.bound = m_bound.child(i & 1, j, at.bound[i], c);
      m_next.push_back(c);
      ++nodes;
    }
  }
  select_least(m_next, static_cast<std::size_t>(width), salt, m_seen, m_select);
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
    if (k + k_prefetch_ahead < count) { // the parents lie anywhere
      const auto ahead =
          static_cast<std::size_t>(m_next[k + k_prefetch_ahead].parent);
      __builtin_prefetch(at.boards.data() + ahead * m_n);
      __builtin_prefetch(at.state.data() + ahead * m_state_bytes);
    }
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
       layer > 0; k = m_layers[layer].parent[k], --layer) {
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
  const int max_depth =
      options.shorter_than > 0 ? options.shorter_than - 1 : 100 * n;
  // With a length to beat, the set of boards seen is made at once for
  // every board the beam can keep (SeenSet).
  const bool at_once = options.shorter_than > 0;
  // Per board of the beam: its blank and parent in every layer (5
  // bytes) and its hash in the set of boards seen (two slots, three while
  // a growing set is copied); the last layer's boards, states, bounds and
  // hashes, twice (the spare); its successors.
  const double per_board = max_depth * (5.0 + (at_once ? 16 : 24)) +
                           2.0 * (n + bound.state_bytes() + 16) +
                           3.0 * sizeof(Candidate);
  result.width = static_cast<int>(std::max(
      1.0, std::min<double>(options.width, k_beam_max_bytes / per_board)));
  Beam<Bound> beam(rows, cols, board, goal, bound, options.stop,
                   static_cast<double>(result.width) * max_depth, at_once);
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
      result.seen_bytes = beam.seen_bytes();
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
  result.seen_bytes = beam.seen_bytes();
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
