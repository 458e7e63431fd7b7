#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include "satslide/task/task_distances.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace satslide::puzzles {

namespace {

constexpr int k_max_side = 32; // anchors must fit the search's 16 bits

// Positions the breadth-first proof of unsolvability may visit; the
// largest Klotski layouts in the data have under 200,000.
constexpr long k_search_limit = 2'000'000;

std::string quoted(char letter) { return std::string("'") + letter + "'"; }

} // namespace

BlockPuzzle::BlockPuzzle(BlockBoard board) : m_board(std::move(board)) {
  validate();
  build_classes();
  for (const BlockGoal &g : m_board.goals) {
    const auto it =
        std::find_if(m_board.pieces.begin(), m_board.pieces.end(),
                     [&](const BlockPiece &p) { return p.letter == g.letter; });
    const ShapeClass &k = m_classes[m_class_of[it - m_board.pieces.begin()]];
    const int anchor = g.y * m_board.width + g.x;
    if (k.cells_at[anchor].empty()) {
      throw task::InputError("goal piece " + quoted(g.letter) +
                             " does not fit at " + cell_name(anchor) +
                             ": it would leave the board or cover a wall");
    }
    if (std::find(k.anchors.begin(), k.anchors.end(), anchor) ==
        k.anchors.end()) {
      throw task::InputError("goal piece " + quoted(g.letter) +
                             " can never reach " + cell_name(anchor) +
                             (k.horizontal && k.vertical
                                  ? ": walls stand in the way"
                                  : ": it moves only along its own axis"));
    }
  }
  generate_moves();
}

// Checks what the parsers cannot: pieces on the board, disjoint, each
// 4-connected, and goals naming existing pieces once.
namespace {

// A flood fill from the piece's first cell over the cells it owns (owner
// == i) reaches all of them: the cells touch side to side.
bool connected(const BlockPiece &p, const std::vector<int> &owner, int i,
               int width) {
  const int n = static_cast<int>(owner.size());
  std::vector<int> stack{p.cells.front()};
  std::set<int> seen{p.cells.front()};
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    const int x = c % width;
    for (int d : {c - width, c + width, x > 0 ? c - 1 : -1,
                  x + 1 < width ? c + 1 : -1}) {
      if (d >= 0 && d < n && owner[d] == i && seen.insert(d).second) {
        stack.push_back(d);
      }
    }
  }
  return seen.size() == p.cells.size();
}

// Every goal names a piece on the board once and a cell on the board.
void validate_goals(const BlockBoard &b, const std::set<char> &letters) {
  if (b.goals.empty()) {
    throw task::InputError("no goal: name a piece and where it must go");
  }
  std::set<char> goal_letters;
  for (const BlockGoal &g : b.goals) {
    if (!letters.count(g.letter)) {
      throw task::InputError("goal piece " + quoted(g.letter) +
                             " is not on the board");
    }
    if (!goal_letters.insert(g.letter).second) {
      throw task::InputError("goal piece " + quoted(g.letter) +
                             " has two goals");
    }
    if (g.x < 0 || g.y < 0 || g.x >= b.width || g.y >= b.height) {
      throw task::InputError("goal position " + std::to_string(g.x) + "," +
                             std::to_string(g.y) + " is off the " +
                             std::to_string(b.width) + "x" +
                             std::to_string(b.height) + " board");
    }
  }
}

} // namespace

void BlockPuzzle::validate() const {
  const BlockBoard &b = m_board;
  if (b.width < 1 || b.height < 1 || b.width > k_max_side ||
      b.height > k_max_side) {
    throw task::InputError(
        "the board must be between 1x1 and " + std::to_string(k_max_side) +
        "x" + std::to_string(k_max_side) + ", got " + std::to_string(b.width) +
        "x" + std::to_string(b.height));
  }
  const int n = b.width * b.height;
  if (static_cast<int>(b.wall.size()) != n) {
    throw task::InputError("the wall map does not match the board size");
  }
  if (b.pieces.empty()) {
    throw task::InputError("the board has no pieces");
  }
  std::vector<int> owner(n, -1);
  std::set<char> letters;
  for (int i = 0; i < static_cast<int>(b.pieces.size()); ++i) {
    if (!letters.insert(b.pieces[i].letter).second) {
      throw task::InputError("two pieces are named " +
                             quoted(b.pieces[i].letter));
    }
    place_piece(i, owner);
  }
  validate_goals(b, letters);
}

