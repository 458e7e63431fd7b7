// One proof across machines, end to end through the binary: satslide
// split writes a round of cubes, satslide batch answers them (whole or in
// shards), satslide merge judges the round; rounds repeat until the
// optimum, which must be solve's. Missing answers, foreign answers, bad
// files and options; benchmarks/split_rounds.sh on GNU parallel.
#include "support/test_support.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

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

    // A cubes file whose witness claims a longer optimum (edited): the
    // rounds go on to 25, a cube holds that plan, and merge reports the
    // disagreement instead of either answer.
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
    for (round = 1; round < 10; ++round) {
      const std::string file = "wx" + std::to_string(round) + ".jsonl";
      const std::string answers = "wxa" + std::to_string(round) + ".jsonl";
      run_satslide("batch " + file + " -q -o " + answers);
      r = run_satslide("merge " + file + " " + answers + " -o wx" +
                       std::to_string(round + 1) + ".jsonl");
      if (r.exit_code != 24) {
        break;
      }
    }
    CHECK(r.exit_code == 30);
    CHECK(has(r.err + r.out, "the engines disagree: the cubes hold a plan of "
                             "25 moves, IDA* claimed none shorter "
                             "than 27"));
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
    CHECK(has(r.err, "another board"));
    std::ofstream("notcubes.jsonl") << "{\"board\": \"1 2 3\"}\n";
    r = run_satslide("merge notcubes.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "not a cubes file"));
    std::ofstream("badcube.jsonl")
        << "# satslide cubes {\"round\": 1}\n# cube {\"id\": 3}\n";
    r = run_satslide("merge badcube.jsonl -o x.jsonl");
    CHECK(r.exit_code == 31);
    CHECK(has(r.err, "badcube.jsonl:1: not a line of a cubes file"));
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
    run_command("rm -f bf.jsonl other.jsonl other_a.jsonl notcubes.jsonl "
                "garbage.jsonl typed.jsonl badcube.jsonl x.jsonl");
  }

  TEST_CASE("benchmarks/split_rounds.sh on GNU parallel: solve's optimum") {
    if (run_command("command -v parallel").exit_code != 0) {
      MESSAGE("GNU parallel is not installed; third_party/install_deps.sh "
              "installs it");
      CHECK(false);
      return;
    }
    const std::string script = std::string(SATSLIDE_TEST_DATA) +
                               "/../../benchmarks/split_rounds.sh";
    run_command("rm -rf rounds_out");
    const auto r = run_command("SATSLIDE=" + std::string(SATSLIDE_BINARY) +
                               " " + script + " rounds_out 2 " + k_board +
                               " --split-depth 2 -q");
    CHECK(r.exit_code == 0);
    CHECK(has(r.out, "solution: 25 moves, optimal (by SAT over cubes"));
    CHECK(run_command("test -s rounds_out/round.3.part.1.jsonl").exit_code ==
          0);
    run_command("rm -rf rounds_out");
  }
}
