// satslide batch end to end: the data formats, known optima checked,
// parallel jobs, shards that merge to the unsharded run, resuming after a
// kill or an interrupt, and the GNU parallel recipe of the README.
#include "support/test_support.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

using satslide::test::data_path;
using satslide::test::run_command;
using satslide::test::run_satslide;

namespace {

using Json = nlohmann::json;

std::vector<Json> read_jsonl_from(const std::string &text) {
  std::istringstream in(text);
  std::vector<Json> lines;
  for (std::string line; std::getline(in, line);) {
    lines.push_back(Json::parse(line));
  }
  return lines;
}

std::vector<Json> read_jsonl(const std::string &path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return read_jsonl_from(text.str());
}

// What must agree between runs, by input line: status, length, moves.
std::map<int, std::string> facts(const std::vector<Json> &lines) {
  std::map<int, std::string> out;
  for (const Json &j : lines) {
    const int line = j.at("line").get<int>();
    CHECK_MESSAGE(out.count(line) == 0, "line " << line << " twice");
    out[line] = j.at("status").get<std::string>() + " " +
                j.value("length", Json()).dump() + " " +
                j.value("moves", std::string());
  }
  return out;
}

std::string write_file(const std::string &name, const std::string &text) {
  std::ofstream(name) << text;
  return name;
}

// The first `lines` instance lines of an n-puzzle data file.
std::string npuzzle_lines(const std::string &file, int lines) {
  std::string text;
  for (const auto &i : satslide::test::read_npuzzle_file(file)) {
    if (lines-- == 0) {
      break;
    }
    text += i.id + " " + std::to_string(i.optimal);
    for (int t : i.board) {
      text += " " + std::to_string(t);
    }
    text += "\n";
  }
  return text;
}

} // namespace