// Checks piece i and marks its cells in `owner`: cells on the board, off
// the walls, not another piece's, touching side to side.
void BlockPuzzle::place_piece(int i, std::vector<int> &owner) const {
  const BlockPiece &p = m_board.pieces[i];
  if (p.cells.empty()) {
    throw task::InputError("piece " + quoted(p.letter) + " has no cells");
  }
  if (!p.horizontal && !p.vertical) {
    throw task::InputError("piece " + quoted(p.letter) + " cannot move");
  }
  for (int c : p.cells) {
    if (c < 0 || c >= static_cast<int>(owner.size())) {
      throw task::InputError("piece " + quoted(p.letter) + " leaves the board");
    }
    if (m_board.wall[c]) {
      throw task::InputError("piece " + quoted(p.letter) +
                             " covers a wall at " + cell_name(c));
    }
    if (owner[c] >= 0) {
      throw task::InputError("pieces " +
                             quoted(m_board.pieces[owner[c]].letter) + " and " +
                             quoted(p.letter) + " overlap at " + cell_name(c));
    }
    owner[c] = i;
  }
  if (!connected(p, owner, i, m_board.width)) {
    throw task::InputError(
        "piece " + quoted(p.letter) +
        " is not connected: its cells must touch side to side");
  }
}

int BlockPuzzle::anchor_of(const BlockPiece &piece) const {
  int x = m_board.width, y = m_board.height;
  for (int c : piece.cells) {
    x = std::min(x, c % m_board.width);
    y = std::min(y, c / m_board.width);
  }
  return y * m_board.width + x;
}

// Groups the pieces into classes and finds, per class, the anchors its
// pieces can reach on an empty board. Pieces moving along one axis only
// (Rush Hour cars) are never identified: they cannot pass each other on
// their line, so identifying them saves no position, while keeping them
// apart keeps one exactly-one group per car.
// The piece's cells as (dx, dy) from its anchor, sorted.
std::vector<std::pair<int, int>>
BlockPuzzle::shape_of(const BlockPiece &piece) const {
  const int w = m_board.width, a = anchor_of(piece);
  std::vector<std::pair<int, int>> shape;
  for (int c : piece.cells) {
    shape.emplace_back(c % w - a % w, c / w - a / w);
  }
  std::sort(shape.begin(), shape.end());
  return shape;
}

// Per anchor cell, the cells the shape covers there; empty where it
// leaves the board or meets a wall.
std::vector<std::vector<int>>
BlockPuzzle::cells_at(const std::vector<std::pair<int, int>> &shape) const {
  const int w = m_board.width, n = w * m_board.height;
  std::vector<std::vector<int>> at(n);
  for (int anchor = 0; anchor < n; ++anchor) {
    std::vector<int> cells;
    for (const auto &[dx, dy] : shape) {
      const int x = anchor % w + dx, y = anchor / w + dy;
      if (x >= w || y >= m_board.height || m_board.wall[y * w + x]) {
        cells.clear();
        break;
      }
      cells.push_back(y * w + x);
    }
    std::sort(cells.begin(), cells.end());
    at[anchor] = cells;
  }
  return at;
}

void BlockPuzzle::build_classes() {
  std::map<std::tuple<std::vector<std::pair<int, int>>, bool, bool>, int>
      shared;
  m_class_of.assign(m_board.pieces.size(), -1);
  for (int i = 0; i < static_cast<int>(m_board.pieces.size()); ++i) {
    const BlockPiece &p = m_board.pieces[i];
    const std::vector<std::pair<int, int>> shape = shape_of(p);
    const bool named =
        std::any_of(m_board.goals.begin(), m_board.goals.end(),
                    [&](const BlockGoal &g) { return g.letter == p.letter; });
    const bool alone =
        named || !m_board.identify || !(p.horizontal && p.vertical);
    const auto key = std::make_tuple(shape, p.horizontal, p.vertical);
    if (!alone && shared.count(key)) {
      m_class_of[i] = shared[key];
      m_classes[shared[key]].pieces.push_back(i);
      continue;
    }
    m_class_of[i] = static_cast<int>(m_classes.size());
    if (!alone) {
      shared[key] = m_class_of[i];
    }
    ShapeClass k;
    k.pieces = {i};
    k.shape = shape;
    k.horizontal = p.horizontal;
    k.vertical = p.vertical;
    k.cells_at = cells_at(shape);
    m_classes.push_back(std::move(k));
  }
  for (ShapeClass &k : m_classes) {
    find_components(k);
  }
}

