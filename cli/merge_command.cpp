// satslide merge: a round of split cubes (cube_file.hpp) and the batch
// outputs that answered them, judged together by the planner
// (planner::judge_split_round): the optimum with its proof, or the next
// round's cubes, or the cubes still missing, written for batch.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/cube_answers.hpp"
#include "satslide/cli/cube_file.hpp"
#include "satslide/cli/output.hpp"

#include "satslide/planner/certify.hpp"
#include "satslide/planner/split_round.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/solver/stats.hpp"
#include "satslide/verify/cnf_reader.hpp"
#include "satslide/verify/split_cover.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <optional>

namespace satslide::cli {

namespace {

// merge --verify: the claim "no plan of length <= claim" shown by the
// checker through the positions at the split's depth it finds itself
// (verify/split_cover.hpp), from the answers' certificates it certified,
// its own bound and parity: printed, and where it falls short, how far.
// Returns the length it shows (-1 where it shows nothing).
int say_certified(const puzzles::Puzzle &start, const planner::SplitRound &r,
                  int claim, const Merged &m) {
  spdlog::info("merge --verify: the {} answers of this round verified",
               m.answers);
  const task::Task task = start.compile();
  const auto token = planner::find_parity_token(task);
  if (!token || claim < 0) {
    return -1;
  }
  verify::SplitCover c;
  try {
    c = verify::check_split_cover(task, *token, r.depth, claim, m.certified,
                                  stop_on_signal());
  } catch (const verify::Refused &e) { // too deep a split, or stopped
    spdlog::warn("merge --verify: the checker shows nothing of the claim: {}",
                 e.what());
    return -1;
  }
  if (c.goal_depth >= 0) {
    spdlog::warn("merge --verify: the checker finds the goal {} moves from "
                 "the start, nearer than the split's depth {}",
                 c.goal_depth, r.depth);
    return c.shown;
  }
  spdlog::info("merge --verify: the checker finds the {} positions at depth "
               "{} itself: {} shown by their certificates, {} by parity and "
               "its own bound alone",
               c.positions, r.depth, c.by_certificate, c.by_bound);
  if (c.shown >= claim) {
    spdlog::info("merge --verify: certified: no plan of length <= {}", claim);
  } else {
    spdlog::warn("merge --verify: certified only to no plan of length <= {}: "
                 "{} of the {} positions rest on no certificate of this "
                 "round (refuted by the split's pattern databases, "
                 "stronger there than the checker's own, or by an earlier "
                 "round's answers)",
                 c.shown, c.uncovered, c.positions);
  }
  return c.shown;
}

// The length below which the round's judgement says no plan exists.
int claimed(const planner::RoundJudgement &j) {
  if (!j.decided) {
    return j.no_plan_up_to;
  }
  return j.result.optimal ? static_cast<int>(j.result.plan.size()) - 1
                          : j.result.no_plan_up_to;
}

} // namespace

int run_merge(const Options &o) {
  const auto started = std::chrono::steady_clock::now();
  planner::SplitRound r = read_round(o.input);
  const auto start = puzzles::make_puzzle(r.start);
  Report decided = report_for(*start);
  planner::RoundJudgement j = planner::check_round(*start, r, stop_on_signal());
  Merged m;
  std::optional<int> certified; // merge --verify: what the checker showed
  if (!j.decided) { // the round is its start's (else stopped): judge it
    m = read_answers(r, o.answers, o.verify_answers);
    j = planner::judge_split_round(*start, r);
    if (o.verify_answers) {
      certified = say_certified(*start, r, claimed(j), m);
    }
  }
  if (j.decided) {
    decided.result = std::move(j.result);
    decided.result.seconds = solver::seconds_since(started);
    decided.certified_up_to = certified;
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
  report.certified_up_to = certified;
  return finish(report, o);
}

} // namespace satslide::cli
