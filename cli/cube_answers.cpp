#include "satslide/cli/cube_answers.hpp"

#include "satslide/cli/options.hpp"
#include "satslide/cli/printable.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/verify/certificate_check.hpp"
#include "satslide/verify/sha256.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>

namespace satslide::cli {

namespace {

using Json = nlohmann::json;

// The round, its cubes by id and their puzzles (made when first answered).
struct Answering {
  planner::SplitRound &round;
  bool verify = false;
  std::map<std::string, std::size_t> by_id;
  std::map<std::size_t, std::unique_ptr<puzzles::Puzzle>> puzzles;

  explicit Answering(planner::SplitRound &r) : round(r) {
    for (std::size_t i = 0; i < r.cubes.size(); ++i) {
      by_id[r.cubes[i].id] = i;
    }
  }
  const puzzles::Puzzle &puzzle(std::size_t i) {
    auto &p = puzzles[i];
    if (!p) {
      p = puzzles::make_puzzle({round.start.kind, round.cubes[i].params});
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
  const planner::SplitRound &r = a.round;
  const std::string split = j.value("split_fingerprint", "");
  if (split != r.fingerprint) {
    throw task::InputError(
        where +
        (split.empty() ? std::string(": not an answer to a split's cube (no "
                                     "\"split_fingerprint\")")
                       : ": an answer of another split (fingerprint " +
                             printable(split, 40) + ", this split's " +
                             r.fingerprint + ")") +
        ": merge takes only answers to the lines of this cubes file");
  }
  if (j.value("split_round", -1) != r.round) {
    throw task::InputError(fmt::format(
        "{}: an answer of round {}; this cubes file is round {}: merge "
        "answers into the file of the round they answer",
        where, j.value("split_round", -1), r.round));
  }
  const auto it = a.by_id.find(j.value("id", ""));
  if (it == a.by_id.end()) {
    throw task::InputError(where +
                           ": the answer names no cube of this "
                           "split (" +
                           printable(j.value("id", ""), 40) + ")");
  }
  const planner::RoundCube &cube = r.cubes[it->second];
  const auto board = cube.params.find("board");
  if (j.value("status", "") != "error" &&
      (!j.contains("instance") || !j["instance"].is_object() ||
       board == cube.params.end() ||
       j["instance"].value("board", "") != board->second)) {
    throw task::InputError(where + ": the answer for cube " + cube.id +
                           " is for another board");
  }
  return it->second;
}

// merge --verify: the answer's certificate, checked for its cube, shows
// at least what the answer claims; throws InputError saying why not.
// Returns what it shows.
verify::CertifiedCube check_certified(const Answering &a, std::size_t i,
                                      const Json &j, const std::string &where) {
  const planner::RoundCube &cube = a.round.cubes[i];
  const std::string refused = where + ": the answer for cube " + cube.id +
                              " is refused (merge --verify): ";
  if (!j.contains("certificate") || !j["certificate"].is_object()) {
    throw task::InputError(refused + "it names no certificate (batch "
                                     "--certify DIR writes them)");
  }
  const std::string dir = j["certificate"].value("dir", "");
  const std::string sha = j["certificate"].value("manifest_sha256", "");
  verify::FileDigest digest;
  try {
    digest = verify::digest_file(dir + "/" + verify::k_manifest_name);
  } catch (const verify::Refused &e) {
    throw task::InputError(refused + e.what());
  }
  if (digest.sha256 != sha) {
    throw task::InputError(refused + "its certificate's manifest is not the "
                                     "one the answer names (SHA-256)");
  }
  const verify::Verdict v = verify::verify_certificate(dir);
  if (!v.certified) {
    throw task::InputError(refused + "its certificate: " + v.refusal);
  }
  puzzles::Params theirs = v.instance.params, ours = cube.params;
  theirs.erase("name");
  ours.erase("name");
  if (v.instance.kind != a.round.start.kind || theirs != ours) {
    throw task::InputError(refused + "its certificate is of another instance");
  }
  const planner::CubeAnswer claim = answer_of(j);
  const bool solved = claim.status == "solved";
  if (claim.no_plan_up_to > v.no_plan_up_to ||
      (solved && (claim.length != v.plan_length ||
                  (claim.optimal && !v.optimal)))) {
    throw task::InputError(fmt::format(
        "{}it claims {}, its certificate shows {}", refused,
        solved ? fmt::format("a plan of {} moves{}", claim.length,
                             claim.optimal ? ", optimal" : "")
               : fmt::format("no plan of length <= {}", claim.no_plan_up_to),
        v.words));
  }
  return {v.instance, v.no_plan_up_to};
}

// One answer line folded into its cube's standing, after the planner's
// checks (take_cube_answer) and, with merge --verify, its certificate's.
void take_line(Answering &a, const Json &j, const std::string &where,
               Merged &m) {
  const std::size_t i = cube_answered(a, j, where);
  if (a.verify && j.value("status", "") != "error") {
    m.certified.push_back(check_certified(a, i, j, where));
  }
  planner::RoundCube &cube = a.round.cubes[i];
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
    throw task::InputError(where + ": the answer for cube " + cube.id +
                           " is refused: " + *refused);
  }
  if (!note.empty()) {
    spdlog::warn("{}: cube {}: {}", where, cube.id, note);
  }
  cube.answered = true;
  // The answer's own word for what refuted it (planner::proven_by).
  const auto by = from_name<planner::ProvenBy>(j.value("engine", ""));
  if (by && planner::explicit_search(*by)) {
    cube.by_search = true; // not SAT: the merged proof says so
  }
}

} // namespace

Merged read_answers(planner::SplitRound &round,
                    const std::vector<std::string> &files, bool verify) {
  Answering a(round);
  a.verify = verify;
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
        throw task::InputError(
            where +
            ": not a JSON line of satslide batch (a batch stopped "
            "while writing leaves its last line cut: `satslide batch "
            "CUBES -o " +
            printable(file, 200) + " --resume` completes the file)");
      }
      try {
        take_line(a, j, where, m);
      } catch (const Json::exception &e) {
        throw task::InputError(where + ": not an answer of satslide batch (" +
                               e.what() + ")");
      }
    }
    if (in.bad()) {
      throw IoError("error while reading '" + file + "'");
    }
  }
  return m;
}

} // namespace satslide::cli
