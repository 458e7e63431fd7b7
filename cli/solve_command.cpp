// satslide solve: puzzle -> task -> CNF -> incremental CaDiCaL -> plan ->
// replay -> report.
#include "animation.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "report.hpp"

#include "encoder/encodings.hpp"
#include "solver/agenda_driver.hpp"
#include "solver/horizon_driver.hpp"
#include "solver/plan_tightening.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include <unistd.h>

namespace satslide::cli {

std::string encoding_name(const Options &o) {
  return o.encoding.empty() ? encoder::default_encoding() : o.encoding;
}

namespace {

int finish(const Report &report, const Options &o, ExitCode code) {
  if (o.json) {
    print_json(std::cout, report, o.show_boards);
  } else {
    if (o.animate >= 0 && report.status == "solved") {
      animate(std::cout, report, o.animate, isatty(fileno(stdout)) != 0);
    }
    print_text(std::cout, report, o.show_boards);
  }
  return cli::code(code);
}

void log_horizon(const solver::HorizonStats &h) {
  spdlog::info("horizon {:>3}: {:<7} {:>9} vars {:>11} clauses {:>9.3f} s "
               "{:>9} conflicts",
               h.horizon, h.result, h.variables, h.clauses, h.seconds,
               h.conflicts);
}

// The first horizon to try: the lower bound, or the user's minimum moved
// up to the next length the parity allows.
int first_horizon(int bound, int stride, int user_min) {
  return solver::round_up_to_stride(std::max(bound, user_min), bound, stride);
}

using Clock = std::chrono::steady_clock;

// `started`: when the command began; --timeout counts from there, so
// compiling the task and the first encoding's set-up are spent already.
solver::DriverOptions driver_options(const Options &o, const Report &report,
                                     Clock::time_point started) {
  solver::DriverOptions d;
  d.first_horizon =
      first_horizon(report.lower_bound, report.stride, o.min_horizon);
  d.stride = report.stride;
  d.start_proven = o.min_horizon <= report.lower_bound;
  d.max_horizon = o.max_horizon;
  if (o.timeout > 0) {
    d.timeout_seconds =
        std::max(o.timeout - solver::seconds_since(started), 1e-3);
  }
  d.solver_config = o.solver_config;
  d.solver_options = o.cadical_options;
  d.incremental = !o.fresh_solver;
  return d;
}

// Every plan is replayed by the puzzle's own rules before it is printed.
int finish_plan(const encoder::Puzzle &puzzle, const encoder::Plan &plan,
                Report &report, const Options &o) {
  report.replay = puzzle.replay(plan);
  if (report.replay.error || !report.replay.solved) {
    report.status = "internal_error";
    report.reason = "the decoded plan does not replay: " +
                    report.replay.error.value_or("it ends off the goal");
    report.replay.moves.clear();
    return finish(report, o, ExitCode::internal_error);
  }
  report.status = "solved";
  return finish(report, o, ExitCode::plan_found);
}

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

// --any: the puzzle's goal agenda, stage by stage (solver/agenda_driver).
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
} // namespace

int run_solve(const Options &o) {
  const Clock::time_point started = Clock::now();
  const auto puzzle = encoder::make_puzzle(puzzle_spec(o));
  Report report;
  report.title = puzzle->title();
  report.board = puzzle->draw();
  report.spec = puzzle->spec();
  report.encoding = encoding_name(o);

  if (auto reason = puzzle->unsolvable_reason()) {
    report.status = "unsolvable";
    report.reason = *reason;
    return finish(report, o, ExitCode::unsolvable);
  }
  report.lower_bound = puzzle->lower_bound();
  report.lower_bound_name = puzzle->lower_bound_name();
  report.stride = puzzle->horizon_stride();

  const encoder::Task task = puzzle->compile();
  if (auto problem = task.validate()) {
    report.status = "internal_error";
    report.reason = "the compiled task is inconsistent: " + *problem;
    return finish(report, o, ExitCode::internal_error);
  }
  const encoder::EncodingInfo *info = encoder::find_encoding(report.encoding);
  if (o.any) {
    auto agenda = puzzle->goal_agenda();
    if (!agenda.empty()) {
      return run_any(*puzzle, task, *info, std::move(agenda), report, o,
                     started);
    }
    spdlog::info("--any: {} has no goal agenda; solving it in one stage, "
                 "optimally",
                 report.title);
  }
  // The first encoding is built here: its own bound may beat the puzzle's.
  std::unique_ptr<encoder::Encoding> first = info->make(task);
  if (first->lower_bound() > report.lower_bound) {
    report.lower_bound_name = "the encoding's additive heuristic; " +
                              report.lower_bound_name + " " +
                              std::to_string(report.lower_bound);
    // Lengths keep the puzzle's stride, so round up to it.
    report.lower_bound =
        first_horizon(report.lower_bound, report.stride, first->lower_bound());
  }

  solver::DriverOptions d = driver_options(o, report, started);
  if (o.textbook_driver) {
    d.first_horizon = std::min(o.min_horizon, o.max_horizon);
    d.stride = 1;
    d.start_proven = o.min_horizon == 0;
    d.incremental = false;
  }
  spdlog::info("{}: lower bound {} ({}), trying horizons {}, {}, ...",
               report.title, report.lower_bound, report.lower_bound_name,
               d.first_horizon, d.first_horizon + d.stride);

  const solver::DriverResult result = solver::run_horizons(
      [&] { return first ? std::move(first) : info->make(task); }, d,
      log_horizon);
  report.horizons = result.horizons;
  report.seconds = result.seconds;
  report.no_plan_up_to = result.no_plan_up_to;
  const std::string proven =
      result.no_plan_up_to >= 0
          ? "no plan of length <= " + std::to_string(result.no_plan_up_to)
          : "no shorter length was refuted";

  switch (result.outcome) {
  case solver::Outcome::horizon_limit:
    report.status = "horizon_limit";
    report.reason = "reached --max-horizon " + std::to_string(o.max_horizon) +
                    "; proven: " + proven;
    return finish(report, o, ExitCode::horizon_limit);
  case solver::Outcome::timeout:
    report.status = "timeout";
    report.reason = fmt::format("reached --timeout after {:.1f} s; proven: {}",
                                solver::seconds_since(started), proven);
    return finish(report, o, ExitCode::timeout);
  case solver::Outcome::decode_error:
    report.status = "internal_error";
    report.reason = "the model does not take exactly one action per step";
    return finish(report, o, ExitCode::internal_error);
  case solver::Outcome::plan_found:
    break;
  }

  report.optimal = result.optimal;
  report.optimality = !result.optimal       ? "--min-horizon skipped "
                                              "shorter horizons"
                      : result.plan.empty() ? "the start is the goal"
                                            : proven;
  return finish_plan(*puzzle, result.plan, report, o);
}

} // namespace satslide::cli
