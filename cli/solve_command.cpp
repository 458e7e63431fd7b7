// satslide solve: the instance from the families table, the planner's
// run, the report. Every decision about how to solve is the planner's.
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/svg.hpp"

#include "encoder/puzzles/families.hpp"
#include "encoder/task/pddl.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <iostream>

namespace satslide::cli {

int run_solve(const Options &o) {
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = log_progress(p.mode == planner::Mode::any);
  p.stop = stop_on_signal();
  Report report = report_for(*puzzle);
  report.result = planner::solve(*puzzle, p);
  if (o.count_optimal >= 0 && report.result.optimal) {
    planner::CountOptions c;
    c.limit = o.count_optimal;
    if (o.list_all_optimal) {
      c.keep = o.count_optimal > 0 ? static_cast<int>(std::min<long>(
                                         o.count_optimal, 1'000'000))
                                   : 1'000'000;
    }
    c.stop = p.stop;
    c.encoding = p.encoding;
    if (p.timeout_seconds > 0) { // what is left of it, at least a second
      c.timeout_seconds =
          std::max(1.0, p.timeout_seconds - report.result.seconds);
    }
    report.optimal_plans = planner::count_plans(
        *puzzle, static_cast<int>(report.result.plan.size()), c);
  }
  if (!o.svg.empty() && report.result.status == planner::Status::solved) {
    std::ofstream svg(o.svg);
    write_svg(svg, report);
    svg.close();
    if (!svg) {
      throw IoError("cannot write '" + o.svg + "'");
    }
  }
  if (o.plan_format == "ipc" &&
      report.result.status == planner::Status::solved) {
    // Only the plan on stdout, in the names of `satslide export`.
    const encoder::Task task = puzzle->compile();
    std::cout << encoder::ipc_plan(encoder::pddl_names(task),
                                   report.result.plan);
    spdlog::info("{} moves{}", report.result.plan.size(),
                 report.result.optimal ? ", optimal" : "");
    return code(exit_code_for(report.result.status));
  }
  return finish(report, o);
}

} // namespace satslide::cli
