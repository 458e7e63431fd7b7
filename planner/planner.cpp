#include "planner/planner.hpp"

#include "planner/cubes.hpp"
#include "planner/engine_choice.hpp"

#include "planner/race.hpp"
#include "planner/run.hpp"

#include "encoder/puzzles/families.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace satslide::planner {

namespace {

const encoder::EncodingInfo &chosen_encoding(const encoder::Puzzle &puzzle,
                                             const PlannerOptions &o) {
  if (o.encoding && !o.encoding->minimises_moves) {
    throw std::invalid_argument(
        "encoding " + o.encoding->name +
        " does not minimise moves; the any-plan path uses it by itself");
  }
  return encoding_for(puzzle, o.encoding);
}

void check(const PlannerOptions &o) {
  if (o.min_horizon < 0 || o.max_horizon < 0 || o.timeout_seconds < 0) {
    throw std::invalid_argument("horizons and the timeout must be >= 0");
  }
  if (o.mode == Mode::any && (o.textbook_driver || o.min_horizon > 0)) {
    throw std::invalid_argument("the any-plan mode chooses its own horizons: "
                                "no textbook driver, no minimum horizon");
  }
  if ((o.engine == Engine::reach || o.engine == Engine::bfs ||
       o.engine == Engine::ida) &&
      (o.textbook_driver || o.min_horizon > 0)) {
    throw std::invalid_argument("a search over positions has no horizons: "
                                "no textbook driver, no minimum horizon");
  }
  if (o.split_depth >= 0 &&
      (o.mode == Mode::any || o.textbook_driver || o.min_horizon > 0 ||
       (o.engine != Engine::automatic && o.engine != Engine::horizons))) {
    throw std::invalid_argument("splitting into cubes is the optimal "
                                "horizon driver's: no --any, other engine, "
                                "textbook driver or minimum horizon");
  }
  if (o.max_states < 0) {
    throw std::invalid_argument("the positions limit must be >= 0");
  }
  if (o.tighten && o.mode != Mode::any) {
    throw std::invalid_argument("tightening works on the plan of the "
                                "any-plan mode");
  }
}

// Every plan is replayed by the puzzle's own rules before it is reported.
void replay(const encoder::Puzzle &puzzle, PlannerResult &result) {
  result.replay = puzzle.replay(result.plan);
  if (result.replay.error || !result.replay.solved) {
    result.status = Status::internal_error;
    result.reason = "the decoded plan does not replay: " +
                    result.replay.error.value_or("it ends off the goal");
    result.optimal = false;
    result.replay.moves.clear();
  }
}

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
         r.path = "reach+horizons";
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
// driver its single thread (the second core is idle otherwise). The
// block puzzles' spaces are small and their families say reach first:
// they keep the race above.
bool chooses_engine(const Run &run) {
  const double space = run.puzzle.reachable_positions();
  return automatic_unpinned(run.options) && space > 0 &&
         (space <= k_reach_space || run.options.threads <= 1);
}

// The automatic engine's predicted choice (engine_choice.hpp), run on two
// threads: reach on both (then horizons past its budget), the horizon
// driver alone, the two side by side from the start, a thread each, the
// first proof winning (if neither decides, the one that proved more
// stands), or the block puzzles' hand-over race.
void run_automatic_choice(const Run &run, const EngineChoice &choice,
                          PlannerResult &result, const solver::StopFn &stop) {
  run.phase("auto", choice.reason);
  result.auto_choice = to_name(choice.engine);
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
  const encoder::FamilyInfo *family =
      encoder::find_family(run.puzzle.spec().kind);
  const double known_space = run.puzzle.reachable_positions();
  return (family && family->reach_first) ||
         (known_space > 0 && known_space <= k_reach_space);
}

void prove(const Run &run, PlannerResult &result,
           const solver::StopFn &stop) {
  const PlannerOptions &o = run.options;
  if (o.engine == Engine::bfs) {
    solve_bfs(run, result, stop);
    return;
  }
  if (o.engine == Engine::ida) {
    solve_ida(run, result, stop);
    return;
  }
  if (o.split_depth >= 0) {
    solve_split(run, result, stop);
    return;
  }
  if (o.engine == Engine::reach) {
    // A budget hands over to the horizon driver: the proofs add up.
    solve_reach(run, result, stop, o.max_states, o.max_states > 0, o.threads);
    return;
  }
  if (chooses_engine(run)) {
    run_automatic_choice(run, choose_automatic_engine(run), result, stop);
  } else if (searches_positions_first(run)) {
    run_automatic_choice(run, choose_block_engine(run), result, stop);
  } else {
    solve_optimal(run, result, stop);
  }
}

const encoder::EncodingInfo &encoding_for(const encoder::Puzzle &puzzle,
                                          const encoder::EncodingInfo *chosen) {
  if (chosen) {
    return *chosen;
  }
  const encoder::FamilyInfo *family = encoder::find_family(puzzle.spec().kind);
  const encoder::EncodingInfo *info =
      encoder::find_encoding(family ? family->default_encoding : "pairs");
  if (!info) {
    throw std::invalid_argument("the " + puzzle.spec().kind +
                                " family names an unknown default encoding");
  }
  return *info;
}

namespace {

// What every run shares: the options checked, the family's proof of
// unsolvability, the bounds, the task and its check; then `body` on the
// run, and a plan it found replayed by the puzzle's rules.
template <typename Body>
PlannerResult with_run(const encoder::Puzzle &puzzle, const PlannerOptions &o,
                       Body body) {
  const auto started = Run::Clock::now(); // the timeout counts set-up too
  check(o);
  const encoder::EncodingInfo &encoding = chosen_encoding(puzzle, o);
  PlannerResult result;
  result.mode = o.mode == Mode::any ? "any" : "optimal";
  result.encoding = encoding.name;
  // A family's search for unsolvability counts against the timeout and
  // stops on a signal like every engine (then proves nothing: the engine
  // stops at once too and says so).
  const auto stopped = [&] {
    return (o.stop && o.stop()) ||
           (o.timeout_seconds > 0 &&
            solver::seconds_since(started) >= o.timeout_seconds);
  };
  if (auto reason = puzzle.unsolvable_reason(stopped)) {
    result.status = Status::unsolvable;
    result.reason = *reason;
    result.seconds = solver::seconds_since(started);
    return result;
  }
  result.lower_bound = puzzle.lower_bound();
  result.lower_bound_name = puzzle.lower_bound_name();
  result.stride = puzzle.horizon_stride();

  const encoder::Task task = puzzle.compile();
  const Run run(puzzle, task, encoding, o, started);
  if (auto problem = task.validate()) {
    result.status = Status::internal_error;
    result.reason = "the compiled task is inconsistent: " + *problem;
    return result;
  }
  body(run, result);
  if (result.status == Status::solved) {
    replay(puzzle, result);
  }
  result.seconds = solver::seconds_since(started);
  return result;
}

} // namespace

PlannerResult solve(const encoder::Puzzle &puzzle, const PlannerOptions &o) {
  return with_run(puzzle, o, [&](const Run &run, PlannerResult &result) {
    if (o.mode == Mode::any) {
      solve_any(run, result, o.stop);
    } else {
      prove(run, result, o.stop);
    }
  });
}

CubeSplit split_into_cubes(const encoder::Puzzle &puzzle,
                           const PlannerOptions &o) {
  if (o.split_depth < 0) {
    throw std::invalid_argument("splitting into cubes needs a depth >= 0");
  }
  CubeSplit split;
  split.decided = true;
  split.result = with_run(puzzle, o, [&](const Run &run,
                                         PlannerResult &result) {
    auto found = frontier_cubes(run, result, o.stop);
    if (!found) {
      return;
    }
    for (FrontierCube &f : *found) {
      SplitCube c;
      c.puzzle = std::move(f.puzzle);
      if (!c.puzzle) {
        throw std::invalid_argument("the " + puzzle.spec().kind +
                                    " family cannot restart at a position");
      }
      c.moves = puzzle.replay(f.path).compact;
      c.path = std::move(f.path);
      c.bound = f.bound;
      split.cubes.push_back(std::move(c));
    }
    result.path = "split";
    result.no_plan_up_to = result.lower_bound - 1;
    split.decided = false;
  });
  return split;
}

} // namespace satslide::planner
