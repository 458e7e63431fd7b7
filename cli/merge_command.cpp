// satslide merge: a round of split cubes (cube_file.hpp) and the batch
// outputs that answered them, judged together by the planner
// (planner::judge_split_round): the optimum with its proof, or the next
// round's cubes, or the cubes still missing, written for batch.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/cube_answers.hpp"
#include "satslide/cli/cube_file.hpp"
#include "satslide/cli/output.hpp"

#include "satslide/planner/split_round.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/solver/stats.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

namespace satslide::cli {

namespace {

// merge --verify: what the merged claim rests on that no certificate
// shows (a cube refuted by its pattern databases' bound alone, which the
// checker cannot recompute, or by an earlier round's answers).
void say_uncertified(const planner::SplitRound &r, const Merged &m) {
  long unanswered = 0;
  for (const auto &cube : r.cubes) {
    unanswered += cube.answered ? 0 : 1;
  }
  spdlog::info("merge --verify: the {} answers of this round verified", m.answers);
  if (unanswered > 0) {
    spdlog::warn("merge --verify: {} of the {} cubes rest on no certificate "
                 "of this round (their pattern databases' bound alone, or "
                 "an earlier round's answers): not certified",
                 unanswered, r.cubes.size());
  }
}

} // namespace

int run_merge(const Options &o) {
  const auto started = std::chrono::steady_clock::now();
  planner::SplitRound r = read_round(o.input);
  const auto start = puzzles::make_puzzle(r.start);
  Report decided = report_for(*start);
  planner::RoundJudgement j = planner::check_round(*start, r, stop_on_signal());
  Merged m;
  if (!j.decided) { // the round is its start's (else stopped): judge it
    m = read_answers(r, o.answers, o.verify_answers);
    j = planner::judge_split_round(*start, r);
    if (o.verify_answers) {
      say_uncertified(r, m);
    }
  }
  if (j.decided) {
    decided.result = std::move(j.result);
    decided.result.seconds = solver::seconds_since(started);
    return finish(decided, o);
  }
  write_round(o.output, r);
  RoundReport report = round_report(*start, r, o.output);
  if (j.missing) {
    report.status = "cubes_missing";
  }
  report.no_plan_up_to = j.no_plan_up_to;
  report.answers = m.answers;
  report.cpu_seconds = m.cpu_seconds;
  report.longest_seconds = m.longest_seconds;
  return finish(report, o);
}

} // namespace satslide::cli