// The anchors the class's pieces can reach, by component (anchors linked
// by one unit move of the shape, ignoring other pieces). Pieces never
// leave their component: one holding one piece keeps exactly one (an
// exactly-one group), one holding m keeps m (a count).
void BlockPuzzle::find_components(ShapeClass &k) const {
  const int w = m_board.width, n = w * m_board.height;
  std::vector<int> component(n, -1);
  std::vector<int> members; // pieces per component
  for (int i : k.pieces) {
    const int start = anchor_of(m_board.pieces[i]);
    if (component[start] >= 0) {
      ++members[component[start]];
      continue;
    }
    const int id = static_cast<int>(members.size());
    members.push_back(1);
    std::vector<int> found{start};
    component[start] = id;
    for (std::size_t j = 0; j < found.size(); ++j) {
      const int a = found[j], x = a % w;
      for (int b : {k.vertical ? a - w : -1, k.vertical ? a + w : -1,
                    k.horizontal && x > 0 ? a - 1 : -1,
                    k.horizontal && x + 1 < w ? a + 1 : -1}) {
        if (b >= 0 && b < n && component[b] < 0 && !k.cells_at[b].empty()) {
          component[b] = id;
          found.push_back(b);
        }
      }
    }
    k.components.push_back(found);
  }
  for (int c = 0; c < static_cast<int>(members.size()); ++c) {
    for (int a : k.components[c]) {
      k.anchors.push_back(a);
    }
  }
  std::sort(k.anchors.begin(), k.anchors.end());
  std::vector<std::vector<int>> single;
  for (int c = 0; c < static_cast<int>(members.size()); ++c) {
    if (members[c] == 1) {
      single.push_back(k.components[c]);
    } else {
      k.crowded.emplace_back(k.components[c], members[c]);
    }
  }
  k.components = std::move(single);
}

std::string BlockPuzzle::cell_name(int cell) const {
  return std::to_string(cell % m_board.width) + "," +
         std::to_string(cell / m_board.width);
}

std::string BlockPuzzle::class_name(int cls) const {
  const ShapeClass &k = m_classes[cls];
  if (k.pieces.size() == 1) {
    return std::string("piece ") + m_board.pieces[k.pieces[0]].letter;
  }
  std::string letters;
  for (int i : k.pieces) {
    letters += m_board.pieces[i].letter;
  }
  return "a piece of " + letters;
}

std::vector<int> BlockPuzzle::initial_anchors() const {
  std::vector<int> anchors;
  for (const BlockPiece &p : m_board.pieces) {
    anchors.push_back(anchor_of(p));
  }
  return anchors;
}

PuzzleSpec BlockPuzzle::spec() const {
  std::string grid = draw_anchors(initial_anchors());
  for (char &c : grid) {
    if (c == '\n') {
      c = '/';
    } else if (c == '.') {
      c = m_board.style.spec_empty;
    }
  }
  grid.pop_back();
  std::string pieces, at;
  for (const BlockGoal &g : m_board.goals) {
    pieces += g.letter;
    at += (at.empty() ? "" : "/") + std::to_string(g.x) + "," +
          std::to_string(g.y);
  }
  PuzzleSpec spec{m_board.style.family,
                  {{"board", grid},
                   {"goal_piece", pieces},
                   {"goal_at", at},
                   {"metric", to_name(m_board.metric)}}};
  if (!m_board.name.empty()) {
    spec.params["name"] = m_board.name;
  }
  if (!m_board.identify) {
    spec.params["identify"] = "no";
  }
  return spec;
}

std::string BlockPuzzle::title() const {
  std::string t = m_board.style.title;
  if (!m_board.name.empty()) {
    t += " " + m_board.name;
  }
  return t + " (" + std::to_string(m_board.width) + "x" +
         std::to_string(m_board.height) + ", " + to_name(m_board.metric) +
         " metric)";
}

std::string BlockPuzzle::draw() const {
  return draw_anchors(initial_anchors());
}

std::string BlockPuzzle::draw_anchors(const std::vector<int> &anchors) const {
  const int w = m_board.width, n = w * m_board.height;
  const char wall = m_board.style.wall;
  std::string cells(n, '.');
  for (int c = 0; c < n; ++c) {
    if (m_board.wall[c]) {
      cells[c] = wall;
    }
  }
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    const ShapeClass &k = m_classes[m_class_of[i]];
    for (int c : k.cells_at[anchors[i]]) {
      cells[c] = m_board.pieces[i].letter;
    }
  }
  std::string out;
  for (int y = 0; y < m_board.height; ++y) {
    out += cells.substr(y * w, w) + '\n';
  }
  return out;
}

bool BlockPuzzle::goal_reached(const std::vector<int> &anchors) const {
  for (const BlockGoal &g : m_board.goals) {
    for (std::size_t i = 0; i < anchors.size(); ++i) {
      if (m_board.pieces[i].letter == g.letter &&
          anchors[i] != g.y * m_board.width + g.x) {
        return false;
      }
    }
  }
  return true;
}

// The task's own distances (the goal piece's distance to its goal anchor
// on the board with its walls, the cells' groups) bound every plan.
int BlockPuzzle::lower_bound() const {
  const task::Task task = compile();
  return task::TaskDistances::compute(task).initial_bound(task);
}

// A breadth-first search over positions is a proof when it exhausts the
// reachable positions without meeting the goal.
std::optional<std::string>
BlockPuzzle::unsolvable_reason(const std::function<bool()> &stop) const {
  const Exploration e = explore(k_search_limit, true, stop);
  if (!e.complete || e.goal_found) {
    return std::nullopt;
  }
  return "a breadth-first search over all " + std::to_string(e.positions) +
         " reachable positions (identical pieces identified) found none "
         "that meets the goal";
}

} // namespace satslide::puzzles
