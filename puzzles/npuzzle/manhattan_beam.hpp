// A plan for boards past the pattern databases (more than 64 cells), by
// beam search (search/beam.hpp) toward the whole goal over the Manhattan
// distance and linear conflicts (linear_conflicts.hpp): of each layer's
// successors the `width` of least bound kept, so that the plan's moves
// bring many tiles nearer at once, where the constructive plan
// (constructive.hpp) moves one tile at a time and pays for it in
// detours. Over the Manhattan distance alone the beam stalls near the
// goal on pairs of tiles in each other's way on their own line, which
// the conflicts count. Where it has met no lower bound for
// k_beam_stall_layers layers, the plan is its way to one of its best
// boards and the constructive plan from there, whichever such cut is
// shortest. Not optimal; wider beams give shorter plans
// (benchmarks/RESULTS.md, "Past the tables").
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace satslide::puzzles {

// Layers without a lower bound after which the beam is given up for the
// constructive plan.
constexpr int k_beam_stall_layers = 300;
// The beam holds a byte a cell: boards of at most this many cells.
constexpr int k_manhattan_beam_max_cells = 256;
// ManhattanBeamOptions::far_first's weight q where it is asked for
// (Puzzle::beam_plan): fitted on boards of `scramble --random` seeds 7
// and 2026, validated on others (benchmarks/RESULTS.md, "Two beams").
constexpr int k_far_first_weight = 6;

struct ManhattanBeamOptions {
  int width = 1024;
  // 0: the beam orders boards by the Manhattan distance and linear
  // conflicts. q > 0: by the sum over tiles of q d + d^2 (d a tile's
  // distance home) and q times the conflicts, so that a step home weighs
  // the more the farther the tile is and the beam brings far tiles home
  // first, the ones a stall strands among placed tiles. Not a bound: the
  // depth limit and the reported bound stay the admissible ones.
  int far_first = 0;
  int shorter_than = -1;      // the beam's depth at most this - 1; -1: 3x
                              // the start's bound
  std::uint64_t tie_salt = 0; // search::BeamOptions::tie_salt
  std::function<bool()> stop; // polled every layer
};

struct ManhattanBeamResult {
  bool found = false;          // false: stopped before a plan
  std::vector<int> blank_path; // the blank's cell after each move
  long nodes = 0;              // successors the beam generated
  int beam_moves = 0;          // of which the beam's (the rest constructive)
  int beam_bound = 0;          // the beam's bound where they end
  bool stopped = false;
};

// `board` and `goal` row-major, 0 the blank, of one parity class
// (NPuzzle::unsolvable_reason says none), rows and cols >= 2, at most
// k_manhattan_beam_max_cells cells (std::invalid_argument past it).
ManhattanBeamResult manhattan_beam_blank_path(
    int rows, int cols, const std::vector<int> &board,
    const std::vector<int> &goal, const ManhattanBeamOptions &options);

} // namespace satslide::puzzles
