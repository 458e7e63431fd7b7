// satslide split: the first round of one proof in pieces (planner/
// cubes.hpp): the positions exactly K moves from the start, each a batch
// line solved up to the round's cap, written to a cubes file that
// `satslide batch` solves anywhere and `satslide merge` judges.
#include "cli/commands.hpp"
#include "cli/cube_file.hpp"
#include "cli/output.hpp"

#include "encoder/puzzles/families.hpp"

#include <spdlog/spdlog.h>

#include <optional>

namespace satslide::cli {

namespace {

// --witness ida: the plan by IDA* first (its own optimal run), so that the
// rounds only refute the lengths below it. nullopt with `done` set where
// IDA* decided the run alone: no plan (a limit, a stop), the start at the
// goal, or a plan no longer than the split's depth (nothing to split).
struct Witness {
  std::string moves;
  int length = -1;
  double seconds = 0;
};
std::optional<Witness> find_witness(const encoder::Puzzle &puzzle,
                                    const planner::PlannerOptions &p,
                                    std::optional<Report> &done) {
  planner::PlannerOptions ida = p;
  ida.engine = planner::Engine::ida;
  ida.witness = planner::Witness::none;
  ida.split_depth = -1;
  planner::PlannerResult found = planner::solve(puzzle, ida);
  const int length = static_cast<int>(found.plan.size());
  if (found.status != planner::Status::solved || length <= p.split_depth) {
    if (found.status == planner::Status::solved) {
      spdlog::info("IDA* found a plan of {} moves, no longer than the split's "
                   "depth {}: nothing to split, IDA*'s answer stands",
                   length, p.split_depth);
    }
    done = report_for(puzzle);
    done->result = std::move(found);
    return std::nullopt;
  }
  spdlog::info("IDA* found a plan of {} moves in {:.1f} s; the rounds refute "
               "every shorter length",
               length, found.seconds);
  return Witness{found.replay.compact, length, found.seconds};
}

} // namespace

int run_split(const Options &o) {
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = log_progress(false);
  p.stop = stop_on_signal();
  std::optional<Witness> witness;
  if (p.witness == planner::Witness::ida) {
    std::optional<Report> done;
    witness = find_witness(*puzzle, p, done);
    if (done) {
      return finish(*done, o);
    }
    p.witness = planner::Witness::none;
    p.max_horizon = witness->length - 1;
  }
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
  r.max_length = p.max_horizon;
  r.lower_bound = s.lower_bound;
  r.lower_bound_name = s.lower_bound_name;
  if (witness) {
    r.witness = witness->moves;
    r.witness_length = witness->length;
    r.witness_seconds = witness->seconds;
  }
  r.cap = planner::first_round_cap(s.lower_bound, s.stride, p.split_window,
                                   p.max_horizon);
  for (std::size_t i = 0; i < split.cubes.size(); ++i) {
    const planner::SplitCube &c = split.cubes[i];
    CubeEntry e;
    e.id = "c" + std::to_string(i);
    e.moves = c.moves;
    e.params = c.puzzle->spec().params;
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
