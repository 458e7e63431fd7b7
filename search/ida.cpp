#include "satslide/search/ida.hpp"

#include "satslide/search/duplicate_paths.hpp"
#include "satslide/search/grid_cells.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <climits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>

namespace satslide::search {

namespace {

constexpr int k_max_patterns = 64;
constexpr int k_max_tiles = 10; // a pattern's tiles (9), with room to spare
// A view is one set of databases read plain or on the transposed board:
// two sets, each both ways.
constexpr int k_max_views = 4;
constexpr int k_max_lists = k_max_views * k_max_patterns;
constexpr long k_poll_mask = (1L << 16) - 1;
// Several threads: the tree is cut at depth 8 (deeper by two, up to 16,
// until there are 64 subtrees a thread) for the workers to share.
constexpr int k_first_cut = 8;
constexpr int k_last_cut = 16;
constexpr std::size_t k_subtrees_a_thread = 64;
// f scaled so that weights in percent stay integers.
constexpr int k_scale = 100;
// The dual's bound is looked up only where f is this close to the
// threshold (moves).
constexpr int k_dual_slack = 2;
// The least step between the thresholds of weighted IDA*, in moves.
constexpr int k_weighted_step = 2;

// The search's position: the board, the blank, and each pattern's tile
// cells in each view (a set of databases, on the board or, where the
// transposed board counts too, on that), so a move updates one pattern's
// rank and its table entry a view instead of the whole sums. The bound is
// the largest view's sum; views after the first are looked up only where
// the ones before do not cut the position.
// Dual: with the dual lookups (IdaOptions::dual); without, the moves
// keep nothing of the dual's, at the speed of the plain search.
template <bool Dual, int Views> class Search {
public:
  Search(const PatternDatabases &db, const std::vector<int> &board,
         const IdaOptions &options)
      : m_db(db), m_options(options), m_board(board),
        m_patterns(static_cast<int>(db.patterns().size())),
        m_moves(options.prune_duplicates ? DuplicatePaths::shared()
                                         : move_back()),
        m_dual(options.dual) {
    const int n = db.rows() * db.cols();
    m_adjacent.resize(n);
    for (int c = 0; c < n; ++c) {
      for (const int to : grid_neighbours(db.rows(), db.cols(), c)) {
        m_adjacent[c].push_back({to, grid_direction(db.cols(), c, to)});
      }
    }
    add_view(db, false);
    if (db.reflected()) {
      add_view(db, true);
    }
    for (const PatternDatabases *more : options.more_databases) {
      add_view(*more, false);
      if (more->reflected()) {
        add_view(*more, true);
      }
    }
    index_lists(n);
    for (int c = 0; c < n; ++c) {
      if (board[c] == 0) {
        m_blank = c;
      } else {
        place(board[c], c);
      }
    }
    for (int l = 0; l < m_lists; ++l) {
      m_value[l] = value(l);
      m_sum[m_list_view[l]] += m_value[l];
    }
    if constexpr (Dual) {
      start_dual(n);
    }
    if (options.shorter_than >= 0) {
      m_cap = options.shorter_than - 1;
    }
    if (weighted() && options.max_length >= 0) {
      m_cap = std::min(m_cap, options.max_length);
    }
  }

  // The bound on the position: the largest view's sum (those the last
  // move left pending looked up now).
  int h() {
    int hv = m_sum[0];
    for (int w = 1; w < Views; ++w) {
      resolve(w);
      hv = std::max(hv, m_sum[w]);
    }
    return hv;
  }

  // The larger of h() and the dual's bound (looked up now if pending).
  int full_h() {
    const int hv = h();
    if constexpr (Dual) {
      return std::max(hv, dual_h());
    }
    return hv;
  }

  IdaResult run() {
    IdaResult result;
    result.start_bound = full_h();
    int threshold = first_threshold(result.start_bound);
    result.no_plan_up_to =
        up_to_parity(result.start_bound) - 1; // the bound's own proof
    for (;;) {
      if (!weighted() && m_options.max_length >= 0 &&
          threshold > m_options.max_length * k_scale) {
        result.limit = true;
        break;
      }
      const long before = m_nodes;
      m_next = INT_MAX;
      m_path.clear();
      const bool found = m_options.threads > 1 && result.start_bound >= 2
                             ? parallel_dfs(threshold, result.start_bound)
                             : dfs(0, threshold, DuplicatePaths::k_start);
      ++result.thresholds;
      if (found) {
        result.found = true;
        result.blank_path = m_path;
        if (!weighted()) {
          result.no_plan_up_to = threshold / k_scale - 1;
        }
        break;
      }
      if (m_stopped) {
        result.stopped = true;
        break;
      }
      if (!weighted()) {
        // Every plan of length <= threshold was searched (and the next
        // length has the wrong parity), up to the cap.
        result.no_plan_up_to = std::min(threshold / k_scale + 1, m_cap);
        if (m_options.on_threshold) {
          m_options.on_threshold(std::min(threshold / k_scale, m_cap),
                                 m_nodes - before, m_nodes);
        }
      }
      if (m_next == INT_MAX) {
        // Nothing left beyond: no plan at all (unsolvable), or, below a
        // cap, none shorter than it.
        result.limit = m_cap != INT_MAX;
        break;
      }
      threshold = next_threshold(threshold);
    }
    result.nodes = m_nodes;
    result.dual_cuts = m_dual_cuts;
    result.pathmax_cuts = m_pathmax_cuts;
    return result;
  }

private:
  bool weighted() const { return m_options.weight_percent != k_scale; }

  int up_to_parity(int f) const {
    return (f - m_options.parity) % 2 == 0 ? f : f + 1;
  }

  // Thresholds are on f scaled by k_scale (f = k_scale g + weight h).
  int first_threshold(int start_bound) const {
    return weighted() ? m_options.weight_percent * start_bound
                      : up_to_parity(start_bound) * k_scale;
  }

  // IDA*: the least f beyond, in moves of the optimum's parity. Weighted:
  // at least k_weighted_step moves more, so that the fine-grained f
  // values do not make an iteration of every one.
  int next_threshold(int threshold) const {
    if (weighted()) {
      return std::max(m_next, threshold + k_weighted_step * k_scale);
    }
    const int moves = (m_next + k_scale - 1) / k_scale;
    return up_to_parity(std::max(moves, threshold / k_scale + 1)) * k_scale;
  }

  // Whether a node at depth g with bound hv lies beyond the threshold
  // (noting its f for the next) or can lead to no plan under the cap.
  bool beyond(int g, int hv, int threshold) {
    if (g + hv > m_cap) {
      return true;
    }
    const int f = k_scale * g + m_options.weight_percent * hv;
    if (f > threshold) {
      m_next = std::min(m_next, f);
      return true;
    }
    return false;
  }

  // Whether f = g + h lies within k_dual_slack moves of the threshold:
  // only there is the dual's bound looked up, since it seldom exceeds
  // the plain one by more.
  bool close(int g, int hv, int threshold) const {
    return threshold - (k_scale * g + m_options.weight_percent * hv) <=
           k_dual_slack * k_scale;
  }

  // A view of `db`'s tables, on the board or on the transposed board: a
  // list of tile cells for each of its patterns.
  void add_view(const PatternDatabases &db, bool transposed) {
    const int patterns = static_cast<int>(db.patterns().size());
    for (int p = 0; p < patterns; ++p) {
      m_list_db[m_lists] = &db;
      m_list_pattern[m_lists] = p;
      m_table[m_lists] = db.entry_at(p, 0);
      m_list_view[m_lists] = m_added_views;
      m_size[m_lists] = static_cast<int>(db.patterns()[p].size());
      ++m_lists;
    }
    m_view_transposed[m_added_views] = transposed;
    ++m_added_views;
  }

  // Where each tile's cell goes in each view's lists, read once from the
  // databases: the moves below look them up at every node.
  void index_lists(int n) {
    m_slot.assign(n, {});
    for (auto &slots : m_slot) {
      std::fill(std::begin(slots), std::end(slots), Slot{-1, 0});
    }
    m_transposed.assign(n, 0);
    for (int l = 0, first = 0; l < m_lists; ++l) {
      if (l > 0 && m_list_view[l] != m_list_view[l - 1]) {
        first = l;
      }
      const int w = m_list_view[l];
      const PatternDatabases &db = *m_list_db[l];
      const std::vector<int> &tiles = db.patterns()[m_list_pattern[l]];
      for (int i = 0; i < m_size[l]; ++i) {
        // A transposed view: tile t's cell, transposed, is its
        // transposed tile's place in the tables.
        const int t = m_view_transposed[w] ? db.transposed_tile(tiles[i])
                                           : tiles[i];
        m_slot[t][w] = {first + m_list_pattern[l], i};
      }
    }
    for (int l = 0; l < m_lists; ++l) {
      if (m_view_transposed[m_list_view[l]]) {
        for (int c = 0; c < n; ++c) {
          m_transposed[c] = m_list_db[l]->transposed_cell(c);
        }
        break; // every set has the same board and goal: one transposition
      }
    }
  }

  // Tile t sits on cell c: its patterns' cell lists, in every view.
  void place(int t, int c) {
    const Slot *slots = m_slot[t].data();
    for (int w = 0; w < Views; ++w) {
      if (slots[w].list >= 0) {
        m_cells[slots[w].list][slots[w].index] =
            m_view_transposed[w] ? m_transposed[c] : c;
      }
    }
  }

  // List l's table entry (every set ranks placements alike: the same
  // board).
  int value(int l) const {
    return m_table[l][m_db.rank(m_cells[l], m_size[l])];
  }

  // View w's list the last move changed, if not looked up yet.
  void resolve(int w) {
    const int l = m_pending[w];
    if (l >= 0) {
      const int now = value(l);
      m_sum[w] += now - m_value[l];
      m_value[l] = now;
      m_pending[w] = -1;
    }
  }

  // The dual's part of a move undone, each side's: its trail's length
  // and its sum before the move (nothing was left to look up: slide()
  // resolves it).
  struct DualUndo {
    std::size_t trail[2] = {};
    int old_sum[2] = {};
  };
  struct NoUndo {};
  // A move undone: the tile, where the blank was, the list it changed in
  // each view (-1: none) with its value before, each view's sum before
  // it, and the dual's (none without).
  struct Undo {
    int tile, blank;
    int list[Views], old[Views], old_sum[Views];
    [[no_unique_address]] std::conditional_t<Dual, DualUndo, NoUndo> dual;
  };

  // The tile on `to` slides into the blank. Its pattern's entry in the
  // first view is looked up at once; the other views' are left pending
  // (h() looks them up), since most positions are cut by the first sum
  // alone.
  Undo slide(int to) {
    for (int w = 1; w < Views; ++w) {
      resolve(w);
    }
    if constexpr (Dual) {
      resolve_dual(); // so that the entries noted below stay where noted
    }
    Undo u;
    u.tile = m_board[to];
    u.blank = m_blank;
    const Slot *slots = m_slot[u.tile].data();
    for (int w = 0; w < Views; ++w) {
      u.list[w] = slots[w].list;
      u.old[w] = u.list[w] >= 0 ? m_value[u.list[w]] : 0;
      u.old_sum[w] = m_sum[w];
    }
    m_board[m_blank] = u.tile;
    m_board[to] = 0;
    place(u.tile, m_blank);
    m_blank = to;
    if (const int l = u.list[0]; l >= 0) {
      m_value[l] = value(l);
      m_sum[0] += m_value[l] - u.old[0];
    }
    for (int w = 1; w < Views; ++w) {
      m_pending[w] = u.list[w];
    }
    if constexpr (Dual) {
      slide_dual(u, to);
    }
    return u;
  }

  void unslide(const Undo &u) {
    const int to = m_blank;
    m_board[m_blank] = u.tile;
    m_board[u.blank] = 0;
    place(u.tile, m_blank);
    m_blank = u.blank;
    for (int w = 0; w < Views; ++w) {
      if (u.list[w] >= 0) {
        m_value[u.list[w]] = u.old[w];
      }
      m_sum[w] = u.old_sum[w];
      m_pending[w] = -1;
    }
    if constexpr (Dual) {
      unslide_dual(u, to);
    }
  }

  // The dual (search/dual_tables.hpp) of the position and, where the
  // transposed board counts too, of the transposed board (the same goal,
  // so the same tables): each side's pattern cells in its dual, their
  // table values (and tile 0's distance, as value m_patterns) and their
  // sum, kept as the plain ones are: the patterns a move changes are
  // fetched at once and read when the dual's bound is next asked for,
  // or at the next move (most positions are cut before), each value
  // replaced noted on a trail that unslide() rewinds.
  struct DualSide {
    int blank = 0; // the dual's blank tile
    int cells[k_max_patterns][k_max_tiles] = {};
    int value[k_max_patterns + 1] = {};
    int sum = 0;
    std::uint64_t pending = 0; // patterns, by bit
    bool zero_pending = false;
    std::vector<std::pair<int, int>> trail; // (value, before)
    const std::uint8_t *at[k_max_patterns] = {}; // pending entries
  };

  // Side 1 sees the transposed board: its cells and tiles transposed.
  int side_cell(int side, int c) const {
    return side == 0 ? c : m_transposed[c];
  }
  int side_tile(int side, int t) const {
    return side == 0 || t == 0 ? t : m_db.transposed_tile(t);
  }
  // The tile on cell c of side's board.
  int side_board(int side, int c) const {
    return side_tile(side, m_board[side_cell(side, c)]);
  }

  void start_dual(int n) {
    m_goal_cell.assign(n, 0);
    for (int c = 0; c < n; ++c) {
      m_goal_cell[m_db.goal()[c]] = c;
    }
    m_dual_sides = m_db.reflected() ? 2 : 1;
    for (int side = 0; side < m_dual_sides; ++side) {
      DualSide &d = m_dual_side[side];
      d.blank = m_db.goal()[side_cell(side, m_blank)];
      for (int t = 1; t < n; ++t) {
        if (t != d.blank && m_slot[t][0].list >= 0) {
          d.cells[m_slot[t][0].list][m_slot[t][0].index] =
              m_goal_cell[side_board(side, m_goal_cell[t])];
        }
      }
      for (int p = 0; p <= m_patterns; ++p) {
        d.value[p] = p < m_patterns ? *dual_entry(d, p) : zero_distance(side);
        d.sum += d.value[p];
      }
    }
  }

  // Pattern p's entry in the dual: without the dual's blank tile, from
  // that tile's own table, where p holds it; else from p's table for the
  // region of p's walls where the dual's goal blank is.
  const std::uint8_t *dual_entry(const DualSide &d, int p) const {
    static constexpr std::uint8_t k_zero = 0;
    const Slot blank = m_slot[d.blank][0];
    if (blank.list != p) {
      const PatternDatabases *table = m_dual->region_table(d.blank, p);
      return table == nullptr
                 ? m_db.entry_at(p, m_db.rank(d.cells[p], m_size[p]))
                 : table->entry_at(0, table->rank(d.cells[p], m_size[p]));
    }
    const PatternDatabases *without = m_dual->without(d.blank);
    if (without == nullptr) {
      return &k_zero;
    }
    int cells[k_max_tiles];
    int k = 0;
    for (int i = 0; i < m_size[p]; ++i) {
      if (i != blank.index) {
        cells[k++] = d.cells[p][i];
      }
    }
    return without->entry_at(0, without->rank(cells, k));
  }

  // Tile 0 in side's dual: from the goal cell of the tile on the goal
  // blank's cell home to that cell (none when it is the dual's blank).
  int zero_distance(int side) const {
    if (m_dual_side[side].blank == 0) {
      return 0;
    }
    const int home = m_goal_cell[0];
    return grid_distance(m_db.cols(), m_goal_cell[side_board(side, home)],
                         home);
  }

  // The tile on `to` slid into the blank's cell b (on side's board): in
  // the dual, the tile whose goal is b (the dual's blank) takes the cell
  // of the one whose goal is `to`, which becomes the dual's blank. Their
  // patterns change, and those whose table for the new blank is another
  // region's.
  void slide_dual(Undo &u, int to) {
    for (int side = 0; side < m_dual_sides; ++side) {
      DualSide &d = m_dual_side[side];
      u.dual.trail[side] = d.trail.size();
      u.dual.old_sum[side] = d.sum;
      const int b = side_cell(side, u.blank);
      const int t = side_cell(side, to);
      const int was_blank = m_db.goal()[b];
      const int now_blank = m_db.goal()[t];
      std::uint64_t changed = 0;
      if (const Slot was = m_slot[was_blank][0]; was.list >= 0) {
        d.cells[was.list][was.index] = m_goal_cell[side_tile(side, u.tile)];
        changed |= std::uint64_t{1} << was.list;
      }
      if (const Slot now = m_slot[now_blank][0]; now.list >= 0) {
        changed |= std::uint64_t{1} << now.list;
      }
      for (int p = 0; p < m_patterns; ++p) {
        if (m_dual->region_table(was_blank, p) !=
            m_dual->region_table(now_blank, p)) {
          changed |= std::uint64_t{1} << p;
        }
      }
      d.blank = now_blank;
      // Each entry the dual's bound will read, fetched now: its cache
      // miss overlaps the plain entry's.
      for (std::uint64_t left = changed; left != 0; left &= left - 1) {
        const int p = std::countr_zero(left);
        d.at[p] = dual_entry(d, p);
        __builtin_prefetch(d.at[p]);
      }
      d.pending = changed;
      d.zero_pending = b == m_goal_cell[0] || t == m_goal_cell[0];
    }
  }

  // A blank tile's entry in its cell list is not read; the tile the move
  // made the dual's blank stood, before it, on the goal cell of the tile
  // moved (its entry may have been overwritten since, below).
  void unslide_dual(const Undo &u, int to) {
    for (int side = 0; side < m_dual_sides; ++side) {
      DualSide &d = m_dual_side[side];
      const Slot made_blank = m_slot[m_db.goal()[side_cell(side, to)]][0];
      if (made_blank.list >= 0) {
        d.cells[made_blank.list][made_blank.index] =
            m_goal_cell[side_tile(side, u.tile)];
      }
      while (d.trail.size() > u.dual.trail[side]) {
        d.value[d.trail.back().first] = d.trail.back().second;
        d.trail.pop_back();
      }
      d.sum = u.dual.old_sum[side];
      d.blank = m_db.goal()[side_cell(side, u.blank)];
      d.pending = 0;
      d.zero_pending = false;
    }
  }

  // Value p (m_patterns: tile 0's distance) of a side looked up again.
  static void renew_dual(DualSide &d, int p, int now) {
    if (now != d.value[p]) {
      d.trail.emplace_back(p, d.value[p]);
      d.sum += now - d.value[p];
      d.value[p] = now;
    }
  }

  void resolve_dual(int side) {
    DualSide &d = m_dual_side[side];
    for (; d.pending != 0; d.pending &= d.pending - 1) {
      const int p = std::countr_zero(d.pending);
      renew_dual(d, p, *d.at[p]);
    }
    if (d.zero_pending) {
      renew_dual(d, m_patterns, zero_distance(side));
      d.zero_pending = false;
    }
  }

  void resolve_dual() {
    for (int side = 0; side < m_dual_sides; ++side) {
      resolve_dual(side);
    }
  }

  // The dual's bound: the larger of the two sides'.
  int dual_h() {
    resolve_dual();
    return m_dual_sides == 1
               ? m_dual_side[0].sum
               : std::max(m_dual_side[0].sum, m_dual_side[1].sum);
  }

  // Counts a node, polling the stop test (and the other workers) now and
  // then; whether the search is to end.
  bool count_node() {
    if ((++m_nodes & k_poll_mask) == 1 &&
        ((m_options.stop && m_options.stop()) ||
         (m_first_found != nullptr && m_subtree > *m_first_found))) {
      m_stopped = true;
    }
    return m_stopped;
  }

  // Whether the position lies beyond the threshold by the views' bound,
  // `hv` the largest sum read. The first view's sum alone cuts most
  // positions, the others unread; each of those is looked up only where
  // the ones before do not cut.
  bool cut_by_views(int g, int threshold, int &hv) {
    hv = m_sum[0];
    if (beyond(g, hv, threshold)) {
      return true;
    }
    for (int w = 1; w < Views; ++w) {
      resolve(w);
      if (m_sum[w] > hv) {
        hv = m_sum[w];
        if (beyond(g, hv, threshold)) {
          return true;
        }
      }
    }
    return false;
  }

  // Searches below the position; on returning without a plan, m_raised
  // holds its bound (raised by its children's: pathmax), for its parent.
  bool dfs(int g, int threshold, int state) {
    m_raised = 0;
    if (count_node()) {
      return false;
    }
    int hv = 0;
    if (cut_by_views(g, threshold, hv)) {
      m_raised = hv;
      return false;
    }
    if (Dual && close(g, hv, threshold)) {
      const int dual = dual_h();
      if (dual > hv) {
        hv = dual;
        if (beyond(g, hv, threshold)) {
          ++m_dual_cuts;
          m_raised = hv;
          return false;
        }
      }
    }
    if (hv == 0 && solved()) {
      return true;
    }
    for (const Move &move : m_adjacent[m_blank]) {
      const int next = m_moves.next(state, move.direction);
      if (next == DuplicatePaths::k_dead) {
        continue; // the move back, or a longer duplicate
      }
      const Undo u = slide(move.to);
      m_path.push_back(move.to);
      if (dfs(g + 1, threshold, next)) {
        return true;
      }
      m_path.pop_back();
      unslide(u);
      if (m_stopped) {
        return false;
      }
      // Pathmax: the position is at least its child's bound less one.
      if (m_raised - 1 > hv) {
        hv = m_raised - 1;
        if (beyond(g, hv, threshold)) {
          ++m_pathmax_cuts;
          m_raised = hv;
          return false;
        }
      }
    }
    m_raised = hv;
    return false;
  }

  // The tree dfs searches, cut at depth `depth`: the blank paths of the
  // nodes there within the threshold, in dfs's order (their subtrees,
  // searched in this order, are dfs's search). Nodes pruned above it
  // lower m_next as dfs does. Needs depth <= the start's bound, so that
  // no goal lies above the cut.
  void cut(int g, int depth, int threshold, int state,
           std::vector<std::vector<int>> &out) {
    ++m_nodes;
    if (beyond(g, full_h(), threshold)) {
      return;
    }
    if (g == depth) {
      out.push_back(m_path);
      --m_nodes; // counted again where its subtree is searched
      return;
    }
    for (const Move &move : m_adjacent[m_blank]) {
      const int next = m_moves.next(state, move.direction);
      if (next != DuplicatePaths::k_dead) {
        const Undo u = slide(move.to);
        m_path.push_back(move.to);
        cut(g + 1, depth, threshold, next, out);
        m_path.pop_back();
        unslide(u);
      }
    }
  }

  // One threshold's search on m_options.threads workers: the tree cut at
  // a depth that leaves each several subtrees, the subtrees taken in
  // order by whichever worker is free. The plan is the one of the first
  // subtree (in dfs's order) that holds one, so it is dfs's own: a worker
  // skips, or abandons, subtrees after one where a plan was found, never
  // those before it.
  bool parallel_dfs(int threshold, int start_bound) {
    const unsigned threads = m_options.threads;
    Shared shared;
    shared.subtrees = cut_subtrees(threshold, start_bound);
    shared.first_found = shared.subtrees.size();
    // What each worker leaves behind.
    struct Tally {
      long nodes = 0;
      int next = INT_MAX;
      bool stopped = false;
      long dual_cuts = 0, pathmax_cuts = 0;
    };
    std::vector<Tally> tallies(threads);
    // Each worker copies the position in its own thread, so that the
    // boards and paths it writes at every move come from that thread's
    // heap: copies made here side by side shared cache lines, and two
    // threads were slower than one.
    const auto worker = [&](unsigned t) {
      Search w(*this);
      const long base = w.m_nodes;
      const long dual_base = w.m_dual_cuts;
      const long pathmax_base = w.m_pathmax_cuts;
      w.work(shared, threshold);
      tallies[t] = {w.m_nodes - base, w.m_next, w.m_stopped,
                    w.m_dual_cuts - dual_base, w.m_pathmax_cuts - pathmax_base};
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) {
      try {
        pool.emplace_back(worker, t);
      } catch (const std::system_error &) {
        break; // fewer workers: the ones started share every subtree
      }
    }
    worker(0);
    for (auto &thread : pool) {
      thread.join();
    }
    for (const Tally &t : tallies) {
      m_nodes += t.nodes;
      m_dual_cuts += t.dual_cuts;
      m_pathmax_cuts += t.pathmax_cuts;
      m_next = std::min(m_next, t.next);
      m_stopped = m_stopped || t.stopped;
    }
    const bool found = shared.first_found < shared.subtrees.size();
    if (found) {
      m_path = shared.found_path;
    }
    return found;
  }

  // What the workers of one threshold share: the subtrees (each the
  // blank's path from the start), the next to take, the first where a
  // plan was found and that plan.
  struct Shared {
    std::vector<std::vector<int>> subtrees;
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> first_found{0};
    std::mutex mutex;
    std::vector<int> found_path;
  };

  // The tree cut at depth 8 (deeper by two, up to 16, until there are
  // enough subtrees a thread), for the workers to share.
  std::vector<std::vector<int>> cut_subtrees(int threshold, int start_bound) {
    std::vector<std::vector<int>> subtrees;
    for (int depth = std::min(start_bound, k_first_cut);; depth += 2) {
      subtrees.clear();
      const long nodes = m_nodes;
      cut(0, depth, threshold, DuplicatePaths::k_start, subtrees);
      if (subtrees.size() >= k_subtrees_a_thread * m_options.threads ||
          depth + 2 > std::min(start_bound, k_last_cut)) {
        return subtrees;
      }
      m_nodes = nodes; // searched again, deeper
    }
  }

  // A worker: takes subtrees in order until none is left, one before the
  // first with a plan, or the stop test says so.
  void work(Shared &shared, int threshold) {
    for (std::size_t i; (i = shared.next++) < shared.subtrees.size();) {
      if (i > shared.first_found) {
        continue;
      }
      if (m_options.stop && m_options.stop()) {
        m_stopped = true; // polled per subtree too: some are small
        return;
      }
      m_first_found = &shared.first_found;
      m_subtree = i;
      std::vector<Undo> undo;
      int state = DuplicatePaths::k_start;
      for (int to : shared.subtrees[i]) {
        state = m_moves.next(state, grid_direction(m_db.cols(), m_blank, to));
        undo.push_back(slide(to));
      }
      m_path = shared.subtrees[i];
      if (dfs(static_cast<int>(undo.size()), threshold, state)) {
        const std::lock_guard<std::mutex> lock(shared.mutex);
        if (i < shared.first_found) {
          shared.first_found = i;
          shared.found_path = m_path;
        }
        return; // every later subtree is skipped
      }
      if (m_stopped && !(i > shared.first_found)) {
        return; // the stop test: the caller sees m_stopped
      }
      m_stopped = false; // abandoned: another worker found a plan
      for (auto u = undo.rbegin(); u != undo.rend(); ++u) {
        unslide(*u);
      }
    }
  }

  // Only the move back refused: the automaton of the strings of two.
  static const DuplicatePaths &move_back() {
    static const DuplicatePaths automaton(2);
    return automaton;
  }

  // h == 0 need not mean the goal where tiles are in no pattern.
  bool solved() const { return m_board == m_db.goal(); }

  const PatternDatabases &m_db;
  const IdaOptions &m_options;
  std::vector<int> m_board;
  // The moves from each cell: where the blank goes, and which way.
  struct Move {
    int to;
    int direction;
  };
  std::vector<std::vector<Move>> m_adjacent;
  int m_patterns; // the first set's
  // Which paths are searched: the state after each move, or dead.
  const DuplicatePaths &m_moves;
  int m_blank = 0;
  // A tile's list in each view (-1: none) and its index there.
  struct Slot {
    int list, index;
  };
  std::vector<std::array<Slot, k_max_views>> m_slot; // by tile
  std::vector<int> m_transposed;                     // by cell
  // The views: whether each reads the transposed board, each one's sum
  // and the list the last move left pending in it (-1: none).
  int m_added_views = 0; // Views, once the constructor has added them
  bool m_view_transposed[k_max_views] = {};
  int m_sum[k_max_views] = {};
  int m_pending[k_max_views] = {-1, -1, -1, -1};
  // The lists: each one's databases, pattern there, view, tiles, cells
  // and table value. The first view's lists are its patterns, in order.
  int m_lists = 0;
  const PatternDatabases *m_list_db[k_max_lists] = {};
  int m_list_pattern[k_max_lists] = {};
  const std::uint8_t *m_table[k_max_lists] = {};
  int m_list_view[k_max_lists] = {};
  int m_size[k_max_lists] = {};
  int m_cells[k_max_lists][k_max_tiles] = {};
  int m_value[k_max_lists] = {};
  long m_dual_cuts = 0, m_pathmax_cuts = 0;
  int m_raised = 0; // the bound dfs leaves for the parent
  std::vector<int> m_path;
  long m_nodes = 0;
  int m_next = INT_MAX;
  // No node is searched whose g + h exceeds this: a shorter plan is
  // sought (IdaOptions::shorter_than), or a weighted search's limit.
  int m_cap = INT_MAX;
  bool m_stopped = false;
  // A worker's: its subtree, and the first where a plan was found (it
  // abandons its own if that one comes before it).
  const std::atomic<std::size_t> *m_first_found = nullptr;
  std::size_t m_subtree = 0;
  // The dual's (Dual only): each tile's goal cell, and the dual of the
  // position and of the transposed board (where it counts).
  const DualTables *m_dual;
  std::vector<int> m_goal_cell;
  int m_dual_sides = 1;
  DualSide m_dual_side[2];
};

template <int Views>
IdaResult run_search(const PatternDatabases &databases,
                     const std::vector<int> &board, const IdaOptions &options) {
  if (options.dual != nullptr) {
    Search<true, Views> search(databases, board, options);
    return search.run();
  }
  Search<false, Views> search(databases, board, options);
  return search.run();
}

} // namespace

IdaResult ida_search(const PatternDatabases &databases,
                     const std::vector<int> &board, const IdaOptions &options) {
  if (options.weight_percent < k_scale) {
    throw std::invalid_argument("ida_search: a weight of 100 percent or "
                                "more");
  }
  if (databases.patterns().empty() ||
      databases.patterns().size() > static_cast<std::size_t>(k_max_patterns)) {
    throw std::invalid_argument("ida_search: 1 to 64 patterns");
  }
  std::size_t views = databases.reflected() ? 2 : 1;
  for (const PatternDatabases *more : options.more_databases) {
    if (more == nullptr || more->rows() != databases.rows() ||
        more->cols() != databases.cols() || more->goal() != databases.goal()) {
      throw std::invalid_argument("ida_search: more databases of another "
                                  "board or goal");
    }
    if (more->patterns().empty() ||
        more->patterns().size() > static_cast<std::size_t>(k_max_patterns)) {
      throw std::invalid_argument("ida_search: 1 to 64 patterns");
    }
    views += more->reflected() ? 2 : 1;
  }
  if (views > static_cast<std::size_t>(k_max_views)) {
    throw std::invalid_argument("ida_search: at most two sets of databases "
                                "on a square board (four views)");
  }
  if (options.dual != nullptr &&
      options.dual->databases_key() != databases.cache_key()) {
    throw std::invalid_argument("ida_search: dual tables of other "
                                "databases");
  }
  switch (views) {
  case 1:
    return run_search<1>(databases, board, options);
  case 2:
    return run_search<2>(databases, board, options);
  case 3:
    return run_search<3>(databases, board, options);
  default:
    return run_search<4>(databases, board, options);
  }
}

} // namespace satslide::search
