#include "cli/cube_file.hpp"

#include "cli/batch_input.hpp"
#include "cli/options.hpp"
#include "cli/report.hpp"

#include "planner/plan_check.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace satslide::cli {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char *k_header = "# satslide cubes ";
constexpr const char *k_cube = "# cube ";

Json standing_json(const planner::CubeStanding &s) {
  Json j;
  j["bound"] = s.bound;
  j["refuted"] = s.refuted;
  if (s.length >= 0) {
    j["length"] = s.length;
  }
  if (s.unsolvable) {
    j["unsolvable"] = true;
  }
  return j;
}

Json parse_json_line(const std::string &text, const std::string &path,
                     int number) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    throw encoder::InputError(path + ":" + std::to_string(number) +
                              ": not a JSON object");
  }
  return j;
}

} // namespace

RoundReport round_report(const encoder::Puzzle &start, const CubeRound &r,
                         const std::string &output) {
  RoundReport report;
  report.title = start.title();
  report.board = start.draw();
  report.spec = r.start;
  report.status = "cubes_written";
  report.round = r.round;
  report.depth = r.depth;
  report.cubes = static_cast<long>(r.cubes.size());
  report.to_solve = static_cast<long>(r.to_solve.size());
  report.cap = r.cap;
  report.lower_bound = r.lower_bound;
  report.lower_bound_name = r.lower_bound_name;
  report.witness_length = r.witness_length;
  report.output = output;
  return report;
}

Report plan_from_start(const encoder::Puzzle &start, const CubeRound &r,
                       const std::string &moves, int length, int no_plan_up_to,
                       long by_bound, const std::string &proof) {
  Report report = report_for(start);
  planner::PlannerResult &result = report.result;
  result.lower_bound = r.lower_bound;
  result.lower_bound_name = r.lower_bound_name;
  result.stride = r.stride;
  result.path = r.witness_length >= 0 ? "split+witness" : "split";
  result.witness_length = r.witness_length;
  result.witness_seconds = r.witness_seconds;
  result.split_depth = r.depth;
  result.cubes = static_cast<long>(r.cubes.size());
  result.cubes_by_bound = by_bound;
  result.no_plan_up_to = no_plan_up_to;
  const planner::PlanCheck check = planner::check_plan(start, moves);
  result.plan = check.plan;
  result.replay = start.replay(check.plan);
  if (check.verdict != planner::PlanCheck::Verdict::valid ||
      result.replay.error || !result.replay.solved ||
      static_cast<int>(check.plan.size()) != length) {
    result.status = planner::Status::internal_error;
    result.reason =
        "the merged plan does not replay: " +
        (check.reason.empty() ? std::string("wrong length") : check.reason);
    result.replay.moves.clear();
    return report;
  }
  result.status = planner::Status::solved;
  result.optimal = true;
  result.proof = planner::Proof::refuted_horizons;
  result.optimality = proof;
  return report;
}

std::string cubes_refuted(const CubeRound &r, int no_plan_up_to,
                          long by_bound) {
  return planner::cubes_refuted(
      no_plan_up_to, static_cast<long>(r.cubes.size()), r.depth, by_bound);
}

std::string merged_refutation(const CubeRound &r, int no_plan_up_to,
                              long by_bound) {
  const auto by_search =
      std::count_if(r.cubes.begin(), r.cubes.end(),
                    [](const CubeEntry &c) { return c.by_search; });
  const std::string how =
      by_search == 0
          ? std::string("by SAT over cubes, merged: ")
          : fmt::format("over cubes, merged ({} of them answered by an "
                        "explicit search, IDA* or breadth-first, not SAT): ",
                        by_search);
  return how + cubes_refuted(r, no_plan_up_to, by_bound);
}

