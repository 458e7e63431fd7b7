// Beam search for the sliding-tile puzzle (at most 256 cells) over a
// bound a move updates (the additive pattern databases', or the
// Manhattan distance and linear conflicts: npuzzle/manhattan_beam.hpp):
// breadth-first, but of each layer's successors only the `width` of
// least bound are kept (ties by a hash of the board), and none the beam
// has kept before (every one remembered by a 64-bit hash, which a move
// updates by four keys). Not optimal and not complete: a plan fast on
// boards where weighted IDA* finds none in a minute (the 35- and
// 48-puzzles), better the wider the beam. Where it stalls (no bound
// below the least met in `stall_layers` layers) it ends with its way to
// its best board, for a caller to finish otherwise.
#pragma once

#include "satslide/search/pattern_databases.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace satslide::search {

// The memory a beam may hold: its layers' parents, the boards of two
// layers and the set of boards seen (BeamResult::seen_bytes: at most 16
// bytes a board a layer where the length to beat is known, else 24); a
// wider beam is narrowed to fit (BeamResult::width).
constexpr double k_beam_max_bytes = 1.5e9;

struct BeamOptions {
  int width = 1024;
  int shorter_than = -1;      // only plans shorter than this; -1 = any
  // Ends the search (not found) after this many layers without a bound
  // below the least one met before; 0 = never.
  int stall_layers = 0;
  // Ties of the bound fall by the board's hash turned and XORed by this
  // (0: the hash): another salt, another beam of the same width (other
  // plans, as good on average).
  std::uint64_t tie_salt = 0;
  std::function<bool()> stop; // polled every layer
};

struct BeamResult {
  bool found = false;
  std::vector<int> blank_path; // the blank's cell after each move
  long nodes = 0;              // successors generated
  int width = 0;               // the width searched (narrowed to fit)
  // The blank's path to the first board of the least bound the beam met
  // (the goal if found), and that bound.
  std::vector<int> best_path;
  int best_bound = 0;
  bool stopped = false;
  // The most the set of boards seen held at once (run_beam's estimate
  // counts 2 or 3 slots of 8 bytes for each board the width allows).
  double seen_bytes = 0;
};

// The bound of a successor: the parent's board (a byte a cell) and
// bound, and the move: the blank from cell `from` to `to` (the tile on
// `to` slides the other way).
using BeamBound = std::function<int(const std::uint8_t *parent,
                                    int parent_bound, int from, int to)>;

constexpr int k_beam_max_cells = 256; // a byte a cell

// `board` and `goal` row-major, 0 the blank, of one parity class;
// `start_bound` the bound of `board`; 0 only on the goal.
BeamResult beam_search(int rows, int cols, const std::vector<int> &board,
                       const std::vector<int> &goal, int start_bound,
                       const BeamBound &bound, const BeamOptions &options);

// The same over the databases' bound (their shape and goal).
BeamResult beam_search(const PatternDatabases &databases,
                       const std::vector<int> &board,
                       const BeamOptions &options);

// The same over the max of several sets' bounds (one shape and goal;
// std::invalid_argument otherwise, or past k_beam_max_sets): a stronger
// bound, a better beam of the same width (7x7: RESULTS "Two partitions
// for the beams").
constexpr int k_beam_max_sets = 2;
BeamResult beam_search(const std::vector<const PatternDatabases *> &sets,
                       const std::vector<int> &board,
                       const BeamOptions &options);

} // namespace satslide::search
