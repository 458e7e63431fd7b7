#include "satslide/cli/cube_file.hpp"

#include "satslide/cli/batch_input.hpp"
#include "satslide/cli/options.hpp"
#include "satslide/cli/report.hpp"

#include "satslide/planner/plan_check.hpp"

#include "satslide/search/fnv1a.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>

namespace satslide::cli {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char *k_header = "# satslide cubes ";
constexpr const char *k_cube = "# cube ";

std::string hex(std::uint64_t h) { return fmt::format("{:016x}", h); }

// A cube line's seal: its fields (but the seal) in a canonical order,
// hashed under the split's fingerprint.
std::string seal(const std::string &fingerprint, const Json &line) {
  nlohmann::json sorted = nlohmann::json::parse(line.dump());
  sorted.erase("seal");
  return hex(search::fnv1a(sorted.dump(), search::fnv1a(fingerprint)));
}

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
  if (!s.plan.empty()) {
    j["plan"] = s.plan;
  }
  return j;
}

} // namespace

RoundReport round_report(const puzzles::Puzzle &start,
                         const planner::SplitRound &r,
                         const std::string &output) {
  RoundReport report;
  report.title = start.title();
  report.board = start.draw();
  report.round = r; // its header
  report.status = "cubes_written";
  report.cubes = static_cast<long>(r.cubes.size());
  report.to_solve = static_cast<long>(r.to_solve.size());
  report.output = output;
  return report;
}

namespace {

std::string fingerprint_of(const planner::SplitRound &r, long cubes) {
  nlohmann::json id; // sorted keys: one text for the same split
  id["kind"] = r.start.kind;
  id["start"] = r.start.params;
  id["depth"] = r.depth;
  id["stride"] = r.stride;
  id["window"] = r.window;
  id["max_length"] = r.max_length;
  id["lower_bound"] = r.lower_bound;
  id["lower_bound_name"] = r.lower_bound_name;
  id["pattern_tiles"] = r.pattern_tiles;
  id["witness"] = r.witness;
  id["witness_length"] = r.witness_length;
  id["cubes"] = cubes;
  if (r.engine) { // (absent before IDA* cubes: old files still read)
    id["engine"] = to_name(*r.engine);
  }
  return hex(search::fnv1a(id.dump()));
}

} // namespace

std::string split_fingerprint(const planner::SplitRound &r) {
  return fingerprint_of(r, static_cast<long>(r.cubes.size()));
}

namespace {

Json header_json(const planner::SplitRound &r, const std::string &fingerprint) {
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
  if (r.pattern_tiles != 0) {
    header["pattern_tiles"] = r.pattern_tiles;
  }
  if (r.engine) {
    header["engine"] = to_name(*r.engine);
  }
  if (r.witness_length >= 0) {
    header["witness"] = r.witness;
    header["witness_length"] = r.witness_length;
    header["witness_seconds"] = r.witness_seconds;
  }
  header["kind"] = r.start.kind;
  header["start"] = r.start.params;
  header["split_fingerprint"] = fingerprint;
  return header;
}

Json cube_json(const planner::RoundCube &c, const std::string &fingerprint) {
  Json j;
  j["id"] = c.id;
  j["moves"] = c.moves;
  j.update(standing_json(c.standing));
  if (c.by_search) {
    j["by_search"] = true;
  }
  if (c.answered) {
    j["answered"] = true;
  }
  j["params"] = c.params;
  j["split_fingerprint"] = fingerprint;
  j["seal"] = seal(fingerprint, j);
  return j;
}

} // namespace

