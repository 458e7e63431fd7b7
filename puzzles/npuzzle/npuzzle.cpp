#include "satslide/puzzles/npuzzle/npuzzle.hpp"

#include "satslide/puzzles/npuzzle/constructive.hpp"
#include "satslide/puzzles/npuzzle/manhattan_beam.hpp"
#include "satslide/puzzles/npuzzle/plan_windows.hpp"
#include "satslide/search/grid_cells.hpp"

#include "satslide/puzzles/board_parsing.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace satslide::puzzles {

namespace {

constexpr int k_max_side = 128; // move ids (tiles x moves) must fit an int

void check_values(const std::vector<int> &values, int n,
                  const std::string &what) {
  if (static_cast<int>(values.size()) != n) {
    throw task::InputError(what + " has " + std::to_string(values.size()) +
                           (values.size() == 1 ? " value" : " values") +
                           ", but the board has " + std::to_string(n) +
                           " cells");
  }
  std::vector<int> seen(n, 0);
  for (int v : values) {
    if (v < 0 || v >= n) {
      throw task::InputError(what + ": value " + std::to_string(v) +
                             " is out of range 0.." + std::to_string(n - 1));
    }
    if (seen[v]++) {
      throw task::InputError(what + ": value " + std::to_string(v) +
                             " appears more than once");
    }
  }
  // n distinct values in 0..n-1: none can be missing.
}

// The parity of the permutation taking `goal` to `board`.
int permutation_parity(const std::vector<int> &board,
                       const std::vector<int> &goal) {
  const int n = static_cast<int>(board.size());
  std::vector<int> where(n);
  for (int c = 0; c < n; ++c) {
    where[goal[c]] = c;
  }
  std::vector<int> perm(n);
  for (int c = 0; c < n; ++c) {
    perm[c] = where[board[c]];
  }
  std::vector<char> done(n, 0);
  int parity = 0;
  for (int c = 0; c < n; ++c) {
    int len = 0;
    for (int x = c; !done[x]; x = perm[x]) {
      done[x] = 1;
      ++len;
    }
    if (len > 0) {
      parity ^= (len - 1) & 1;
    }
  }
  return parity;
}

} // namespace

NPuzzle::NPuzzle(int rows, int cols, std::vector<int> board,
                 std::vector<int> goal)
    : m_rows(rows), m_cols(cols), m_board(std::move(board)),
      m_goal(std::move(goal)) {
  if (rows < 2 || cols < 2 || rows > k_max_side || cols > k_max_side) {
    throw task::InputError("rows and columns must be between 2 and " +
                           std::to_string(k_max_side) + ", got " +
                           std::to_string(rows) + "x" + std::to_string(cols));
  }
  check_values(m_board, cells(), "board");
  check_values(m_goal, cells(), "goal");
  m_edge_offset.reserve(cells() + 1);
  m_edge_offset.push_back(0);
  for (int from = 0; from < cells(); ++from) {
    m_edge_offset.push_back(m_edge_offset.back() +
                            static_cast<int>(neighbours(from).size()));
  }
}

int NPuzzle::move_id(int tile, int from, int to) const {
  if (tile < 1 || tile >= cells() || from < 0 || from >= cells()) {
    return -1;
  }
  const std::vector<int> next = neighbours(from);
  const auto k = std::find(next.begin(), next.end(), to);
  if (k == next.end()) {
    return -1;
  }
  return (tile - 1) * m_edge_offset.back() + m_edge_offset[from] +
         static_cast<int>(k - next.begin());
}

NPuzzle::Move NPuzzle::move_at(int id) const {
  const int edges = m_edge_offset.back();
  const int rest = id % edges;
  const int from = static_cast<int>(
      std::upper_bound(m_edge_offset.begin(), m_edge_offset.end(), rest) -
      m_edge_offset.begin() - 1);
  return {id / edges + 1, from, neighbours(from)[rest - m_edge_offset[from]]};
}

std::vector<int> NPuzzle::default_goal(int rows, int cols) {
  std::vector<int> goal(rows * cols);
  for (int i = 0; i + 1 < rows * cols; ++i) {
    goal[i] = i + 1;
  }
  goal.back() = 0;
  return goal;
}

