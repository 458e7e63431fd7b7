// The split's frontier on boards of at most 16 cells: breadth-first search
// over boards packed four bits a cell into one 64-bit word, each layer's
// new boards found by sorting, instead of over the task's states (a
// string key a position in a hash map, every action tried for
// applicability): at depth 18 on the 15-puzzle, about 3 s less. The
// n-puzzle's graph is bipartite (every move takes the blank to a cell of
// the other colour of a chessboard), so a position one move from layer d
// lies in layer d - 1 or d + 1: the next layer is the successors of
// layer d, each once, less those of layer d - 1. The positions, their
// order and their paths are those frontier_at finds on the task (the
// tests compare them), so the split's cubes are the same.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace satslide::puzzles {

namespace {

constexpr int k_max_packed_cells = 16;

using Packed = std::uint64_t;

int tile_at(Packed board, int cell) {
  return static_cast<int>((board >> (4 * cell)) & 0xF);
}

// The board with the tiles of cells a and b exchanged.
Packed swapped(Packed board, int a, int b) {
  const Packed ta = (board >> (4 * a)) & 0xF;
  const Packed tb = (board >> (4 * b)) & 0xF;
  board &= ~((Packed{0xF} << (4 * a)) | (Packed{0xF} << (4 * b)));
  return board | (ta << (4 * b)) | (tb << (4 * a));
}

// A position found: its board, the position it was reached from (an
// index into the search's nodes; -1 for the start) and the action.
struct Node {
  Packed board;
  std::int32_t parent;
  std::int32_t action;
};

// A layer's sort, in pieces small enough to poll between (the 15-puzzle's
// layers reach tens of millions of boards: one std::sort of them takes
// seconds, and a stop must be honoured within one): runs of
// k_sort_run sorted, then merged pairwise. False if `stopped` said so.
constexpr std::size_t k_sort_run = std::size_t{1} << 20;

template <class T, class Stopped>
bool sort_polled(std::vector<T> &items, const Stopped &stopped) {
  const std::size_t size = items.size();
  for (std::size_t at = 0; at < size; at += k_sort_run) {
    if (at > 0 && stopped()) { // a small layer's sort is not polled
      return false;
    }
    std::sort(items.begin() + static_cast<std::ptrdiff_t>(at),
              items.begin() +
                  static_cast<std::ptrdiff_t>(std::min(size, at + k_sort_run)));
  }
  for (std::size_t run = k_sort_run; run < size; run *= 2) {
    for (std::size_t at = 0; at + run < size; at += 2 * run) {
      if (stopped()) {
        return false;
      }
      const auto first = items.begin() + static_cast<std::ptrdiff_t>(at);
      std::inplace_merge(
          first, first + static_cast<std::ptrdiff_t>(run),
          items.begin() + static_cast<std::ptrdiff_t>(std::min(size, at + 2 * run)));
    }
  }
  return true;
}

// The search itself: its tables of the board's geometry and the task's
// actions, the positions found, and the frontier it fills.
class PackedSearch {
public:
  PackedSearch(int n, std::vector<std::vector<int>> adjacent,
               std::vector<int> action, Packed start, Packed goal,
               const search::SpaceOptions &options)
      : m_n(n), m_adjacent(std::move(adjacent)), m_action(std::move(action)),
        m_goal(goal), m_options(options), m_nodes{{start, -1, -1}} {}

