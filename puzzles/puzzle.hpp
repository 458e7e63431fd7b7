// What every puzzle family provides to the pipeline: its task, the facts
// that let the driver skip horizons (bound, parity, unsolvability), and
// replay of a plan by the puzzle's own rules.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/heuristic_search.hpp"
#include "satslide/task/input_error.hpp"
#include "satslide/search/state_space.hpp"
#include "satslide/task/task.hpp"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace satslide::puzzles {

// The parameters that re-create an instance: kind plus key/value pairs
// (board, goal, rows, ...). Written into DIMACS comments so a solver's
// answer can be decoded later without the original command line.
using Params = std::map<std::string, std::string>;
// What one move counts as: one cell (the n-puzzle's tile into the blank,
// a block puzzle's step), a straight slide of any length, or any path of
// one piece through free cells.
enum class Metric { step, slide, piece };
constexpr std::array<EnumName<Metric>, 3> names(Metric) {
  return {{{Metric::step, "step"},
           {Metric::slide, "slide"},
           {Metric::piece, "piece"}}};
}

struct PuzzleSpec {
  std::string kind; // a family's name (families.hpp)
  Params params;
};

struct ReplayedMove {
  std::string notation; // e.g. "6 up" or "B right 2"
  std::string board;    // the board after the move, drawn as text
                        // (empty where Replay::boards_drawn is false)
};

// Replay draws the board after every move while the boards of the plan
// hold at most this many cells in all (a 20 x 20 board's plan of 10,000
// moves); past it, none (a 100 x 100 board's plan has 10^6 moves).
constexpr long k_replay_drawn_cells = 4'000'000;

struct Replay {
  std::optional<std::string> error; // set if the plan breaks a rule
  std::vector<ReplayedMove> moves;
  std::string compact; // one-line move string, e.g. "LURDR"
  bool solved = false; // the last board is a goal board
  bool boards_drawn = true; // false past k_replay_drawn_cells
};

class Puzzle {
public:
  virtual ~Puzzle() = default;

  virtual PuzzleSpec spec() const = 0;
  virtual std::string title() const = 0; // e.g. "8-puzzle (3x3)"
  virtual std::string draw() const = 0;  // the initial board as text
  virtual task::Task compile() const = 0;

  // Facts the driver may use to skip horizons; each must be a proof.
  // Why no plan exists, where the family can show it (a parity, a search
  // of the whole space); a search polls `stop` and, stopped, proves
  // nothing (nullopt).
  virtual std::optional<std::string>
  unsolvable_reason(const std::function<bool()> &stop = {}) const = 0;
  virtual int lower_bound() const = 0; // admissible
  virtual std::string lower_bound_name() const = 0;
  // Plan lengths differ by multiples of this.
  virtual int horizon_stride() const { return 1; }
  // An admissible bound at least lower_bound() that needs no tables and
  // no task, and its name, for --any's interval (the n-puzzle: Manhattan
  // distance and linear conflicts); nullopt where the family has none.
  virtual std::optional<std::pair<int, std::string>> quick_bound() const {
    return std::nullopt;
  }

  // The number of positions reachable from the start where the family
  // knows it without searching (the n-puzzle: (RC)!/2); 0 if unknown.
  virtual double reachable_positions() const { return 0; }

  // The reachable space by the family's own breadth-first search where
  // it stores positions more compactly than the task's search does (the
  // n-puzzle: perfect ranks, 2 bits a position; its plans are actions of
  // compile()'s task); nullopt: use explore_space on the task.
  virtual std::optional<search::StateSpace>
  search_space(const search::SpaceOptions &options) const {
    (void)options;
    return std::nullopt;
  }

  // The positions at distance exactly `depth` from the start, as
  // frontier_at finds them on compile()'s task (the same positions, each
  // with a shortest path of its actions; a goal within `depth` ends it),
  // where the family finds them faster (the n-puzzle: boards packed in
  // a word); nullopt: use frontier_at.
  virtual std::optional<search::Frontier>
  frontier(int depth, const search::SpaceOptions &options) const {
    (void)depth;
    (void)options;
    return std::nullopt;
  }

  // IDA* over the family's strongest admissible bound (the n-puzzle:
  // additive pattern databases, npuzzle/npuzzle_bounds.cpp); nullopt where the
  // family has no such search. Call only on a solvable instance.
  // Whether heuristic_search answers (the n-puzzle up to 64 cells).
  virtual bool has_heuristic_search() const { return false; }
  virtual std::optional<HeuristicSearch>
  heuristic_search(const HeuristicSearchOptions &options) const {
    (void)options;
    return std::nullopt;
  }

