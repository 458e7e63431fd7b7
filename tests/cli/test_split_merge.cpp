// One proof across machines, end to end through the binary: satslide
// split writes a round of cubes, satslide batch answers them (whole or in
// shards), satslide merge judges the round; rounds repeat until the
// optimum, which must be solve's. Missing answers, foreign answers, bad
// files and options; benchmarks/split_rounds.sh on GNU parallel.
#include "support/test_support.hpp"

#include "satslide/cli/cube_file.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using satslide::test::run_command;
using satslide::test::run_satslide;

namespace {

using Json = nlohmann::json;

// A 3x4 board of 25 moves whose split at depth 2 takes three rounds.
const std::string k_board =
    "--puzzle npuzzle --rows 3 --cols 4 --board \"3 1 10 4 7 2 6 8 9 5 0 11\"";

int solve_lines(const std::string &file) {
  std::ifstream in(file);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    n += !line.empty() && line[0] == '{';
  }
  return n;
}

bool has(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

// benchmarks/split_rounds.sh on GNU parallel, 2 shards, into `out` (made
// afresh; flags before it, e.g. "--certify dir") with these split options; false (the case failed) if GNU
// parallel is missing.
bool split_rounds(const std::string &out, const std::string &options,
                  satslide::test::RunResult &r) {
  if (run_command("command -v parallel").exit_code != 0) {
    MESSAGE("GNU parallel is not installed; third_party/install_deps.sh "
            "installs it");
    CHECK(false);
    return false;
  }
  const std::string script =
      std::string(SATSLIDE_TEST_DATA) + "/../../benchmarks/split_rounds.sh";
  const std::string dir = out.substr(out.rfind(' ') + 1); // past flags
  run_command("rm -rf " + dir);
  r = run_command("SATSLIDE=" + std::string(SATSLIDE_BINARY) + " " + script +
                  " " + out + " 2 " + options);
  return true;
}

} // namespace

