// The R x C sliding-tile puzzle (8-, 15-, 24-puzzle and any other shape):
// tiles 1..N-1 and a blank (0) on a board, row-major.
#pragma once

#include "satslide/puzzles/instance_options.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace satslide::search {
class PatternDatabases;
class DualTables;
} // namespace satslide::search

namespace satslide::puzzles {

class NPuzzle : public Puzzle {
public:
  // Validates shape, board and goal; throws InputError.
  NPuzzle(int rows, int cols, std::vector<int> board, std::vector<int> goal);

  // From the options board, goal (default 1..N-1 then the blank), rows
  // and cols; `name` is the family name used: "8", "15" and "24" fix the
  // shape, "npuzzle" takes it from rows/cols or a square board.
  static NPuzzle from_options(const std::string &name,
                              const InstanceOptions &options);
  // The same from a PuzzleSpec's params (DIMACS comments, tests).
  static NPuzzle from_params(const Params &params) {
    return from_options("npuzzle", options_from_params(params));
  }

  // 1..N-1 followed by the blank.
  static std::vector<int> default_goal(int rows, int cols);

  // The family's hooks for satslide scramble (families.hpp): the goal as
  // an instance, in the shape the options (a board, a goal, rows and
  // cols) or the name used give; and a uniformly random solvable board
  // of that shape (a shuffle; two tiles swapped where the parity says
  // it cannot reach the goal). Throw InputError without a shape.
  static InstanceOptions walk_origin(const std::string &name,
                                     const InstanceOptions &options);
  static InstanceOptions random_instance(const std::string &name,
                                         const InstanceOptions &options,
                                         std::mt19937_64 &rng);
  // satslide batch's hook: `id optimal t0 t1 ...` (the tiles a
  // permutation of 0..N-1), else the line is the tiles; a '#' and what
  // follows is a comment.
  static DataLine data_line(const std::string &text,
                            const std::string &folder);

  PuzzleSpec spec() const override;
  std::string title() const override;
  std::string draw() const override { return draw_board(m_board); }
  task::Task compile() const override;
  std::optional<std::string>
  unsolvable_reason(const std::function<bool()> &stop = {}) const override;
  int lower_bound() const override;
  std::string lower_bound_name() const override { return "Manhattan"; }
  // Manhattan plus linear conflicts (npuzzle_bounds.cpp).
  std::optional<std::pair<int, std::string>> quick_bound() const override;
  int horizon_stride() const override { return 2; }
  double reachable_positions() const override; // (RC)! / 2
  std::vector<std::vector<int>> goal_agenda() const override;
  // Line by line, the last 3 x 3 cells optimally (constructive.hpp).
  std::optional<task::Plan> constructive_plan() const override;
  bool has_constructive_plan() const override { return true; }
  // Past the tables (64 cells) up to k_manhattan_beam_max_cells: beam
  // search over the Manhattan distance (manhattan_beam.hpp).
  std::optional<BeamPlan>
  beam_plan(const BeamPlanOptions &options) const override;
  // Past k_max_task_cells (16 x 16).
  bool beyond_task() const override { return cells() > k_max_task_cells; }
  static constexpr int k_max_task_cells = 256;
  // Revisits cut, then windows re-solved by IDA* (plan_windows.hpp).
  std::optional<PlanShortening>
  shorten_plan(const task::Plan &plan,
               const ShortenOptions &options) const override;
  // The plan of the blank's successive cells from this board.
  task::Plan plan_of_blank_path(const std::vector<int> &blank_path) const;
  Replay replay(const task::Plan &plan) const override;
  bool numbered_tiles() const override { return true; }
  std::unique_ptr<Puzzle> after(const task::Plan &plan) const override;
  // Breadth-first over perfect ranks, 2 bits a board (npuzzle_space.cpp);
  // nullopt beyond 12 cells.
  std::optional<search::StateSpace>
  search_space(const search::SpaceOptions &options) const override;
  // Boards packed 4 bits a cell (npuzzle_frontier.cpp); nullopt beyond 16
  // cells.
  std::optional<search::Frontier>
  frontier(int depth, const search::SpaceOptions &options) const override;
  // IDA* over additive pattern databases, cached on disk
  // (npuzzle_bounds.cpp, search/ida.cpp); nullopt beyond 64 cells.
  std::optional<HeuristicSearch>
  heuristic_search(const HeuristicSearchOptions &options) const override;
  // The same databases as a bound on any state of compile()'s task.
  StateBound state_bound(const HeuristicSearchOptions &options) const override;
  // Up to 64 cells, the partition's own refusals (search/pattern_partition.cpp).
  void check_pattern_tiles(int max_tiles) const override;
  // Each set's refusals (search::PatternDatabases::check_patterns), and
  // the memory of all their tables.
  void check_partitions(const std::vector<Partition> &sets) const override;
  // Patterns of k_large_pattern_tiles (the 15-puzzle: 7-8) where they
  // differ from the family's and their tables are in the cache.
  StateBound
  stronger_state_bound(const HeuristicSearchOptions &options) const override;
  static constexpr int k_large_pattern_tiles = 8;
  int stronger_pattern_tiles() const override {
    return k_large_pattern_tiles;
  }
  // Whether those databases (of at most `pattern_tiles` tiles a pattern,
  // 0 the default) need no build: read by this puzzle (or a copy)
  // already, or a file for them in the cache.
  bool databases_at_hand(int pattern_tiles) const override;
  bool stronger_tables(int pattern_tiles) const override;
  bool has_heuristic_search() const override { return cells() <= 64; }
  int narrowest_side() const override { return std::min(m_rows, m_cols); }

