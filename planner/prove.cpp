// Which engine proves the optimum, below the front door (planner.cpp):
// the engine the user named, through its row (engines.cpp), or the
// automatic engine's choice (engine_choice.hpp) run as reach, the horizon
// driver, the two side by side, or the block puzzles' hand-over race. The
// --any path races this against its first-plan path.
#include "satslide/planner/engine_choice.hpp"
#include "satslide/planner/race.hpp"
#include "satslide/planner/run.hpp"

#include "satslide/puzzles/families.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace satslide::planner {

namespace {

// The automatic engine's positions budget.
long automatic_budget(const PlannerOptions &o) {
  return o.max_states > 0 ? o.max_states : k_automatic_budget;
}

// What decides a raced run: a plan, or a proof that there is none.
bool decides(const PlannerResult &r) {
  return r.status == Status::solved || r.status == Status::unsolvable;
}

// The result of two raced paths: the one that decided, else the one that
// refuted more lengths.
const PlannerResult &settled(const std::array<PlannerResult, 2> &results,
                             int winner) {
  if (winner == 0 || winner == 1) {
    return results[winner];
  }
  return results[0].no_plan_up_to > results[1].no_plan_up_to ? results[0]
                                                             : results[1];
}

// The automatic engine on a block puzzle, two threads: positions by SAT
// (within the budget) on both, while the space is small; once more than
// k_race_after positions are found, one solver of the search gives its
// thread to the horizon driver, which starts above the depth the search
// has proven, and the two race: the first plan or proof of none wins. If
// neither decides, the one that proved more stands.
void race_engines(const Run &run, PlannerResult &result,
                  const solver::StopFn &stop) {
  const long budget = automatic_budget(run.options);
  struct Proven {
    int depth;      // by the search when the space showed its size
    long positions; // found by then
  };
  Handover<Proven> handover;
  const long race_after =
      run.options.race_after > 0 ? run.options.race_after : k_race_after;
  // A layer may be large: the race begins before one that would pass
  // the threshold (about two new positions per position expanded).
  const ThreadsForLayer threads_for_layer = [&](long positions, long frontier,
                                                int depth) {
    if (positions + 2 * frontier < race_after) {
      return 2;
    }
    handover.offer({depth, positions});
    return 1;
  };
  bool joined = false;
  std::array<PlannerResult, 2> results = {result, result};
  const int winner = race(
      {[&](PlannerResult &r, const RaceStop &s) {
         // On an exception the race's stop wakes the waiter instead.
         solve_reach(run, r, s.test, budget, false, 2, threads_for_layer);
         handover.close();
       },
       [&](PlannerResult &r, const RaceStop &s) {
         const std::optional<Proven> proven = handover.wait(s.token);
         if (!proven) {
           return; // the search decided (or stopped) on its own
         }
         joined = true;
         r.path = Path::reach_horizons;
         run.phase("auto", fmt::format("over {} positions by depth {}: the "
                                       "horizon driver joins the search",
                                       race_after, proven->depth));
         horizons_after_reach(run, r, proven->depth,
                              fmt::format("{} positions", proven->positions),
                              s.test);
       }},
      results, stop, decides);
  // If the horizon driver never joined, its result is the untouched copy.
  result = winner < 0 && !joined ? results[0]
                                 : settled(results, winner);
}

// The automatic engine with nothing pinning it to the horizon driver: no
// textbook driver, minimum horizon or split.
bool automatic_unpinned(const PlannerOptions &o) {
  return o.engine == Engine::automatic && !o.textbook_driver &&
         o.min_horizon == 0 && o.split_depth < 0;
}

// Where the family counts its space (the n-puzzle), the automatic engine
// chooses before it searches (engine_choice.hpp): up to k_reach_space
// always, beyond (the 15-puzzle and up) where the user left the horizon
// driver its single thread (the second core is idle otherwise) or the
// split may run (it takes --threads, at least two). The block puzzles'
// spaces are small and their families say reach first: they keep the
// race above.
bool chooses_engine(const Run &run) {
  const double space = run.puzzle.reachable_positions();
  return automatic_unpinned(run.options) && space > 0 &&
         (space <= k_reach_space || run.options.threads <= 1 ||
          may_split(run));
}

// The proof in cubes at the choice's frontier depth (split_path.cpp)
// over its tables, a solver on each of two threads, or of --threads if
// more: what --split-depth depth [--pattern-tiles N] --threads 2 runs.
void split_on_both_threads(const Run &run, const EngineChoice &choice,
                           PlannerResult &result, const solver::StopFn &stop) {
  PlannerOptions o = run.options;
  o.split_depth = choice.split_depth;
  o.pattern_tiles =
      choice.pattern_tiles != 0 ? choice.pattern_tiles : o.pattern_tiles;
  o.threads = std::max(2, run.options.threads);
  const Run split(run.puzzle, run.task, run.encoding, o, run.started);
  solve_split(split, result, stop);
}

// The automatic engine's predicted choice (engine_choice.hpp), run on two
// threads: reach on both (then horizons past its budget), the horizon
// driver alone, the two side by side from the start, a thread each, the
// first proof winning (if neither decides, the one that proved more
// stands), or the block puzzles' hand-over race.
void run_automatic_choice(const Run &run, const EngineChoice &choice,
                          PlannerResult &result, const solver::StopFn &stop) {
  run.phase("auto", choice.reason);
  result.auto_choice = choice.engine;
  result.auto_reason = choice.reason;
  const long budget = automatic_budget(run.options);
  switch (choice.engine) {
  case AutoEngine::reach:
    solve_reach(run, result, stop, budget, true, 2);
    return;
  case AutoEngine::horizons:
    solve_optimal(run, result, stop);
    return;
  case AutoEngine::handover:
    race_engines(run, result, stop);
    return;
  case AutoEngine::split:
    split_on_both_threads(run, choice, result, stop);
    return;
  case AutoEngine::race:
    break;
  }
  std::array<PlannerResult, 2> results = {result, result};
  const int winner = race(
      {[&](PlannerResult &r, const RaceStop &s) {
         solve_reach(run, r, s.test, side_by_side_budget(run.options), false,
                     1);
       },
       [&](PlannerResult &r, const RaceStop &s) {
         solve_optimal(run, r, s.test);
       }},
      results, stop, decides);
  result = settled(results, winner);
}

} // namespace

bool searches_positions_first(const Run &run) {
  if (!automatic_unpinned(run.options)) {
    return false;
  }
  const puzzles::FamilyInfo *family =
      puzzles::find_family(run.puzzle.spec().kind);
  const double known_space = run.puzzle.reachable_positions();
  return (family && family->reach_first) ||
         (known_space > 0 && known_space <= k_reach_space);
}

void solve_automatic(const Run &run, PlannerResult &result,
                     const solver::StopFn &stop) {
  if (chooses_engine(run)) {
    run_automatic_choice(run, choose_automatic_engine(run, stop), result,
                         stop);
  } else if (searches_positions_first(run)) {
    run_automatic_choice(run, choose_block_engine(run), result, stop);
  } else {
    solve_optimal(run, result, stop);
  }
}

// --witness and --split-depth run the engine's proof their own way (the
// options' rules, check_engine_options, admit them only where they
// apply); otherwise the engine's row runs it.
void prove(const Run &run, PlannerResult &result,
           const solver::StopFn &stop) {
  const PlannerOptions &o = run.options;
  if (o.witness == Witness::ida) {
    solve_with_witness(run, result, stop);
  } else if (o.split_depth >= 0) {
    solve_split(run, result, stop);
  } else {
    engine_info(o.engine).run(run, result, stop);
  }
}

} // namespace satslide::planner