void write_round(const std::string &path, const CubeRound &r) {
  std::ofstream out(path);
  Json header;
  header["round"] = r.round;
  header["depth"] = r.depth;
  header["stride"] = r.stride;
  header["cap"] = r.cap;
  header["window"] = r.window;
  header["max_length"] = r.max_length;
  header["lower_bound"] = r.lower_bound;
  header["lower_bound_name"] = r.lower_bound_name;
  header["cubes"] = r.cubes.size();
  header["to_solve"] = r.to_solve.size();
  if (r.witness_length >= 0) {
    header["witness"] = r.witness;
    header["witness_length"] = r.witness_length;
    header["witness_seconds"] = r.witness_seconds;
  }
  header["kind"] = r.start.kind;
  header["start"] = r.start.params;
  out << k_header << header.dump() << '\n';
  out << "# Solve the lines below with `satslide batch " << path
      << " -o out.jsonl` (or --shard K/N on many machines), then\n"
      << "# `satslide merge " << path
      << " out*.jsonl -o next.jsonl`. Lines starting with '#' are the split's "
         "state.\n";
  for (const CubeEntry &c : r.cubes) {
    Json j;
    j["id"] = c.id;
    j["moves"] = c.moves;
    j.update(standing_json(c.standing));
    if (!c.plan.empty()) {
      j["plan"] = c.plan;
    }
    if (c.by_search) {
      j["by_search"] = true;
    }
    if (c.answered) {
      j["answered"] = true;
    }
    j["params"] = c.params;
    out << k_cube << j.dump() << '\n';
  }
  for (const std::size_t i : r.to_solve) {
    const CubeEntry &c = r.cubes[i];
    Json line;
    line["id"] = c.id;
    line.update(instance_line({r.start.kind, c.params}));
    line["max-horizon"] = r.cap - r.depth;
    out << line.dump() << '\n';
  }
  out.close();
  if (!out) {
    throw IoError("cannot write the cubes file '" + path + "'");
  }
}

CubeRound read_round(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    throw IoError("cannot read the cubes file '" + path + "'");
  }
  CubeRound r;
  bool header_seen = false;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    const auto where = [&] { return path + ":" + std::to_string(number); };
    try {
      if (text.rfind(k_header, 0) == 0) {
        const Json h = parse_json_line(text.substr(std::string(k_header).size()),
                                       path, number);
        r.round = h.at("round").get<int>();
        r.depth = h.at("depth").get<int>();
        r.stride = h.at("stride").get<int>();
        r.cap = h.at("cap").get<int>();
        r.window = h.at("window").get<int>();
        r.max_length = h.at("max_length").get<int>();
        r.lower_bound = h.at("lower_bound").get<int>();
        r.lower_bound_name = h.at("lower_bound_name").get<std::string>();
        r.witness = h.value("witness", "");
        r.witness_length = h.value("witness_length", -1);
        r.witness_seconds = h.value("witness_seconds", 0.0);
        r.start.kind = h.at("kind").get<std::string>();
        r.start.params = h.at("start").get<encoder::Params>();
        header_seen = true;
      } else if (text.rfind(k_cube, 0) == 0) {
        const Json j = parse_json_line(text.substr(std::string(k_cube).size()),
                                       path, number);
        CubeEntry c;
        c.id = j.at("id").get<std::string>();
        c.moves = j.at("moves").get<std::string>();
        c.params = j.at("params").get<encoder::Params>();
        c.standing.bound = j.at("bound").get<int>();
        c.standing.refuted = j.at("refuted").get<int>();
        c.standing.length = j.value("length", -1);
        c.standing.unsolvable = j.value("unsolvable", false);
        c.plan = j.value("plan", "");
        c.answered = j.value("answered", false);
        c.by_search = j.value("by_search", false);
        r.cubes.push_back(std::move(c));
      }
    } catch (const Json::exception &e) {
      throw encoder::InputError(where() + ": not a line of a cubes file (" +
                                e.what() + ")");
    }
  }
  if (in.bad()) {
    throw IoError("error while reading the cubes file '" + path + "'");
  }
  if (!header_seen) {
    throw encoder::InputError("'" + path + "' is not a cubes file of "
                              "satslide split or merge (no '" +
                              std::string(k_header) + "{...}' line)");
  }
  if (r.depth < 0 || r.stride < 1 || r.window < 1 || r.cubes.empty()) {
    throw encoder::InputError("'" + path + "': the cubes file's header is "
                              "inconsistent or it lists no cube");
  }
  return r;
}

} // namespace satslide::cli
