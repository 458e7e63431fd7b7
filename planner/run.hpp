// What the planner's paths share while one solve() call runs: the
// instance, its task and encoding, the options, the clock, and the
// progress callback made safe for the paths' threads. Internal to the
// planner room.
#pragma once

#include <new>

#include "satslide/planner/planner.hpp"

#include "satslide/puzzles/heuristic_search.hpp"
#include "satslide/search/state_table.hpp"
#include "satslide/task/task.hpp"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace satslide::planner {

class Run {
public:
  using Clock = std::chrono::steady_clock;

  Run(const puzzles::Puzzle &puzzle, const task::Task &task,
      const encoder::EncodingInfo &encoding, const PlannerOptions &options,
      Clock::time_point started)
      : puzzle(puzzle), task(task), encoding(encoding), options(options),
        started(started) {}

  const puzzles::Puzzle &puzzle;
  const task::Task &task;
  const encoder::EncodingInfo &encoding;
  const PlannerOptions &options;
  const Clock::time_point started;

  // Seconds left of the timeout (at least 1 ms), or 0 if there is none.
  double seconds_left() const;
  // True once `stop` says so or the timeout is spent: for the explicit
  // searches, which poll rather than hand the solver a deadline.
  bool stopped(const solver::StopFn &stop) const;

  // The horizon driver's options for the bounds in `result`: first
  // horizon from the bound, the stride, the limits and the solver.
  solver::DriverOptions driver_options(const PlannerResult &result,
                                       const solver::StopFn &stop) const;

  // The options of the family's explicit bound and search (stop, the
  // pattern databases' size), its notes reported under `path`.
  puzzles::HeuristicSearchOptions
  search_options(const std::string &path, const solver::StopFn &stop) const;
  // The tables a search without a choice of its own uses (--any by
  // search, --engine ida): the user's --pattern-tiles, else the largest
  // of k_any_table_tiles already cached, else 0 (the family's choice,
  // built if missing: seconds).
  int table_tiles() const;
  // The sizes of k_any_table_tiles this board's tables allow and that
  // are stronger than the family's (Puzzle::stronger_tables), largest
  // first.
  std::vector<int> allowed_table_tiles() const;
  // Said once where no larger tables are cached: which --pattern-tiles
  // builds them (once; the cache keeps them), or that the family's are
  // the largest this board allows.
  std::string stronger_tables_hint() const;

  // Reports progress; one caller at a time, whatever the thread.
  void phase(const std::string &path, const std::string &text) const;
  // Each solver call's line under `path`; `depths`: reach's, a layer per
  // depth.
  solver::ProgressFn horizons(const std::string &path,
                              bool depths = false) const;

private:
  void report(const Progress &p) const;
  mutable std::mutex m_progress;
};

// The first horizon to try: the lower bound, or the user's minimum moved
// up to the next length the parity allows.
int first_horizon(int bound, int stride, int user_min);

// Fills a result whose search found `plan` and proved it shortest by
// `proof` (`how`, in words); the empty plan is the start at the goal.
void end_with_optimal_plan(PlannerResult &result, const task::Plan &plan,
                           Proof proof, const std::string &how);

// Ends a run an allocation failed in (std::bad_alloc: --memory-limit,
// ulimit -v; or a formula refused before it was built): status
// memory_limit, the reason with what was proven so far and the option
// that needs less memory on the path it was on (a smaller --split-depth
// for a split, --max-states for breadth-first search).
void end_out_of_memory(PlannerResult &result, const Run &run,
                       const std::bad_alloc &e);

// Fills status and reason for a run that ended without a plan: `limit`
// says where (e.g. "; proven: no plan of length <= 9"), `bug` what went
// wrong if the driver could not decode its model.
void end_without_plan(PlannerResult &result, solver::Outcome outcome,
                      const Run &run, const std::string &limit,
                      const std::string &bug);

// The optimal path (optimal_path.cpp): horizons from the proven bound.
void solve_optimal(const Run &run, PlannerResult &result,
                   const solver::StopFn &stop);

