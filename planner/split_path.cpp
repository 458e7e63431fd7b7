// One proof of optimality in many pieces (cube and conquer, with cubes
// chosen by the puzzle's own moves). Every shortest plan longer than k
// passes, after exactly k moves, through a position at distance exactly k
// from the start, so "no plan of length n" holds exactly when no such
// frontier position has a path of n - k moves to the goal. The frontier
// comes from an explicit breadth-first search (duplicates merged); each
// position is a cube with its own bound (the family's strongest: the
// n-puzzle's pattern databases, the puzzle's, the encoding's), and
// horizons are raised over all cubes together: every cube refutes n
// before any tries n + stride, so the first cube with a plan gives the
// optimum. A cube whose bound exceeds n - k is refuted without a solver
// call. Cubes of a round are solved side by side on --threads.
#include "satslide/planner/cubes.hpp"
#include "satslide/planner/run.hpp"

#include "satslide/search/state_space.hpp"
#include "satslide/solver/cube_solver.hpp"
#include "satslide/solver/side_by_side.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <new>

namespace satslide::planner {

namespace {

// A proof still running after this many seconds raises its cubes' bounds
// with the family's stronger bound where it is at hand (the 15-puzzle's
// 7-8 tables in the cache: about 0.5 s to read, 2.7x faster on the 40-49
// move scrambles; after 2 s, the boards done in 2.5-4 s lost up to 0.8x;
// RESULTS, "Larger tables: 7-8"). Not with --pattern-tiles, which chose
// the tables.
constexpr double k_stronger_bound_after = 4.0;

// A cube: its position and path are the frontier's `at`-th.
struct Cube {
  std::uint32_t at = 0;
  int bound = 0;      // its own bound (from the cube, at its residue)
  int next = 0;       // its first horizon not yet refuted (bounds included)
  bool called = false; // it needed a solver call (else: its bound alone)
};
static_assert(k_bfs_max_states <= UINT32_MAX, "a cube's index is 32 bits");

// What one round (total horizons n .. top) found.
struct Round {
  int top = 0; // the round's last cube horizon
  std::mutex mutex;
  std::atomic<bool> found{false};
  std::atomic<int> best{INT_MAX}; // the shortest cube plan so far
  std::optional<task::Plan> plan; // the cube's path and its plan
  std::optional<solver::Outcome> ended; // a limit or failure, not a plan
  long sat_calls = 0;
  solver::HorizonStats stats;
  PlannerResult::CubeRoundWork work;
};

// A cube's first horizon: the largest of the bounds the family, the
// puzzle restarted there and the start's bound give, at the residue its
// plan lengths have.
int cube_bound(const task::State &state, const puzzles::Puzzle *puzzle,
               const puzzles::StateBound &family_bound, int floor, int residue,
               int stride) {
  int bound = floor;
  if (family_bound) {
    bound = std::max(bound, family_bound(state));
  }
  if (puzzle) {
    bound = std::max(bound, puzzle->lower_bound());
  }
  return solver::round_up_to_stride(bound, residue, stride);
}

// One solver call of the round (under its lock): counted, its formula's
// size, its conflicts and its seconds in the round's figures.
void count_call(Round &round, const solver::HorizonStats &s) {
  ++round.sat_calls;
  round.work.seconds += s.seconds;
  round.work.longest = std::max(round.work.longest, s.seconds);
  round.stats.variables = std::max(round.stats.variables, s.variables);
  round.stats.clauses = std::max(round.stats.clauses, s.clauses);
  round.stats.conflicts += s.conflicts;
}

// A cube's plan from the cube (under the round's lock): with the cube's
// path before it, the round's plan if it is the shortest so far.
void take_cube_plan(Round &round, const search::PathTable &paths,
                    const Cube &cube, const task::Plan &plan) {
  const int length = static_cast<int>(plan.size());
  if (length < round.best) {
    task::Plan whole = paths[cube.at];
    whole.insert(whole.end(), plan.begin(), plan.end());
    round.plan = std::move(whole);
    round.best = length;
    round.found = true;
  }
}

// Solves `cube` within its horizons from cube.next up to the round's top
// (or below the shortest plan another cube found), or refutes them: a
// new formula and solver for the cube (CubeSolving::fresh).
void solve_cube(const Run &run, const FrontierCubes &frontier, Cube &cube,
                Round &round, const solver::StopFn &stop, int stride) {
  const int h = cube.next;
  const int top = std::min(round.top, round.best - stride);
  if (h > top) {
    return;
  }
  const task::Task task =
      run.task.restarted(frontier.states[cube.at], run.task.goal);
  std::unique_ptr<encoder::Encoding> first = run.encoding.make(task);
  const int own = solver::round_up_to_stride(first->lower_bound(),
                                            h % stride, stride);
  if (own > top) { // the encoding's own bound, e.g. pairs
    cube.next = own;
    return;
  }
  cube.called = true;
  solver::DriverOptions d;
  d.first_horizon = std::max(h, own);
  d.max_horizon = top;
  d.stride = stride;
  d.start_proven = true; // every shorter horizon refuted in earlier rounds
  d.timeout_seconds = run.seconds_left();
  d.solver_config = run.options.solver_config;
  d.solver_options = run.options.cadical_options;
  // One horizon a round: a plan ends the round (it is the shortest).
  d.stop = [&] {
    return (round.found && round.top == h) || (stop && stop());
  };
  const solver::DriverResult r = solver::run_horizons(
      [&] { return first ? std::move(first) : run.encoding.make(task); }, d);
  std::lock_guard<std::mutex> lock(round.mutex);
  for (const solver::HorizonStats &s : r.horizons) {
    count_call(round, s);
  }
  if (r.outcome == solver::Outcome::plan_found) {
    take_cube_plan(round, frontier.paths, cube, r.plan);
  } else if (r.outcome == solver::Outcome::horizon_limit) {
    cube.next = top + stride;
  } else if (!(round.found && round.top == h) && !round.ended) {
    // A timeout, a stop, out of memory, a bug; not the end of a round a
    // plan has decided (then the cube was stopped on purpose).
    round.ended = r.outcome;
  }
}

// Shared where asked and the encoding has a free first layer (not
// `bound` and its refinements, whose sums count from a fixed start).
bool solves_shared(const Run &run) {
  return run.options.cube_solving == CubeSolving::shared &&
         static_cast<bool>(run.encoding.make_free_start);
}

// A worker's solver for every cube: the run's encoding with a free first
// layer, over what is left of the run's time.
std::unique_ptr<solver::CubeSolver>
make_cube_solver(const Run &run, const solver::StopFn &stop) {
  const encoder::EncodingInfo &info = run.encoding;
  solver::DriverOptions d;
  d.timeout_seconds = run.seconds_left();
  d.solver_config = run.options.solver_config;
  d.solver_options = run.options.cadical_options;
  d.stop = stop;
  return std::make_unique<solver::CubeSolver>(
      [&] { return info.make_free_start(run.task); }, d,
      std::chrono::steady_clock::now());
}

// The same in the worker's one solver for every cube, the cube's
// position assumed (CubeSolving::shared). `probe` > 0: each call gives up
// after that many conflicts, leaving the cube for the round's second pass.
void solve_cube_shared(const FrontierCubes &frontier, Cube &cube, Round &round,
                       solver::CubeSolver &solver, const solver::StopFn &stop,
                       int stride, int probe) {
  const int top = std::min(round.top, round.best - stride);
  const task::State state = frontier.states[cube.at];
  for (int h = cube.next; h <= top; h += stride) {
    // One horizon a round: a plan ends the round (it is the shortest).
    const auto decided = [&] { return round.found && round.top == h; };
    solver::CubeSolver::Answer a;
    try {
      a = solver.solve(state, h, decided, probe);
    } catch (const std::bad_alloc &) {
      std::lock_guard<std::mutex> lock(round.mutex);
      if (!round.ended) {
        round.ended = solver::Outcome::out_of_memory;
      }
      return;
    }
    std::lock_guard<std::mutex> lock(round.mutex);
    if (a.by_bound) { // the encoding's own bound, e.g. pairs
      cube.next = h + stride;
      continue;
    }
    cube.called = true;
    count_call(round, a.stats);
    switch (a.result) {
    case solver::SolveResult::unsat:
      cube.next = h + stride;
      continue;
    case solver::SolveResult::sat:
      if (a.plan) {
        take_cube_plan(round, frontier.paths, cube, *a.plan);
      } else if (!round.ended) {
        round.ended = solver::Outcome::decode_error;
      }
      return;
    case solver::SolveResult::unknown:
      if (probe > 0) {
        return; // the second pass decides (a stop there is noticed again)
      }
      if (!decided() && !round.ended) {
        round.ended = solver::interrupted(stop);
      }
      return;
    }
  }
}

// Every cube refuted up to `top`: each shared solver retires those
// horizons' goal clauses.
void retire_up_to(std::vector<std::unique_ptr<solver::CubeSolver>> &solvers,
                  int top) {
  for (auto &solver : solvers) {
    if (solver) {
      solver->retire_up_to(top);
    }
  }
}

// The cubes of one round on `threads` workers, in the order asked
// (CubeOrder); with shared solving, worker i uses (and first makes)
// solvers[i].
void run_round(const Run &run, const FrontierCubes &frontier,
               std::vector<Cube> &cubes, Round &round,
               const solver::StopFn &stop, int stride,
               std::vector<std::unique_ptr<solver::CubeSolver>> &solvers) {
  std::vector<std::size_t> active;
  for (std::size_t i = 0; i < cubes.size(); ++i) {
    if (cubes[i].next <= round.top) {
      active.push_back(i);
    }
  }
  if (run.options.cube_order == CubeOrder::bound) {
    std::stable_sort(active.begin(), active.end(),
                     [&](std::size_t a, std::size_t b) {
                       return cubes[a].bound < cubes[b].bound;
                     });
  }
  const int threads = std::max(
      1, std::min(run.options.threads, static_cast<int>(active.size())));
  const bool shared = solves_shared(run);
  if (shared && solvers.size() < static_cast<std::size_t>(threads)) {
    solvers.resize(static_cast<std::size_t>(threads));
  }
  // With a probe, a first pass of short calls, then every cube left
  // without its limit: a plan that is quick to find is not kept waiting
  // behind refutations that are slow.
  std::vector<int> passes{0};
  if (shared && run.options.cube_probe > 0) {
    passes.insert(passes.begin(), run.options.cube_probe);
  }
  for (const int probe : passes) {
    std::atomic<std::size_t> taken{0};
    solver::side_by_side(threads, [&](int worker) {
      for (std::size_t i = taken++; i < active.size(); i = taken++) {
        if ((round.found && round.top == cubes[active[i]].next) ||
            round.ended) {
          return;
        }
        if (!shared) {
          solve_cube(run, frontier, cubes[active[i]], round, stop, stride);
          continue;
        }
        auto &solver = solvers[static_cast<std::size_t>(worker)];
        if (!solver) {
          solver = make_cube_solver(run, stop);
        }
        solve_cube_shared(frontier, cubes[active[i]], round, *solver, stop,
                          stride, probe);
      }
    });
  }
}

// Ends a run stopped before any cube was called (`doing` the cubes): what
// it proved is what the start's bound proves.
void end_before_the_cubes(const Run &run, PlannerResult &result,
                          const solver::StopFn &stop, const char *doing) {
  const bool by_bound = result.no_plan_up_to < result.lower_bound - 1;
  if (by_bound) {
    result.no_plan_up_to = result.lower_bound - 1;
  }
  std::string proven;
  if (result.no_plan_up_to >= 0) {
    proven =
        fmt::format("; proven: no plan of length <= {}{}", result.no_plan_up_to,
                    by_bound ? " (" + result.lower_bound_name + ")" : "");
  }
  end_without_plan(
      result,
      stop && stop() ? solver::Outcome::cancelled : solver::Outcome::timeout,
      run, fmt::format(" while {} the cubes{}", doing, proven), "");
}

// Ends the run where the frontier itself decides it: a goal within the
// depth (a shortest plan by breadth-first search), a stop, too many
// positions, or a space that ends before the depth. True if it did.
bool settled_by_frontier(const Run &run, const search::Frontier &frontier,
                         PlannerResult &result, const solver::StopFn &stop) {
  const int k = run.options.split_depth;
  if (frontier.goal_plan) {
    result.path = Path::bfs;
    result.sat_calls = 0;
    result.cubes = 0;
    result.cubes_by_bound = 0;
    result.no_plan_up_to = frontier.space.goal_distance - 1;
    end_with_optimal_plan(
        result, *frontier.goal_plan, Proof::exhausted_layers,
        fmt::format("breadth-first search (explicit states, not SAT) while "
                    "splitting at depth {}: no goal position within depth {}",
                    k, frontier.space.goal_distance - 1));
    return true;
  }
  if (frontier.space.stopped) {
    end_before_the_cubes(run, result, stop, "finding");
    return true;
  }
  if (frontier.space.limit_reached) {
    result.status = Status::horizon_limit;
    result.reason = fmt::format(
        "the positions within depth {} exceed {}: choose a smaller "
        "--split-depth",
        k, k_bfs_max_states);
    return true;
  }
  if (frontier.states.empty()) {
    result.status = Status::unsolvable;
    result.reason = fmt::format("breadth-first search: every reachable "
                                "position was found ({}), none within depth "
                                "{} is a goal and none is deeper",
                                frontier.space.positions, k);
    return true;
  }
  return false;
}

// Each cube's bound (cubes.bounds filled): the family's state bound over
// the run's threads where it has one, else each cube's own puzzle's.
// False if a limit or stop ended it first.
bool bound_each_cube(const Run &run, FrontierCubes &cubes,
                     const puzzles::StateBound &family_bound, int floor,
                     int residue, int stride, const solver::StopFn &stop) {
  std::atomic<bool> stopped{false};
  const auto poll = [&](std::size_t i) {
    if ((i & 0xFFF) == 0 && run.stopped(stop)) {
      stopped = true;
    }
    return stopped.load();
  };
  if (family_bound) {
    // The family's bound alone (thread-safe: it only reads its tables),
    // over the run's threads: 7.1 million cubes at depth 22.
    cubes.bounds.assign(cubes.size(), 0);
    const int threads = std::max(1, run.options.threads);
    solver::side_by_side(threads, [&](int worker) {
      task::State state;
      for (std::size_t i = static_cast<std::size_t>(worker);
           i < cubes.size() && !poll(i / static_cast<std::size_t>(threads));
           i += static_cast<std::size_t>(threads)) {
        cubes.states.unpack(i, state);
        cubes.bounds[i] =
            cube_bound(state, nullptr, family_bound, floor, residue, stride);
      }
    });
    return !stopped;
  }
  cubes.bounds.reserve(cubes.size());
  task::State state;
  for (std::size_t i = 0; i < cubes.size() && !poll(i); ++i) {
    // A cube's restarted puzzle (13 KB, and a board drawn: 27 us a
    // cube) only where its bound is the only one: a family's state
    // bound dominates the puzzle's own (the n-puzzle's additive pattern
    // databases count at least every tile's Manhattan moves).
    std::unique_ptr<puzzles::Puzzle> puzzle = run.puzzle.after(cubes.paths[i]);
    cubes.states.unpack(i, state);
    cubes.bounds.push_back(
        cube_bound(state, puzzle.get(), family_bound, floor, residue, stride));
  }
  return !stopped;
}

// The frontier's positions as cubes, each with its own bound, and the
// start's bound raised to the least of depth plus cube bound; nullopt if
// a limit or stop ended the run meanwhile (`result` says so): millions
// of cubes take seconds.
std::optional<FrontierCubes> bounded_cubes(const Run &run,
                                           search::Frontier &&frontier,
                                           PlannerResult &result,
                                           const solver::StopFn &stop) {
  const int k = run.options.split_depth;
  const int stride = result.stride;
  // Plan lengths from the start are congruent to its bound: from a cube,
  // to the bound less k.
  const int residue = ((result.lower_bound - k) % stride + stride) % stride;
  const puzzles::StateBound family_bound =
      run.puzzle.state_bound(run.search_options("split", stop));
  FrontierCubes cubes{std::move(frontier.states), std::move(frontier.paths),
                      {}};
  const int floor = std::max(0, result.lower_bound - k);
  if (!bound_each_cube(run, cubes, family_bound, floor, residue, stride,
                       stop)) {
    end_before_the_cubes(run, result, stop, "bounding");
    return std::nullopt;
  }
  const int lowest =
      cubes.bounds.empty()
          ? INT_MAX
          : *std::min_element(cubes.bounds.begin(), cubes.bounds.end());
  result.cubes = static_cast<long>(cubes.size());
  if (k + lowest > result.lower_bound) {
    result.lower_bound = k + lowest;
    result.lower_bound_name = fmt::format(
        "the least over {} cubes at depth {} of the depth plus the cube's "
        "bound{}",
        cubes.size(), k, family_bound ? " (pattern databases)" : "");
  }
  run.phase("split", fmt::format("{} cubes at depth {}; lower bound {} ({})",
                                 cubes.size(), k, result.lower_bound,
                                 result.lower_bound_name));
  return cubes;
}

// Ends the run where a round decides it: a plan (with one horizon a round
// it decides whatever else ended; with more, a cube stopped short might
// hold a shorter plan), or a stop. True if it did.
bool settled_by_round(const Run &run, const Round &round, long by_bound,
                      PlannerResult &result) {
  if (round.plan && (!round.ended || run.options.split_window <= 1)) {
    const int length = static_cast<int>(round.plan->size());
    result.cubes_by_bound = by_bound;
    result.no_plan_up_to = length - 1;
    end_with_optimal_plan(result, *round.plan, Proof::refuted_horizons,
                          "by SAT over cubes: " +
                              cubes_refuted(length - 1, result.cubes,
                                            run.options.split_depth, by_bound));
    return true;
  }
  if (round.ended) {
    result.cubes_by_bound = by_bound;
    end_without_plan(result, *round.ended, run,
                     fmt::format("; proven: no plan of length <= {}",
                                 result.no_plan_up_to),
                     "a cube's model does not take one action per step");
    return true;
  }
  return false;
}

// Raises every cube's bound (and its first horizon) with the family's
// stronger bound, if it has one at hand: once, when the run has taken
// k_stronger_bound_after seconds. Both bounds are admissible, so the
// larger is. Sets `result.stronger_bound_from` to the next round's
// horizon where it did.
void raise_cube_bounds(const Run &run, const search::StateTable &states,
                       std::vector<Cube> &cubes, int next_horizon,
                       PlannerResult &result, bool &tried,
                       const solver::StopFn &stop) {
  const double after = run.options.stronger_bound_after < 0
                           ? k_stronger_bound_after
                           : run.options.stronger_bound_after;
  if (tried || run.options.pattern_tiles != 0 ||
      solver::seconds_since(run.started) < after) {
    return;
  }
  tried = true;
  puzzles::StateBound stronger;
  try {
    stronger =
        run.puzzle.stronger_state_bound(run.search_options("split", stop));
  } catch (const std::bad_alloc &) { // e.g. under --memory-limit
    run.phase("split", "no memory for the larger pattern databases: the "
                       "cubes keep their bounds");
    return;
  }
  if (!stronger) {
    return;
  }
  const int stride = result.stride;
  long raised = 0;
  task::State state;
  for (Cube &c : cubes) {
    const int residue = ((c.bound % stride) + stride) % stride;
    states.unpack(c.at, state);
    const int b = solver::round_up_to_stride(std::max(c.bound, stronger(state)),
                                             residue, stride);
    raised += b > c.bound ? 1 : 0;
    c.bound = b;
    c.next = std::max(c.next, b);
  }
  result.stronger_bound_from = next_horizon;
  run.phase("split", fmt::format("the larger pattern databases in the cache "
                                 "raise the bounds of {} of {} cubes from "
                                 "horizon {} on",
                                 raised, cubes.size(), next_horizon));
}

// The positions within the split's depth, projected after each layer
// from the layers' growth, against k_bfs_max_states: a depth far too deep
// is refused after the few layers that show it, not once the limit's
// positions (gigabytes) are stored. The growth is taken over two layers
// (the blank's parity makes one layer's alternate) and falls as the
// layers meet older positions (the 15-puzzle: 2.16 at depth 6, 1.87 at
// 22; the 3x4 board's far more: its automatic depth 26 projects to its
// whole space, 4.8 times the limit, and fits), so the projection runs
// high: a depth is refused only where it projects k_frontier_margin times
// past the limit, from depth 4 on; the limit itself ends the others.
constexpr double k_frontier_margin = 100;

class FrontierProjection {
public:
  // `reachable`: the positions there are at all, where the family knows
  // (the n-puzzle's (RC)!/2; 0: unknown): no projection passes it.
  FrontierProjection(int depth, double reachable)
      : m_depth(depth), m_reachable(reachable) {}

