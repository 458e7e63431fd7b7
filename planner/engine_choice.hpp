// The automatic engine's choice on an n-puzzle, made before any SAT call
// from what the instance tells cheaply: how many positions reach would store before its two
// searches meet, predicted from a sample of the start's own layers and
// the lower bound. Reach wins while that number is small and loses, to
// the horizon driver, once it is large (RESULTS, "The engine the default
// picks"); in between, where the prediction is not sure, both start at
// once with one thread each. Internal to the planner room.
#pragma once

#include "satslide/planner/run.hpp"

#include <array>
#include <functional>
#include <string>

namespace satslide::planner {

struct EngineChoice {
  AutoEngine engine = AutoEngine::reach;
  double predicted_positions = 0; // what reach would store, predicted
  int split_depth = -1;           // AutoEngine::split: the frontier's depth
  int pattern_tiles = 0; // AutoEngine::split: its tables (0: the family's)
  std::string reason;             // in words, for the progress line
};

// The rule, from the sweeps in RESULTS ("The engine the default picks"):
// - a space of at most k_small_space positions (the n-puzzle up to 10
//   cells): reach on both threads; it won on every such board measured;
// - else, reach predicted to store fewer than k_predict_reach positions
//   (a short board: every engine is fast there): reach on both threads;
// - reach predicted to store more than k_side_by_side_budget positions
//   even at the lower bound (on spaces beyond k_reach_space, the
//   15-puzzle and up: more than k_predict_large_race): the horizon
//   driver alone;
// - else (the 12-cell boards of middling bounds, where which engine wins
//   depends on the board, not on anything known before the search): the
//   two side by side, a thread each, the first proof winning; so the
//   default is never much slower than the better of the two run alone.
constexpr double k_small_space = 2e6;
constexpr double k_predict_reach = 5e3;
// Where the split may run, the pattern databases are read (about 55 ms)
// only for boards that reach is predicted, by the puzzle's own bound, to
// store at least this many positions: the nearest boards (a 10-move
// 15-puzzle: 306 positions, 25 ms in all) stay as fast as they were.
constexpr double k_predict_tiny = 1e3;
// On the 15-puzzle and larger the horizon driver wins all but short
// boards (RESULTS, "The n-puzzle from both ends"): there the two run side
// by side only where reach is predicted to store at most this many
// positions (15-puzzles of 20-29 moves: 2,000-50,000).
constexpr double k_predict_large_race = 2e4;
constexpr long k_growth_sample = 20'000;
// Beyond k_reach_space (the 15-puzzle and up) every board's layers grow
// alike (the sample predicted the same for every board of one bound),
// and the explicit search over task states costs about 2.5 us a
// position: a smaller sample keeps the prediction and saves ~40 ms.
constexpr long k_growth_sample_large = 5'000;
// Reach's positions budget when it runs beside the horizon driver: no
// hand-over is needed there (the driver already runs), so this only
// bounds memory (about 110 bytes a position on a 12-cell board: 1.1 GB).
// Measured: a 52-move 2x6 board needs about 2 million positions, and
// with the automatic budget (10^6) reach stopped short of it.
constexpr long k_side_by_side_budget = 10'000'000;

// The prediction: the start's layers by explicit breadth-first search up
// to k_growth_sample positions, extended past the sample at the growth
// of its last whole layer, summed up to the depth each search must reach
// (half of `bound`, rounded up, from both ends where the goal is one
// position; `bound` from the start otherwise), and capped at the space's
// size: a function of the bound, the sample taken once.
std::function<double(int bound)> reach_prediction(const Run &run);

// Reach's budget beside the horizon driver: the user's --max-states, or
// k_side_by_side_budget.
long side_by_side_budget(const PlannerOptions &options);

// Beyond k_small_space, up to k_split_max_space positions, on boards at
// least three cells across (3x4, 3x5, the 15-puzzle) or of 12 cells
// (2x6), every board that reach would not settle at once
// (k_predict_reach) is split into cubes
// (split_path.cpp) on both threads: the frontier's cubes share one
// solver per thread and the pattern databases refute most of them
// without a call (RESULTS, "The split as the 15-puzzle's default").
// Measured against every engine the default had: faster on every
// 15-puzzle scramble of 20-49 moves, on Korf's 41-52-movers, and at
// depth 14 on every public 3x4 board (22-43 moves; deeper since). On
// the 15-puzzle the frontier's depth grows with the start's
// pattern-database bound h (measured when the frontier cost about 5 us
// a position over the task's states, 0.9 s at depth 16, paying only
// where the refutations are long; over packed boards since, depth 18
// costs about 1 s with its bounds).
// On 12 cells (3x4, 2x6), since their tables are blocks (6-5), the
// depth grows with h too, deeper than on 16 cells at the same bound
// (the whole space is small, the cubes are cheap to list; RESULTS, "3x4
// by blocks of columns, split deeper": the 53-movers in 12-33 s at 26,
// one of six within 150 s at 18).
constexpr double k_split_max_space = 1.1e13; // 16! / 2 = 1.05e13

// Every depth rule is a ladder: from each rung's bound (or gap) up, its
// depth; below the first rung, the first rung's depth.
struct SplitRung {
  int from = 0; // the bound (or gap) where the rung begins
  int depth = 0;
};
template <std::size_t N> using SplitLadder = std::array<SplitRung, N>;
template <std::size_t N>
constexpr int depth_on(const SplitLadder<N> &ladder, int value) {
  int depth = ladder.front().depth;
  for (const SplitRung &rung : ladder) {
    if (value >= rung.from) {
      depth = rung.depth;
    }
  }
  return depth;
}

// Beyond k_reach_space (the 15-puzzle), by the family's tables' bound.
constexpr SplitLadder<3> k_split_ladder{{{0, 10}, {27, 14}, {31, 16}}};
// Spaces up to k_reach_space (12 cells).
constexpr SplitLadder<4> k_split_ladder_12{
    {{0, 14}, {24, 18}, {32, 20}, {41, 26}}};
int split_depth_for(int h, double space);

// A hard board beyond k_reach_space (the family's tables bound it at
// k_split_hard_bound or more) whose larger tables are in the cache
// (Puzzle::stronger_pattern_tiles: the 15-puzzle's 7-8) splits deeper,
// with the larger tables bounding every cube from the start instead of
// after k_stronger_bound_after seconds: more cubes, each shorter, most
// refuted by their bound alone. The depth grows with the bound h
// (RESULTS, "Depth 18 over 7-8 on hard boards" and "Depth 22 over 7-8 on
// the hardest boards": the frontier and its bounds cost about 4, 7 and
// 22 s at those depths, paid back only by long refutations).
constexpr SplitLadder<3> k_split_ladder_hard{{{35, 18}, {40, 20}, {45, 22}}};
constexpr int k_split_hard_bound = k_split_ladder_hard.front().from;
bool splits_hard(int h, double space);
// The depth of a hard board's split (splits_hard(h, ...) holds).
int hard_split_depth(int h);

// With a plan of length L found first (--witness ida), the proof must
// refute L - 2 from the cubes, and how far that lies beyond the start's
// larger bound h (the gap L - h) tells how long the refutations are: the
// split goes at least as deep as this ladder of gaps says. Fitted on one
// board the rule had never seen (a 55-mover, bounds 39 and 45, gap 10:
// the 6-6-3 rule's depth 18 ran past 600 s with round 53 unfinished,
// depth 22 proved it in 198 s; RESULTS, "Boards no rule saw"), and the
// gaps of the public Korf boards, where the 6-6-3 rule had proven every
// one (none goes shallower). Below the first gap, the hard ladder alone.
constexpr SplitLadder<3> k_witness_gap_ladder{{{0, 0}, {8, 20}, {10, 22}}};
int witness_split_depth(int h_small, int h_large, int witness_length);

// Whether the split may take `run`'s board: an optimal run (the any-plan
// mode races its own paths), cubes in one shared solver per thread (the
// encoding has a free first layer), a board of the sizes measured, at
// least three cells across or of 12 cells (two rows grow slowly: with
// 2x6's old tables the split lost, a 43-move board 14.1 s against 3.3 s;
// with its 2x3 blocks it wins, 4.4 -> 0.6 s; longer two-row boards were
// never measured), and its pattern databases at hand unless the run
// has no timeout: their first build (about 13 s on the 15-puzzle) could
// spend a timed run (a game's 10 s hint), and a build cut short is not
// cached, so every later timed run would spend its time on it again.
bool may_split(const Run &run);

// The choice for `run` (an n-puzzle whose space the family counts; on
// one beyond k_reach_space only with the default single thread); `stop`
// ends the pattern databases' build if the split needs them.
EngineChoice choose_automatic_engine(const Run &run,
                                     const solver::StopFn &stop);

// The block puzzles (no count of their space; reach first): reach stores
// every position up to the goal's depth d, the horizon driver refutes
// about d horizons of up to d steps each. So where the goal is near and
// the layers before it are wide, the horizon driver wins (Rush Hour
// cards of 7-17 slides: 3-6x), elsewhere reach (RESULTS, "The engine the
// default picks", block puzzles). The rule: an explicit breadth-first
// sample of the start's layers, at most k_short_goal_depth deep and
// k_short_sample positions; if it meets the goal at depth d, the layers
// before it holding P >= w * d^2 positions, the horizon driver alone;
// P >= k_uncertain_share * w * d^2 (where boards of both kinds were
// measured), the two side by side from the start, a thread each; else
// the hand-over race. w is the family's horizons_when_wide (Rush
// Hour 10; Klotski none: its horizon formulas are larger and lost on
// every short layout, so it is never sampled). The sample costs about
// 3 us a position (card #40: 471 positions within 21 slides); it only
// chooses: the SAT engine still proves every length.
constexpr int k_short_goal_depth = 21;
constexpr long k_short_sample = 20'000;
constexpr double k_uncertain_share = 0.5;
EngineChoice choose_block_engine(const Run &run);

} // namespace satslide::planner