  // The frontier at `depth`: its states as the task's fluents (`fluent`
  // of tile and cell) and its paths; where the goal, a limit or a stop
  // ends the search first, only what the space says of that.
  template <class Fluent>
  search::Frontier run(int depth, const Fluent &fluent) {
    std::size_t begin = 0, end = 1;
    if (layers(depth, begin, end)) {
      states(fluent, begin, end);
      paths(depth, begin, end);
    }
    return std::move(m_out);
  }

private:
  // Layer by layer up to `depth`; true if it got there (or the space
  // ended first), the last layer nodes[begin, end); false if the goal, a
  // limit or a stop ended it (m_out says which).
  bool layers(int depth, std::size_t &begin, std::size_t &end) {
    search::StateSpace &space = m_out.space;
    space.per_depth.push_back(1);
    space.positions = 1;
    if (m_nodes[0].board == m_goal) {
      space.goal_distance = 0;
      m_out.goal_plan = task::Plan{};
      return false;
    }
    // Layer d is nodes[begin, end), in the order found; `older` and
    // `current` hold the boards of layers d - 1 and d, sorted.
    std::vector<Packed> older, current{m_nodes[0].board};
    for (int d = 0; d < depth && begin < end; ++d) {
      std::vector<Packed> found;
      if (!successors(d, begin, end) || !new_boards(d, older, found) ||
          !add_layer(d)) {
        return false;
      }
      older = std::move(current);
      current = std::move(found);
      begin = end;
      end = m_nodes.size();
      space.per_depth.push_back(static_cast<long>(end - begin));
      space.depth = d + 1;
      if (d + 1 < depth && m_options.on_layer &&
          m_options.on_layer(d + 1, space.positions)) {
        space.stopped = true;
        return false;
      }
    }
    space.complete = begin == end; // the space ended before `depth`
    return true;
  }

  // The last layer's states, nodes[begin, end).
  template <class Fluent>
  void states(const Fluent &fluent, std::size_t begin, std::size_t end) {
    m_out.states = search::StateTable(m_n * m_n);
    m_out.states.reserve(end - begin);
    int on[k_max_packed_cells];
    for (std::size_t i = begin; i < end; ++i) {
      for (int c = 0; c < m_n; ++c) {
        on[c] = fluent(tile_at(m_nodes[i].board, c), c);
      }
      m_out.states.push_back_true(on, m_n);
    }
  }

  bool stopped(int d) {
    if (m_options.poll && m_options.poll(d, m_out.space.positions)) {
      m_out.space.stopped = true;
    }
    return m_out.space.stopped;
  }

  int blank_of(Packed board) const {
    for (int c = 0; c < m_n; ++c) {
      if (tile_at(board, c) == 0) {
        return c;
      }
    }
    return -1;
  }

  // Each position's successors in layer d, as the task's search orders
  // them (by state: the blank on the higher cell first), into m_next.
  bool successors(int d, std::size_t begin, std::size_t end) {
    m_next.clear();
    for (std::size_t i = begin; i < end; ++i) {
      if (((i - begin) & 0xFFFF) == 0xFFFF && m_options.poll && stopped(d)) {
        return false;
      }
      const Packed board = m_nodes[i].board;
      const int blank = blank_of(board);
      const std::vector<int> &around = m_adjacent[blank];
      for (auto cell = around.rbegin(); cell != around.rend(); ++cell) {
        ++m_out.space.moves;
        const int tile = tile_at(board, *cell);
        m_next.push_back({swapped(board, blank, *cell),
                          static_cast<std::int32_t>(i),
                          m_action[(static_cast<std::size_t>(tile) * m_n +
                                    *cell) * m_n + blank]});
      }
    }
    return true;
  }

  // Each new board of m_next once, as first found, none of layer d - 1
  // (`older`): their indices into m_next in m_kept, in the order found,
  // and their boards sorted in `found`.
  bool new_boards(int d, const std::vector<Packed> &older,
                  std::vector<Packed> &found) {
    const auto poll = [&] { return stopped(d); };
    m_keys.clear();
    for (std::size_t j = 0; j < m_next.size(); ++j) {
      m_keys.emplace_back(m_next[j].board, static_cast<std::uint32_t>(j));
    }
    if (!sort_polled(m_keys, poll)) {
      return false;
    }
    m_kept.clear();
    std::size_t at = 0;
    for (std::size_t j = 0; j < m_keys.size(); ++j) {
      if (j > 0 && m_keys[j].first == m_keys[j - 1].first) {
        continue;
      }
      while (at < older.size() && older[at] < m_keys[j].first) {
        ++at;
      }
      if (at < older.size() && older[at] == m_keys[j].first) {
        continue;
      }
      m_kept.push_back(m_keys[j].second);
      found.push_back(m_keys[j].first);
    }
    return sort_polled(m_kept, poll);
  }

