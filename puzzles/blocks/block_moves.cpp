// The moves of a block puzzle in its metric, one per task action.
#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include <algorithm>
#include <deque>

namespace satslide::puzzles {

namespace {

// More actions than this make formulas of gigabytes at Klotski horizons.
constexpr std::size_t k_max_moves = 300'000;

bool subset(const std::vector<int> &a, const std::vector<int> &b) {
  return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

} // namespace

void BlockPuzzle::generate_moves() {
  m_moves.clear();
  int free_cells = 0;
  std::vector<char> covered(m_board.wall.size(), 0);
  for (const BlockPiece &p : m_board.pieces) {
    for (int c : p.cells) {
      covered[c] = 1;
    }
  }
  for (std::size_t c = 0; c < covered.size(); ++c) {
    free_cells += !covered[c] && !m_board.wall[c];
  }
  for (int cls = 0; cls < num_classes(); ++cls) {
    if (m_board.metric == Metric::piece) {
      for (int a : m_classes[cls].anchors) {
        add_paths_from(cls, a, free_cells);
      }
    } else {
      add_moves_for(cls);
    }
    if (m_moves.size() > k_max_moves) {
      throw task::InputError("the " + std::string(to_name(m_board.metric)) +
                             " metric gives this board more than " +
                             std::to_string(k_max_moves) +
                             " moves; the step or slide metric gives fewer");
    }
  }
}

// step: one cell in an allowed direction; slide: any distance straight,
// every cell swept on the way free.
void BlockPuzzle::add_moves_for(int cls) {
  const ShapeClass &k = m_classes[cls];
  const int w = m_board.width, h = m_board.height;
  const int max_len = m_board.metric == Metric::step ? 1 : std::max(w, h);
  const std::pair<int, int> dirs[] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
  for (int from : k.anchors) {
    const std::vector<int> &own = k.cells_at[from];
    for (const auto &[dx, dy] : dirs) {
      if ((dx != 0 && !k.horizontal) || (dy != 0 && !k.vertical)) {
        continue;
      }
      Move move{cls, {from}, {}};
      int x = from % w, y = from / w;
      for (int len = 1; len <= max_len; ++len) {
        x += dx;
        y += dy;
        if (x < 0 || y < 0 || x >= w || y >= h ||
            k.cells_at[y * w + x].empty()) {
          break;
        }
        move.path.push_back(y * w + x);
        for (int c : k.cells_at[y * w + x]) {
          if (!std::binary_search(own.begin(), own.end(), c)) {
            move.swept.push_back(c);
          }
        }
        std::sort(move.swept.begin(), move.swept.end());
        move.swept.erase(std::unique(move.swept.begin(), move.swept.end()),
                         move.swept.end());
        m_moves.push_back(move);
      }
    }
  }
}

// piece: every position reachable by unit steps through cells that are
// free apart from the piece's own. A path is worth an action only for its
// set of swept cells, and only for a set no other path to the same anchor
// undercuts (a smaller set is free whenever a larger one is). The swept
// cells must be free at once, so no set exceeds the board's free cells:
// the search over (anchor, swept set) stays small on crowded boards.
void BlockPuzzle::add_paths_from(int cls, int start, int free_cells) {
  const ShapeClass &k = m_classes[cls];
  const int w = m_board.width, n = w * m_board.height;
  const std::vector<int> &own = k.cells_at[start];
  struct Node {
    int anchor;
    std::vector<int> swept;
    std::vector<int> path;
  };
  std::vector<std::vector<std::vector<int>>> seen(n); // anchor -> sets
  std::vector<Node> found;
  std::deque<Node> queue{{start, {}, {start}}};
  seen[start].push_back({});
  while (!queue.empty()) {
    const Node node = queue.front();
    queue.pop_front();
    const int a = node.anchor, x = a % w;
    for (int b : {k.vertical ? a - w : -1, k.vertical ? a + w : -1,
                  k.horizontal && x > 0 ? a - 1 : -1,
                  k.horizontal && x + 1 < w ? a + 1 : -1}) {
      if (b < 0 || b >= n || k.cells_at[b].empty()) {
        continue;
      }
      std::vector<int> swept = node.swept;
      for (int c : k.cells_at[b]) {
        if (!std::binary_search(own.begin(), own.end(), c)) {
          swept.push_back(c);
        }
      }
      std::sort(swept.begin(), swept.end());
      swept.erase(std::unique(swept.begin(), swept.end()), swept.end());
      if (static_cast<int>(swept.size()) > free_cells ||
          std::any_of(seen[b].begin(), seen[b].end(),
                      [&](const auto &s) { return subset(s, swept); })) {
        continue;
      }
      seen[b].push_back(swept);
      Node next{b, swept, node.path};
      next.path.push_back(b);
      found.push_back(next);
      queue.push_back(std::move(next));
    }
  }
  for (const Node &node : found) {
    const auto &sets = seen[node.anchor];
    const bool minimal =
        std::none_of(sets.begin(), sets.end(), [&](const std::vector<int> &s) {
          return s != node.swept && subset(s, node.swept);
        });
    if (minimal && node.anchor != start) {
      m_moves.push_back({cls, node.path, node.swept});
    }
  }
}

} // namespace satslide::puzzles