  // The family's strongest admissible bound as a function of a state of
  // compile()'s task (the n-puzzle: its pattern databases, read once);
  // empty where it has none beyond lower_bound(). `options`' stop and
  // note apply to building it.
  virtual StateBound state_bound(const HeuristicSearchOptions &options) const {
    (void)options;
    return {};
  }
  // Throws std::invalid_argument, saying why, where the family has no
  // pattern databases of at most `max_tiles` tiles a pattern (0: the
  // family's own partition, always accepted): the user's
  // --pattern-tiles, checked before any engine runs.
  virtual void check_pattern_tiles(int max_tiles) const {
    if (max_tiles != 0) {
      throw std::invalid_argument("patterns of tiles are the n-puzzle's; " +
                                  title() + " has no pattern databases");
    }
  }
  // The same for the user's --partition sets (none: always accepted):
  // their tiles, and the memory of their tables together.
  virtual void check_partitions(const std::vector<Partition> &sets) const {
    if (!sets.empty()) {
      throw std::invalid_argument("patterns of tiles are the n-puzzle's; " +
                                  title() + " has no pattern databases");
    }
  }
  // A stronger bound still, where the family has one ready without a
  // build (the n-puzzle: larger pattern databases found in the cache, the
  // 15-puzzle's 7-8); empty otherwise. Reading it may take a second: for
  // proofs already long.
  virtual StateBound
  stronger_state_bound(const HeuristicSearchOptions &options) const {
    (void)options;
    return {};
  }
  // The tiles a pattern of the tables stronger_state_bound reads (the
  // n-puzzle: 8, the 15-puzzle's 7-8), to be named in reports and given
  // to the split; 0 where the family has none.
  virtual int stronger_pattern_tiles() const { return 0; }
  // Whether the tables of at most `pattern_tiles` tiles a pattern may be
  // stronger than the family's own partition, so worth building once:
  // cut otherwise, with at least as many entries in all (the 15-puzzle's
  // 7-8, not the 4-5-6 of at most 6 tiles), unless measured no better;
  // false where they are the family's, smaller, or not the family's to
  // have.
  virtual bool stronger_tables(int pattern_tiles) const {
    (void)pattern_tiles;
    return false;
  }
  // Whether the tables of at most `pattern_tiles` tiles a pattern (0: the
  // family's) need no build: a timed run only splits where they do not.
  virtual bool databases_at_hand(int pattern_tiles) const {
    (void)pattern_tiles;
    return false;
  }
  // The fewest cells across the board, where the family's positions
  // split into cubes by a frontier (the n-puzzle; its frontier grows
  // slowly on two rows); 0 where the family is not split by its own rule.
  virtual int narrowest_side() const { return 0; }

  // A plan at once, not optimal, where the family builds one without a
  // search (the n-puzzle: npuzzle/constructive.hpp); nullopt otherwise.
  // Call only on a solvable instance.
  virtual std::optional<task::Plan> constructive_plan() const {
    return std::nullopt;
  }
  virtual bool has_constructive_plan() const { return false; }
  // A plan by beam search over a bound that needs no tables, where the
  // family has no tables for the board (the n-puzzle past 64 cells, up to
  // 256: npuzzle/manhattan_beam.hpp); nullopt elsewhere. The wider, the
  // better. Call only on a solvable instance.
  virtual std::optional<BeamPlan>
  beam_plan(const BeamPlanOptions &options) const {
    (void)options;
    return std::nullopt;
  }
  // Whether compile()'s task is too large to build (the n-puzzle past
  // 16 x 16: 10^8 fluents on a 100 x 100 board); such a puzzle is solved
  // only by --any's constructive plan and shorten_plan, without a task.
  virtual bool beyond_task() const { return false; }

  // The plan (from the start, to the goal) shortened where the family
  // knows how (the n-puzzle: npuzzle/plan_windows.hpp), until `options`'
  // stop or nothing more is found; nullopt where it does not.
  virtual std::optional<PlanShortening>
  shorten_plan(const task::Plan &plan, const ShortenOptions &options) const {
    (void)plan;
    (void)options;
    return std::nullopt;
  }

  // For --any: the goal in stages, each a set of goal fluents of the
  // compiled task added to the earlier ones; the whole goal follows the
  // last. Empty: no staging known (the goal is reached in one stage).
  virtual std::vector<std::vector<int>> goal_agenda() const { return {}; }

  // Applies the plan's moves by the puzzle's rules (not the task's).
  virtual Replay replay(const task::Plan &plan) const = 0;

  // The same puzzle started from the position the plan (actions of this
  // puzzle's task) reaches, toward the same goal: a game's hint and
  // solve from the current position. Throws InputError if the plan
  // breaks the rules; nullptr where the family cannot restart.
  virtual std::unique_ptr<Puzzle> after(const task::Plan &plan) const {
    (void)plan;
    return nullptr;
  }

  // What one move of a plan counts as.
  virtual Metric metric() const { return Metric::step; }
  // The pieces are numbered tiles around a blank, drawn as numbers
  // separated by spaces with '.' the blank (the n-puzzle); else letters.
  virtual bool numbered_tiles() const { return false; }
};

} // namespace satslide::puzzles
