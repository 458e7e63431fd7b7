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
#include "puzzles/npuzzle/npuzzle.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace satslide::encoder {

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

} // namespace

std::optional<Frontier> NPuzzle::frontier(int depth,
                                          const SpaceOptions &options) const {
  const int n = cells();
  if (n > k_max_packed_cells) {
    return std::nullopt;
  }
  const auto pack = [](const std::vector<int> &board) {
    Packed p = 0;
    for (std::size_t c = 0; c < board.size(); ++c) {
      p |= static_cast<Packed>(board[c]) << (4 * c);
    }
    return p;
  };
  std::vector<std::vector<int>> adjacent(n);
  for (int c = 0; c < n; ++c) {
    adjacent[c] = neighbours(c);
    std::sort(adjacent[c].begin(), adjacent[c].end());
  }
  // The action sliding `tile` from `from` into `to`, at (tile * n + from)
  // * n + to.
  std::vector<int> action(static_cast<std::size_t>(n) * n * n, -1);
  for (std::size_t a = 0; a < m_moves.size(); ++a) {
    const Move &m = m_moves[a];
    action[(static_cast<std::size_t>(m.tile) * n + m.from) * n + m.to] =
        static_cast<int>(a);
  }
  const Packed goal = pack(m_goal);
  const auto blank_of = [n](Packed board) {
    for (int c = 0; c < n; ++c) {
      if (tile_at(board, c) == 0) {
        return c;
      }
    }
    return -1;
  };

  Frontier out;
  StateSpace &space = out.space;
  std::vector<Node> nodes{{pack(m_board), -1, -1}};
  const auto path_to = [&nodes](std::int32_t i) {
    Plan reversed;
    for (; nodes[i].parent >= 0; i = nodes[i].parent) {
      reversed.push_back(nodes[i].action);
    }
    return Plan(reversed.rbegin(), reversed.rend());
  };
  space.per_depth.push_back(1);
  space.positions = 1;
  if (nodes[0].board == goal) {
    space.goal_distance = 0;
    out.goal_plan = Plan{};
    return out;
  }
  // Layer d is nodes[begin, end), in the order found; `older` and
  // `current` hold the boards of layers d - 1 and d, sorted.
  std::size_t begin = 0, end = 1;
  std::vector<Packed> older, current{nodes[0].board};
  std::vector<Node> next;
  std::vector<std::pair<Packed, std::uint32_t>> keys;
  std::vector<std::uint32_t> kept;
  for (int d = 0; d < depth && begin < end; ++d) {
    const auto stopped = [&] {
      if (options.poll && options.poll(d, space.positions)) {
        space.stopped = true;
      }
      return space.stopped;
    };
    // Each position's successors as the task's search orders them (by
    // state: the blank on the higher cell first).
    next.clear();
    for (std::size_t i = begin; i < end; ++i) {
      if (options.poll && ((i - begin) & 0xFFFF) == 0xFFFF &&
          options.poll(d, space.positions)) {
        space.stopped = true;
        return out;
      }
      const Packed board = nodes[i].board;
      const int blank = blank_of(board);
      const std::vector<int> &around = adjacent[blank];
      for (auto cell = around.rbegin(); cell != around.rend(); ++cell) {
        ++space.moves;
        const int tile = tile_at(board, *cell);
        next.push_back(
            {swapped(board, blank, *cell), static_cast<std::int32_t>(i),
             action[(static_cast<std::size_t>(tile) * n + *cell) * n + blank]});
      }
    }
    // Each new board once, as first found, none of layer d - 1.
    keys.clear();
    for (std::size_t j = 0; j < next.size(); ++j) {
      keys.emplace_back(next[j].board, static_cast<std::uint32_t>(j));
    }
    if (!sort_polled(keys, stopped)) {
      return out;
    }
    kept.clear();
    std::vector<Packed> found;
    std::size_t at = 0;
    for (std::size_t j = 0; j < keys.size(); ++j) {
      if (j > 0 && keys[j].first == keys[j - 1].first) {
        continue;
      }
      while (at < older.size() && older[at] < keys[j].first) {
        ++at;
      }
      if (at < older.size() && older[at] == keys[j].first) {
        continue;
      }
      kept.push_back(keys[j].second);
      found.push_back(keys[j].first);
    }
    if (!sort_polled(kept, stopped)) {
      return out;
    }
    space.positions += static_cast<long>(kept.size());
    for (std::uint32_t j : kept) {
      nodes.push_back(next[j]);
      if (next[j].board == goal) {
        space.goal_distance = d + 1;
        space.depth = d + 1;
        out.goal_plan = path_to(static_cast<std::int32_t>(nodes.size() - 1));
        return out;
      }
    }
    if (options.max_states > 0 && space.positions >= options.max_states) {
      space.limit_reached = true;
      return out;
    }
    older = std::move(current);
    current = std::move(found);
    begin = end;
    end = nodes.size();
    space.per_depth.push_back(static_cast<long>(end - begin));
    space.depth = d + 1;
    if (d + 1 < depth && options.on_layer &&
        options.on_layer(d + 1, space.positions)) {
      space.stopped = true;
      return out;
    }
  }
  space.complete = begin == end; // the space ended before `depth`
  out.states = StateTable(n * n);
  out.states.reserve(end - begin);
  int on[k_max_packed_cells];
  for (std::size_t i = begin; i < end; ++i) {
    for (int c = 0; c < n; ++c) {
      on[c] = fluent(tile_at(nodes[i].board, c), c);
    }
    out.states.push_back_true(on, n);
  }
  // The paths as the search's own tree: node i of the search is node
  // i - 1 of the table (the start is its root).
  out.paths = PathTable(depth);
  out.paths.reserve_nodes(end - 1);
  for (std::size_t i = 1; i < end; ++i) {
    out.paths.add_node(nodes[i].parent - 1, nodes[i].action);
  }
  for (std::size_t i = begin; i < end; ++i) {
    out.paths.push_back_leaf(static_cast<std::int32_t>(i) - 1);
  }
  return out;
}

} // namespace satslide::encoder