// The IDA* path (ida_path.cpp): explicit search over the family's bound.
void solve_ida(const Run &run, PlannerResult &result,
               const solver::StopFn &stop);

// The reachability path (reach_path.cpp): positions by SAT calls up to
// `budget` (0 = none), `threads` solvers expanding each layer (or as many
// as `threads_for_layer` says, layer by layer); then, if `then_horizons`,
// horizons from there.
using ThreadsForLayer =
    std::function<int(long positions, long frontier, int depth_done)>;
void solve_reach(const Run &run, PlannerResult &result,
                 const solver::StopFn &stop, long budget, bool then_horizons,
                 int threads = 1, const ThreadsForLayer &threads_for_layer = {});

// Horizons from max(bound, depth + 1), once a breadth-first search by SAT
// (`what`: its positions and calls) has shown no goal within `depth`:
// the two proofs add up, and the result says so.
void horizons_after_reach(const Run &run, PlannerResult &result, int depth,
                          const std::string &what,
                          const solver::StopFn &stop);

// The positions at depth split_depth (each a cube), the shortest path to
// each and each one's first plan length to try (its bound, at the residue
// its lengths have), by index.
struct FrontierCubes {
  search::StateTable states;
  search::PathTable paths;
  std::vector<int> bounds;
  std::size_t size() const { return states.size(); }
};

// The split's cubes (split_path.cpp): the positions at depth
// split_depth by breadth-first search, each with the family's strongest
// bound; result's lower bound raised to the least depth plus bound.
// nullopt if that search decided the run (a goal within the depth, no
// position that deep, a limit, a stop, a depth projected far past the
// positions it may store): `result` then says how.
std::optional<FrontierCubes> frontier_cubes(const Run &run,
                                            PlannerResult &result,
                                            const solver::StopFn &stop);

// The split path (split_path.cpp): the positions at depth split_depth
// as cubes, each solved on its own, horizons raised over all of them.
void solve_split(const Run &run, PlannerResult &result,
                 const solver::StopFn &stop);

// The explicit-state path (bfs_path.cpp): breadth-first over positions.
void solve_bfs(const Run &run, PlannerResult &result,
               const solver::StopFn &stop);

// True where the automatic engine searches positions first (prove.cpp):
// the block puzzles and n-puzzles of at most k_reach_space positions.
bool searches_positions_first(const Run &run);

// The optimal plan by the engine the options choose (prove.cpp, through
// the engines' table); the automatic engine may use two threads.
void prove(const Run &run, PlannerResult &result, const solver::StopFn &stop);

// The automatic engine (prove.cpp): its predicted choice where the family
// counts its space, the block puzzles' race, else the horizon driver.
void solve_automatic(const Run &run, PlannerResult &result,
                     const solver::StopFn &stop);

// The witness path (witness_path.cpp): a plan by IDA* first, then the
// engine the options choose (through prove) refutes the lengths below it.
void solve_with_witness(const Run &run, PlannerResult &result,
                        const solver::StopFn &stop);

// IDA*'s plan first (--witness ida, here and in split_into_cubes): its
// answer on a copy of the result so far, and the seconds it took.
struct FoundWitness {
  PlannerResult ida;
  double seconds = 0;
  bool found() const { return ida.status == Status::solved; }
  int length() const { return static_cast<int>(ida.plan.size()); }
};
FoundWitness find_witness(const Run &run, const PlannerResult &so_far,
                          const solver::StopFn &stop);
// Its phase line: "IDA* found a plan of N moves in S s; " and `then`.
void say_witness(const Run &run, const FoundWitness &w,
                 const std::string &then);

// The any-plan path by search (anytime_path.cpp): weighted IDA* for
// plans, IDA* for the lower bound, until the gap, the optimum or the time.
void solve_by_search(const Run &run, PlannerResult &result,
                     const solver::StopFn &stop);

// The any-plan path (any_path.cpp): a first plan, then tightening.
void solve_any(const Run &run, PlannerResult &result,
               const solver::StopFn &stop);

} // namespace satslide::planner
