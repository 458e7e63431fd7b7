// satslide merge: a round of split cubes (cube_file.hpp) and the batch
// outputs that answered them, judged together (planner::judge_round):
// the optimum with its proof, or the next round's cubes, or the cubes
// still missing, written for batch.
#include "cli/commands.hpp"
#include "cli/cube_file.hpp"
#include "cli/output.hpp"

#include "encoder/puzzles/families.hpp"
#include "solver/stats.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <optional>

namespace satslide::cli {

namespace {

using Json = nlohmann::json;

struct Merged {
  long answers = 0;
  double cpu_seconds = 0, longest_seconds = 0;
};

// Folds one batch answer into its cube's standing.
void take_answer(CubeEntry &cube, const Json &j, const std::string &where) {
  const std::string status = j.value("status", "");
  if (status == "error") {
    spdlog::warn("{}: cube {}: {}", where, cube.id, j.value("reason", "error"));
    return;
  }
  cube.answered = true;
  // The answer's own word for what refuted it (report.cpp's engine_of).
  const std::string engine = j.value("engine", "");
  if (engine == "ida" || engine == "bfs") {
    cube.by_search = true; // not SAT: the merged proof says so
  }
  planner::CubeStanding &s = cube.standing;
  if (status == "unsolvable") {
    s.unsolvable = true;
  }
  if (j.contains("no_plan_up_to") && j["no_plan_up_to"].is_number_integer()) {
    s.refuted = std::max(s.refuted, j["no_plan_up_to"].get<int>());
  }
  if (status != "solved") {
    return;
  }
  if (!j.value("optimal", false)) {
    spdlog::warn("{}: cube {}: its plan is not proven optimal (solved with "
                 "--any?): only what it refuted counts",
                 where, cube.id);
    return;
  }
  const int length = j.value("length", -1);
  if (length >= 0 && (s.length < 0 || length < s.length)) {
    s.length = length;
    cube.plan = j.value("moves", "");
  }
}

// One answer line: matched to its cube by id and board, then folded in.
void take_line(CubeRound &round,
               const std::map<std::string, std::size_t> &by_id, const Json &j,
               const std::string &where, Merged &m, long &foreign) {
  const auto it = by_id.find(j.value("id", ""));
  if (it == by_id.end()) {
    ++foreign;
    return;
  }
  CubeEntry &cube = round.cubes[it->second];
  const auto board = cube.params.find("board");
  if (j.value("status", "") != "error" &&
      (!j.contains("instance") || !j["instance"].is_object() ||
       board == cube.params.end() ||
       j["instance"].value("board", "") != board->second)) {
    throw encoder::InputError(where + ": the answer for cube " + cube.id +
                              " is for another board: not an answer of "
                              "this split");
  }
  ++m.answers;
  const double seconds = j.value("seconds", 0.0);
  m.cpu_seconds += seconds;
  m.longest_seconds = std::max(m.longest_seconds, seconds);
  take_answer(cube, j, where);
}

Merged read_answers(CubeRound &round, const std::vector<std::string> &files) {
  std::map<std::string, std::size_t> by_id;
  for (std::size_t i = 0; i < round.cubes.size(); ++i) {
    by_id[round.cubes[i].id] = i;
  }
  Merged m;
  long foreign = 0;
  for (const std::string &file : files) {
    std::ifstream in(file);
    if (!in) {
      throw IoError("cannot read the answers file '" + file + "'");
    }
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
      const std::string where = file + ":" + std::to_string(number);
      if (text.find_first_not_of(" \t\r") == std::string::npos) {
        continue;
      }
      const Json j = Json::parse(text, nullptr, false);
      if (j.is_discarded() || !j.is_object()) {
        throw encoder::InputError(where + ": not a JSON line of satslide "
                                          "batch");
      }
      try {
        take_line(round, by_id, j, where, m, foreign);
      } catch (const Json::exception &e) {
        throw encoder::InputError(where + ": not an answer of satslide batch (" +
                                  e.what() + ")");
      }
    }
    if (in.bad()) {
      throw IoError("error while reading '" + file + "'");
    }
  }
  if (foreign > 0) {
    spdlog::warn("{} answer lines name no cube of this split; ignored",
                 foreign);
  }
  return m;
}

// The whole plan: the path to the best cube, then its plan, checked
// against the start by the puzzle's rules.
Report optimum_report(const encoder::Puzzle &start, const CubeRound &r,
                      const planner::RoundVerdict &v, long by_bound) {
  const CubeEntry &best = r.cubes[v.best];
  const std::string text =
      best.moves + (best.moves.empty() || best.plan.empty() ? "" : " ") +
      best.plan;
  return plan_from_start(start, r, text, v.length, v.no_plan_up_to, by_bound,
                         merged_refutation(r, v.length - 1, by_bound));
}

// With a witness (split --witness ida): the rounds stop below its length,
// so a cube's plan is shorter than the plan IDA* called optimal (the
// engines disagree), and a round that reached the limit with every
// shorter length refuted proves the witness.
std::optional<Report> judged_by_witness(const encoder::Puzzle &start,
                                        const CubeRound &r,
                                        const planner::RoundVerdict &v,
                                        long by_bound) {
  using Kind = planner::RoundVerdict::Kind;
  if (r.witness_length < 0) {
    return std::nullopt;
  }
  if (v.kind == Kind::optimum) {
    Report report = optimum_report(start, r, v, by_bound);
    planner::PlannerResult &result = report.result;
    result.status = planner::Status::internal_error;
    result.reason = fmt::format("the engines disagree: the cubes hold a plan "
                                "of {} moves, IDA* claimed none shorter than "
                                "{} (a bug: please report it)",
                                v.length, r.witness_length);
    result.proof = planner::Proof::none;
    result.optimal = false;
    result.replay.moves.clear();
    return report;
  }
  if (v.kind == Kind::horizon_limit &&
      v.no_plan_up_to >= r.witness_length - r.stride) {
    return plan_from_start(start, r, r.witness, r.witness_length,
                           v.no_plan_up_to, by_bound,
                           merged_refutation(r, v.no_plan_up_to, by_bound) +
                               "; the plan found first by IDA* (not SAT) "
                               "and replayed");
  }
  return std::nullopt;
}

} // namespace