namespace {

// The side fixed by an alias ("8" is 3x3), or 0.
int aliased_side(const std::string &name) {
  if (name == "8") {
    return 3;
  }
  if (name == "15") {
    return 4;
  }
  return name == "24" ? 5 : 0;
}

// A square board holding `values` cells; throws if there is none.
int square_side(std::size_t values) {
  int side = 2;
  while (side * side < static_cast<int>(values)) {
    ++side;
  }
  if (side * side != static_cast<int>(values)) {
    throw task::InputError("board has " + std::to_string(values) +
                           (values == 1 ? " value" : " values") +
                           ", which is not a square; give the number of "
                           "rows and columns");
  }
  return side;
}

} // namespace

NPuzzle NPuzzle::from_options(const std::string &name,
                              const InstanceOptions &o) {
  if (o.board.empty()) {
    throw task::InputError("the n-puzzle needs a board");
  }
  std::vector<int> board = parse_int_list(o.board, "board");
  int rows = o.rows, cols = o.cols;
  if (const int side = aliased_side(name)) {
    if ((rows && rows != side) || (cols && cols != side)) {
      throw task::InputError("the " + name + "-puzzle is " +
                             std::to_string(side) + "x" + std::to_string(side) +
                             ", not " + std::to_string(rows ? rows : side) +
                             "x" + std::to_string(cols ? cols : side));
    }
    rows = cols = side;
  }
  if (rows < 0 || cols < 0) {
    throw task::InputError("rows and columns must be positive");
  }
  if (rows == 0 && cols == 0) {
    rows = cols = square_side(board.size());
  } else if (rows == 0 || cols == 0) {
    throw task::InputError("give both the number of rows and of columns");
  }
  std::vector<int> goal = o.goal.empty() ? default_goal(rows, cols)
                                         : parse_int_list(o.goal, "goal");
  return NPuzzle(rows, cols, std::move(board), std::move(goal));
}

namespace {

std::string joined(const std::vector<int> &values) {
  std::string s;
  for (std::size_t i = 0; i < values.size(); ++i) {
    s += (i ? "," : "") + std::to_string(values[i]);
  }
  return s;
}

} // namespace

InstanceOptions NPuzzle::walk_origin(const std::string &name,
                                     const InstanceOptions &o) {
  InstanceOptions origin = o;
  if (origin.board.empty()) {
    const int side = aliased_side(name);
    const int rows = o.rows > 0 ? o.rows : side;
    const int cols = o.cols > 0 ? o.cols : side;
    if (!o.goal.empty()) {
      origin.board = o.goal;
    } else if (rows > 0 && cols > 0) {
      origin.board = joined(default_goal(rows, cols));
    } else {
      throw task::InputError("a scramble of the n-puzzle needs its shape: "
                             "--rows and --cols (or a board or goal)");
    }
  }
  origin.board = joined(from_options(name, origin).goal());
  return origin;
}

InstanceOptions NPuzzle::random_instance(const std::string &name,
                                         const InstanceOptions &o,
                                         std::mt19937_64 &rng) {
  const NPuzzle shape = from_options(name, walk_origin(name, o));
  std::vector<int> tiles(shape.cells());
  for (int k = 0; k < shape.cells(); ++k) {
    tiles[k] = k;
  }
  std::shuffle(tiles.begin(), tiles.end(), rng);
  InstanceOptions random = o;
  random.board = joined(tiles);
  if (from_options(name, random).unsolvable_reason()) {
    const auto a =
        std::find_if(tiles.begin(), tiles.end(), [](int v) { return v != 0; });
    const auto b =
        std::find_if(a + 1, tiles.end(), [](int v) { return v != 0; });
    std::iter_swap(a, b);
    random.board = joined(tiles);
  }
  return random;
}