TEST_SUITE("cli::Batch") {

  TEST_CASE("the 8-puzzle data with -j 2: every length as the data lists") {
    const auto instances =
        satslide::test::read_npuzzle_file("8puzzle_random100.txt");
    const auto r = run_satslide("batch --puzzle 8 " +
                                data_path("8puzzle_random100.txt") +
                                " -j 2 -o batch_8.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("mismatches 0") != std::string::npos);
    const auto lines = read_jsonl("batch_8.jsonl");
    REQUIRE(lines.size() == instances.size());
    std::map<std::string, int> optimum;
    for (const auto &i : instances) {
      optimum[i.id] = i.optimal;
    }
    for (const Json &j : lines) {
      CAPTURE(j.dump());
      CHECK(j.at("status") == "solved");
      CHECK(j.at("optimal") == true);
      CHECK(j.at("length") == optimum.at(j.at("id").get<std::string>()));
      CHECK(j.at("known_optimal") == j.at("length"));
    }
    std::remove("batch_8.jsonl");
  }

  TEST_CASE("a known optimum that disagrees is a mismatch: exit 30") {
    write_file("batch_wrong.txt",
               "{\"board\": \"1 2 3 4 5 6 7 0 8\", \"optimal\": 3}\n");
    const auto r = run_satslide("batch --puzzle 8 batch_wrong.txt");
    CHECK(r.exit_code == 30);
    CHECK(r.err.find("optimal length 1, but the input says 3") !=
          std::string::npos);
    CHECK(r.err.find("mismatches 1") != std::string::npos);
    std::remove("batch_wrong.txt");
  }

  TEST_CASE("a data line's trailing comment is no part of its board") {
    // As in 15puzzle_scrambles60.txt: "id optimal tiles # walk N"; the
    // second line's optimum is wrong, so the comment's line is read.
    write_file("batch_comment.txt", "7 1 1 2 3 4 5 6 7 0 8 # walk 1\n"
                                    "8 3 1 2 3 4 5 6 0 7 8  # walk 2\n");
    const auto r = run_satslide("batch --puzzle 8 batch_comment.txt");
    CHECK(r.exit_code == 30);
    CHECK(r.err.find("solved 2 (optimal 2)") != std::string::npos);
    CHECK(r.err.find("known optima checked 2, mismatches 1") !=
          std::string::npos);
    std::remove("batch_comment.txt");
  }

  TEST_CASE("--until-solved stops at the first plan: exit 0, no line after "
            "it") {
    write_file("batch_until.txt",
               "{\"board\": \"8 6 7 2 5 4 3 0 1\", \"max-horizon\": 5}\n"
               "{\"board\": \"1 2 3 4 5 6 7 0 8\"}\n"
               "{\"board\": \"1 2 3 4 5 6 0 7 8\"}\n");
    const auto all = run_satslide("batch --puzzle 8 batch_until.txt");
    CHECK(all.exit_code == 21); // the first line's length limit
    CHECK(read_jsonl_from(all.out).size() == 3);
    const auto r =
        run_satslide("batch --puzzle 8 batch_until.txt --until-solved");
    CHECK(r.exit_code == 0);
    const auto lines = read_jsonl_from(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].at("status") == "horizon_limit");
    CHECK(lines[1].at("status") == "solved");
    CHECK(lines[1].at("line") == 2);
    CHECK(r.err.find("stopped at the first plan") != std::string::npos);
    std::remove("batch_until.txt");
  }

  TEST_CASE("bad lines are answered as errors, the others are solved") {
    write_file("batch_bad.txt", "# a comment\n1 2 3\n"
                                "{\"board\": \"1 2 3 4 5 6 7 0 8\"}\n"
                                "{\"board\": \"1 2 3 4 5 6 7 0 8\", \"jobs\": 2}\n"
                                "{\"borad\": \"1\"}\n{not json\n");
    const auto r = run_satslide("batch --puzzle 8 batch_bad.txt");
    CHECK(r.exit_code == 31);
    const auto lines = read_jsonl_from(r.out);
    REQUIRE(lines.size() == 5);
    CHECK(lines[0].at("line") == 2);
    CHECK(lines[0].at("error") == "bad_input");
    CHECK(lines[1].at("status") == "solved");
    CHECK(lines[2].at("reason").get<std::string>().find(
              "option of the batch") != std::string::npos);
    CHECK(lines[3].at("error") == "bad_usage");
    CHECK(lines[4].at("reason").get<std::string>().find("not a JSON object") !=
          std::string::npos);
    std::remove("batch_bad.txt");
  }

  TEST_CASE("a JSON line's board may be a list: tiles or grid rows") {
    write_file("batch_list.jsonl",
               "{\"puzzle\": \"8\", \"board\": [1,3,6,4,2,0,7,5,8]}\n"
               "{\"puzzle\": \"klotski\", \"board\": [\"AA.\", \"AA.\"], "
               "\"goal-piece\": \"A\", \"goal-at\": \"1,0\"}\n"
               "{\"puzzle\": \"8\", \"board\": [1, \"x\"]}\n");
    const auto r = run_satslide("batch batch_list.jsonl");
    const auto lines = read_jsonl_from(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].at("length") == 5);
    CHECK(lines[0].at("instance").at("board") == "1,3,6,4,2,0,7,5,8");
    CHECK(lines[1].at("length") == 1);
    CHECK(lines[1].at("instance").at("board") == "AA./AA.");
    CHECK(lines[2].at("error") == "bad_input");
    CHECK(lines[2].at("reason").get<std::string>().find("grid rows") !=
          std::string::npos);
    std::remove("batch_list.jsonl");
  }

  TEST_CASE("Rush Hour and Klotski data: known optima by metric") {
    for (const char *metric : {"slide", "step"}) {
      CAPTURE(metric);
      const auto r = run_satslide(
          "batch --puzzle rushhour --metric " + std::string(metric) + " " +
          data_path("rushhour/fogleman_sample.tsv") + " -j 2 -o batch_rh.jsonl");
      CHECK(r.exit_code == 0);
      const auto lines = read_jsonl("batch_rh.jsonl");
      CHECK(lines.size() == 11);
      for (const Json &j : lines) {
        CHECK(j.at("known_optimal") == j.at("length"));
      }
    }
    // Layout paths relative to the batch file, and a JSON line with its
    // own metric and optimum (the data's piece-metric count).
    write_file(data_path("klotski/batch_layouts.txt"),
               "fayaa_259.txt\n{\"file\": \"fayaa_130.txt\", "
               "\"metric\": \"piece\", \"optimal\": 1000}\n");
    const auto r = run_satslide("batch --puzzle klotski " +
                                data_path("klotski/batch_layouts.txt"));
    std::remove(data_path("klotski/batch_layouts.txt").c_str());
    CHECK(r.exit_code == 30); // 1000 is wrong on purpose
    const auto lines = read_jsonl_from(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].at("status") == "solved");
    CHECK(lines[1].at("status") == "solved");
    CHECK(lines[1].at("known_optimal") == 1000);
  }

  TEST_CASE("shards merged equal the unsharded run") {
    write_file("batch_shard.txt", npuzzle_lines("8puzzle_random100.txt", 10));
    REQUIRE(run_satslide("batch --puzzle 8 batch_shard.txt -o all.jsonl")
                .exit_code == 0);
    std::vector<Json> merged;
    for (int k = 0; k < 3; ++k) {
      const std::string out = "shard" + std::to_string(k) + ".jsonl";
      const auto r = run_satslide("batch --puzzle 8 batch_shard.txt --shard " +
                                  std::to_string(k) + "/3 -o " + out);
      CHECK(r.exit_code == 0);
      const auto part = read_jsonl(out);
      CHECK(part.size() == (k == 0 ? 4 : 3));
      merged.insert(merged.end(), part.begin(), part.end());
      std::remove(out.c_str());
    }
    CHECK(facts(merged) == facts(read_jsonl("all.jsonl")));
    CHECK(run_satslide("batch --puzzle 8 batch_shard.txt --shard 3/3")
              .exit_code == 32);
    std::remove("all.jsonl");
    std::remove("batch_shard.txt");
  }

  TEST_CASE("--resume after a kill answers every line exactly once") {
    write_file("batch_resume.txt", npuzzle_lines("8puzzle_random100.txt", 12));
    REQUIRE(run_satslide("batch --puzzle 8 batch_resume.txt -o ref.jsonl")
                .exit_code == 0);
    const auto reference = facts(read_jsonl("ref.jsonl"));
    // As a kill leaves it: five whole lines and half of the sixth.
    {
      std::ifstream in("ref.jsonl");
      std::ofstream cut("cut.jsonl");
      std::string line;
      for (int k = 0; k < 5 && std::getline(in, line); ++k) {
        cut << line << '\n';
      }
      std::getline(in, line);
      cut << line.substr(0, line.size() / 2);
    }
    const auto r = run_satslide(
        "batch --puzzle 8 batch_resume.txt --resume -o cut.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("7 of 7 instances") != std::string::npos);
    CHECK(r.err.find("(5 answered before)") != std::string::npos);
    CHECK(facts(read_jsonl("cut.jsonl")) == reference);
    // A real kill, then --resume (the wait gives up after 20 s: a batch
    // that failed at once must fail the checks below, not hang).
    std::remove("killed.jsonl");
    run_command("(" + std::string(SATSLIDE_BINARY) +
                " batch --puzzle 8 batch_resume.txt -o killed.jsonl -q &"
                " pid=$!; n=0; while [ \"$(wc -l < killed.jsonl 2>/dev/null "
                "|| echo 0)\" -lt 2 ] && [ $n -lt 2000 ]; do sleep 0.01; "
                "n=$((n+1)); done; kill -9 $pid) 2>/dev/null");
    CHECK(run_satslide(
              "batch --puzzle 8 batch_resume.txt --resume -o killed.jsonl")
              .exit_code == 0);
    CHECK(facts(read_jsonl("killed.jsonl")) == reference);
    for (const char *f : {"ref.jsonl", "cut.jsonl", "killed.jsonl",
                          "batch_resume.txt"}) {
      std::remove(f);
    }
  }

  TEST_CASE("SIGINT stops a batch: exit 22, no half answers, then resume") {
    // The second line is slow: the classic Klotski by horizons takes half
    // an hour, so the interrupt surely lands inside it.
    write_file("batch_int.txt",
               "{\"board\": \"1 2 3 4 5 6 7 0 8\"}\n"
               "{\"puzzle\": \"klotski\", \"engine\": \"horizons\"}\n");
    const auto r = run_command(
        "timeout --preserve-status -s INT 3 " + std::string(SATSLIDE_BINARY) +
        " batch --puzzle 8 batch_int.txt -o int.jsonl; echo \"exit $?\"");
    CHECK(r.out == "exit 22\n");
    CHECK(r.err.find("batch interrupted") != std::string::npos);
    const auto lines = read_jsonl("int.jsonl");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].at("line") == 1);
    std::remove("int.jsonl");
    std::remove("batch_int.txt");
  }

  TEST_CASE("the GNU parallel recipe: one shard per slot, merged") {
    if (run_command("command -v parallel").exit_code != 0) {
      MESSAGE("GNU parallel is not installed; third_party/install_deps.sh "
              "installs it");
      CHECK(false);
      return;
    }
    write_file("batch_par.txt", npuzzle_lines("8puzzle_random100.txt", 8));
    REQUIRE(run_satslide("batch --puzzle 8 batch_par.txt -o par_all.jsonl")
                .exit_code == 0);
    const auto r = run_command(
        "parallel --will-cite -j 2 " + std::string(SATSLIDE_BINARY) +
        " batch --puzzle 8 batch_par.txt --shard {}/2 -o par.{}.jsonl -q "
        "::: 0 1 && cat par.0.jsonl par.1.jsonl > par_merged.jsonl");
    CHECK(r.exit_code == 0);
    CHECK(facts(read_jsonl("par_merged.jsonl")) ==
          facts(read_jsonl("par_all.jsonl")));
    run_command("rm -f par.0.jsonl par.1.jsonl par_merged.jsonl "
                "par_all.jsonl batch_par.txt");
  }

  TEST_CASE("the SLURM array script: tasks as shards, merged, tabled") {
    // SLURM itself is not started here: the script relies only on the
    // array variables, set by hand for each task.
    const std::string benchmarks =
        std::string(SATSLIDE_TEST_DATA) + "/../../benchmarks/";
    write_file("batch_slurm.txt", npuzzle_lines("8puzzle_random100.txt", 7));
    REQUIRE(run_satslide("batch --puzzle 8 batch_slurm.txt -o slurm_all.jsonl")
                .exit_code == 0);
    run_command("rm -rf slurm_out");
    for (int task = 0; task < 3; ++task) {
      const auto r = run_command(
          "SLURM_ARRAY_TASK_ID=" + std::to_string(task) +
          " SLURM_ARRAY_TASK_COUNT=3 SATSLIDE=" + SATSLIDE_BINARY + " " +
          benchmarks + "slurm_batch.sh batch_slurm.txt slurm_out --puzzle 8 -q");
      CHECK(r.exit_code == 0);
    }
    CHECK(run_command(benchmarks + "slurm_batch.sh batch_slurm.txt x")
              .exit_code != 0); // outside an array: refused
    run_command("cat slurm_out/shard.*.jsonl > slurm_merged.jsonl");
    CHECK(facts(read_jsonl("slurm_merged.jsonl")) ==
          facts(read_jsonl("slurm_all.jsonl")));
    const auto table = run_command(benchmarks +
                                   "batch_table.py slurm_out/shard.*.jsonl");
    CHECK(table.exit_code == 0);
    CHECK(table.out.find("| **all** | 7 | 7 | 7 | 0 |") != std::string::npos);
    run_command("rm -rf slurm_out slurm_merged.jsonl slurm_all.jsonl "
                "batch_slurm.txt");
  }

  TEST_CASE("scramble: reproducible from the seed, every instance solvable") {
    const auto once = run_satslide("scramble --puzzle 8 --random --count 6 "
                                   "--seed 11 -o scr_random.jsonl");
    CHECK(once.exit_code == 0);
    const auto again =
        run_satslide("scramble --puzzle 8 --random --count 6 --seed 11");
    const auto other =
        run_satslide("scramble --puzzle 8 --random --count 6 --seed 12");
    std::ifstream written("scr_random.jsonl");
    std::ostringstream text;
    text << written.rdbuf();
    CHECK(again.out == text.str());
    CHECK(other.out != text.str());
    // Random boards: all solvable (parity fixed), solved by the batch.
    const auto solved = run_satslide("batch --puzzle 8 scr_random.jsonl");
    CHECK(solved.exit_code == 0);
    CHECK(solved.err.find("solved 6 (optimal 6)") != std::string::npos);
    // Walks: the n-puzzle's start from the goal, so at most the walk away
    // from it; block puzzles' from the start, so within the walk of the
    // start's own optimum.
    const struct {
      const char *family;
      int walk;
      bool from_goal;
    } walks[] = {{"--puzzle 15", 12, true},
                 {"--puzzle klotski --layout pansy --metric slide", 10, false},
                 {"--puzzle rushhour --metric step", 8, false}};
    for (const auto &w : walks) {
      CAPTURE(w.family);
      const int base =
          w.from_goal ? 0
                      : Json::parse(run_satslide(std::string(w.family) +
                                                 " --engine bfs --json -q")
                                        .out)
                            .at("length")
                            .get<int>();
      REQUIRE(run_satslide("scramble " + std::string(w.family) + " --walk " +
                           std::to_string(w.walk) +
                           " --count 3 --seed 5 -o scr_walk.jsonl")
                  .exit_code == 0);
      const auto r = run_satslide("batch --puzzle 8 scr_walk.jsonl -o "
                                  "scr_out.jsonl -q");
      CHECK(r.exit_code == 0);
      const auto lines = read_jsonl("scr_out.jsonl");
      REQUIRE(lines.size() == 3);
      for (const Json &j : lines) {
        CHECK(j.at("status") == "solved");
        CHECK(std::abs(j.at("length").get<int>() - base) <= w.walk);
      }
    }
    const auto no_random = run_satslide("scramble --puzzle klotski --random");
    CHECK(no_random.exit_code == 32);
    CHECK(no_random.err.find("--random is for npuzzle") != std::string::npos);
    // A walk of the n-puzzle needs its shape (bad input, as solve without
    // a board).
    const auto no_shape = run_satslide("scramble --puzzle npuzzle --walk 3");
    CHECK(no_shape.exit_code == 31);
    CHECK(no_shape.err.find("needs its shape: --rows and --cols") !=
          std::string::npos);
    for (const char *f : {"scr_random.jsonl", "scr_walk.jsonl", "scr_out.jsonl"}) {
      std::remove(f);
    }
  }
}