  // After `depth` layers, `positions` found in all: true if the layers
  // to the split's depth, each as much larger than the last as the last
  // two were, would pass the limit by the margin.
  bool passes_limit(int depth, long positions) {
    const double layer = static_cast<double>(positions - m_positions);
    const double two_back = m_layers[0];
    m_layers = {m_layers[1], layer};
    m_positions = positions;
    if (depth < 4 || two_back <= 0 || layer <= two_back) {
      return false;
    }
    const double growth = std::sqrt(layer / two_back);
    const double limit = static_cast<double>(k_bfs_max_states);
    int deepest = depth; // the deepest depth projected within the limit
    double total = static_cast<double>(positions), next = layer;
    for (int d = depth + 1; d <= m_depth; ++d) {
      next *= growth;
      total += next;
      deepest = total <= limit ? d : deepest;
    }
    if (m_reachable > 0) {
      total = std::min(total, m_reachable);
    }
    if (total <= k_frontier_margin * limit) {
      return false;
    }
    m_reason = fmt::format(
        "the positions within depth {} would be about {:.2g} (after depth "
        "{}, each layer {:.2f} times the last), more than the split stores "
        "({}): choose --split-depth {} or less",
        m_depth, total, depth, growth, k_bfs_max_states, deepest);
    return true;
  }
  bool refused() const { return !m_reason.empty(); }
  const std::string &reason() const { return m_reason; }

private:
  int m_depth;
  double m_reachable;
  long m_positions = 1;                      // the start
  std::array<double, 2> m_layers{0, 1};      // the last two layers
  std::string m_reason;
};

} // namespace

std::optional<FrontierCubes> frontier_cubes(const Run &run,
                                            PlannerResult &result,
                                            const solver::StopFn &stop) {
  const int k = run.options.split_depth;
  result.split_depth = k;
  search::SpaceOptions o;
  o.max_states = k_bfs_max_states;
  o.poll = [&](int, long) { return run.stopped(stop); };
  FrontierProjection projection(k, run.puzzle.reachable_positions());
  o.on_layer = [&](int depth, long positions) {
    return projection.passes_limit(depth, positions);
  };
  run.phase("split", fmt::format("split: the positions at depth {} by "
                                 "breadth-first search",
                                 k));
  std::optional<search::Frontier> own = run.puzzle.frontier(k, o);
  search::Frontier frontier =
      own ? std::move(*own) : search::frontier_at(run.task, k, o);
  result.positions = frontier.space.positions;
  if (projection.refused()) {
    result.status = Status::horizon_limit;
    result.reason = projection.reason();
    return std::nullopt;
  }
  if (settled_by_frontier(run, frontier, result, stop)) {
    return std::nullopt;
  }
  return bounded_cubes(run, std::move(frontier), result, stop);
}

namespace {

// A cube for each frontier position, its next horizon its bound.
std::vector<Cube> cubes_of(const FrontierCubes &frontier) {
  std::vector<Cube> cubes;
  cubes.reserve(frontier.size());
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    cubes.push_back(Cube{static_cast<std::uint32_t>(i), frontier.bounds[i],
                         frontier.bounds[i], false});
  }
  return cubes;
}

// A round ran up to horizon `last`: its work into the result.
void record_round(Round &round, int last, double seconds,
                  PlannerResult &result) {
  round.stats.horizon = last;
  round.stats.seconds = seconds;
  // A round cut short by a limit refuted nothing: UNKNOWN, as the
  // horizon driver says of a call it stopped.
  round.stats.result = round.plan    ? "SAT"
                       : round.ended ? "UNKNOWN"
                                     : "UNSAT";
  result.sat_calls += round.sat_calls;
  result.horizons.push_back(round.stats);
  round.work.horizon = last;
  round.work.calls = round.sat_calls;
  result.cube_rounds.push_back(round.work);
}

// The progress line of a round that refuted every length up to `last`.
void say_refuted(const Run &run, const Round &round,
                 const std::vector<Cube> &cubes, int last, int stride,
                 int window, const PlannerResult &result) {
  const long next = std::count_if(
      cubes.begin(), cubes.end(),
      [&](const Cube &c) { return c.next <= round.top + stride * window; });
  const std::string then =
      last + stride <= run.options.max_horizon
          ? fmt::format("{} cubes in the next round", next)
          : fmt::format("no next round: the horizon limit is {}",
                        run.options.max_horizon);
  run.phase("split", fmt::format("no plan of length <= {}: {} SAT calls ({} "
                                 "so far), {:.1f} s; {}",
                                 last, round.sat_calls, result.sat_calls,
                                 round.stats.seconds, then));
}

} // namespace