  // The kept boards as layer d + 1; false where the goal is among them or
  // the state limit is reached (the search ends there).
  bool add_layer(int d) {
    search::StateSpace &space = m_out.space;
    space.positions += static_cast<long>(m_kept.size());
    for (std::uint32_t j : m_kept) {
      m_nodes.push_back(m_next[j]);
      if (m_next[j].board == m_goal) {
        space.goal_distance = d + 1;
        space.depth = d + 1;
        m_out.goal_plan =
            path_to(static_cast<std::int32_t>(m_nodes.size() - 1));
        return false;
      }
    }
    if (m_options.max_states > 0 &&
        space.positions >= m_options.max_states) {
      space.limit_reached = true;
      return false;
    }
    return true;
  }

  task::Plan path_to(std::int32_t i) const {
    task::Plan reversed;
    for (; m_nodes[i].parent >= 0; i = m_nodes[i].parent) {
      reversed.push_back(m_nodes[i].action);
    }
    return task::Plan(reversed.rbegin(), reversed.rend());
  }

  // The paths as the search's own tree: node i of the search is node
  // i - 1 of the table (the start is its root); the leaves are the last
  // layer, nodes[begin, end).
  void paths(int depth, std::size_t begin, std::size_t end) {
    m_out.paths = search::PathTable(depth);
    m_out.paths.reserve_nodes(end - 1);
    for (std::size_t i = 1; i < end; ++i) {
      m_out.paths.add_node(m_nodes[i].parent - 1, m_nodes[i].action);
    }
    for (std::size_t i = begin; i < end; ++i) {
      m_out.paths.push_back_leaf(static_cast<std::int32_t>(i) - 1);
    }
  }

  int m_n;
  std::vector<std::vector<int>> m_adjacent; // by cell, ascending
  std::vector<int> m_action; // at (tile * n + from) * n + to
  Packed m_goal;
  const search::SpaceOptions &m_options;
  std::vector<Node> m_nodes;
  search::Frontier m_out;
  // Scratch of one layer, kept for their capacity.
  std::vector<Node> m_next;
  std::vector<std::pair<Packed, std::uint32_t>> m_keys;
  std::vector<std::uint32_t> m_kept;
};

Packed pack(const std::vector<int> &board) {
  Packed p = 0;
  for (std::size_t c = 0; c < board.size(); ++c) {
    p |= static_cast<Packed>(board[c]) << (4 * c);
  }
  return p;
}

} // namespace

std::optional<search::Frontier>
NPuzzle::frontier(int depth, const search::SpaceOptions &options) const {
  const int n = cells();
  if (n > k_max_packed_cells) {
    return std::nullopt;
  }
  std::vector<std::vector<int>> adjacent(n);
  for (int c = 0; c < n; ++c) {
    adjacent[c] = neighbours(c);
    std::sort(adjacent[c].begin(), adjacent[c].end());
  }
  // The action sliding `tile` from `from` into `to`, at (tile * n + from)
  // * n + to.
  std::vector<int> action(static_cast<std::size_t>(n) * n * n, -1);
  for (int a = 0; a < num_moves(); ++a) {
    const Move m = move_at(a);
    action[(static_cast<std::size_t>(m.tile) * n + m.from) * n + m.to] = a;
  }
  PackedSearch search(n, std::move(adjacent), std::move(action),
                      pack(m_board), pack(m_goal), options);
  return search.run(depth,
                    [this](int tile, int cell) { return fluent(tile, cell); });
}

} // namespace satslide::puzzles
