#include "satslide/search/ida.hpp"

#include "satslide/search/duplicate_paths.hpp"
#include "satslide/search/grid_cells.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace satslide::search {

namespace {

constexpr int k_max_patterns = 64;
constexpr int k_max_tiles = 10; // a pattern's tiles (9), with room to spare
constexpr long k_poll_mask = (1L << 16) - 1;
// Several threads: the tree is cut at depth 8 (deeper by two, up to 16,
// until there are 64 subtrees a thread) for the workers to share.
constexpr int k_first_cut = 8;
constexpr int k_last_cut = 16;
constexpr std::size_t k_subtrees_a_thread = 64;
// f scaled so that weights in percent stay integers.
constexpr int k_scale = 100;
// The least step between the thresholds of weighted IDA*, in moves.
constexpr int k_weighted_step = 2;

// The search's position: the board, the blank, and each pattern's tile
// cells (twice where the transposed board counts too), so a move updates
// one pattern's rank and its table entry instead of the whole sum.
class Search {
public:
  Search(const PatternDatabases &db, const std::vector<int> &board,
         const IdaOptions &options)
      : m_db(db), m_options(options), m_board(board),
        m_patterns(static_cast<int>(db.patterns().size())),
        m_mirrored(db.reflected()),
        m_moves(options.prune_duplicates ? DuplicatePaths::shared()
                                         : move_back()) {
    const int n = db.rows() * db.cols();
    m_adjacent.resize(n);
    for (int c = 0; c < n; ++c) {
      for (const int to : grid_neighbours(db.rows(), db.cols(), c)) {
        m_adjacent[c].push_back({to, grid_direction(db.cols(), c, to)});
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
    for (int v = 0; v < (m_mirrored ? 2 : 1) * m_patterns; ++v) {
      m_value[v] = value(v);
      m_sum[v / m_patterns] += m_value[v];
    }
    if (options.shorter_than >= 0) {
      m_cap = options.shorter_than - 1;
    }
    if (weighted() && options.max_length >= 0) {
      m_cap = std::min(m_cap, options.max_length);
    }
  }

  // The bound on the position: the plain sum, or the larger of it and
  // the mirrored one (looked up now if the last move left it pending).
  int h() {
    if (!m_mirrored) {
      return m_sum[0];
    }
    resolve();
    return std::max(m_sum[0], m_sum[1]);
  }

  IdaResult run() {
    IdaResult result;
    result.start_bound = h();
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

  // Where each tile's cell goes in the lists (plain and mirrored), and
  // each list's size, read once from the databases: the moves below look
  // them up at every node.
  void index_lists(int n) {
    m_plain.assign(n, {-1, 0});
    m_mirror.assign(n, {-1, 0});
    m_transposed.assign(n, 0);
    for (int t = 1; t < n; ++t) {
      if (m_db.pattern_of(t) >= 0) {
        m_plain[t] = {m_db.pattern_of(t), m_db.index_in_pattern(t)};
      }
      if (m_mirrored && m_db.pattern_of(m_db.transposed_tile(t)) >= 0) {
        const int tt = m_db.transposed_tile(t);
        m_mirror[t] = {m_patterns + m_db.pattern_of(tt),
                       m_db.index_in_pattern(tt)};
      }
    }
    for (int c = 0; c < n && m_mirrored; ++c) {
      m_transposed[c] = m_db.transposed_cell(c);
    }
    for (int v = 0; v < (m_mirrored ? 2 : 1) * m_patterns; ++v) {
      m_size[v] = static_cast<int>(m_db.patterns()[v % m_patterns].size());
    }
  }

  // Tile t sits on cell c: its pattern's cell lists (plain and mirrored).
  void place(int t, int c) {
    const Slot plain = m_plain[t];
    if (plain.list >= 0) {
      m_cells[plain.list][plain.index] = c;
    }
    const Slot mirror = m_mirror[t];
    if (mirror.list >= 0) {
      m_cells[mirror.list][mirror.index] = m_transposed[c];
    }
  }

  // The table entry of list v (v < patterns: plain; else mirrored).
  int value(int v) const {
    return m_db.entry(v % m_patterns, m_db.rank(m_cells[v], m_size[v]));
  }

  // The lists tile t's move changes: its plain pattern and, mirrored,
  // the pattern of its transposed tile (-1: none).
  void touched(int t, int &a, int &b) const {
    a = m_plain[t].list;
    b = m_mirror[t].list;
  }

  // The mirrored list the last move changed, if not looked up yet.
  void resolve() {
    if (m_pending >= 0) {
      const int now = value(m_pending);
      m_sum[1] += now - m_value[m_pending];
      m_value[m_pending] = now;
      m_pending = -1;
    }
  }

  // A move undone: the tile, where the blank was, the lists' values and
  // both sums before it.
  struct Undo {
    int tile, blank, a, b, old_a, old_b, old_sum[2];
  };

  // The tile on `to` slides into the blank. Its plain pattern's entry is
  // looked up at once; the mirrored one is left pending (h() looks it up),
  // since most positions are cut by the plain sum alone.
  Undo slide(int to) {
    resolve();
    Undo u{m_board[to], m_blank, -1, -1, 0, 0, {m_sum[0], m_sum[1]}};
    touched(u.tile, u.a, u.b);
    u.old_a = u.a >= 0 ? m_value[u.a] : 0;
    u.old_b = u.b >= 0 ? m_value[u.b] : 0;
    m_board[m_blank] = u.tile;
    m_board[to] = 0;
    place(u.tile, m_blank);
    m_blank = to;
    if (u.a >= 0) {
      m_value[u.a] = value(u.a);
      m_sum[0] += m_value[u.a] - u.old_a;
    }
    m_pending = u.b;
    return u;
  }

  void unslide(const Undo &u) {
    m_board[m_blank] = u.tile;
    m_board[u.blank] = 0;
    place(u.tile, m_blank);
    m_blank = u.blank;
    if (u.a >= 0)
      m_value[u.a] = u.old_a;
    if (u.b >= 0)
      m_value[u.b] = u.old_b;
    m_sum[0] = u.old_sum[0];
    m_sum[1] = u.old_sum[1];
    m_pending = -1;
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

  bool dfs(int g, int threshold, int state) {
    if (count_node()) {
      return false;
    }
    // The plain sum alone cuts most positions, its mirrored twin unread.
    if (beyond(g, m_sum[0], threshold)) {
      return false;
    }
    const int hv = h();
    if (hv != m_sum[0] && beyond(g, hv, threshold)) {
      return false;
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
    }
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
    if (beyond(g, h(), threshold)) {
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
    };
    std::vector<Tally> tallies(threads);
    // Each worker copies the position in its own thread, so that the
    // boards and paths it writes at every move come from that thread's
    // heap: copies made here side by side shared cache lines, and two
    // threads were slower than one.
    const auto worker = [&](unsigned t) {
      Search w(*this);
      const long base = w.m_nodes;
      w.work(shared, threshold);
      tallies[t] = {w.m_nodes - base, w.m_next, w.m_stopped};
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
  int m_patterns;
  bool m_mirrored;
  // Which paths are searched: the state after each move, or dead.
  const DuplicatePaths &m_moves;
  int m_blank = 0;
  // A tile's list (-1: none) and its index there, plain and mirrored.
  struct Slot {
    int list, index;
  };
  std::vector<Slot> m_plain, m_mirror; // by tile
  std::vector<int> m_transposed;       // by cell
  int m_size[2 * k_max_patterns] = {}; // each list's tiles
  int m_cells[2 * k_max_patterns][k_max_tiles] = {};
  int m_value[2 * k_max_patterns] = {};
  int m_sum[2] = {};  // of the plain and the mirrored values
  int m_pending = -1; // a mirrored list whose value is stale, or -1
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
};

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
  Search search(databases, board, options);
  return search.run();
}

} // namespace satslide::search
