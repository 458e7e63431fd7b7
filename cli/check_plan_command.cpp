// satslide check-plan: a plan from elsewhere (another planner's IPC plan
// file, satslide's own printout, a move string) replayed by the puzzle's
// rules: legal or not (the first illegal move and why), whether it
// reaches the goal, and how far from the optimum, which the planner
// proves within --timeout (default 10 s).
#include "satslide/cli/commands.hpp"
#include "satslide/cli/html_page.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/report.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/plan_check.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace satslide::cli {

namespace {

std::string plan_text(const Options &o) {
  if (!o.moves.empty()) {
    return o.moves;
  }
  if (o.plan_file == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), {});
  }
  std::ifstream in(o.plan_file);
  if (!in) {
    throw IoError("cannot read plan file '" + o.plan_file + "'");
  }
  return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

int run_check_plan(const Options &o) {
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  const planner::PlanCheck check = planner::check_plan(*puzzle, plan_text(o));
  planner::PlannerOptions p;
  p.timeout_seconds =
      o.planner.timeout_seconds > 0 ? o.planner.timeout_seconds
                                    : planner::k_check_plan_timeout;
  p.stop = stop_on_signal();
  PlanCheckReport report{puzzle->title(), check, planner::solve(*puzzle, p),
                         p.timeout_seconds};
  if (!o.html.empty()) { // the legal moves, and the check's words
    std::ostringstream verdict, page;
    print_text(verdict, report);
    write_html(page, {puzzle->title(), puzzle->draw(),
                      puzzle->replay(check.plan).moves, verdict.str(), {}});
    write_file(o.html, page.str());
  }
  return finish(report, o);
}

} // namespace satslide::cli
