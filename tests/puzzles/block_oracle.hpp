// A breadth-first search over block-puzzle boards written for the tests,
// independent of BlockPuzzle: boards are strings, every piece is told
// apart, and moves follow the metric's definition directly.
#pragma once

#include <algorithm>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace satslide::test {

struct OracleBoard {
  int width = 0, height = 0;
  std::string cells;    // '.' empty, '#' wall, else a piece
  std::string one_axis; // pieces moving only along their own line
  char goal_piece = 0;
  int goal_x = 0, goal_y = 0; // the piece's top-left cell
};

// "AB./CC." (rows split by '/'); Rush Hour's 'o' and 'x' are accepted.
inline OracleBoard oracle_board(const std::string &rows, char goal, int gx,
                                int gy, bool rush_hour) {
  OracleBoard b;
  std::string text = rows;
  if (text.find('/') == std::string::npos) { // a square string
    int side = 1;
    while (side * side < static_cast<int>(text.size())) {
      ++side;
    }
    text.clear();
    for (int r = 0; r < side; ++r) {
      text += rows.substr(r * side, side) + "/";
    }
    text.pop_back();
  }
  std::string row;
  for (char c : text + "/") {
    if (c != '/') {
      row += c == 'o' ? '.' : c == 'x' ? '#' : c;
      continue;
    }
    b.width = static_cast<int>(row.size());
    b.cells += row;
    ++b.height;
    row.clear();
  }
  if (rush_hour) {
    for (char c : b.cells) {
      if (c != '.' && c != '#' && b.one_axis.find(c) == std::string::npos) {
        b.one_axis += c;
      }
    }
  }
  b.goal_piece = goal;
  b.goal_x = gx;
  b.goal_y = gy;
  return b;
}

class BlockOracle {
public:
  BlockOracle(OracleBoard board, std::string metric)
      : m_b(std::move(board)), m_metric(std::move(metric)) {}

  // The fewest moves to the goal, or -1 if none is reachable.
  int distance() const {
    std::unordered_map<std::string, int> dist{{m_b.cells, 0}};
    std::deque<std::string> queue{m_b.cells};
    while (!queue.empty()) {
      const std::string s = queue.front();
      queue.pop_front();
      if (is_goal(s)) {
        return dist[s];
      }
      for (const std::string &t : successors(s)) {
        if (dist.emplace(t, dist[s] + 1).second) {
          queue.push_back(t);
        }
      }
    }
    return -1;
  }

  // Every board one move away.
  std::vector<std::string> successors(const std::string &s) const {
    std::vector<std::string> result;
    std::string letters;
    for (char c : s) {
      if (c != '.' && c != '#' && letters.find(c) == std::string::npos) {
        letters += c;
      }
    }
    for (char p : letters) {
      for (const auto &[dx, dy] : offsets(s, p)) {
        result.push_back(shifted(s, p, dx, dy));
      }
    }
    return result;
  }

private:
  bool is_goal(const std::string &s) const {
    const auto first = s.find(m_b.goal_piece);
    int x0 = m_b.width, y0 = static_cast<int>(first) / m_b.width;
    for (int c = 0; c < static_cast<int>(s.size()); ++c) {
      if (s[c] == m_b.goal_piece) {
        x0 = std::min(x0, c % m_b.width);
      }
    }
    return x0 == m_b.goal_x && y0 == m_b.goal_y;
  }

  // Whether piece p fits shifted by dx, dy (only onto '.' or itself).
  bool fits(const std::string &s, char p, int dx, int dy) const {
    for (int c = 0; c < static_cast<int>(s.size()); ++c) {
      if (s[c] != p) {
        continue;
      }
      const int x = c % m_b.width + dx, y = c / m_b.width + dy;
      if (x < 0 || y < 0 || x >= m_b.width || y >= m_b.height) {
        return false;
      }
      const char t = s[y * m_b.width + x];
      if (t != '.' && t != p) {
        return false;
      }
    }
    return true;
  }

  std::string shifted(const std::string &s, char p, int dx, int dy) const {
    std::string t = s;
    for (char &c : t) {
      if (c == p) {
        c = '.';
      }
    }
    for (int c = 0; c < static_cast<int>(s.size()); ++c) {
      if (s[c] == p) {
        t[(c / m_b.width + dy) * m_b.width + c % m_b.width + dx] = p;
      }
    }
    return t;
  }

  std::vector<std::pair<int, int>> directions(const std::string &s,
                                              char p) const {
    if (m_b.one_axis.find(p) == std::string::npos) {
      return {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};
    }
    const auto first = s.find(p), last = s.rfind(p);
    if (first / m_b.width == last / m_b.width) {
      return {{-1, 0}, {1, 0}};
    }
    return {{0, -1}, {0, 1}};
  }

  // The shifts one move of piece p can make in the metric.
  std::vector<std::pair<int, int>> offsets(const std::string &s, char p) const {
    std::vector<std::pair<int, int>> result;
    const auto dirs = directions(s, p);
    if (m_metric != "piece") {
      for (const auto &[dx, dy] : dirs) {
        for (int k = 1; fits(s, p, k * dx, k * dy); ++k) {
          result.emplace_back(k * dx, k * dy);
          if (m_metric == "step") {
            break;
          }
        }
      }
      return result;
    }
    // piece: every shift reachable by unit steps, the others standing.
    std::map<std::pair<int, int>, bool> seen{{{0, 0}, true}};
    std::deque<std::pair<int, int>> queue{{0, 0}};
    while (!queue.empty()) {
      const auto [x, y] = queue.front();
      queue.pop_front();
      for (const auto &[dx, dy] : dirs) {
        const std::pair<int, int> next{x + dx, y + dy};
        if (!seen.count(next) && fits(s, p, next.first, next.second)) {
          seen[next] = true;
          result.push_back(next);
          queue.push_back(next);
        }
      }
    }
    return result;
  }

  OracleBoard m_b;
  std::string m_metric;
};

// A random w x h Klotski board: piece A of goal_w x goal_h at the top
// left, then pieces B, C, ... up to `last` of random 1x1, 2x1 and 1x2
// shapes where they fit. Rows split by '/'.
template <typename Rng>
std::string random_block_rows(Rng &rng, int w, int h, int goal_w, int goal_h,
                              char last) {
  std::string cells(w * h, '.');
  const auto put = [&](char c, int x, int y, int pw, int ph) {
    if (x + pw > w || y + ph > h) {
      return false;
    }
    for (int dy = 0; dy < ph; ++dy) {
      for (int dx = 0; dx < pw; ++dx) {
        if (cells[(y + dy) * w + x + dx] != '.') {
          return false;
        }
      }
    }
    for (int dy = 0; dy < ph; ++dy) {
      for (int dx = 0; dx < pw; ++dx) {
        cells[(y + dy) * w + x + dx] = c;
      }
    }
    return true;
  };
  put('A', 0, 0, goal_w, goal_h);
  char next = 'B';
  for (int tries = 0; tries < 60 && next <= last; ++tries) {
    const int shape = static_cast<int>(rng() % 3);
    if (put(next, static_cast<int>(rng() % w), static_cast<int>(rng() % h),
            shape == 1 ? 2 : 1, shape == 2 ? 2 : 1)) {
      ++next;
    }
  }
  std::string rows;
  for (int y = 0; y < h; ++y) {
    rows += cells.substr(y * w, w) + (y + 1 < h ? "/" : "");
  }
  return rows;
}

} // namespace satslide::test