DataLine NPuzzle::data_line(const std::string &line_text,
                            const std::string &) {
  // A comment after the tiles ("... 12 8 # walk 119", as the data files
  // have) is no part of the board: a tile is never '#'.
  const std::string text = line_text.substr(0, line_text.find('#'));
  const std::vector<std::string> f = split_fields(text);
  bool with_id = f.size() >= 4 && is_whole_number(f[1]);
  std::vector<int> tiles;
  for (std::size_t k = 2; with_id && k < f.size(); ++k) {
    with_id = is_whole_number(f[k]);
    if (with_id) {
      tiles.push_back(std::stoi(f[k]));
    }
  }
  std::sort(tiles.begin(), tiles.end());
  for (std::size_t k = 0; with_id && k < tiles.size(); ++k) {
    with_id = tiles[k] == static_cast<int>(k);
  }
  DataLine line;
  if (!with_id) {
    line.options = {"--board", text};
    return line;
  }
  line.id = f[0];
  line.known[""] = std::stoi(f[1]);
  std::string board;
  for (std::size_t k = 2; k < f.size(); ++k) {
    board += (k > 2 ? " " : "") + f[k];
  }
  line.options = {"--board", board};
  return line;
}

double NPuzzle::reachable_positions() const {
  double count = 1;
  for (int k = 2; k <= cells(); ++k) {
    count *= k;
  }
  return count / 2; // every move keeps the permutation parity paired
}

PuzzleSpec NPuzzle::spec() const {
  return {"npuzzle",
          {{"rows", std::to_string(m_rows)},
           {"cols", std::to_string(m_cols)},
           {"board", joined(m_board)},
           {"goal", joined(m_goal)}}};
}

std::string NPuzzle::title() const {
  return std::to_string(cells() - 1) + "-puzzle (" + std::to_string(m_rows) +
         "x" + std::to_string(m_cols) + ")";
}

std::vector<int> NPuzzle::neighbours(int cell) const {
  return search::grid_neighbours(m_rows, m_cols, cell);
}

std::string NPuzzle::cell_name(int cell) const {
  return "r" + std::to_string(cell / m_cols) + "c" +
         std::to_string(cell % m_cols);
}

std::string NPuzzle::draw_board(const std::vector<int> &board) const {
  const int width = static_cast<int>(std::to_string(cells() - 1).size());
  std::ostringstream out;
  for (int r = 0; r < m_rows; ++r) {
    for (int c = 0; c < m_cols; ++c) {
      const int v = board[r * m_cols + c];
      std::string s = v == 0 ? "." : std::to_string(v);
      out << (c ? " " : "") << std::string(width - s.size(), ' ') << s;
    }
    out << '\n';
  }
  return out.str();
}

// Fluent "value v at cell c" for every value (0 = blank) and cell; the
// one-hot groups are "each cell holds one value" and "each value is in
// one cell". One action per (tile, from, to) with `to` next to `from`.
task::Task NPuzzle::compile() const {
  task::Task task;
  const int n = cells();
  for (int v = 0; v < n; ++v) {
    for (int c = 0; c < n; ++c) {
      task.fluents.push_back(
          (v == 0 ? std::string("blank") : "tile " + std::to_string(v)) +
          " at " + cell_name(c));
    }
  }
  for (int c = 0; c < n; ++c) {
    task.init.push_back(fluent(m_board[c], c));
    task.goal.push_back(fluent(m_goal[c], c));
  }
  for (int c = 0; c < n; ++c) {
    auto &group = task.exactly_one.emplace_back();
    for (int v = 0; v < n; ++v) {
      group.push_back(fluent(v, c));
    }
  }
  for (int v = 0; v < n; ++v) {
    auto &group = task.exactly_one.emplace_back();
    for (int c = 0; c < n; ++c) {
      group.push_back(fluent(v, c));
    }
  }
  for (int id = 0; id < num_moves(); ++id) {
    const Move m = move_at(id);
    task::Action a;
    a.name = "move tile " + std::to_string(m.tile) + " from " +
             cell_name(m.from) + " to " + cell_name(m.to);
    a.pre = {fluent(m.tile, m.from), fluent(0, m.to)};
    a.add = {fluent(m.tile, m.to), fluent(0, m.from)};
    a.del = {fluent(m.tile, m.from), fluent(0, m.to)};
    task.actions.push_back(std::move(a));
  }
  label_moves(task);
  // The inverse of tile t from x to y is t from y to x.
  for (int id = 0; id < num_moves(); ++id) {
    const Move m = move_at(id);
    task.inverse.push_back(move_id(m.tile, m.to, m.from));
  }
  return task;
}

