// satslide explore: the reachable positions of an instance by explicit
// breadth-first search, as TLC and ProB report the seed systems' state
// spaces: positions, moves, depth, goal positions, the distance to the
// nearest goal (the optimum), positions per depth.
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

#include "encoder/puzzles/families.hpp"
#include "encoder/task/state_space.hpp"
#include "planner/planner.hpp"
#include "solver/stats.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>

namespace satslide::cli {

namespace {

using Json = nlohmann::ordered_json;

// "25955" -> "25,955".
std::string grouped(long n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) {
      out += ',';
    }
    out += digits[i];
  }
  return out;
}

std::string summary(const encoder::StateSpace &s, long limit,
                    double estimate) {
  if (s.complete) {
    return "every reachable position";
  }
  std::string text = "stopped at the positions limit " + grouped(limit);
  if (estimate > 0) {
    text += fmt::format(" of an estimated {:.4g} reachable", estimate);
  }
  return text + "; raise --max-states to count further";
}

void print_text(const encoder::Puzzle &puzzle, const encoder::StateSpace &s,
                long limit, double seconds) {
  std::cout << puzzle.title() << '\n';
  std::cout << "positions: " << grouped(s.positions) << " ("
            << summary(s, limit, puzzle.reachable_positions()) << ")\n";
  std::cout << "moves: " << grouped(s.moves)
            << " (from every position found, each way)\n";
  std::cout << "depth: " << s.depth
            << (s.complete ? " (the start's eccentricity)" : " so far")
            << '\n';
  std::cout << "goal positions: " << grouped(s.goal_positions) << '\n';
  if (s.goal_distance >= 0) {
    std::cout << "nearest goal: " << s.goal_distance
              << (s.goal_distance == 1 ? " move" : " moves")
              << " (the optimum, by breadth-first search)\n";
  } else {
    std::cout << "nearest goal: "
              << (s.complete ? "none reachable: the instance is unsolvable"
                             : "not within the positions found")
              << '\n';
  }
  std::cout << "positions per depth:\n";
  const long widest =
      *std::max_element(s.per_depth.begin(), s.per_depth.end());
  for (std::size_t d = 0; d < s.per_depth.size(); ++d) {
    const int bar = static_cast<int>(50.0 * s.per_depth[d] / widest + 0.5);
    std::cout << fmt::format("  {:>4} {:>12} {}\n", d,
                             grouped(s.per_depth[d]),
                             std::string(std::max(bar, 1), '#'));
  }
  std::cout << fmt::format("{:.2f} s\n", seconds);
}

void print_json(const encoder::Puzzle &puzzle, const encoder::StateSpace &s,
                long limit, double seconds) {
  Json j;
  j["puzzle"] = puzzle.title();
  j["kind"] = puzzle.spec().kind;
  j["instance"] = puzzle.spec().params;
  j["board"] = puzzle.draw();
  j["positions"] = s.positions;
  j["complete"] = s.complete;
  j["max_states"] = limit;
  if (puzzle.reachable_positions() > 0) {
    j["reachable_estimate"] = puzzle.reachable_positions();
  }
  j["moves"] = s.moves;
  j["depth"] = s.depth;
  j["goal_positions"] = s.goal_positions;
  j["goal_distance"] = s.goal_distance >= 0 ? Json(s.goal_distance)
                                            : Json(nullptr);
  j["per_depth"] = s.per_depth;
  j["seconds"] = seconds;
  std::cout << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

} // namespace

int run_explore(const Options &o) {
  const auto start = std::chrono::steady_clock::now();
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  const encoder::Task task = puzzle->compile();
  encoder::SpaceOptions options;
  options.max_states =
      o.planner.max_states > 0 ? o.planner.max_states : planner::k_bfs_max_states;
  double next_report = 5; // a progress line every 5 s
  options.on_layer = [&](int depth, long positions) {
    const double seconds = solver::seconds_since(start);
    if (seconds >= next_report) {
      spdlog::info("explore: depth {}, {} positions, {:.0f} s", depth,
                   grouped(positions), seconds);
      next_report = seconds + 5;
    }
    return false;
  };
  const encoder::StateSpace space = encoder::explore_space(task, options);
  const double seconds = solver::seconds_since(start);
  if (o.json) {
    print_json(*puzzle, space, options.max_states, seconds);
  } else {
    print_text(*puzzle, space, options.max_states, seconds);
  }
  return code(space.complete ? ExitCode::plan_found : ExitCode::horizon_limit);
}

} // namespace satslide::cli
