#include "solve_common.hpp"

#include "animation.hpp"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <iostream>

#include <unistd.h>

namespace satslide::cli {

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

int first_horizon(int bound, int stride, int user_min) {
  return solver::round_up_to_stride(std::max(bound, user_min), bound, stride);
}

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

int finish_without_plan(Report &report, const Options &o,
                        solver::Outcome outcome, const std::string &detail,
                        const std::string &decode_problem,
                        Clock::time_point started) {
  switch (outcome) {
  case solver::Outcome::horizon_limit:
    report.status = "horizon_limit";
    report.reason =
        "reached --max-horizon " + std::to_string(o.max_horizon) + detail;
    return finish(report, o, ExitCode::horizon_limit);
  case solver::Outcome::timeout:
    report.status = "timeout";
    report.reason = fmt::format("reached --timeout after {:.1f} s{}",
                                solver::seconds_since(started), detail);
    return finish(report, o, ExitCode::timeout);
  default:
    report.status = "internal_error";
    report.reason = decode_problem;
    return finish(report, o, ExitCode::internal_error);
  }
}

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

} // namespace satslide::cli