TEST_SUITE("cli::split and merge") {
  TEST_CASE("rounds of split, batch and merge reach solve's optimum") {
    const auto solved = run_satslide(k_board + " --json -q");
    REQUIRE(solved.exit_code == 0);
    const int optimum = Json::parse(solved.out).at("length").get<int>();
    auto r = run_satslide("split " + k_board + " --split-depth 2 -o sm1.jsonl");
    REQUIRE(r.exit_code == 24);
    CHECK(has(r.out, "round 1:"));
    CHECK(has(r.out, "written: sm1.jsonl"));
    int round = 1;
    for (; round < 10; ++round) {
      const std::string file = "sm" + std::to_string(round) + ".jsonl";
      const std::string answers = "sma" + std::to_string(round) + ".jsonl";
      REQUIRE(solve_lines(file) > 0);
      REQUIRE(run_satslide("batch " + file + " -q -o " + answers).exit_code ==
              21); // the cubes' caps are horizon limits
      r = run_satslide("merge " + file + " " + answers + " -o sm" +
                       std::to_string(round + 1) + ".jsonl --json");
      if (r.exit_code != 24) {
        break;
      }
      const Json j = Json::parse(r.out);
      CHECK(j.at("status") == "cubes_written");
      CHECK(j.at("round") == round + 1);
      CHECK(j.at("no_plan_up_to").get<int>() < optimum);
    }
    REQUIRE(r.exit_code == 0);
    CHECK(round > 1); // the rounds were exercised
    const Json j = Json::parse(r.out);
    CHECK(j.at("status") == "solved");
    CHECK(j.at("optimal") == true);
    CHECK(j.at("length") == optimum);
    CHECK(j.at("no_plan_up_to") == optimum - 1);
    CHECK(j.at("path") == "split");
    CHECK(j.at("split").at("depth") == 2);
    // The plan printed is checked again, from the start, by check-plan.
    const auto check = run_satslide("check-plan " + k_board + " --moves " +
                                    j.at("moves").get<std::string>());
    CHECK(check.exit_code == 0);
    CHECK(has(check.out, "this plan is optimal"));
    run_command("rm -f sm*.jsonl");
  }

  TEST_CASE("merge says which cubes an explicit search answered, not SAT") {
    // Round 1 answered by IDA* (batch --engine ida), the others by SAT: the
    // proof may not say "by SAT" alone, and the cubes file keeps the count
    // across rounds. Answered by SAT throughout, it does.
    for (const bool ida_first : {true, false}) {
      CAPTURE(ida_first);
      auto r =
          run_satslide("split " + k_board + " --split-depth 2 -o es1.jsonl");
      REQUIRE(r.exit_code == 24);
      int round = 1;
      for (; round < 10; ++round) {
        const std::string file = "es" + std::to_string(round) + ".jsonl";
        const std::string answers = "esa" + std::to_string(round) + ".jsonl";
        const std::string engine =
            ida_first && round == 1 ? " --engine ida" : "";
        REQUIRE(run_satslide("batch " + file + engine + " -q -o " + answers)
                    .exit_code == 21);
        r = run_satslide("merge " + file + " " + answers + " -o es" +
                         std::to_string(round + 1) + ".jsonl --json");
        if (r.exit_code != 24) {
          break;
        }
      }
      REQUIRE(r.exit_code == 0);
      CHECK(round > 1); // SAT answered the later rounds
      const std::string proof =
          Json::parse(r.out).at("optimality").get<std::string>();
      CHECK(has(proof, "no plan of length <= 24"));
      if (ida_first) {
        CHECK(has(proof, "answered by an explicit search"));
        CHECK_FALSE(has(proof, "by SAT"));
      } else {
        CHECK(proof.rfind("by SAT over cubes, merged: ", 0) == 0);
      }
      run_command("rm -f es*.jsonl");
    }
  }

  TEST_CASE("split --engine ida: IDA* cubes, answered by a batch without "
            "options, merge to solve's optimum, and SAT cubes' answers are refused") {
    const auto solved = run_satslide(k_board + " --json -q");
    REQUIRE(solved.exit_code == 0);
    const int optimum = Json::parse(solved.out).at("length").get<int>();
    auto r = run_satslide("split " + k_board +
                          " --engine ida --pattern-tiles 4 --split-depth 2 "
                          "-o ic1.jsonl");
    REQUIRE(r.exit_code == 24);
    // Every solve line carries the engine and the tables.
    int lines = 0;
    {
      std::ifstream in("ic1.jsonl");
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] == '{') {
          const Json j = Json::parse(line);
          CHECK(j.at("engine") == "ida");
          CHECK(j.at("pattern-tiles") == 4);
          ++lines;
        }
      }
    }
    CHECK(lines == solve_lines("ic1.jsonl"));
    REQUIRE(lines > 0);
    // The SAT split of the same board and depth is another proof: its
    // answers do not merge into this one.
    REQUIRE(run_satslide("split " + k_board + " --split-depth 2 -o is1.jsonl")
                .exit_code == 24);
    REQUIRE(run_satslide("batch is1.jsonl -q -o isa1.jsonl").exit_code == 21);
    const auto foreign = run_satslide("merge ic1.jsonl isa1.jsonl -o ic9.jsonl");
    CHECK(foreign.exit_code == 31);
    CHECK(has(foreign.err, "isa1.jsonl:1: an answer of another split"));
    int round = 1;
    for (; round < 10; ++round) {
      const std::string file = "ic" + std::to_string(round) + ".jsonl";
      const std::string answers = "ica" + std::to_string(round) + ".jsonl";
      REQUIRE(run_satslide("batch " + file + " -q -o " + answers).exit_code ==
              21);
      r = run_satslide("merge " + file + " " + answers + " -o ic" +
                       std::to_string(round + 1) + ".jsonl --json");
      if (r.exit_code != 24) {
        break;
      }
    }
    REQUIRE(r.exit_code == 0);
    CHECK(round > 1);
    const Json j = Json::parse(r.out);
    CHECK(j.at("length") == optimum);
    CHECK(j.at("optimal") == true);
    const std::string proof = j.at("optimality").get<std::string>();
    CHECK(has(proof, "answered by an explicit search"));
    CHECK_FALSE(has(proof, "by SAT"));
    run_command("rm -f ic*.jsonl is*.jsonl");
  }

  TEST_CASE("split --witness ida: the rounds refute below IDA*'s plan, merge "
            "proves it") {
    auto r = run_satslide("split " + k_board +
                          " --split-depth 2 --witness ida -o wt1.jsonl");
    REQUIRE(r.exit_code == 24);
    CHECK(has(r.out, "witness: a plan of 25 moves found by IDA*"));
    int round = 1;
    for (; round < 10; ++round) {
      const std::string file = "wt" + std::to_string(round) + ".jsonl";
      const std::string answers = "wta" + std::to_string(round) + ".jsonl";
      REQUIRE(run_satslide("batch " + file + " -q -o " + answers).exit_code ==
              21);
      r = run_satslide("merge " + file + " " + answers + " -o wt" +
                       std::to_string(round + 1) + ".jsonl --json");
      if (r.exit_code != 24) {
        break;
      }
      // No round tries the witness's length: the caps stay below 25.
      CHECK(Json::parse(r.out).at("cap").get<int>() < 25);
    }
    REQUIRE(r.exit_code == 0);
    const Json j = Json::parse(r.out);
    CHECK(j.at("status") == "solved");
    CHECK(j.at("optimal") == true);
    CHECK(j.at("length") == 25);
    CHECK(j.at("no_plan_up_to") == 23);
    CHECK(j.at("path") == "split+witness");
    CHECK(j.at("witness").at("length") == 25);
    const auto text =
        run_satslide("merge wt" + std::to_string(round) + ".jsonl wta" +
                     std::to_string(round) + ".jsonl -o wt-again.jsonl");
    CHECK(has(text.out, "no plan of length <= 23: every one of"));
    CHECK(has(text.out, "the plan found first by IDA* (not SAT) and replayed"));

    // A cubes file whose witness claims a longer optimum (edited): refused
    // as bad input, never judged (it once ended in "the engines disagree",
    // an internal error). Edited with its fingerprint written again, the
    // witness is checked against its length.
    std::ifstream in("wt1.jsonl");
    std::ostringstream edited;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("# satslide cubes ", 0) == 0) {
        Json h = Json::parse(line.substr(17));
        h["witness_length"] = 27;
        h["max_length"] = 26;
        line = "# satslide cubes " + h.dump();
      }
      edited << line << '\n';
    }
    std::ofstream("wx1.jsonl") << edited.str();
    r = run_satslide("merge wx1.jsonl wta1.jsonl -o wx2.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "wx1.jsonl:1: the header was edited or damaged"));
    satslide::planner::SplitRound forged = satslide::cli::read_round("wt1.jsonl");
    forged.witness_length = 27;
    forged.max_length = 26;
    satslide::cli::write_round("wx1.jsonl", forged);
    r = run_satslide("merge wx1.jsonl -o wx2.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "witness is not a plan of 27 moves"));
    // The 8-puzzle's exact database: every cube's bound reaches the
    // witness, so split itself proves it.
    r = run_satslide("split --puzzle 8 --board \"8 6 7 2 5 4 3 0 1\" "
                     "--split-depth 4 --witness ida -o wt8.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 31 moves, optimal (by the cubes' bounds: no "
                     "plan of length <= 30"));
    // A plan no longer than the depth: nothing to split, IDA* answers.
    r = run_satslide("split " + k_board +
                     " --split-depth 30 --witness ida -o wt30.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 25 moves, optimal (IDA* over"));
    CHECK(has(r.err, "nothing to split"));
    run_command("rm -f wt*.jsonl wx*.jsonl"); // not sm*: another case's
  }

  TEST_CASE("answers of another split never merge into a wrong optimum") {
    // The attack as reported: the cubes of the same board at the same
    // depth toward another goal share ids and boards with the first
    // split's; their answers (optimum 31) would prove 8 moves "optimal"
    // where the truth is 6.
    const std::string e8 = "--puzzle 8 --board \"8 6 7 2 5 4 3 0 1\"";
    const std::string goal = " --goal 6,0,7,8,2,5,3,1,4";
    REQUIRE(run_satslide("split " + e8 + " --split-depth 4 -o fa.jsonl -q")
                .exit_code == 24);
    REQUIRE(run_satslide("batch fa.jsonl -q -o fa_out.jsonl").exit_code == 0);
    REQUIRE(run_satslide("split " + e8 + goal +
                         " --split-depth 4 -o fb.jsonl -q")
                .exit_code == 24);
    auto r = run_satslide("merge fb.jsonl fa_out.jsonl -o fb2.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "fa_out.jsonl:1: an answer of another split"));
    CHECK(run_command("test -e fb2.jsonl").exit_code != 0); // nothing written
    // Its own answers prove its own optimum, which a plain solve confirms.
    REQUIRE(run_satslide("batch fb.jsonl -q -o fb_out.jsonl").exit_code != 30);
    const auto plain = run_satslide("solve " + e8 + goal + " --json -q");
    REQUIRE(plain.exit_code == 0);
    const int optimum = Json::parse(plain.out).at("length").get<int>();
    r = run_satslide("merge fb.jsonl fb_out.jsonl -o fb2.jsonl --json");
    REQUIRE(r.exit_code == 0);
    CHECK(Json::parse(r.out).at("length") == optimum);
    // An answer of this split's round 1 merged into a later round, and a
    // line that is no answer of a split, are refused too.
    std::ifstream answers("fa_out.jsonl");
    std::string first;
    std::getline(answers, first);
    Json stale = Json::parse(first);
    stale["split_round"] = 2;
    std::ofstream("fa_stale.jsonl") << stale.dump() << '\n';
    r = run_satslide("merge fa.jsonl fa_stale.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "an answer of round 2; this cubes file is round 1"));
    stale.erase("split_fingerprint");
    std::ofstream("fa_stale.jsonl") << stale.dump() << '\n';
    r = run_satslide("merge fa.jsonl fa_stale.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "not an answer to a split's cube"));
    run_command("rm -f fa*.jsonl fb*.jsonl x.jsonl");
  }

  TEST_CASE("a partial, repeated or edited cubes file is refused, never "
            "merged") {
    const std::string e8 = "--puzzle 8 --board \"8 6 7 2 5 4 3 0 1\"";
    REQUIRE(run_satslide("split " + e8 + " --split-depth 4 -o pc.jsonl -q")
                .exit_code == 24);
    REQUIRE(run_satslide("batch pc.jsonl -q -o pc_out.jsonl").exit_code == 0);
    std::vector<std::string> lines;
    {
      std::ifstream in("pc.jsonl");
      for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
      }
    }
    REQUIRE(lines.size() > 13);
    const auto write = [&](const std::string &file,
                           const std::vector<std::string> &keep) {
      std::ofstream out(file);
      for (const std::string &line : keep) {
        out << line << '\n';
      }
    };
    const auto refused = [&](const std::string &file, const std::string &why) {
      CAPTURE(file);
      const auto r = run_satslide("merge " + file + " pc_out.jsonl -o x.jsonl");
      CHECK(r.exit_code == 31);
      CHECK(has(r.err, why));
      CHECK_FALSE(has(r.out, "optimal"));
    };
    // Cut at a line boundary (head -n 13): cubes missing.
    write("pc_cut.jsonl", {lines.begin(), lines.begin() + 13});
    refused("pc_cut.jsonl", "the header says 14 cubes");
    // Five cube lines gone: a solve line names a cube no longer listed;
    // with those solve lines gone too, the count is short.
    std::vector<std::string> fewer = lines;
    fewer.erase(fewer.begin() + 3, fewer.begin() + 8);
    write("pc_few.jsonl", fewer);
    refused("pc_few.jsonl", "names no cube listed above it");
    std::vector<std::string> listed;
    for (const std::string &line : fewer) {
      const bool solve = !line.empty() && line[0] == '{';
      const std::string id =
          solve ? "\"id\":\"" + Json::parse(line).at("id").get<std::string>() +
                      "\""
                : "";
      const bool kept = std::any_of(fewer.begin(), fewer.end(),
                                    [&](const std::string &cube) {
                                      return cube.rfind("# cube ", 0) == 0 &&
                                             has(cube, id);
                                    });
      if (!solve || kept) {
        listed.push_back(line);
      }
    }
    write("pc_few.jsonl", listed);
    refused("pc_few.jsonl", "the header says 14 cubes");
    // A cube line twice.
    std::vector<std::string> twice = lines;
    twice.insert(twice.begin() + 4, lines[3]);
    write("pc_twice.jsonl", twice);
    refused("pc_twice.jsonl", "pc_twice.jsonl:5: cube c0 is listed twice");
    // A cube's bound raised by hand: its seal no longer matches.
    std::vector<std::string> raised = lines;
    Json cube = Json::parse(raised[3].substr(7));
    cube["bound"] = cube.at("bound").get<int>() + 2;
    raised[3] = "# cube " + cube.dump();
    write("pc_bound.jsonl", raised);
    refused("pc_bound.jsonl", "pc_bound.jsonl:4: the cube line was edited");
    // The header's depth, or a length limit of -5, edited: bad input, not
    // an internal error.
    for (const auto &[key, value] :
         std::vector<std::pair<std::string, int>>{{"depth", 2},
                                                  {"max_length", -5}}) {
      std::vector<std::string> header = lines;
      Json h = Json::parse(header[0].substr(17));
      h[key] = value;
      header[0] = "# satslide cubes " + h.dump();
      write("pc_head.jsonl", header);
      refused("pc_head.jsonl", "pc_head.jsonl:1: the header was edited");
    }
    // Written again with fingerprints and seals that match (what a forger
    // or a bug could do): the cubes are checked against the split
    // recomputed from the start.
    using satslide::planner::SplitRound;
    const SplitRound round = satslide::cli::read_round("pc.jsonl");
    SplitRound part = round;
    part.cubes.resize(5);
    part.to_solve.clear();
    satslide::cli::write_round("pc_forged.jsonl", part);
    refused("pc_forged.jsonl", "it has 14 cubes, the file lists 5");
    SplitRound bound = round;
    bound.cubes[0].standing.bound += 2;
    satslide::cli::write_round("pc_forged.jsonl", bound);
    refused("pc_forged.jsonl", "cube 1 has the bound");
    SplitRound lower = round;
    lower.lower_bound += 2;
    lower.cap += 2;
    satslide::cli::write_round("pc_forged.jsonl", lower);
    refused("pc_forged.jsonl", "its lower bound is");
    SplitRound moved = round;
    std::swap(moved.cubes[0].params, moved.cubes[1].params);
    satslide::cli::write_round("pc_forged.jsonl", moved);
    refused("pc_forged.jsonl", "cube 1 is not the position its moves reach");
    // Answers that contradict a cheap proof: "unsolvable" where the
    // parity proves the cube solvable; a plan that does not replay (two
    // moves short: shorter than the cube's bound); refuted past its own
    // plan.
    std::ifstream in("pc_out.jsonl");
    std::string first;
    std::getline(in, first);
    const Json answer = Json::parse(first);
    const auto forged_answer = [&](Json j, const std::string &why) {
      std::ofstream("pc_forged_out.jsonl") << j.dump() << '\n';
      const auto r =
          run_satslide("merge pc.jsonl pc_forged_out.jsonl -o x.jsonl");
      CHECK(r.exit_code == 31);
      CHECK(has(r.err, why));
    };
    Json j = answer;
    j["status"] = "unsolvable";
    forged_answer(j, "says unsolvable, but the cube's own check");
    j = answer;
    const std::string moves = j.at("moves").get<std::string>();
    j["moves"] = moves.substr(0, moves.size() - 2);
    j["length"] = j.at("length").get<int>() - 2;
    forged_answer(j, "does not replay from the cube to the goal");
    j = answer;
    j["no_plan_up_to"] = 100;
    forged_answer(j, "contradicts what is refuted of the cube");
    // A batch killed while writing leaves its last line cut.
    std::ofstream("pc_cut_out.jsonl") << first.substr(0, first.size() / 2);
    const auto r = run_satslide("merge pc.jsonl pc_cut_out.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "--resume` completes the file"));
    run_command("rm -f pc*.jsonl x.jsonl");
  }

  TEST_CASE("forged answers end in a refusal under merge --verify, never in "
            "a claim") {
    // The attack of issue #59: every cube of the 31-mover's split answered
    // "no plan of length <= 27" (from the cube); merged unverified, the
    // round claims no plan of length <= 31 from the start, which is false.
    const std::string board =
        "--puzzle 8 --board \"8 6 7 2 5 4 3 0 1\" --split-depth 4 -q";
    run_command("rm -rf fv_certs fv*.jsonl");
    REQUIRE(run_satslide("split " + board + " -o fv.jsonl").exit_code == 24);
    REQUIRE(run_satslide("batch fv.jsonl -q -o fv_out.jsonl --certify fv_certs")
                .exit_code == 0);
    std::vector<Json> honest;
    {
      std::ifstream in("fv_out.jsonl");
      for (std::string line; std::getline(in, line);) {
        honest.push_back(Json::parse(line));
      }
    }
    REQUIRE(honest.size() == 9);
    const auto merged = [&](const std::vector<Json> &answers,
                            const std::string &flags) {
      std::ofstream out("fv_forged.jsonl");
      for (const Json &j : answers) {
        out << j.dump() << '\n';
      }
      out.close();
      return run_satslide("merge fv.jsonl fv_forged.jsonl -o fv_next.jsonl " +
                          flags);
    };
    // Honest answers with their certificates: the optimum, verified.
    const auto ok = merged(honest, "--verify");
    CHECK(ok.exit_code == 0);
    CHECK(has(ok.out, "solution: 31 moves, optimal"));
    CHECK(has(ok.err, "merge --verify: the 9 answers of this round verified"));
    // The checker's own frontier: the 9 positions answered are shown by
    // their certificates; the 5 the tables refuted, which its Manhattan
    // bound does not reach, leave the claim short, and it says so.
    CHECK(has(ok.err, "the checker finds the 14 positions at depth 4 "
                      "itself: 9 shown by their certificates"));
    CHECK(has(ok.err, "5 of the 14 positions rest on no certificate"));
    CHECK(has(ok.out, "certified by verify: no plan of length <= "));
    CHECK_FALSE(has(ok.err, "certified: no plan of length <= 30"));
    // The lie: without --verify it is believed (as the issue found) ...
    std::vector<Json> lies = honest;
    for (Json &j : lies) {
      j["status"] = "horizon_limit";
      j["optimal"] = false;
      j.erase("length");
      j.erase("moves");
      j["no_plan_up_to"] = 27;
    }
    const auto believed = merged(lies, "");
    CHECK(believed.exit_code == 24);
    CHECK(has(believed.out, "proven so far: no plan of length <= 31"));
    // ... with --verify it is refused, the cube and the line named.
    const auto refused = merged(lies, "--verify");
    CHECK(refused.exit_code == 31);
    CHECK(has(refused.err, "fv_forged.jsonl:1: the answer for cube"));
    CHECK(has(refused.err, "it claims no plan of length <= 27, its "
                           "certificate shows"));
    CHECK_FALSE(has(refused.out, "no plan of length <= 31"));
    // Without a certificate; with another cube's; with its manifest edited.
    std::vector<Json> bare = honest;
    bare[0].erase("certificate");
    CHECK(has(merged(bare, "--verify").err, "it names no certificate"));
    std::vector<Json> swapped = honest;
    swapped[0]["certificate"] = honest[1]["certificate"];
    CHECK(has(merged(swapped, "--verify").err,
              "its certificate is of another instance"));
    const std::string manifest =
        honest[0]["certificate"]["dir"].get<std::string>() + "/manifest.json";
    std::ofstream(manifest, std::ios::app) << " ";
    CHECK(has(merged(honest, "--verify").err,
              "its certificate's manifest is not the one the answer names"));
    run_command("rm -rf fv_certs fv*.jsonl");
  }

  TEST_CASE("a split too deep is refused before its positions fill memory") {
    const std::string korf = "--puzzle 15 --board \"5 7 4 8 1 2 10 6 11 0 14 "
                             "12 9 13 15 3\"";
    // 2e16 positions within depth 40, projected from the first layers: it
    // once stored 50M positions (3 GB) before saying so.
    const auto start = std::chrono::steady_clock::now();
    auto r = run_satslide("split " + korf + " --split-depth 40 -o deep.jsonl");
    CHECK(r.exit_code == 20);
    CHECK(has(r.out, "the positions within depth 40 would be about"));
    CHECK(has(r.out, "choose --split-depth"));
    CHECK(std::chrono::steady_clock::now() - start <
          satslide::test::wall_clock(5));
#if defined(SATSLIDE_UNDER_ASAN)
    MESSAGE("the 8.6 million cubes at depth 22: skipped under "
            "AddressSanitizer");
#else
    // Within the positions a split stores, but more cubes than a cubes
    // file holds (they once took 24 GB as lines in memory).
    r = run_satslide("split " + korf + " --split-depth 22 -o deep.jsonl");
    CHECK(r.exit_code == 20);
    CHECK(has(r.out, "has 8580175 cubes, more than a cubes file holds"));
#endif
    CHECK(run_command("test -e deep.jsonl").exit_code != 0);
  }

  TEST_CASE("a shard not answered: merge writes the cubes still missing") {
    REQUIRE(run_satslide("split " + k_board +
                         " --split-depth 2 --split-window 3 -o mi1.jsonl -q")
                .exit_code == 24);
    const int lines = solve_lines("mi1.jsonl");
    REQUIRE(lines >= 2);
    REQUIRE(run_satslide("batch mi1.jsonl --shard 0/2 -q -o mia.jsonl")
                .exit_code != 30);
    auto r = run_satslide("merge mi1.jsonl mia.jsonl -o mi_missing.jsonl");
    CHECK(r.exit_code == 25);
    CHECK(has(r.out, "still to answer"));
    // Shard 1's lines, less those a plan shard 0 found makes needless.
    const int missing = solve_lines("mi_missing.jsonl");
    CHECK(missing >= 1);
    CHECK(missing <= lines / 2);
    REQUIRE(run_satslide("batch mi_missing.jsonl -q -o mib.jsonl").exit_code !=
            30);
    // The missing answers with the first ones decide the round.
    r = run_satslide("merge mi1.jsonl mia.jsonl mib.jsonl -o mi2.jsonl");
    CHECK((r.exit_code == 0 || r.exit_code == 24));
    // So does the missing file with only its own answers: it carries what
    // the first answers proved.
    const auto again =
        run_satslide("merge mi_missing.jsonl mib.jsonl -o mi2b.jsonl");
    CHECK(again.exit_code == r.exit_code);
    run_command("rm -f mi*.jsonl");
  }

  TEST_CASE("a goal within the depth: split answers by its own search") {
    const auto r = run_satslide(
        "split --puzzle 8 --board 1,2,3,4,5,6,0,7,8 --split-depth 4 -o g.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 2 moves, optimal"));
    CHECK(run_satslide("split --puzzle 8 --board 2,1,3,4,5,6,7,8,0 "
                       "--split-depth 4 -o g.jsonl")
              .exit_code == 10); // parity: unsolvable at once
  }

  TEST_CASE("bad files, foreign answers and missing options are refused") {
    REQUIRE(run_satslide("split " + k_board + " --split-depth 1 -o bf.jsonl -q")
                .exit_code == 24);
    // Answers of another split (the same ids, other boards).
    REQUIRE(run_satslide("split --puzzle npuzzle --rows 3 --cols 4 --board "
                         "\"3 1 10 4 7 2 6 8 9 5 11 0\" --split-depth 1 "
                         "-o other.jsonl -q")
                .exit_code == 24);
    REQUIRE(run_satslide("batch other.jsonl -q -o other_a.jsonl").exit_code !=
            30);
    auto r = run_satslide("merge bf.jsonl other_a.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "other_a.jsonl:1: an answer of another split"));
    // An answer of this split whose board was edited.
    REQUIRE(run_satslide("batch bf.jsonl -q -o bf_a.jsonl").exit_code != 30);
    std::ifstream answers("bf_a.jsonl");
    std::string first;
    std::getline(answers, first);
    Json edited = Json::parse(first);
    edited["instance"]["board"] = "1,2,3,4,5,6,7,8,9,10,11,0";
    std::ofstream("bf_a.jsonl") << edited.dump() << '\n';
    r = run_satslide("merge bf.jsonl bf_a.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "is for another board"));
    std::ofstream("notcubes.jsonl") << "{\"board\": \"1 2 3\"}\n";
    r = run_satslide("merge notcubes.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "not a cubes file"));
    std::ofstream("badcube.jsonl")
        << "# satslide cubes {\"round\": 1}\n# cube {\"id\": 3}\n";
    r = run_satslide("merge badcube.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "badcube.jsonl:1: the header has no split fingerprint"));
    std::ofstream("garbage.jsonl") << "not json\n";
    CHECK(run_satslide("merge bf.jsonl garbage.jsonl -o x.jsonl").exit_code ==
          31);
    // A JSON line with the wrong types: bad input, not an internal error.
    std::ofstream("typed.jsonl") << "{\"id\": \"c0\", \"status\": 5}\n";
    r = run_satslide("merge bf.jsonl typed.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "typed.jsonl:1"));
    CHECK(run_satslide("merge bf.jsonl nowhere.jsonl -o x.jsonl").exit_code ==
          34);
    CHECK(run_satslide("merge nowhere.jsonl -o x.jsonl").exit_code == 34);
    CHECK(run_satslide("merge bf.jsonl").exit_code == 32); // no -o
    CHECK(run_satslide("merge -o x.jsonl").exit_code == 32);
    CHECK(run_satslide("split " + k_board + " -o x.jsonl").exit_code == 32);
    CHECK(run_satslide("split " + k_board + " --split-depth 2").exit_code ==
          32);
    CHECK(run_satslide("batch bf.jsonl extra.jsonl").exit_code == 32);
    CHECK(run_satslide("split " + k_board + " --split-depth 2 --any -o x.jsonl")
              .exit_code == 32);
    run_command("rm -f bf.jsonl bf_a.jsonl other.jsonl other_a.jsonl notcubes.jsonl "
                "garbage.jsonl typed.jsonl badcube.jsonl x.jsonl");
  }

  TEST_CASE("benchmarks/split_rounds.sh on GNU parallel: solve's optimum") {
    satslide::test::RunResult r;
    if (!split_rounds("rounds_out", k_board + " --split-depth 2 -q", r)) {
      return;
    }
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 25 moves, optimal (by SAT over cubes"));
    CHECK(run_command("test -s rounds_out/round.3.part.1.jsonl").exit_code ==
          0);
    run_command("rm -rf rounds_out");
  }

  TEST_CASE("benchmarks/split_rounds.sh --certify: every answer verified "
            "before it counts [slow]") {
    satslide::test::RunResult r;
    if (!split_rounds("--certify cert_rounds",
                      "--puzzle 8 --board \"8 6 7 2 5 4 3 0 1\" "
                      "--split-depth 4 -q",
                      r)) {
      return;
    }
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 31 moves, optimal (by SAT over cubes"));
    CHECK(has(r.err, "merge --verify: the 9 answers of this round verified"));
    CHECK(run_command("test -s cert_rounds/certs.1/line-18/manifest.json")
              .exit_code == 0);
    run_command("rm -rf cert_rounds");
  }

  TEST_CASE("benchmarks/split_rounds.sh with IDA* cubes: the optimum, the "
            "last round stopped at its first plan") {
    const std::string ida = " --engine ida --pattern-tiles 4";
    satslide::test::RunResult r;
    if (!split_rounds("ida_rounds", k_board + ida + " --split-depth 4 -q", r)) {
      return;
    }
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 25 moves, optimal (over cubes"));
    // The last round (the fourth: lengths 19, 21, 23, 25) has 24 cubes to
    // solve; each shard stops at its first plan, so fewer are answered.
    const int lines = solve_lines("ida_rounds/round.4.jsonl");
    const auto answered =
        run_command("cat ida_rounds/round.4.part.*.jsonl | wc -l");
    const auto solved = run_command("cat ida_rounds/round.4.part.*.jsonl | "
                                    "grep -c '\"status\":\"solved\"'");
    CHECK(lines == 24);
    CHECK(std::stoi(answered.out) < lines);
    CHECK(std::stoi(solved.out) >= 1);
    run_command("rm -rf ida_rounds");
  }
}
