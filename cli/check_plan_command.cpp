// satslide check-plan: a plan from elsewhere (another planner's IPC plan
// file, satslide's own printout, a move string) replayed by the puzzle's
// rules: legal or not (the first illegal move and why), whether it
// reaches the goal, and how far from the optimum, which the planner
// proves within --timeout (default 10 s).
#include "cli/commands.hpp"
#include "cli/output.hpp"

#include "encoder/puzzles/families.hpp"
#include "planner/plan_check.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <iterator>

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
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  const planner::PlanCheck check = planner::check_plan(*puzzle, plan_text(o));
  planner::PlannerOptions p;
  p.timeout_seconds =
      o.planner.timeout_seconds > 0 ? o.planner.timeout_seconds : 10;
  p.stop = stop_on_signal();
  const planner::PlannerResult best = planner::solve(*puzzle, p);
  const bool proven = best.status == planner::Status::solved && best.optimal;
  const int optimum = proven ? static_cast<int>(best.plan.size()) : -1;
  const bool valid = check.verdict == planner::PlanCheck::Verdict::valid;
  const int length = check.moves_read;

  if (o.json) {
    nlohmann::ordered_json j;
    j["puzzle"] = puzzle->title();
    j["verdict"] = planner::to_string(check.verdict);
    j["format"] = check.format;
    j["moves"] = length;
    j["legal_moves"] = check.legal_moves;
    if (!check.reason.empty()) {
      j["reason"] = check.reason;
    }
    j["optimum"] = proven ? nlohmann::ordered_json(optimum) : nullptr;
    j["excess"] =
        proven && valid ? nlohmann::ordered_json(length - optimum) : nullptr;
    std::cout << j.dump() << '\n';
  } else {
    std::cout << puzzle->title() << '\n'
              << "plan: " << length << " moves (" << check.format << "), "
              << (valid ? "valid: every move legal, the goal reached"
                        : planner::to_string(check.verdict) +
                              std::string(": ") + check.reason)
              << '\n';
    if (proven) {
      std::cout << "optimum: " << optimum << " moves (" << best.optimality
                << ")";
      if (valid) {
        std::cout << (length == optimum
                          ? "; this plan is optimal"
                          : "; this plan is " +
                                std::to_string(length - optimum) +
                                " moves longer");
      }
      std::cout << '\n';
    } else if (best.status == planner::Status::unsolvable) {
      std::cout << "optimum: none, the instance is unsolvable ("
                << best.reason << ")\n";
    } else {
      std::cout << "optimum: not proven within " << p.timeout_seconds
                << " s (" << best.reason << ")\n";
    }
  }
  return code(valid ? ExitCode::plan_found : ExitCode::plan_invalid);
}

} // namespace satslide::cli
