// The n-puzzle's reachable space by breadth-first search over perfect
// ranks: every board of R x C cells is a permutation, ranked in O(RC) by
// Myrvold and Ruskey's linear-time ranking, and the search keeps 2 bits
// per rank (unseen, or the depth modulo 3) instead of a hash table of
// positions, plus one bit per rank for the frontier and one for the next
// layer. Moves are reversible and change the depth by exactly one, so a
// position's neighbours lie one layer above or below it: the depth modulo
// 3 tells them apart, and a shortest plan is read back from the goal by
// stepping to a neighbour one layer lower. The 3x4 puzzle's 12! ranks
// take 240 MB in all; boards of more than 12 cells are left to the
// task's search.
#include "satslide/puzzles/npuzzle/npuzzle.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

namespace satslide::puzzles {

namespace {

constexpr int k_max_ranked_cells = 12; // 12! / 4 bytes = 120 MB
constexpr std::uint8_t k_unseen = 3;

// Ranks of at most 12 cells fit in 32 bits (12! < 2^32), whose division
// is the faster one.
using Rank = std::uint32_t;
static_assert(479'001'600ULL <= UINT32_MAX, "12! must fit in a Rank");

// Myrvold and Ruskey's rank of a permutation of 0..n-1 (destroys its
// arguments: `perm` and its inverse).
Rank rank_of(int n, int *perm, int *inverse) {
  Rank rank = 0, factor = 1;
  for (int k = n; k > 1; --k) {
    const int s = perm[k - 1];
    std::swap(perm[k - 1], perm[inverse[k - 1]]);
    std::swap(inverse[s], inverse[k - 1]);
    rank += static_cast<Rank>(s) * factor;
    factor *= static_cast<Rank>(k);
  }
  return rank;
}

void unrank(int n, Rank rank, int *perm) {
  std::iota(perm, perm + n, 0);
  for (int k = n; k > 0; --k) {
    std::swap(perm[k - 1], perm[rank % static_cast<Rank>(k)]);
    rank /= static_cast<Rank>(k);
  }
}

// Two bits per rank.
class Marks {
public:
  explicit Marks(std::uint64_t size) : m_bytes((size + 3) / 4, 0xFF) {}
  std::uint8_t get(std::uint64_t i) const {
    return (m_bytes[i / 4] >> (2 * (i % 4))) & 3;
  }
  void set(std::uint64_t i, std::uint8_t v) {
    auto &b = m_bytes[i / 4];
    b = static_cast<std::uint8_t>((b & ~(3 << (2 * (i % 4)))) |
                                  (v << (2 * (i % 4))));
  }

private:
  std::vector<std::uint8_t> m_bytes;
};

// One bit per rank: a layer of the search.
class Layer {
public:
  explicit Layer(std::uint64_t size) : m_words((size + 63) / 64, 0) {}
  void set(std::uint64_t i) { m_words[i / 64] |= std::uint64_t{1} << (i % 64); }
  void clear() { std::fill(m_words.begin(), m_words.end(), 0); }
  void swap(Layer &other) { m_words.swap(other.m_words); }
  // Calls f(rank) for every rank in the layer, in increasing order.
  template <class F> void for_each(F f) const {
    for (std::size_t w = 0; w < m_words.size(); ++w) {
      for (std::uint64_t bits = m_words[w]; bits != 0; bits &= bits - 1) {
        f(w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits)));
      }
    }
  }

private:
  std::vector<std::uint64_t> m_words;
};

// The search's state over ranks: two bits a rank (unseen, or the depth
// modulo 3), the frontier and the layer being found.
class RankedSearch {
public:
  RankedSearch(int n, std::uint64_t size,
               std::vector<std::vector<int>> adjacent, std::uint64_t goal)
      : m_n(n), m_adjacent(std::move(adjacent)), m_goal(goal), m_marks(size),
        m_frontier(size), m_next(size), m_board(n), m_perm(n), m_inverse(n) {}

  void start(std::uint64_t r) {
    m_marks.set(r, 0);
    m_frontier.set(r);
  }

  // Expands the frontier at `depth` into the next layer and returns how
  // many new positions it found; sets `halted` once options.poll says so
  // (asked every 65,536 positions, with those known before the layer).
  long expand(int depth, long known, const search::SpaceOptions &options,
              search::StateSpace &space, bool &halted) {
    const std::uint8_t next = (depth + 1) % 3;
    long found = 0, expanded = 0;
    m_frontier.for_each([&](std::uint64_t r) {
      if (halted || ((++expanded & 0xFFFF) == 0 && options.poll &&
                     (halted = options.poll(depth, known + found)))) {
        return;
      }
      unrank(m_n, static_cast<Rank>(r), m_board.data());
      const int blank = static_cast<int>(
          std::find(m_board.begin(), m_board.end(), 0) - m_board.begin());
      for (int cell : m_adjacent[blank]) {
        ++space.moves;
        const std::uint64_t s = rank_after(blank, cell);
        if (m_marks.get(s) != k_unseen) {
          continue;
        }
        m_marks.set(s, next);
        m_next.set(s);
        ++found;
        if (s == m_goal) {
          space.goal_positions = 1;
          space.goal_distance = depth + 1;
        }
      }
    });
    return found;
  }

