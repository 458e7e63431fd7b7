// The planner's front door: every run's checks, the family's proof of
// unsolvability, the bounds and the task (with_run), then the optimal
// engines (prove.cpp) or the --any path (any_path.cpp), and every plan
// replayed by the puzzle's rules before it is returned.
#include "satslide/planner/planner.hpp"

#include "satslide/planner/cubes.hpp"
#include "satslide/planner/run.hpp"

#include "satslide/puzzles/families.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <stdexcept>

namespace satslide::planner {

namespace {

const encoder::EncodingInfo &chosen_encoding(const puzzles::Puzzle &puzzle,
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
  if (o.max_states < 0) {
    throw std::invalid_argument("the positions limit must be >= 0");
  }
  check_engine_options(o);
}

// Every plan is replayed by the puzzle's own rules before it is reported.
void replay(const puzzles::Puzzle &puzzle, PlannerResult &result) {
  result.replay = puzzle.replay(result.plan);
  if (result.replay.error || !result.replay.solved) {
    result.status = Status::internal_error;
    result.reason = "the decoded plan does not replay: " +
                    result.replay.error.value_or("it ends off the goal");
    result.optimal = false;
    result.replay.moves.clear();
  }
}

} // namespace

const encoder::EncodingInfo &encoding_for(const puzzles::Puzzle &puzzle,
                                          const encoder::EncodingInfo *chosen) {
  if (chosen) {
    return *chosen;
  }
  const puzzles::FamilyInfo *family = puzzles::find_family(puzzle.spec().kind);
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
PlannerResult with_run(const puzzles::Puzzle &puzzle, const PlannerOptions &o,
                       Body body) {
  const auto started = Run::Clock::now(); // the timeout counts set-up too
  check(o);
  puzzle.check_pattern_tiles(o.pattern_tiles);
  puzzle.check_partitions(o.partitions);
  const encoder::EncodingInfo &encoding = chosen_encoding(puzzle, o);
  PlannerResult result;
  result.mode = o.mode;
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

  if (puzzle.beyond_task() && o.mode != Mode::any) {
    throw task::InputError(
        puzzle.title() +
        " is too large for a task (its formulas and its "
        "searches' tables would not fit): only --any solves it, by a "
        "constructive plan shortened while time is left");
  }
  // Past the task's size the run has none: the --any search path then
  // reads only the puzzle (anytime_path.cpp).
  const task::Task task =
      puzzle.beyond_task() ? task::Task{} : puzzle.compile();
  const Run run(puzzle, task, encoding, o, started);
  if (auto problem = task.validate()) {
    result.status = Status::internal_error;
    result.reason = "the compiled task is inconsistent: " + *problem;
    return result;
  }
  try {
    body(run, result);
  } catch (const std::bad_alloc &e) {
    end_out_of_memory(result, run, e); // what was proven is kept
  }
  if (result.status == Status::solved) {
    replay(puzzle, result);
  }
  result.seconds = solver::seconds_since(started);
  return result;
}

} // namespace

PlannerResult solve(const puzzles::Puzzle &puzzle, const PlannerOptions &o) {
  return with_run(puzzle, o, [&](const Run &run, PlannerResult &result) {
    if (o.mode == Mode::any) {
      solve_any(run, result, o.stop);
    } else {
      prove(run, result, o.stop);
    }
  });
}

namespace {

// With --witness ida: IDA*'s plan first, the rounds then capped below it
// (`capped`, `split`); false where IDA* decides alone (no plan, a stop,
// or a plan no longer than the depth: nothing to split).
bool cap_by_witness(const Run &run, const PlannerOptions &o, CubeSplit &split,
                    PlannerOptions &capped, PlannerResult &result) {
  const FoundWitness found = find_witness(run, result, o.stop);
  const int length = found.length();
  if (!found.found() || length <= o.split_depth) {
    if (found.found()) {
      say_witness(run, found,
                  fmt::format("no longer than the split's depth {}: "
                              "nothing to split, IDA*'s answer stands",
                              o.split_depth));
    }
    result = found.ida;
    return false;
  }
  split.witness = found.ida.plan;
  split.witness_seconds = found.seconds;
  split.max_length = length - 1;
  capped.witness = Witness::none;
  capped.max_horizon = length - 1;
  say_witness(run, found, "the rounds refute every shorter length");
  return true;
}

// The frontier's cubes as separate runs take them: each position's
// instance, its path in move notation and its bound.
std::vector<SplitCube> file_cubes(const puzzles::Puzzle &puzzle,
                                  const FrontierCubes &found) {
  std::vector<SplitCube> cubes;
  cubes.reserve(found.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    SplitCube c;
    c.path = found.paths[i];
    const std::unique_ptr<puzzles::Puzzle> at = puzzle.after(c.path);
    if (!at) {
      throw std::invalid_argument("the " + puzzle.spec().kind +
                                  " family cannot restart at a position");
    }
    c.params = at->spec().params;
    c.moves = puzzle.replay(c.path).compact;
    c.bound = found.bounds[i];
    cubes.push_back(std::move(c));
  }
  return cubes;
}

} // namespace

CubeSplit split_into_cubes(const puzzles::Puzzle &puzzle,
                           const PlannerOptions &o) {
  if (o.split_depth < 0) {
    throw std::invalid_argument("splitting into cubes needs a depth >= 0");
  }
  // The cubes are the same whichever engine answers them: IDA* cubes
  // (split --engine ida) are made as SAT cubes are.
  PlannerOptions made = o;
  if (engine_info(made.engine).answers_cubes) {
    made.engine = Engine::automatic;
  }
  CubeSplit split;
  split.decided = true;
  split.max_length = o.max_horizon;
  split
      .result = with_run(puzzle, made, [&](const Run &run, PlannerResult &result) {
    PlannerOptions capped = made;
    if (o.witness == Witness::ida &&
        !cap_by_witness(run, made, split, capped, result)) {
      return;
    }
    const Run below(run.puzzle, run.task, run.encoding, capped, run.started);
    auto found = frontier_cubes(below, result, o.stop);
    if (!found) {
      return;
    }
    if (static_cast<long>(found->size()) > k_max_file_cubes) {
      result.status = Status::horizon_limit;
      result.reason = fmt::format(
          "the split at depth {} has {} cubes, more than a cubes file holds "
          "({}): choose a smaller --split-depth (solve --split-depth splits "
          "in one process without that limit)",
          o.split_depth, found->size(), k_max_file_cubes);
      return;
    }
    split.cubes = file_cubes(puzzle, *found);
    result.path = Path::split;
    result.no_plan_up_to = result.lower_bound - 1;
    split.decided = false;
  });
  return split;
}

namespace {

// How the file's claim of cube i differs from the split's cube i, if it
// does: its moves, its bound or its position.
std::optional<std::string> claim_differs(const puzzles::Puzzle &start,
                                         const FrontierCubes &found,
                                         std::size_t i, const CubeClaim &c) {
  const task::Plan &path = found.paths[i];
  const std::string moves = start.replay(path).compact;
  if (c.moves != moves) {
    return fmt::format("is reached by {}, the file says {}", moves, c.moves);
  }
  if (c.bound != found.bounds[i]) {
    return fmt::format("has the bound {}, the file says {}", found.bounds[i],
                       c.bound);
  }
  const std::unique_ptr<puzzles::Puzzle> at = start.after(path);
  if (!at || at->spec().params != c.params) {
    return std::string("is not the position its moves reach");
  }
  return std::nullopt;
}

} // namespace

bool check_cubes(const puzzles::Puzzle &start, const PlannerOptions &options,
                 int lower_bound, int stride,
                 const std::vector<CubeClaim> &claims) {
  if (options.split_depth < 0) {
    throw std::invalid_argument("checking cubes needs a depth >= 0");
  }
  const int k = options.split_depth;
  bool checked = false;
  const auto differs = [&](const std::string &what) {
    return task::InputError(fmt::format(
        "the cubes do not match the split of this start at depth {}: {} "
        "(a partial, edited or foreign cubes file)",
        k, what));
  };
  PlannerOptions o = options;
  o.witness = Witness::none;
  const PlannerResult ran =
      with_run(start, o, [&](const Run &run, PlannerResult &result) {
    auto found = frontier_cubes(run, result, o.stop);
    if (!found) {
      if (run.stopped(o.stop)) {
        return;
      }
      throw differs("that split has no cubes (" + result.reason + ")");
    }
    if (found->size() != claims.size()) {
      throw differs(fmt::format("it has {} cubes, the file lists {}",
                                found->size(), claims.size()));
    }
    if (result.lower_bound != lower_bound || result.stride != stride) {
      throw differs(fmt::format("its lower bound is {} and its stride {}, "
                                "the file says {} and {}",
                                result.lower_bound, result.stride,
                                lower_bound, stride));
    }
    for (std::size_t i = 0; i < claims.size(); ++i) {
      if ((i & 0xFFF) == 0 && run.stopped(o.stop)) {
        return;
      }
      if (auto what = claim_differs(start, *found, i, claims[i])) {
        throw differs(fmt::format("cube {} ", i + 1) + *what);
      }
    }
    checked = true;
  });
  if (ran.status == Status::unsolvable) {
    throw differs("the start is unsolvable (" + ran.reason + ")");
  }
  return checked;
}

} // namespace satslide::planner