  int rows() const { return m_rows; }
  int cols() const { return m_cols; }
  const std::vector<int> &board() const { return m_board; }
  const std::vector<int> &goal() const { return m_goal; }

  // Rules of the puzzle itself, used by replay and by tests' searches.
  std::vector<int> neighbours(int cell) const;
  std::string draw_board(const std::vector<int> &board) const;

  // Sum over tiles of the grid distance to their goal cell.
  int manhattan(const std::vector<int> &board) const;
  // The moves linear conflicts add to the Manhattan distance.
  int linear_conflicts(const std::vector<int> &board) const;

  // A board's perfect rank among all (RC)! permutations, and back; for
  // boards of at most 12 cells (std::invalid_argument beyond).
  std::uint64_t rank(const std::vector<int> &board) const;
  std::vector<int> unranked(std::uint64_t rank) const;

private:
  struct Move {
    int tile, from, to; // the tile slides from cell `from` into `to`
  };
  struct DatabaseMemo {
    std::mutex mutex;
    // By the options' pattern_tiles.
    std::map<int, std::shared_ptr<const search::PatternDatabases>> databases;
  };
  // The pattern databases, read from the cache (or built) once per puzzle
  // and shared by its copies: the engine choice reads the start's bound,
  // then the split its cubes', with one load. Throws
  // PatternDatabases::Stopped as cached_pattern_databases does.
  std::shared_ptr<const search::PatternDatabases>
  databases(const HeuristicSearchOptions &options) const;
  HeuristicSearch
  ida_over(const search::PatternDatabases &databases,
           const HeuristicSearchOptions &options,
           const std::vector<const search::PatternDatabases *> &more = {}) const;
  // The sets of tables a search reads where there are several: the
  // user's (--partition), or the default's maxed with the 2x2 blocks'
  // where that measured stronger (k_maxed_with_blocks); empty: the
  // options' pattern_tiles' one set (databases()).
  std::vector<Partition> search_sets(const HeuristicSearchOptions &options) const;
  // The tables a search and state_bound read: search_sets' (one that is
  // databases()' partition shared with it, not held twice), else
  // databases()' one set; empty where cached_only and missing. Throws
  // PatternDatabases::Stopped as databases() does.
  std::vector<std::shared_ptr<const search::PatternDatabases>>
  tables(const HeuristicSearchOptions &options) const;
  // options.beam_width's beam over the max of the sets' bounds, from
  // where options.beam_after leads (throws std::invalid_argument if those
  // are not moves from this board).
  HeuristicSearch
  beam_over(const std::vector<const search::PatternDatabases *> &sets,
            const HeuristicSearchOptions &options) const;
  std::shared_ptr<const search::DualTables>
  dual_tables(const search::PatternDatabases &databases,
              const HeuristicSearchOptions &options) const;
  int cells() const { return m_rows * m_cols; }
  // Each move of `plan` checked against the rules and made on `board`
  // (replay's, after's and beam_over's one walk), `each` told of it
  // after; the first broken rule's message ("step i: ..."), or nothing.
  std::optional<std::string>
  walk(const task::Plan &plan, std::vector<int> &board,
       const std::function<void(const Move &)> &each = {}) const;
  void label_moves(task::Task &task) const;
  // Action ids in the order compile() makes them: tile-major, then the
  // cell the tile leaves, then its neighbours in grid_neighbours' order;
  // computed, not stored (a 100 x 100 board has 4 x 10^8 of them).
  int move_id(int tile, int from, int to) const;
  Move move_at(int id) const;
  int num_moves() const { return (cells() - 1) * m_edge_offset.back(); }
  task::Plan
  plan_back(std::uint64_t goal, int depth,
            const std::function<std::uint8_t(std::uint64_t)> &mark) const;
  int fluent(int value, int cell) const { return value * cells() + cell; }
  std::string cell_name(int cell) const;

  int m_rows, m_cols;
  std::vector<int> m_board, m_goal;
  // By cell, the number of (cell, neighbour) pairs of the cells before
  // it; the last entry is all of them.
  std::vector<int> m_edge_offset;
  std::shared_ptr<DatabaseMemo> m_memo = std::make_shared<DatabaseMemo>();
};

} // namespace satslide::puzzles
