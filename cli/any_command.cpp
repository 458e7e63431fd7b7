// satslide --any: a fast valid plan, never called optimal. Puzzles with a
// goal agenda (the big n-puzzles) reach the goal stage by stage
// (solver/agenda_driver); the others get the parallel encoding under a
// horizon schedule (solver/schedule_driver). Either plan can then be
// tightened window by window (solver/plan_tightening).
#include "solve_common.hpp"

#include "encoder/encodings/parallel_encoding.hpp"
#include "encoder/task/plan_shortcut.hpp"
#include "encoder/task/task_distances.hpp"
#include "solver/agenda_driver.hpp"
#include "solver/plan_tightening.hpp"
#include "solver/schedule_driver.hpp"

#include <spdlog/spdlog.h>

#include <optional>

namespace satslide::cli {

namespace {

std::string describe_goals(const encoder::Task &task,
                           const std::vector<int> &fluents) {
  std::string out;
  for (int f : fluents) {
    out += (out.empty() ? "" : ", ") + task.fluents[f];
  }
  return out.empty() ? "the whole goal" : out;
}

// Windows --tighten re-solves, in moves: long enough to hold the detours
// of a stage, short enough that each window is solved in well under a
// second on the 24-puzzle.
constexpr int k_tighten_window = 20;

// A first plan, or the exit code of a run that found none.
struct FirstPlan {
  encoder::Plan plan;
  std::string how; // for the report's optimality line
  std::optional<int> failed;
};

// The limit's message, then where the run stood.
int fail(Report &report, const Options &o, solver::Outcome outcome,
         const std::string &where, Clock::time_point started) {
  return finish_without_plan(
      report, o, outcome, " " + where,
      "a decoded plan does not apply to the task " + where, started);
}

FirstPlan staged(const encoder::Task &task, const encoder::EncodingInfo &info,
                 const std::vector<std::vector<int>> &agenda, Report &report,
                 const Options &o, Clock::time_point started) {
  const solver::DriverOptions d = driver_options(o, report, started);
  const solver::AgendaResult result = solver::run_agenda(
      task, agenda, info.make, d, log_horizon,
      [&](int k, int stages, const std::vector<int> &adds, int first) {
        spdlog::info(
            "stage {}/{}: {}; horizons from {}", k, stages,
            k == stages ? "the whole goal" : describe_goals(task, adds), first);
      });
  report.horizons = result.horizons;
  report.horizon_stage = result.horizon_stage;
  report.stages = result.stages;
  report.raw_length = result.raw_length;
  report.seconds = result.seconds;
  if (result.outcome != solver::Outcome::plan_found) {
    return {{},
            {},
            fail(report, o, result.outcome,
                 fmt::format("in stage {} of {} of the goal agenda",
                             result.stages_done + 1, result.stages),
                 started)};
  }
  return {result.plan,
          fmt::format("--any: {} stages, each optimal for its part of the "
                      "goal; {} moves before removing revisited positions",
                      result.stages, result.raw_length),
          std::nullopt};
}

// Madagascar's schedule: horizons 5 apart, gamma 0.9; 8 open, not its 20:
// on Rush Hour #40 (slide) building 20 formulas cost 21.6 s against 2.4 s.
FirstPlan scheduled(const encoder::Task &task, Report &report, const Options &o,
                    Clock::time_point started) {
  solver::ScheduleOptions s;
  s.first_horizon = encoder::TaskDistances::compute(task).initial_bound(task);
  s.max_horizon = o.max_horizon;
  s.solver_config = o.solver_config;
  s.solver_options = o.cadical_options;
  if (o.timeout > 0) {
    s.timeout_seconds =
        std::max(o.timeout - solver::seconds_since(started), 1e-3);
  }
  report.encoding = "forall-step"; // not the sequential --encoding
  spdlog::info("--any: parallel steps, horizons {}, {}, ... side by side",
               s.first_horizon, s.first_horizon + s.gap);
  double next_report = 10; // a progress line every 10 s of silence
  const solver::ScheduleResult result = solver::run_schedule(
      [&] { return std::make_unique<encoder::ParallelEncoding>(task); }, s,
      log_horizon,
      [&](int low, int high, int refuted, double seconds) {
        if (seconds >= next_report) {
          spdlog::info("schedule: horizons {}..{} open, {}, {:.0f} s", low,
                       high,
                       refuted < 0 ? std::string("none refuted yet")
                                   : fmt::format("no plan within {} parallel "
                                                 "steps",
                                                 refuted),
                       seconds);
          next_report = seconds + 10;
        }
      });
  report.horizons = result.horizons;
  report.seconds = result.seconds;
  const std::string refuted =
      result.refuted_up_to >= 0
          ? fmt::format("; no plan within {} parallel steps",
                        result.refuted_up_to)
          : "";
  if (result.outcome != solver::Outcome::plan_found) {
    return {{},
            {},
            fail(report, o, result.outcome, "(parallel steps" + refuted + ")",
                 started)};
  }
  const encoder::Plan plan =
      encoder::shortcut_plan(task, task.initial_state(), result.plan);
  report.raw_length = static_cast<int>(result.plan.size());
  return {plan,
          fmt::format("--any: {} parallel steps (sets of independent moves) "
                      "holding {} moves{}",
                      result.horizon, result.plan.size(), refuted),
          std::nullopt};
}

} // namespace

int run_any(const encoder::Puzzle &puzzle, const encoder::Task &task,
            const encoder::EncodingInfo &info, Report &report, const Options &o,
            Clock::time_point started) {
  report.mode = "any";
  const std::vector<std::vector<int>> agenda = puzzle.goal_agenda();
  FirstPlan first = agenda.empty()
                        ? scheduled(task, report, o, started)
                        : staged(task, info, agenda, report, o, started);
  if (first.failed) {
    return *first.failed;
  }
  encoder::Plan plan = first.plan;
  std::string tightened;
  if (o.tighten) {
    if (report.encoding != info.name) {
      report.encoding += "; windows: " + info.name;
    }
    const solver::DriverOptions rest = driver_options(o, report, started);
    const solver::TightenResult t =
        solver::tighten_plan(task, plan, info.make, rest, k_tighten_window);
    if (t.outcome == solver::Outcome::decode_error) {
      report.status = "internal_error";
      report.reason = "a tightened window does not apply to the task";
      return finish(report, o, ExitCode::internal_error);
    }
    spdlog::info("tightening: {} -> {} moves; {} windows of {} re-solved, "
                 "{} shortened, {} passes, {:.1f} s{}",
                 plan.size(), t.plan.size(), t.windows, k_tighten_window,
                 t.improved, t.passes, t.seconds,
                 t.outcome == solver::Outcome::timeout ? " (--timeout)" : "");
    tightened = fmt::format("; tightened from {} moves", plan.size());
    report.tightened_from = static_cast<int>(plan.size());
    report.seconds += t.seconds;
    plan = t.plan;
  }
  report.optimal = false;
  report.optimality =
      fmt::format("{}{}; the optimum lies between {} and {}", first.how,
                  tightened, report.lower_bound, plan.size());
  return finish_plan(puzzle, plan, report, o);
}

} // namespace satslide::cli