void write_round(const std::string &path, const planner::SplitRound &r) {
  std::ofstream out(path);
  const std::string fingerprint = split_fingerprint(r);
  out << k_header << header_json(r, fingerprint).dump() << '\n';
  out << "# Solve the lines below with `satslide batch " << path
      << " -o out.jsonl` (or --shard K/N on many machines), then\n"
      << "# `satslide merge " << path
      << " out*.jsonl -o next.jsonl`. Lines starting with '#' are the split's "
         "state.\n";
  for (const planner::RoundCube &c : r.cubes) {
    out << k_cube << cube_json(c, fingerprint).dump() << '\n';
  }
  for (const std::size_t i : r.to_solve) {
    const planner::RoundCube &c = r.cubes[i];
    Json line;
    line["id"] = c.id;
    line["split_fingerprint"] = fingerprint;
    line["split_round"] = r.round;
    line.update(instance_line({r.start.kind, c.params}));
    line["max-horizon"] = r.cap - r.depth;
    if (r.engine) {
      line["engine"] = to_name(*r.engine);
      if (r.pattern_tiles != 0) {
        line["pattern-tiles"] = r.pattern_tiles;
      }
    }
    out << line.dump() << '\n';
  }
  out.close();
  if (!out) {
    throw IoError("cannot write the cubes file '" + path + "'");
  }
}

namespace {

// What read_round counts beside the round, for the checks at the end.
struct Counts {
  long cubes = 0, to_solve = 0; // as the header says
  long solve_lines = 0;
  std::set<std::string> ids, solved_ids;
};

// An engine a split's cubes are not answered by.
std::string cubes_engine_refused(const std::string &engine) {
  std::vector<std::string> answering;
  for (const planner::EngineInfo &e : planner::engines()) {
    if (e.answers_cubes) {
      answering.push_back(std::string("\"") + e.name + "\"");
    }
  }
  return "engine is \"" + engine + "\": a split's cubes are answered by " +
         or_list(answering) + " or by the batch's engine (no engine)";
}

void read_header(const Json &h, planner::SplitRound &r, Counts &n) {
  if (h.is_object() && !h.contains("split_fingerprint")) {
    throw task::InputError("the header has no split fingerprint: written "
                           "by a satslide before fingerprints, or edited "
                           "(split again)");
  }
  r.round = h.at("round").get<int>();
  r.depth = h.at("depth").get<int>();
  r.stride = h.at("stride").get<int>();
  r.cap = h.at("cap").get<int>();
  r.window = h.at("window").get<int>();
  r.max_length = h.at("max_length").get<int>();
  r.lower_bound = h.at("lower_bound").get<int>();
  r.lower_bound_name = h.at("lower_bound_name").get<std::string>();
  r.pattern_tiles = h.value("pattern_tiles", 0);
  const std::string engine = h.value("engine", "");
  if (!engine.empty()) {
    r.engine = from_name<planner::Engine>(engine);
    if (!r.engine || !planner::engine_info(*r.engine).answers_cubes) {
      throw task::InputError("the header is inconsistent: " +
                             cubes_engine_refused(engine));
    }
  }
  r.witness = h.value("witness", "");
  r.witness_length = h.value("witness_length", -1);
  r.witness_seconds = h.value("witness_seconds", 0.0);
  r.start.kind = h.at("kind").get<std::string>();
  r.start.params = h.at("start").get<puzzles::Params>();
  r.fingerprint = h.at("split_fingerprint").get<std::string>();
  n.cubes = h.at("cubes").get<long>();
  n.to_solve = h.at("to_solve").get<long>();
}

// The header's values against each other: what a split writes.
std::optional<std::string> header_out_of_range(const planner::SplitRound &r,
                                               const Counts &n) {
  if (r.round < 1 || r.depth < 0 || r.stride < 1 || r.window < 1 ||
      r.pattern_tiles < 0) {
    return "round, depth, stride, window or pattern_tiles out of range";
  }
  if (r.lower_bound < r.depth || r.lower_bound > r.max_length ||
      r.cap < r.lower_bound || r.cap > r.max_length) {
    return fmt::format("the bounds do not nest: depth {} <= lower_bound {} "
                       "<= cap {} <= max_length {}",
                       r.depth, r.lower_bound, r.cap, r.max_length);
  }
  if (r.witness_length >= 0 && (r.witness_length <= r.depth ||
                                r.max_length != r.witness_length - 1)) {
    return "the witness's length does not fit the depth and max_length";
  }
  if (n.cubes < 1 || n.to_solve < 0 || n.to_solve > n.cubes) {
    return "the counts of cubes and cubes to solve are out of range";
  }
  return std::nullopt;
}

planner::RoundCube read_cube(const Json &j, const planner::SplitRound &r, Counts &n) {
  if (j.value("split_fingerprint", "") != r.fingerprint) {
    throw task::InputError("a cube line of another split (its fingerprint "
                           "is not the header's)");
  }
  if (j.at("seal").get<std::string>() != seal(r.fingerprint, j)) {
    throw task::InputError("the cube line was edited or damaged (its seal "
                           "does not match)");
  }
  planner::RoundCube c;
  c.id = j.at("id").get<std::string>();
  if (!n.ids.insert(c.id).second) {
    throw task::InputError("cube " + c.id + " is listed twice");
  }
  c.moves = j.at("moves").get<std::string>();
  c.params = j.at("params").get<puzzles::Params>();
  c.standing.bound = j.at("bound").get<int>();
  c.standing.refuted = j.at("refuted").get<int>();
  c.standing.length = j.value("length", -1);
  c.standing.unsolvable = j.value("unsolvable", false);
  c.standing.plan = j.value("plan", "");
  c.answered = j.value("answered", false);
  c.by_search = j.value("by_search", false);
  return c;
}

void read_solve_line(const Json &j, const planner::SplitRound &r, Counts &n) {
  if (j.value("split_fingerprint", "") != r.fingerprint ||
      j.value("split_round", -1) != r.round) {
    throw task::InputError("a solve line of another split or round");
  }
  const std::string id = j.at("id").get<std::string>();
  if (!n.ids.count(id) || !n.solved_ids.insert(id).second) {
    throw task::InputError("the solve line for " + id +
                           " names no cube listed above it, or repeats one");
  }
  ++n.solve_lines;
}

// One line of the file into the round: the header, a cube or a solve line.
void read_line(const std::string &text, planner::SplitRound &r, Counts &n,
               bool &header_seen) {
  const std::string header(k_header), cube(k_cube);
  if (text.rfind(header, 0) == 0) {
    if (header_seen) {
      throw task::InputError("a second header");
    }
    read_header(Json::parse(text.substr(header.size())), r, n);
    if (fingerprint_of(r, n.cubes) != r.fingerprint) {
      throw task::InputError("the header was edited or damaged (it does "
                             "not match its split fingerprint)");
    }
    if (auto wrong = header_out_of_range(r, n)) {
      throw task::InputError("the header is inconsistent: " + *wrong);
    }
    header_seen = true;
    return;
  }
  const bool is_cube = text.rfind(cube, 0) == 0;
  if (!is_cube && (text.empty() || text[0] != '{')) {
    return; // a comment
  }
  if (!header_seen) {
    throw task::InputError("not a cubes file of satslide split or merge "
                           "(a cube or solve line before the '" +
                           header + "{...}' line)");
  }
  if (is_cube) {
    r.cubes.push_back(read_cube(Json::parse(text.substr(cube.size())), r, n));
  } else {
    read_solve_line(Json::parse(text), r, n);
  }
}

} // namespace

