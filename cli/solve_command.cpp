// satslide solve: the instance from the families table, the planner's
// run, the report. Every decision about how to solve is the planner's.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/html_page.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/svg.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/certify.hpp"
#include "satslide/planner/explore.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace satslide::cli {

namespace {

// The progress lines, and the planner's hint that an explicit search
// would enumerate the space (planner/explore.hpp), worded here.
planner::ProgressFn progress_with_hint(const puzzles::Puzzle &puzzle,
                                       const planner::PlannerOptions &p) {
  return planner::with_explicit_search_hint(
      puzzle, p, log_progress(p.mode == planner::Mode::any), [](long n) {
        spdlog::info("hint: the reachable space has only {} positions; "
                     "--engine bfs (or satslide explore) enumerates it by "
                     "explicit search, usually much faster than SAT here",
                     n);
      });
}

} // namespace

// --certify DIR: the certificate of the run's answer, in what is left of
// its --timeout (at least a second).
planner::CertificateSummary certify_answer(const puzzles::Puzzle &puzzle,
                                        const planner::PlannerResult &result,
                                        const std::string &dir,
                                        const planner::PlannerOptions &p,
                                        int frontier_depth,
                                        bool rewrite_unfinished) {
  planner::CertifyOptions c;
  c.dir = dir;
  c.rewrite_unfinished = rewrite_unfinished;
  c.frontier_depth = frontier_depth;
  c.version = SATSLIDE_VERSION;
  c.encoding = p.encoding;
  c.stop = p.stop;
  c.progress = p.progress;
  if (p.timeout_seconds > 0) {
    c.timeout_seconds = std::max(1.0, p.timeout_seconds - result.seconds);
  }
  try {
    return planner::certify(puzzle, result, c);
  } catch (const planner::CertifyIoError &e) {
    throw IoError(e.what());
  }
}

int run_solve(const Options &o) {
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  planner::PlannerOptions p = o.planner;
  p.progress = progress_with_hint(*puzzle, p);
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
    // Cut short before its first model, the count still knows one plan:
    // the one just printed ("at least 0" understated it).
    report.optimal_plans->count = std::max(report.optimal_plans->count, 1L);
  }
  if (!o.certify_dir.empty()) {
    report.certificate =
        certify_answer(*puzzle, report.result, o.certify_dir, p,
                       o.certify_depth);
  }
  if (!o.svg.empty() && report.result.status == planner::Status::solved) {
    std::ostringstream svg;
    write_svg(svg, report);
    write_file(o.svg, svg.str());
  }
  if (!o.html.empty() && (report.result.status == planner::Status::solved ||
                          !report.result.replay.moves.empty())) {
    // A plan kept by a stopped run (--witness ida) too, said as such.
    std::ostringstream page;
    write_html(page, {report.title, report.board, report.result.replay.moves,
                      solution_words(report.result),
                      report.result.horizons});
    write_file(o.html, page.str());
  }
  const int status = finish(report, o);
  if (report.optimal_plans && !report.optimal_plans->complete) {
    // The count was cut short by time or a signal: say so in the exit code
    // as every other stop does (a --count-optimal=K limit is no stop).
    if (report.optimal_plans->stopped == "timeout") {
      return code(ExitCode::timeout);
    }
    if (report.optimal_plans->stopped == "cancelled") {
      return code(ExitCode::cancelled);
    }
  }
  return status;
}

} // namespace satslide::cli
