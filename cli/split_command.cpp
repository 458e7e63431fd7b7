// satslide split: the first round of one proof in pieces (planner/
// cubes.hpp): the positions exactly K moves from the start, each a batch
// line solved up to the round's cap, written to a cubes file that
// `satslide batch` solves anywhere and `satslide merge` judges.
#include "cli/commands.hpp"
#include "cli/cube_file.hpp"
#include "cli/output.hpp"

#include "puzzles/families.hpp"

namespace satslide::cli {

int run_split(const Options &o) {
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = log_progress(false);
  p.stop = stop_on_signal();
  planner::CubeSplit split = planner::split_into_cubes(*puzzle, p);
  if (split.decided) { // the split's own search answered
    Report report = report_for(*puzzle);
    report.result = std::move(split.result);
    return finish(report, o);
  }
  const planner::PlannerResult &s = split.result;
  CubeRound r;
  r.start = puzzle->spec();
  r.depth = p.split_depth;
  r.stride = s.stride;
  r.window = p.split_window;
  r.max_length = split.max_length;
  r.lower_bound = s.lower_bound;
  r.lower_bound_name = s.lower_bound_name;
  r.pattern_tiles = p.pattern_tiles;
  const bool witness = !split.witness.empty();
  if (witness) {
    r.witness = puzzle->replay(split.witness).compact;
    r.witness_length = static_cast<int>(split.witness.size());
    r.witness_seconds = split.witness_seconds;
  }
  r.cap = planner::first_round_cap(s.lower_bound, s.stride, p.split_window,
                                   split.max_length);
  for (std::size_t i = 0; i < split.cubes.size(); ++i) {
    const planner::SplitCube &c = split.cubes[i];
    CubeEntry e;
    e.id = "c" + std::to_string(i);
    e.moves = c.moves;
    e.params = c.params;
    e.standing.bound = c.bound;
    r.cubes.push_back(std::move(e));
    if (r.cap >= 0 && c.bound <= r.cap - r.depth) {
      r.to_solve.push_back(i);
    }
  }
  if (r.cap < 0 && witness) { // every cube's bound reaches the witness
    const long all = static_cast<long>(r.cubes.size());
    Report report = plan_from_start(
        *puzzle, r, r.witness, r.witness_length, s.lower_bound - 1, all,
        "by the cubes' bounds: " + cubes_refuted(r, s.lower_bound - 1, all) +
            "; the plan found first by IDA* (not SAT) and replayed");
    report.result.positions = s.positions;
    return finish(report, o);
  }
  if (r.cap < 0) {
    Report report = report_for(*puzzle);
    report.result = s;
    report.result.status = planner::Status::horizon_limit;
    report.result.reason =
        "every cube's bound passes --max-horizon " +
        std::to_string(p.max_horizon) +
        "; proven: no plan of length <= " + std::to_string(s.lower_bound - 1);
    return finish(report, o);
  }
  write_round(o.output, r);
  RoundReport report = round_report(*puzzle, r, o.output);
  report.no_plan_up_to = s.lower_bound - 1;
  return finish(report, o);
}

} // namespace satslide::cli
