// satslide explore: the reachable positions of an instance by explicit
// breadth-first search, as TLC and ProB report the seed systems' state
// spaces: positions, moves, depth, goal positions, the distance to the
// nearest goal (the optimum), positions per depth.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/report.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/search/state_space.hpp"
#include "satslide/planner/explore.hpp"
#include "satslide/solver/stats.hpp"

#include <spdlog/spdlog.h>

#include <iostream>

namespace satslide::cli {

int run_explore(const Options &o) {
  const auto start = std::chrono::steady_clock::now();
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  search::SpaceOptions options;
  options.max_states = o.planner.max_states; // 0: the family's own search
                                             // is bounded by its array
  // A progress line every 5 s, within a layer too; SIGINT and SIGTERM
  // stop the search and the report says what was found.
  const solver::StopFn stop = stop_on_signal();
  double next_report = 5;
  const auto progress = [&](const char *what, int depth, long positions) {
    const double seconds = solver::seconds_since(start);
    if (seconds >= next_report) {
      spdlog::info("explore: {} {}, {} positions, {:.0f} s", what, depth,
                   positions, seconds);
      next_report = seconds + 5;
    }
    return stop();
  };
  options.on_layer = [&](int depth, long positions) {
    return progress("depth", depth, positions);
  };
  options.poll = [&](int depth, long positions) {
    return progress("expanding depth", depth, positions);
  };
  planner::Exploration found = planner::explore(*puzzle, options);
  const search::StateSpace &space = found.space;
  SpaceReport report;
  report.title = puzzle->title();
  report.board = puzzle->draw();
  report.spec = puzzle->spec();
  report.space = space;
  report.max_states = found.max_states;
  report.estimate = puzzle->reachable_positions();
  report.seconds = solver::seconds_since(start);
  if (o.json) {
    print_json(std::cout, report);
  } else {
    print_text(std::cout, report);
  }
  if (space.stopped) {
    return code(ExitCode::cancelled);
  }
  return code(space.complete ? ExitCode::plan_found : ExitCode::horizon_limit);
}

} // namespace satslide::cli
