// satslide --any: a fast valid plan through the puzzle's goal agenda
// (solver/agenda_driver), optionally tightened window by window
// (solver/plan_tightening); never called optimal.
#include "solve_common.hpp"

#include "encoder/encodings.hpp"
#include "solver/agenda_driver.hpp"
#include "solver/plan_tightening.hpp"

#include <spdlog/spdlog.h>

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

} // namespace

int run_any(const encoder::Puzzle &puzzle, const encoder::Task &task,
            const encoder::EncodingInfo &info,
            std::vector<std::vector<int>> agenda, Report &report,
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
  const std::string where = fmt::format("in stage {} of {} of the goal agenda",
                                        result.stages_done + 1, result.stages);
  switch (result.outcome) {
  case solver::Outcome::horizon_limit:
    report.status = "horizon_limit";
    report.reason =
        "reached --max-horizon " + std::to_string(o.max_horizon) + " " + where;
    return finish(report, o, ExitCode::horizon_limit);
  case solver::Outcome::timeout:
    report.status = "timeout";
    report.reason = fmt::format("reached --timeout after {:.1f} s {}",
                                solver::seconds_since(started), where);
    return finish(report, o, ExitCode::timeout);
  case solver::Outcome::decode_error:
    report.status = "internal_error";
    report.reason = "a stage's plan does not apply to the task " + where;
    return finish(report, o, ExitCode::internal_error);
  case solver::Outcome::plan_found:
    break;
  }
  encoder::Plan plan = result.plan;
  std::string tightened;
  if (o.tighten) {
    solver::DriverOptions rest = d;
    if (o.timeout > 0) {
      rest.timeout_seconds =
          std::max(o.timeout - solver::seconds_since(started), 1e-3);
    }
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
  report.optimality = fmt::format(
      "--any: {} stages, each optimal for its part of the goal; {} moves "
      "before removing revisited positions{}; the optimum lies between {} "
      "and {}",
      result.stages, result.raw_length, tightened, report.lower_bound,
      plan.size());
  return finish_plan(puzzle, plan, report, o);
}

} // namespace satslide::cli