  // The layer found becomes the frontier.
  void advance() {
    m_frontier.swap(m_next);
    m_next.clear();
  }

  std::uint8_t mark(std::uint64_t r) const { return m_marks.get(r); }

private:
  // The rank of the board once the tile on `cell` slides into `blank`.
  Rank rank_after(int blank, int cell) {
    std::swap(m_board[blank], m_board[cell]);
    m_perm = m_board;
    for (int c = 0; c < m_n; ++c) {
      m_inverse[m_board[c]] = c;
    }
    const Rank s = rank_of(m_n, m_perm.data(), m_inverse.data());
    std::swap(m_board[blank], m_board[cell]);
    return s;
  }

  int m_n;
  std::vector<std::vector<int>> m_adjacent;
  std::uint64_t m_goal;
  Marks m_marks;
  Layer m_frontier, m_next;
  std::vector<int> m_board, m_perm, m_inverse; // scratch
};

} // namespace

std::uint64_t NPuzzle::rank(const std::vector<int> &board) const {
  if (cells() > k_max_ranked_cells) {
    throw std::invalid_argument("ranks are for boards of at most 12 cells");
  }
  std::vector<int> perm = board, inverse(board.size());
  for (std::size_t c = 0; c < board.size(); ++c) {
    inverse[board[c]] = static_cast<int>(c);
  }
  return rank_of(cells(), perm.data(), inverse.data());
}

std::vector<int> NPuzzle::unranked(std::uint64_t r) const {
  std::vector<int> board(cells());
  unrank(cells(), static_cast<Rank>(r), board.data());
  return board;
}

std::optional<search::StateSpace>
NPuzzle::search_space(const search::SpaceOptions &options) const {
  const int n = cells();
  if (n > k_max_ranked_cells) {
    return std::nullopt;
  }
  std::uint64_t size = 1;
  for (int k = 2; k <= n; ++k) {
    size *= static_cast<std::uint64_t>(k);
  }
  std::vector<std::vector<int>> adjacent(n);
  for (int c = 0; c < n; ++c) {
    adjacent[c] = neighbours(c);
  }
  const std::uint64_t goal = rank(m_goal);
  RankedSearch search(n, size, std::move(adjacent), goal);
  search.start(rank(m_board));
  search::StateSpace space;
  space.positions = 1;
  space.per_depth.push_back(1);
  if (m_board == m_goal) {
    space.goal_positions = 1;
    space.goal_distance = 0;
  }
  for (int depth = 0;; ++depth) {
    if (space.goal_distance >= 0 && options.stop_at_goal) {
      break;
    }
    bool halted = false;
    const long found =
        search.expand(depth, space.positions, options, space, halted);
    if (halted) {
      space.positions += found;
      space.stopped = true;
      return space;
    }
    search.advance();
    if (found == 0) {
      space.complete = true;
      break;
    }
    space.positions += found;
    space.per_depth.push_back(found);
    space.depth = depth + 1;
    if (options.max_states > 0 && space.positions >= options.max_states) {
      space.limit_reached = true;
      return space;
    }
    if (options.on_layer && options.on_layer(depth + 1, space.positions)) {
      space.stopped = true;
      return space;
    }
  }
  if (options.stop_at_goal && space.goal_distance > 0) {
    space.plan = plan_back(goal, space.goal_distance, [&](std::uint64_t r) {
      return search.mark(r);
    });
  }
  return space;
}

// From the goal at `depth` down to the start: each step to a neighbour
// marked one layer lower; the plan is those moves reversed.
task::Plan NPuzzle::plan_back(
    std::uint64_t goal, int depth,
    const std::function<std::uint8_t(std::uint64_t)> &mark) const {
  std::vector<int> board = unranked(goal);
  task::Plan reversed;
  for (int d = depth; d > 0; --d) {
    const int blank = static_cast<int>(
        std::find(board.begin(), board.end(), 0) - board.begin());
    for (int cell : neighbours(blank)) {
      std::swap(board[blank], board[cell]);
      if (mark(rank(board)) == (d - 1) % 3) {
        // Backwards the tile went from `blank` to `cell`; forwards it
        // slides from `cell` into the blank at `blank`.
        reversed.push_back(move_id(board[blank], blank, cell));
        break;
      }
      std::swap(board[blank], board[cell]);
    }
  }
  return task::Plan(reversed.rbegin(), reversed.rend());
}

} // namespace satslide::puzzles