// Labels: the blank's move from `to` to `from`, whichever tile it is.
void NPuzzle::label_moves(task::Task &task) const {
  const int n = cells();
  std::vector<int> label_of(n * n, -1);
  for (int move = 0; move < num_moves(); ++move) {
    const Move m = move_at(move);
    int &id = label_of[m.to * n + m.from];
    if (id < 0) {
      id = task.num_labels();
      task.label_names.push_back("blank from " + cell_name(m.to) + " to " +
                                 cell_name(m.from));
    }
    task.label.push_back(id);
  }
  for (int l = 0; l < task.num_labels(); ++l) {
    task.label_inverse.push_back(-1);
  }
  for (int from = 0; from < n; ++from) {
    for (int to = 0; to < n; ++to) {
      if (label_of[from * n + to] >= 0) {
        task.label_inverse[label_of[from * n + to]] = label_of[to * n + from];
      }
    }
  }
}

// Each move swaps the blank with a tile, a transposition, and moves the
// blank one cell, flipping its colour on a checkerboard. So the parity of
// the permutation from goal to board must equal the parity of the blank's
// grid distance between its two cells. On any R x C board with R, C >= 2
// the condition is also sufficient (Johnson & Story, 1879).
std::optional<std::string>
NPuzzle::unsolvable_reason(const std::function<bool()> & /*stop*/) const {
  const int perm = permutation_parity(m_board, m_goal);
  const int b0 = static_cast<int>(std::find(m_board.begin(), m_board.end(), 0) -
                                  m_board.begin());
  const int b1 = static_cast<int>(std::find(m_goal.begin(), m_goal.end(), 0) -
                                  m_goal.begin());
  const int dist = search::grid_distance(m_cols, b0, b1);
  if (perm == dist % 2) {
    return std::nullopt;
  }
  return std::string("the permutation from goal to board is ") +
         (perm ? "odd" : "even") + " but the blank is an " +
         (dist % 2 ? "odd" : "even") +
         " number of cells from its goal cell; every move is one "
         "transposition and moves the blank one cell, so the two "
         "parities stay equal";
}

int NPuzzle::manhattan(const std::vector<int> &board) const {
  std::vector<int> where(cells());
  for (int c = 0; c < cells(); ++c) {
    where[m_goal[c]] = c;
  }
  int sum = 0;
  for (int c = 0; c < cells(); ++c) {
    if (board[c] != 0) {
      const int g = where[board[c]];
      sum += search::grid_distance(m_cols, c, g);
    }
  }
  return sum;
}

// Every move moves one tile one cell, so the sum of the tiles' distances
// to their goal cells never drops by more than one per move.
int NPuzzle::lower_bound() const { return manhattan(m_board); }

// The way people solve big boards: fix the outer row or column that does
// not hold the blank's goal cell, one tile at a time, until at most 3 x 3
// cells remain; those come last, with the blank, as the whole goal. Each
// stage keeps the tiles already placed, so their partial plans add up.
std::vector<std::vector<int>> NPuzzle::goal_agenda() const {
  std::vector<std::vector<int>> agenda;
  const int blank = static_cast<int>(
      std::find(m_goal.begin(), m_goal.end(), 0) - m_goal.begin());
  for (const BoardLine &line : board_lines(m_rows, m_cols, blank)) {
    for (const int cell : line.cells) {
      agenda.push_back({fluent(m_goal[cell], cell)});
    }
  }
  return agenda;
}

std::optional<task::Plan> NPuzzle::constructive_plan() const {
  return plan_of_blank_path(
      constructive_blank_path(m_rows, m_cols, m_board, m_goal));
}

std::optional<BeamPlan>
NPuzzle::beam_plan(const BeamPlanOptions &options) const {
  if (has_heuristic_search() || cells() > k_manhattan_beam_max_cells) {
    return std::nullopt; // the tables' beam (heuristic_search), or none
  }
  ManhattanBeamOptions o;
  o.width = options.width;
  o.shorter_than = options.shorter_than;
  o.stop = options.stop;
  o.far_first = options.far_first ? k_far_first_weight : 0;
  o.tie_salt = options.tie_salt;
  const ManhattanBeamResult r =
      manhattan_beam_blank_path(m_rows, m_cols, m_board, m_goal, o);
  BeamPlan s;
  s.found = r.found;
  s.nodes = r.nodes;
  s.stopped = r.stopped;
  if (r.found) {
    s.plan = plan_of_blank_path(r.blank_path);
    s.how = options.far_first ? "beam search, far tiles first (distances "
                                "squared) and linear conflicts"
                              : "beam search over the Manhattan distance "
                                "and linear conflicts";
    if (r.beam_moves != static_cast<int>(r.blank_path.size())) {
      s.how += " (" + std::to_string(r.beam_moves) +
               " moves, to a bound of " + std::to_string(r.beam_bound) +
               "), then the constructive plan";
    }
  }
  return s;
}

