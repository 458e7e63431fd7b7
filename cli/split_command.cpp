// satslide split: the first round of one proof in pieces (planner/
// cubes.hpp, split_round.hpp): the positions exactly K moves from the
// start, each a batch line solved up to the round's cap, written to a
// cubes file that `satslide batch` solves anywhere and `satslide merge`
// judges.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/cube_file.hpp"
#include "satslide/cli/output.hpp"

#include "satslide/puzzles/families.hpp"

namespace satslide::cli {

int run_split(const Options &o) {
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = log_progress(false);
  p.stop = stop_on_signal();
  planner::CubeSplit split = planner::split_into_cubes(*puzzle, p);
  Report decided = report_for(*puzzle);
  if (split.decided) { // the split's own search answered
    decided.result = std::move(split.result);
    return finish(decided, o);
  }
  planner::SplitRound r;
  planner::RoundJudgement j = planner::first_round(*puzzle, p, split, r);
  if (j.decided) { // by the cubes' bounds alone
    decided.result = std::move(j.result);
    return finish(decided, o);
  }
  write_round(o.output, r);
  RoundReport report = round_report(*puzzle, r, o.output);
  report.no_plan_up_to = j.no_plan_up_to;
  return finish(report, o);
}

} // namespace satslide::cli