int run_merge(const Options &o) {
  const auto started = std::chrono::steady_clock::now();
  CubeRound r = read_round(o.input);
  const auto start = encoder::make_puzzle(r.start);
  const Merged m = read_answers(r, o.answers);
  std::vector<planner::CubeStanding> standings;
  for (const CubeEntry &c : r.cubes) {
    standings.push_back(c.standing);
  }
  const planner::RoundVerdict v = planner::judge_round(
      standings, r.depth, r.stride, r.cap - r.depth, r.window, r.max_length);
  const long by_bound = std::count_if(r.cubes.begin(), r.cubes.end(),
                                      [](const CubeEntry &c) {
                                        return !c.answered;
                                      });
  using Kind = planner::RoundVerdict::Kind;
  if (std::optional<Report> decided =
          judged_by_witness(*start, r, v, by_bound)) {
    decided->result.seconds = solver::seconds_since(started);
    return finish(*decided, o);
  }
  if (v.kind == Kind::optimum || v.kind == Kind::unsolvable ||
      v.kind == Kind::horizon_limit) {
    Report report = v.kind == Kind::optimum
                        ? optimum_report(*start, r, v, by_bound)
                        : report_for(*start);
    planner::PlannerResult &result = report.result;
    if (v.kind == Kind::unsolvable) {
      result.status = planner::Status::unsolvable;
      result.reason = "every one of the " + std::to_string(r.cubes.size()) +
                      " cubes at depth " + std::to_string(r.depth) +
                      " was proven unsolvable";
    } else if (v.kind == Kind::horizon_limit) {
      result.status = planner::Status::horizon_limit;
      result.no_plan_up_to = v.no_plan_up_to;
      result.lower_bound = r.lower_bound;
      result.lower_bound_name = r.lower_bound_name;
      result.stride = r.stride;
      result.reason = "reached the length limit " +
                      std::to_string(r.max_length) +
                      "; proven: no plan of length <= " +
                      std::to_string(v.no_plan_up_to);
    }
    result.seconds = solver::seconds_since(started);
    return finish(report, o);
  }
  if (v.kind == Kind::next_round) {
    ++r.round;
  }
  r.cap = r.depth + v.cap;
  r.to_solve = v.to_solve;
  write_round(o.output, r);
  RoundReport report = round_report(*start, r, o.output);
  if (v.kind == Kind::missing) {
    report.status = "cubes_missing";
  }
  report.no_plan_up_to = v.no_plan_up_to;
  report.answers = m.answers;
  report.cpu_seconds = m.cpu_seconds;
  report.longest_seconds = m.longest_seconds;
  return finish(report, o);
}

} // namespace satslide::cli