std::optional<PlanShortening>
NPuzzle::shorten_plan(const task::Plan &plan,
                      const ShortenOptions &options) const {
  std::vector<int> path;
  path.reserve(plan.size());
  for (const int id : plan) {
    path.push_back(move_at(id).from); // the blank moves to the tile's cell
  }
  WindowOptions o;
  o.stop = options.stop;
  if (options.on_plan) {
    o.on_path = [&](const std::vector<int> &p, const std::string &how) {
      options.on_plan(plan_of_blank_path(p), how);
    };
  }
  WindowStats stats;
  PlanShortening s;
  s.plan = plan_of_blank_path(
      shorten_blank_path(m_rows, m_cols, m_board, std::move(path), o, stats));
  s.nodes = stats.nodes;
  s.windows = stats.windows;
  s.shortened = stats.shortened;
  return s;
}

task::Plan
NPuzzle::plan_of_blank_path(const std::vector<int> &blank_path) const {
  std::vector<int> board = m_board;
  int blank = static_cast<int>(std::find(board.begin(), board.end(), 0) -
                               board.begin());
  task::Plan plan;
  plan.reserve(blank_path.size());
  for (const int to : blank_path) {
    const int id = move_id(board[to], to, blank);
    if (id < 0) {
      throw std::logic_error("a blank path with a step off the grid");
    }
    plan.push_back(id);
    std::swap(board[to], board[blank]);
    blank = to;
  }
  return plan;
}

std::optional<std::string>
NPuzzle::walk(const task::Plan &plan, std::vector<int> &board,
              const std::function<void(const Move &)> &each) const {
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const int id = plan[i];
    if (id < 0 || id >= num_moves()) {
      return "step " + std::to_string(i + 1) + ": no such move";
    }
    const Move m = move_at(id);
    const auto adjacent = neighbours(m.from);
    if (board[m.from] != m.tile || board[m.to] != 0 ||
        std::find(adjacent.begin(), adjacent.end(), m.to) == adjacent.end()) {
      return "step " + std::to_string(i + 1) + ": tile " +
             std::to_string(m.tile) + " cannot move from " +
             cell_name(m.from) + " to " + cell_name(m.to);
    }
    std::swap(board[m.from], board[m.to]);
    if (each) {
      each(m);
    }
  }
  return std::nullopt;
}

Replay NPuzzle::replay(const task::Plan &plan) const {
  Replay result;
  result.boards_drawn =
      static_cast<double>(plan.size()) * cells() <= k_replay_drawn_cells;
  result.moves.reserve(plan.size());
  result.compact.reserve(plan.size());
  std::vector<int> board = m_board;
  result.error = walk(plan, board, [&](const Move &m) {
    const int d = m.to - m.from;
    const char *tile_dir = d == -m_cols  ? "up"
                           : d == m_cols ? "down"
                           : d == -1     ? "left"
                                         : "right";
    // The compact string names the blank's direction, the opposite one.
    result.compact += d == -m_cols  ? 'D'
                      : d == m_cols ? 'U'
                      : d == -1     ? 'R'
                                    : 'L';
    result.moves.push_back({std::to_string(m.tile) + " " + tile_dir,
                            result.boards_drawn ? draw_board(board) : ""});
  });
  result.solved = !result.error && board == m_goal;
  return result;
}

std::unique_ptr<Puzzle> NPuzzle::after(const task::Plan &plan) const {
  std::vector<int> board = m_board;
  if (const auto error = walk(plan, board)) {
    throw task::InputError(*error);
  }
  return std::make_unique<NPuzzle>(m_rows, m_cols, board, m_goal);
}

} // namespace satslide::puzzles
