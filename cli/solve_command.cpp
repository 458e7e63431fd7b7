// satslide solve: puzzle -> task -> CNF -> incremental CaDiCaL -> plan ->
// replay -> report.
#include "commands.hpp"
#include "solve_common.hpp"

#include "encoder/encodings/encodings.hpp"

#include <spdlog/spdlog.h>

namespace satslide::cli {

std::string encoding_name(const Options &o, const encoder::Puzzle &puzzle) {
  return o.encoding.empty() ? encoder::default_encoding(puzzle.spec().kind)
                            : o.encoding;
}

int run_solve(const Options &o) {
  const Clock::time_point started = Clock::now();
  const auto puzzle = encoder::make_puzzle(puzzle_spec(o));
  Report report;
  report.title = puzzle->title();
  report.board = puzzle->draw();
  report.spec = puzzle->spec();
  report.encoding = encoding_name(o, *puzzle);

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
    return run_any(*puzzle, task, *info, report, o, started);
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

  if (result.outcome != solver::Outcome::plan_found) {
    return finish_without_plan(
        report, o, result.outcome, "; proven: " + proven,
        "the model does not take exactly one action per step", started);
  }

  report.optimal = result.optimal;
  report.optimality = !result.optimal       ? "--min-horizon skipped "
                                              "shorter horizons"
                      : result.plan.empty() ? "the start is the goal"
                                            : proven;
  return finish_plan(*puzzle, result.plan, report, o);
}

} // namespace satslide::cli