planner::SplitRound read_round(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    throw IoError("cannot read the cubes file '" + path + "'");
  }
  planner::SplitRound r;
  Counts n;
  bool header_seen = false;
  std::string text;
  int number = 1;
  for (; std::getline(in, text); ++number) {
    const std::string where = path + ":" + std::to_string(number);
    try {
      read_line(text, r, n, header_seen);
    } catch (const Json::exception &e) {
      throw task::InputError(where + ": not a line of a cubes file (" +
                             e.what() + ")");
    } catch (const task::InputError &e) {
      throw task::InputError(where + ": " + e.what());
    }
  }
  if (in.bad()) {
    throw IoError("error while reading the cubes file '" + path + "'");
  }
  if (!header_seen) {
    throw task::InputError("'" + path +
                           "' is not a cubes file of "
                           "satslide split or merge (no '" +
                           std::string(k_header) +
                           "{...}' line with a split fingerprint)");
  }
  if (static_cast<long>(r.cubes.size()) != n.cubes ||
      n.solve_lines != n.to_solve) {
    throw task::InputError(fmt::format(
        "'{}': the header says {} cubes, {} to solve; the file lists {} and "
        "{} (a partial copy? copy it again, or split again)",
        path, n.cubes, n.to_solve, r.cubes.size(), n.solve_lines));
  }
  return r;
}

} // namespace satslide::cli
