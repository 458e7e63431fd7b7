// The n-puzzle's bound hooks (Puzzle::heuristic_search, state_bound and
// their kin): its pattern databases, cached, and IDA* over them; the
// search itself knows no NPuzzle (search/ida.hpp).
#include "satslide/puzzles/npuzzle/npuzzle.hpp"

#include "satslide/puzzles/npuzzle/linear_conflicts.hpp"
#include "satslide/search/beam.hpp"
#include "satslide/search/ida.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <stdexcept>

namespace satslide::puzzles {

namespace {

// A set's shape in a name beside others or in a message about one of
// them: "4-4-4-4", and " in 2x2 blocks" where its partition is
// PatternDatabases::blocks_partition's (beside the rows' partition of
// the same shape, the two would read alike).
std::string set_shape(const search::PatternDatabases &set) {
  const bool blocks =
      set.rows() >= 2 && set.cols() >= 2 &&
      set.patterns() == search::PatternDatabases::blocks_partition(
                            set.rows(), set.cols(), set.goal());
  return set.shape() + (blocks ? " in 2x2 blocks" : "");
}

// A plan found is a path to the goal, so no position on it may be
// bounded above the moves it has left: a cheap test of the tables that
// judged the plan optimal, for a table damaged in a way the cache's
// checks missed.
void check_bound_on_plan(const search::PatternDatabases &databases,
                         const std::vector<int> &board, int moves_left) {
  const int bound = databases.bound(board);
  if (bound > moves_left) {
    throw task::InputError(
        "the pattern databases " + set_shape(databases) +
        " overestimate: " + std::to_string(bound) +
        " for a position of the plan found with " + std::to_string(moves_left) +
        " moves left, so the plan cannot be called optimal. A damaged "
        "cache file in " +
        search::pattern_cache_directory() +
        " (delete it and run again), or a bug");
  }
}

// "additive pattern databases 6-6-3", or for several sets "additive
// pattern databases, the max of 4-4-4-4 and 4-4-4-4 in 2x2 blocks" (",
// each max with the transposed board").
std::string
sets_name(const search::PatternDatabases &databases,
          const std::vector<const search::PatternDatabases *> &more) {
  if (more.empty()) {
    return databases.name();
  }
  std::string name = "additive pattern databases, the max of " +
                     set_shape(databases);
  for (std::size_t i = 0; i < more.size(); ++i) {
    name += (i + 1 == more.size() ? " and " : ", ") + set_shape(*more[i]);
  }
  return name + (databases.reflected() ? ", each max with the transposed board"
                                       : "");
}

// Partitions NPuzzle::stronger_tables' rule would call stronger that
// measured no better, by board and tiles a pattern
// (benchmarks/RESULTS.md): 7x7's 5-tile
// tables, 4-4-5-5-5-5-5-5-5-5 (the start's bound within 2 of the 4-tile
// tables' on six boards, IDA* 1.8x the nodes to the same threshold: "The
// beams' set of boards on huge pages"; as a third set beside the 4-tile
// and 2x2 blocks' tables, the beams' plans 2% longer: "A third set for
// the beams"); the 24-puzzle's 7-7-5-5, nine
// times the entries of 6-6-6-6 (0.22-0.93x its nodes on nine of fifteen
// boards, 1.2-7x on the others; 2.5x on the public boards in all: "Seven
// tiles a pattern").
struct Measured {
  int rows, cols, tiles;
};
constexpr std::array<Measured, 2> k_no_stronger = {{{7, 7, 5}, {5, 5, 7}}};

// Boards and pattern sizes whose tables are maxed by default with the
// 2x2 blocks' (PatternDatabases::blocks_partition): 7x7's 4-tile tables
// (the beam of the same width 3.6% shorter, IDA*'s start bound and
// thresholds higher; --any over 30 boards: plan / bound 1.428 -> 1.403:
// RESULTS "Two partitions for the beams").
constexpr std::array<Measured, 1> k_maxed_with_blocks = {{{7, 7, 4}}};

} // namespace

// Every row's and column's linear conflicts (linear_conflicts.hpp).
int NPuzzle::linear_conflicts(const std::vector<int> &board) const {
  std::vector<int> where(cells());
  for (int c = 0; c < cells(); ++c) {
    where[m_goal[c]] = c;
  }
  int extra = 0;
  std::vector<int> goals;
  for (int r = 0; r < m_rows; ++r) {
    goals.clear();
    for (int c = 0; c < m_cols; ++c) {
      const int tile = board[r * m_cols + c];
      if (tile != 0 && where[tile] / m_cols == r) {
        goals.push_back(where[tile] % m_cols);
      }
    }
    extra += line_conflict_moves(goals.data(), static_cast<int>(goals.size()));
  }
  for (int c = 0; c < m_cols; ++c) {
    goals.clear();
    for (int r = 0; r < m_rows; ++r) {
      const int tile = board[r * m_cols + c];
      if (tile != 0 && where[tile] % m_cols == c) {
        goals.push_back(where[tile] / m_cols);
      }
    }
    extra += line_conflict_moves(goals.data(), static_cast<int>(goals.size()));
  }
  return extra;
}

std::optional<std::pair<int, std::string>> NPuzzle::quick_bound() const {
  return std::make_pair(manhattan(m_board) + linear_conflicts(m_board),
                        std::string("Manhattan and linear conflicts"));
}

std::optional<HeuristicSearch>
NPuzzle::heuristic_search(const HeuristicSearchOptions &options) const {
  if (!has_heuristic_search()) {
    return std::nullopt;
  }
  std::vector<std::shared_ptr<const search::PatternDatabases>> sets;
  try {
    sets = tables(options);
  } catch (const search::PatternDatabases::Stopped &) {
    sets.clear();
  }
  if (sets.empty()) { // stopped while building, or cached_only
    HeuristicSearch s;
    s.stopped = true;
    s.bound_name = "additive pattern databases (not built: stopped)";
    return s;
  }
  std::vector<const search::PatternDatabases *> all;
  for (const auto &set : sets) {
    all.push_back(set.get());
  }
  if (options.beam_width > 0) {
    return beam_over(all, options);
  }
  return ida_over(*all.front(), options, {std::next(all.begin()), all.end()});
}

HeuristicSearch
NPuzzle::beam_over(const std::vector<const search::PatternDatabases *> &sets,
                   const HeuristicSearchOptions &options) const {
  // The blank's cells along beam_after, and the board they lead to.
  std::vector<int> board = m_board;
  std::vector<int> path;
  if (walk(options.beam_after, board,
           [&path](const Move &m) { path.push_back(m.from); })) {
    throw std::invalid_argument("beam search: its first moves are not a "
                                "plan's from this board");
  }
  const int after = static_cast<int>(path.size());
  HeuristicSearch s;
  s.bound_name =
      sets_name(*sets.front(), {std::next(sets.begin()), sets.end()});
  if (options.shorter_than >= 0 && options.shorter_than <= after) {
    s.limit = true; // no shorter plan begins with these moves
    return s;
  }
  search::BeamOptions b;
  b.width = options.beam_width;
  b.shorter_than = options.shorter_than < 0 ? -1 : options.shorter_than - after;
  b.stop = options.stop;
  b.tie_salt = options.beam_tie_salt;
  const search::BeamResult r = search::beam_search(sets, board, b);
  s.found = r.found;
  s.nodes = r.nodes;
  s.stopped = r.stopped;
  if (r.found) {
    path.insert(path.end(), r.blank_path.begin(), r.blank_path.end());
    s.plan = plan_of_blank_path(path);
  }
  return s;
}

namespace {

// The tables of the sets read last in the process, held until other sets
// are asked for (a batch's boards share them: the 24-puzzle's two
// 6-6-6-6 sets are 1 GB); a set that is `shared`'s partition is
// `shared`, not read again.
std::vector<std::shared_ptr<const search::PatternDatabases>>
sets_held(int rows, int cols, const std::vector<int> &goal,
          const std::vector<Partition> &sets,
          const HeuristicSearchOptions &options,
          const std::shared_ptr<const search::PatternDatabases> &shared) {
  static std::mutex mutex;
  static std::vector<std::string> held_keys;
  static std::vector<std::shared_ptr<const search::PatternDatabases>> held;
  std::vector<std::string> keys;
  for (const Partition &set : sets) {
    keys.push_back(
        search::PatternDatabases::cache_key(rows, cols, goal, set));
  }
  const std::lock_guard<std::mutex> lock(mutex);
  if (keys == held_keys) {
    return held;
  }
  held.clear();
  held_keys.clear();
  std::vector<std::shared_ptr<const search::PatternDatabases>> made;
  for (const Partition &set : sets) {
    if (shared && set == shared->patterns()) {
      made.push_back(shared);
      continue;
    }
    auto tables = search::cached_tables(rows, cols, goal, set,
                                        {options.note, options.warn},
                                        options.stop, options.cached_only);
    if (!tables) {
      return {}; // cached_only, and not in the cache
    }
    made.push_back(std::make_shared<const search::PatternDatabases>(
        std::move(*tables)));
  }
  held_keys = keys;
  held = made;
  return made;
}

} // namespace

std::vector<Partition>
NPuzzle::search_sets(const HeuristicSearchOptions &options) const {
  if (!options.partitions.empty()) {
    return options.partitions;
  }
  for (const Measured &m : k_maxed_with_blocks) {
    if (m.rows == m_rows && m.cols == m_cols &&
        m.tiles == options.pattern_tiles) {
      return {search::PatternDatabases::partition(m_rows, m_cols, m_goal,
                                                  m.tiles),
              search::PatternDatabases::blocks_partition(m_rows, m_cols,
                                                         m_goal)};
    }
  }
  return {};
}

std::vector<std::shared_ptr<const search::PatternDatabases>>
NPuzzle::tables(const HeuristicSearchOptions &options) const {
  const std::vector<Partition> partitions = search_sets(options);
  if (partitions.empty()) {
    auto one = databases(options);
    if (!one) {
      return {};
    }
    return {one};
  }
  // The user's sets were checked before any engine ran
  // (check_partitions); search_sets' own are within the limits.
  std::shared_ptr<const search::PatternDatabases> own;
  try {
    if (std::find(partitions.begin(), partitions.end(),
                  search::PatternDatabases::partition(
                      m_rows, m_cols, m_goal, options.pattern_tiles)) !=
        partitions.end()) {
      own = databases(options);
    }
  } catch (const std::invalid_argument &) {
    // no pattern_tiles partition on this board: none to share
  }
  return sets_held(m_rows, m_cols, m_goal, partitions, options, own);
}

// IDA* over the databases, maxed with `more` (and the dual's tables where
// the options ask for them), its plan checked against every set of
// databases on every position.
HeuristicSearch
NPuzzle::ida_over(const search::PatternDatabases &databases,
                  const HeuristicSearchOptions &options,
                  const std::vector<const search::PatternDatabases *> &more)
    const {
  HeuristicSearch s;
  search::IdaOptions o;
  o.parity = lower_bound() % 2; // Manhattan has the optimum's parity
  o.max_length = options.max_length;
  o.stop = options.stop;
  o.on_threshold = options.on_threshold;
  o.threads = options.threads;
  o.weight_percent = options.weight_percent;
  o.shorter_than = options.shorter_than;
  std::shared_ptr<const search::DualTables> dual;
  try {
    dual = dual_tables(databases, options);
  } catch (const search::PatternDatabases::Stopped &) {
    s.stopped = true;
    s.bound_name = databases.name() + " (dual tables not built: stopped)";
    return s;
  }
  o.dual = dual.get();
  o.more_databases = more;
  const search::IdaResult r = search::ida_search(databases, m_board, o);
  s.found = r.found;
  s.start_bound = r.start_bound;
  s.bound_name = sets_name(databases, more) +
                 (dual ? ", dual lookups with pathmax" : "");
  s.no_plan_up_to = r.no_plan_up_to;
  s.nodes = r.nodes;
  s.thresholds = r.thresholds;
  s.stopped = r.stopped;
  s.limit = r.limit;
  int blank = static_cast<int>(std::find(m_board.begin(), m_board.end(), 0) -
                               m_board.begin());
  std::vector<int> board = m_board;
  const int length = static_cast<int>(r.blank_path.size());
  for (int to : r.blank_path) {
    const int moves_left = length - static_cast<int>(s.plan.size());
    check_bound_on_plan(databases, board, moves_left);
    for (const search::PatternDatabases *set : more) {
      check_bound_on_plan(*set, board, moves_left);
    }
    s.plan.push_back(move_id(board[to], to, blank));
    std::swap(board[to], board[blank]);
    blank = to;
  }
  return s;
}

namespace {

// The tables read last in the process, by shape, goal and pattern size,
// held until another set is asked for: the cubes of a split answered by
// one batch are many puzzles, one after another, over one set of tables
// (the 24-puzzle's 6-6-6-6: 510 MB), read once rather than once a cube.
std::shared_ptr<const search::PatternDatabases> tables_held(
    int rows, int cols, const std::vector<int> &goal, int tiles,
    const std::function<std::shared_ptr<const search::PatternDatabases>()>
        &read_or_build) {
  static std::mutex mutex;
  static std::string held_key;
  static std::shared_ptr<const search::PatternDatabases> held;
  std::string key = std::to_string(rows) + "x" + std::to_string(cols) + "/" +
                    std::to_string(tiles) + "/";
  for (const int t : goal) {
    key += std::to_string(t) + ",";
  }
  const std::lock_guard<std::mutex> lock(mutex);
  if (held && key == held_key) {
    return held;
  }
  auto made = read_or_build();
  if (made) {
    held_key = key;
    held = made;
  }
  return made;
}

} // namespace

std::shared_ptr<const search::PatternDatabases>
NPuzzle::databases(const HeuristicSearchOptions &options) const {
  const std::lock_guard<std::mutex> lock(m_memo->mutex);
  auto &databases = m_memo->databases[options.pattern_tiles];
  if (databases) {
    return databases;
  }
  databases = tables_held(
      m_rows, m_cols, m_goal, options.pattern_tiles,
      [&]() -> std::shared_ptr<const search::PatternDatabases> {
        if (options.cached_only) {
          auto read = search::read_cached_pattern_databases(
              m_rows, m_cols, m_goal, options.pattern_tiles,
              {options.note, options.warn});
          return read ? std::make_shared<const search::PatternDatabases>(
                            std::move(*read))
                      : nullptr;
        }
        return std::make_shared<const search::PatternDatabases>(
            search::cached_pattern_databases(
                m_rows, m_cols, m_goal, {options.note, options.warn},
                options.stop, options.pattern_tiles));
      });
  return databases;
}

// The dual tables of the databases (search/dual_tables.hpp), held for the
// process as the databases are (a split's cubes share one set), read from
// the cache or built as the options say; nullptr where there are none.
std::shared_ptr<const search::DualTables>
NPuzzle::dual_tables(const search::PatternDatabases &databases,
                     const HeuristicSearchOptions &options) const {
  if (options.dual_lookups == DualLookups::off) {
    return nullptr;
  }
  static std::mutex mutex;
  static std::shared_ptr<const search::DualTables> held;
  const std::lock_guard<std::mutex> lock(mutex);
  if (held && held->databases_key() == databases.cache_key()) {
    return held;
  }
  const bool cached_only =
      options.cached_only || options.dual_lookups == DualLookups::cached;
  auto made = search::DualTables::load(databases, {options.note, options.warn},
                                       options.stop, cached_only);
  if (!made) {
    return nullptr;
  }
  held = std::make_shared<const search::DualTables>(std::move(*made));
  return held;
}

bool NPuzzle::databases_at_hand(int pattern_tiles) const {
  {
    const std::lock_guard<std::mutex> lock(m_memo->mutex);
    const auto read = m_memo->databases.find(pattern_tiles);
    if (read != m_memo->databases.end() && read->second) {
      return true;
    }
  }
  return search::pattern_databases_cached(m_rows, m_cols, m_goal,
                                          pattern_tiles);
}

bool NPuzzle::stronger_tables(int pattern_tiles) const {
  if (pattern_tiles == 0 || cells() > 64) {
    return false;
  }
  for (const Measured &m : k_no_stronger) {
    if (m.rows == m_rows && m.cols == m_cols && m.tiles == pattern_tiles) {
      return false;
    }
  }
  try {
    const auto family =
        search::PatternDatabases::default_partition(m_rows, m_cols, m_goal);
    const auto cut = search::PatternDatabases::partition(m_rows, m_cols,
                                                         m_goal, pattern_tiles);
    using search::PatternDatabases;
    return cut != family && PatternDatabases::entries(m_rows, m_cols, cut) >=
                                PatternDatabases::entries(m_rows, m_cols, family);
  } catch (const std::invalid_argument &) {
    return false; // too large for this board
  }
}

void NPuzzle::check_pattern_tiles(int max_tiles) const {
  if (max_tiles == 0) {
    return;
  }
  if (cells() > 64) {
    throw std::invalid_argument("pattern databases: a board of 2 to 64 "
                                "cells");
  }
  search::PatternDatabases::check_memory(
      m_rows, m_cols,
      search::PatternDatabases::partition(m_rows, m_cols, m_goal, max_tiles));
}

void NPuzzle::check_partitions(const std::vector<Partition> &sets) const {
  if (sets.empty()) {
    return;
  }
  if (cells() > 64) {
    throw std::invalid_argument("pattern databases: a board of 2 to 64 "
                                "cells");
  }
  Partition all; // every set's tables, held together
  for (std::size_t i = 0; i < sets.size(); ++i) {
    try {
      search::PatternDatabases::check_patterns(m_rows, m_cols, sets[i]);
    } catch (const std::invalid_argument &e) {
      throw std::invalid_argument("--partition " + std::to_string(i + 1) +
                                  " of " + std::to_string(sets.size()) +
                                  ": " + e.what());
    }
    all.insert(all.end(), sets[i].begin(), sets[i].end());
  }
  search::PatternDatabases::check_memory(m_rows, m_cols, all);
}

StateBound
NPuzzle::stronger_state_bound(const HeuristicSearchOptions &options) const {
  if (cells() > 64) {
    return {};
  }
  try {
    if (search::PatternDatabases::partition(m_rows, m_cols, m_goal,
                                            k_large_pattern_tiles) ==
        search::PatternDatabases::partition(m_rows, m_cols, m_goal,
                                            options.pattern_tiles)) {
      return {};
    }
  } catch (const std::invalid_argument &) {
    return {}; // too large for this board
  }
  HeuristicSearchOptions large = options;
  large.pattern_tiles = k_large_pattern_tiles;
  large.cached_only = true;
  return state_bound(large);
}

StateBound
NPuzzle::state_bound(const HeuristicSearchOptions &options) const {
  if (cells() > 64) {
    return {};
  }
  std::vector<std::shared_ptr<const search::PatternDatabases>> sets;
  try {
    sets = tables(options);
  } catch (const search::PatternDatabases::Stopped &) {
    return {};
  }
  if (sets.empty()) {
    return {}; // cached_only, and not in the cache
  }
  const int n = cells();
  return [sets, n](const task::State &state) {
    std::vector<int> board(static_cast<std::size_t>(n), 0);
    for (int f = 0; f < static_cast<int>(state.size()); ++f) {
      if (state[f]) {
        board[f % n] = f / n; // fluent(value, cell) = value * cells + cell
      }
    }
    int bound = 0;
    for (const auto &set : sets) {
      bound = std::max(bound, set->bound(board));
    }
    return bound;
  };
}

} // namespace satslide::puzzles
