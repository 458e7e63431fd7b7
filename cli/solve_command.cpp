// satslide solve: the instance from the families table, the planner's
// run, the report. Every decision about how to solve is the planner's.
#include "cli/commands.hpp"
#include "cli/output.hpp"

#include "encoder/puzzles/families.hpp"

namespace satslide::cli {

int run_solve(const Options &o) {
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = log_progress(p.mode == planner::Mode::any);
  p.stop = stop_on_signal();
  Report report = report_for(*puzzle);
  report.result = planner::solve(*puzzle, p);
  return finish(report, o);
}

} // namespace satslide::cli
