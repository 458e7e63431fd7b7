// The any-plan path: a valid plan fast, not proven optimal. Puzzles with a
// goal agenda (the big n-puzzles) reach the goal stage by stage
// (solver/agenda_driver); the others get parallel steps under a horizon
// schedule (solver/schedule_driver). By default that path races the
// optimal driver, each in its own thread, and the first plan wins: on
// small boards the optimal driver is the faster of the two. A plan that is
// not optimal can then be tightened window by window.
#include "satslide/planner/race.hpp"
#include "satslide/planner/run.hpp"

#include "satslide/task/plan_shortcut.hpp"
#include "satslide/task/task_distances.hpp"
#include "satslide/solver/agenda_driver.hpp"
#include "satslide/solver/plan_tightening.hpp"
#include "satslide/solver/schedule_driver.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace satslide::planner {

namespace {

// Windows tightening re-solves, in moves: long enough to hold the detours
// of a stage, short enough that each window is solved in well under a
// second on the 24-puzzle.
constexpr int k_tighten_window = 20;

std::string describe_goals(const task::Task &task,
                           const std::vector<int> &fluents) {
  std::string out;
  for (int f : fluents) {
    out += (out.empty() ? "" : ", ") + task.fluents[f];
  }
  return out.empty() ? "the whole goal" : out;
}

void staged(const Run &run, PlannerResult &result,
            const std::vector<std::vector<int>> &agenda,
            const solver::StopFn &stop) {
  const solver::AgendaResult found = solver::run_agenda(
      run.task, agenda, run.encoding.make, run.driver_options(result, stop),
      run.horizons("agenda"),
      [&](int k, int stages, const std::vector<int> &adds, int first) {
        run.phase("agenda",
                  fmt::format("stage {}/{}: {}; horizons from {}", k, stages,
                              k == stages ? "the whole goal"
                                          : describe_goals(run.task, adds),
                              first));
      });
  result.path = Path::agenda;
  result.horizons = found.horizons;
  result.horizon_stage = found.horizon_stage;
  result.stages = found.stages;
  result.raw_length = found.raw_length;
  if (found.outcome != solver::Outcome::plan_found) {
    const std::string where =
        fmt::format(" in stage {} of {} of the goal agenda",
                    found.stages_done + 1, found.stages);
    end_without_plan(result, found.outcome, run, where,
                     "a decoded plan does not apply to the task" + where);
    return;
  }
  result.plan = found.plan;
  result.status = Status::solved;
  result.optimality =
      fmt::format("--any: {} stages, each optimal for its part of the "
                  "goal; {} moves before removing revisited positions",
                  found.stages, found.raw_length);
}

// No plan within k parallel steps means no plan of k moves or fewer: a
// step may hold one move, or none. The lower bound rises to match.
void raise_by_parallel_steps(int refuted_up_to, PlannerResult &result) {
  if (refuted_up_to < result.lower_bound) {
    return;
  }
  result.lower_bound = solver::round_up_to_stride(
      refuted_up_to + 1, result.lower_bound, result.stride);
  result.lower_bound_name =
      fmt::format("no plan within {0} parallel steps, hence none of {0} "
                  "moves or fewer",
                  refuted_up_to);
  result.no_plan_up_to = std::max(result.no_plan_up_to, refuted_up_to);
}

// Madagascar's schedule: horizons 5 apart, gamma 0.9; 8 open, not its 20:
// on Rush Hour #40 (slide) building 20 formulas cost 21.6 s against 2.4 s.
void scheduled(const Run &run, PlannerResult &result,
               const solver::StopFn &stop) {
  const encoder::EncodingInfo &parallel =
      *encoder::find_encoding("forall-step");
  solver::ScheduleOptions s;
  s.first_horizon =
      task::TaskDistances::compute(run.task).initial_bound(run.task);
  s.max_horizon = run.options.max_horizon;
  s.solver_config = run.options.solver_config;
  s.solver_options = run.options.cadical_options;
  s.timeout_seconds = run.seconds_left();
  s.stop = stop;
  result.path = Path::schedule;
  result.encoding = parallel.name; // not the sequential encoding
  run.phase("schedule",
            fmt::format("--any: parallel steps, horizons {}, {}, ... side by "
                        "side",
                        s.first_horizon, s.first_horizon + s.gap));
  double next_report = 10; // a progress line every 10 s of silence
  const solver::ScheduleResult found = solver::run_schedule(
      [&] { return parallel.make(run.task); }, s, run.horizons("schedule"),
      [&](int low, int high, int refuted, double seconds) {
        if (seconds < next_report) {
          return;
        }
        run.phase("schedule",
                  fmt::format("schedule: horizons {}..{} open, {}, {:.0f} s",
                              low, high,
                              refuted < 0
                                  ? std::string("none refuted yet")
                                  : fmt::format("no plan within {} parallel "
                                                "steps",
                                                refuted),
                              seconds));
        next_report = seconds + 10;
      });
  result.horizons = found.horizons;
  const std::string refuted =
      found.refuted_up_to >= 0
          ? fmt::format("; no plan within {} parallel steps",
                        found.refuted_up_to)
          : "";
  raise_by_parallel_steps(found.refuted_up_to, result);
  if (found.outcome != solver::Outcome::plan_found) {
    const std::string where = " (parallel steps" + refuted + ")";
    end_without_plan(result, found.outcome, run, where,
                     "a decoded plan does not apply to the task" + where);
    return;
  }
  result.plan =
      task::shortcut_plan(run.task, run.task.initial_state(), found.plan);
  result.raw_length = static_cast<int>(found.plan.size());
  result.status = Status::solved;
  result.optimality =
      fmt::format("--any: {} parallel steps (sets of independent moves) "
                  "holding {} moves{}",
                  found.horizon, found.plan.size(), refuted);
}

void first_plan(const Run &run, PlannerResult &result,
                const solver::StopFn &stop) {
  const std::vector<std::vector<int>> agenda = run.puzzle.goal_agenda();
  if (agenda.empty()) {
    scheduled(run, result, stop);
  } else {
    staged(run, result, agenda, stop);
  }
}

// The first-plan path against the optimal one, which is the default
// engine as plain solve runs it (its threads too) and gets a head start
// (k_any_head_start_positions or k_any_head_start, planner.hpp); the first plan wins and the other is cancelled. A
// plan from the optimal path is preferred when both finish. If neither
// finds one, the optimal path's result stands: it says which lengths were
// refuted.
void race_optimal(const Run &run, PlannerResult &result,
                  const solver::StopFn &stop) {
  std::array<PlannerResult, 2> results = {result, result};
  race({[&](PlannerResult &r, const RaceStop &s) { prove(run, r, s.test); },
        [&](PlannerResult &r, const RaceStop &s) {
          if (wait_unless_stopped(searches_positions_first(run)
                                      ? k_any_head_start_positions
                                      : k_any_head_start,
                                  s.token)) {
            first_plan(run, r, s.test);
          }
        }},
       results, stop,
       [](const PlannerResult &r) { return r.status == Status::solved; });
  const PlannerResult &sure = results[0], &fast = results[1];
  if (sure.status == Status::solved) {
    result = sure;
    result.path = Path::optimal;
    result.optimality = "--any: the optimal driver finished first; " +
                        sure.optimality;
  } else {
    result = fast.status == Status::solved ? fast : sure;
    // What the optimal side refuted before the fast one won is proven too.
    if (sure.no_plan_up_to > result.no_plan_up_to) {
      result.no_plan_up_to = sure.no_plan_up_to;
    }
    if (sure.no_plan_up_to + 1 > result.lower_bound) {
      result.lower_bound = sure.no_plan_up_to + 1;
      result.lower_bound_name = "refuted by the optimal driver it raced";
    }
  }
  result.mode = Mode::any;
}

void tighten(const Run &run, PlannerResult &result,
             const solver::StopFn &stop) {
  if (result.encoding != run.encoding.name) {
    result.encoding += "; windows: " + run.encoding.name;
  }
  const solver::DriverOptions rest = run.driver_options(result, stop);
  const solver::TightenResult t = solver::tighten_plan(
      run.task, result.plan, run.encoding.make, rest, k_tighten_window,
      run.horizons("tighten"));
  if (t.outcome == solver::Outcome::decode_error) {
    result.status = Status::internal_error;
    result.reason = "a tightened window does not apply to the task";
    return;
  }
  run.phase("tighten",
            fmt::format("tightening: {} -> {} moves; {} windows of {} "
                        "re-solved, {} shortened, {} passes, {:.1f} s{}",
                        result.plan.size(), t.plan.size(), t.windows,
                        k_tighten_window, t.improved, t.passes, t.seconds,
                        t.outcome == solver::Outcome::plan_found
                            ? ""
                            : " (stopped by the time limit)"));
  result.optimality +=
      fmt::format("; tightened from {} moves", result.plan.size());
  result.tightened_from = static_cast<int>(result.plan.size());
  result.plan = t.plan;
}

// A run stopped without a plan (the time, a signal) ends with the
// family's constructive plan, where it has one: a plan rather than
// nothing, with what the run proved kept as its lower bound.
void constructive_instead(const Run &run, PlannerResult &result) {
  if (!result.plan.empty() || !run.puzzle.has_constructive_plan()) {
    return;
  }
  const std::optional<task::Plan> plan = run.puzzle.constructive_plan();
  if (!plan) {
    return;
  }
  result.optimality = fmt::format(
      "--any: the constructive plan (line by line), the {} path having "
      "found none before it was stopped ({})",
      to_name(result.path), result.reason);
  result.plan = *plan;
  result.plan_from = "the constructive plan (line by line)";
  result.status = Status::solved;
  result.reason.clear();
}

// --any-path auto: search where the family has one and the board is too
// large for the SAT engines' optimum (k_any_search_positions), else race.
AnyPath any_path(const Run &run) {
  if (run.puzzle.beyond_task()) { // no task to race or stage on
    if (run.options.any_path != AnyPath::automatic &&
        run.options.any_path != AnyPath::search) {
      throw task::InputError(run.puzzle.title() +
                             " has no task for --any-path " +
                             std::string(to_name(run.options.any_path)) +
                             ": only the search path "
                             "(--any-path search, the default) solves it");
    }
    return AnyPath::search;
  }
  if (run.options.any_path != AnyPath::automatic) {
    return run.options.any_path;
  }
  return (run.puzzle.has_heuristic_search() ||
          run.puzzle.has_constructive_plan()) &&
                 run.puzzle.reachable_positions() > k_any_search_positions
             ? AnyPath::search
             : AnyPath::race;
}

} // namespace

void solve_any(const Run &run, PlannerResult &result,
               const solver::StopFn &stop) {
  result.mode = Mode::any;
  switch (any_path(run)) {
  case AnyPath::search:
    solve_by_search(run, result, stop);
    break;
  case AnyPath::race:
    race_optimal(run, result, stop);
    break;
  default:
    first_plan(run, result, stop);
  }
  if (result.status == Status::timeout || result.status == Status::cancelled) {
    constructive_instead(run, result);
  }
  if (result.status != Status::solved || result.optimal) {
    return;
  }
  if (run.options.tighten) {
    tighten(run, result, stop);
  }
  if (static_cast<int>(result.plan.size()) <= result.lower_bound) {
    // Every shorter length is refuted by the bound's own proof.
    end_with_optimal_plan(
        result, result.plan, Proof::refuted_horizons,
        fmt::format("{}; the plan meets the lower bound ({})",
                    result.optimality, result.lower_bound_name));
    result.no_plan_up_to =
        std::max(result.no_plan_up_to, result.lower_bound - 1);
    return;
  }
  result.proof = Proof::none;
  result.optimality += fmt::format("; the optimum lies between {} and {}",
                                   result.lower_bound, result.plan.size());
}

} // namespace satslide::planner
