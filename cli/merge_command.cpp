// satslide merge: a round of split cubes (cube_file.hpp) and the batch
// outputs that answered them, judged together (planner::judge_round):
// the optimum with its proof, or the next round's cubes, or the cubes
// still missing, written for batch.
#include "cli/commands.hpp"
#include "cli/cube_file.hpp"
#include "cli/output.hpp"
#include "cli/printable.hpp"

#include "encoder/puzzles/families.hpp"
#include "planner/plan_check.hpp"
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

// The round, its cubes by id and their puzzles (made when first answered).
struct Answering {
  CubeRound &round;
  std::map<std::string, std::size_t> by_id;
  std::map<std::size_t, std::unique_ptr<encoder::Puzzle>> puzzles;

  explicit Answering(CubeRound &r) : round(r) {
    for (std::size_t i = 0; i < r.cubes.size(); ++i) {
      by_id[r.cubes[i].id] = i;
    }
  }
  const encoder::Puzzle &puzzle(std::size_t i) {
    auto &p = puzzles[i];
    if (!p) {
      p = encoder::make_puzzle({round.start.kind, round.cubes[i].params});
    }
    return *p;
  }
};

planner::CubeAnswer answer_of(const Json &j) {
  planner::CubeAnswer a;
  a.status = j.value("status", "");
  a.optimal = j.value("optimal", false);
  if (j.contains("length") && j["length"].is_number_integer()) {
    a.length = j["length"].get<int>();
  }
  a.moves = j.value("moves", "");
  if (j.contains("no_plan_up_to") && j["no_plan_up_to"].is_number_integer()) {
    a.no_plan_up_to = j["no_plan_up_to"].get<int>();
  }
  return a;
}

// The cube an answer line answers: of this split (its fingerprint), this
// round, a cube it lists, that cube's board. Throws InputError if not.
std::size_t cube_answered(const Answering &a, const Json &j,
                          const std::string &where) {
  const CubeRound &r = a.round;
  const std::string split = j.value("split_fingerprint", "");
  if (split != r.fingerprint) {
    throw encoder::InputError(
        where + (split.empty()
                     ? std::string(": not an answer to a split's cube (no "
                                   "\"split_fingerprint\")")
                     : ": an answer of another split (fingerprint " +
                           printable(split, 40) + ", this split's " +
                           r.fingerprint + ")") +
        ": merge takes only answers to the lines of this cubes file");
  }
  if (j.value("split_round", -1) != r.round) {
    throw encoder::InputError(fmt::format(
        "{}: an answer of round {}; this cubes file is round {}: merge "
        "answers into the file of the round they answer",
        where, j.value("split_round", -1), r.round));
  }
  const auto it = a.by_id.find(j.value("id", ""));
  if (it == a.by_id.end()) {
    throw encoder::InputError(where + ": the answer names no cube of this "
                                      "split (" +
                              printable(j.value("id", ""), 40) + ")");
  }
  const CubeEntry &cube = r.cubes[it->second];
  const auto board = cube.params.find("board");
  if (j.value("status", "") != "error" &&
      (!j.contains("instance") || !j["instance"].is_object() ||
       board == cube.params.end() ||
       j["instance"].value("board", "") != board->second)) {
    throw encoder::InputError(where + ": the answer for cube " + cube.id +
                              " is for another board");
  }
  return it->second;
}

// One answer line folded into its cube's standing, after the planner's
// checks (take_cube_answer).
void take_line(Answering &a, const Json &j, const std::string &where,
               Merged &m) {
  const std::size_t i = cube_answered(a, j, where);
  CubeEntry &cube = a.round.cubes[i];
  ++m.answers;
  const double seconds = j.value("seconds", 0.0);
  m.cpu_seconds += seconds;
  m.longest_seconds = std::max(m.longest_seconds, seconds);
  if (j.value("status", "") == "error") {
    spdlog::warn("{}: cube {}: {}", where, cube.id,
                 printable(j.value("reason", "error")));
    return;
  }
  std::string note;
  if (auto refused = planner::take_cube_answer(
          a.puzzle(i), answer_of(j), cube.standing, note)) {
    throw encoder::InputError(where + ": the answer for cube " + cube.id +
                              " is refused: " + *refused);
  }
  if (!note.empty()) {
    spdlog::warn("{}: cube {}: {}", where, cube.id, note);
  }
  cube.answered = true;
  // The answer's own word for what refuted it (report.cpp's engine_of).
  const std::string engine = j.value("engine", "");
  if (engine == "ida" || engine == "bfs") {
    cube.by_search = true; // not SAT: the merged proof says so
  }
}

Merged read_answers(CubeRound &round, const std::vector<std::string> &files) {
  Answering a(round);
  Merged m;
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
        throw encoder::InputError(
            where + ": not a JSON line of satslide batch (a batch stopped "
                    "while writing leaves its last line cut: `satslide batch "
                    "CUBES -o " +
            printable(file, 200) + " --resume` completes the file)");
      }
      try {
        take_line(a, j, where, m);
      } catch (const Json::exception &e) {
        throw encoder::InputError(where + ": not an answer of satslide batch (" +
                                  e.what() + ")");
      }
    }
    if (in.bad()) {
      throw IoError("error while reading '" + file + "'");
    }
  }
  return m;
}

// The whole plan: the path to the best cube, then its plan, checked
// against the start by the puzzle's rules.
Report optimum_report(const encoder::Puzzle &start, const CubeRound &r,
                      const planner::RoundVerdict &v, long by_bound) {
  const CubeEntry &best = r.cubes[v.best];
  const std::string text =
      best.moves + (best.moves.empty() || best.standing.plan.empty() ? "" : " ") +
      best.standing.plan;
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

// The cubes file against its start: the witness replays in the length it
// claims, the cubes are the split's (planner::check_cubes). Throws
// InputError if not; false if a signal stopped the check.
bool check_round(const encoder::Puzzle &start, const CubeRound &r) {
  if (r.witness_length >= 0) {
    const planner::PlanCheck check = planner::check_plan(start, r.witness);
    if (check.verdict != planner::PlanCheck::Verdict::valid ||
        static_cast<int>(check.plan.size()) != r.witness_length) {
      throw encoder::InputError(fmt::format(
          "the cubes file's witness is not a plan of {} moves from the "
          "start to the goal{}",
          r.witness_length, check.reason.empty() ? "" : ": " + check.reason));
    }
  }
  planner::PlannerOptions p;
  p.split_depth = r.depth;
  p.pattern_tiles = r.pattern_tiles;
  p.max_horizon = r.max_length;
  p.stop = stop_on_signal();
  std::vector<planner::CubeClaim> claims;
  claims.reserve(r.cubes.size());
  for (const CubeEntry &c : r.cubes) {
    claims.push_back({c.moves, c.params, c.standing.bound});
  }
  return planner::check_cubes(start, p, r.lower_bound, r.stride, claims);
}

} // namespace

int run_merge(const Options &o) {
  const auto started = std::chrono::steady_clock::now();
  CubeRound r = read_round(o.input);
  const auto start = encoder::make_puzzle(r.start);
  if (!check_round(*start, r)) {
    Report report = report_for(*start);
    report.result.status = planner::Status::cancelled;
    report.result.reason = "cancelled while checking the cubes file against "
                           "the split of its start; nothing merged";
    report.result.seconds = solver::seconds_since(started);
    return finish(report, o);
  }
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