void solve_split(const Run &run, PlannerResult &result,
                 const solver::StopFn &stop) {
  const int k = run.options.split_depth;
  const int stride = result.stride;
  auto found = frontier_cubes(run, result, stop);
  if (!found) {
    return;
  }
  const FrontierCubes &frontier = *found;
  std::vector<Cube> cubes = cubes_of(frontier);
  result.path = Path::split;
  result.cube_solver =
      solves_shared(run) ? CubeSolving::shared : CubeSolving::fresh;
  result.cube_order = run.options.cube_order;
  result.sat_calls = 0;
  result.no_plan_up_to = result.lower_bound - 1;
  const auto by_bound = [&] {
    return static_cast<long>(std::count_if(
        cubes.begin(), cubes.end(), [](const Cube &c) { return !c.called; }));
  };
  const int window = std::max(1, run.options.split_window);
  std::vector<std::unique_ptr<solver::CubeSolver>> solvers; // shared only
  bool tried_stronger = false;
  for (int n = result.lower_bound; n <= run.options.max_horizon;) {
    const int last = n + stride * std::min(window - 1,
                                           (run.options.max_horizon - n) /
                                               stride);
    Round round;
    round.top = last - k;
    const auto started = std::chrono::steady_clock::now();
    run_round(run, frontier, cubes, round, stop, stride, solvers);
    record_round(round, last, solver::seconds_since(started), result);
    if (settled_by_round(run, round, by_bound(), result)) {
      return;
    }
    result.no_plan_up_to = last; // every cube refuted, or its bound did
    retire_up_to(solvers, round.top);
    say_refuted(run, round, cubes, last, stride, window, result);
    n = last + stride;
    raise_cube_bounds(run, frontier.states, cubes, n, result, tried_stronger,
                      stop);
  }
  result.cubes_by_bound = by_bound();
  end_without_plan(result, solver::Outcome::horizon_limit, run,
                   fmt::format("; proven: no plan of length <= {}",
                               result.no_plan_up_to),
                   "");
}

} // namespace satslide::planner
