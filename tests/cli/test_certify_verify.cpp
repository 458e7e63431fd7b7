// solve --certify DIR and satslide verify, through the binary: the words,
// the JSON, the exit codes (0 certified, 13 refused, 32 a bad command
// line), and a CNF refuted by another solver (Debian's cadical) checked.
#include "support/test_support.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace satslide::test;

TEST_CASE("certify and verify: the words, the JSON and the exit codes") {
  TempDir dir("satslide-cli-cert-");
  const std::string cert = dir.path + "/p8";
  const auto solved = run_satslide(
      "--puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\" -q --certify " + cert);
  CHECK(solved.exit_code == 0);
  CHECK(solved.out.find("certificate: " + cert + " (the plan of 5 moves; no "
                        "plan of length <= 4") != std::string::npos);
  const auto ok = run_satslide("verify " + cert);
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.find("certified: 5 moves is optimal (plan replayed; no plan "
                    "of length <= 4") == 0);
  const auto json = run_satslide("verify --json " + cert);
  CHECK(json.exit_code == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j["certified"] == true);
  CHECK(j["optimal"] == true);
  CHECK(j["plan_length"] == 5);
  CHECK(j["no_plan_up_to"] == 4);
  // The solve's JSON names the certificate too.
  const auto solved_json = run_satslide(
      "--puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\" -q --json --certify " +
      dir.path + "/p8-json");
  CHECK(nlohmann::json::parse(solved_json.out)["certificate"]["plan_length"] ==
        5);
  // A certificate is never written over another.
  const auto again = run_satslide(
      "--puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\" -q --certify " + cert);
  CHECK(again.exit_code == 34); // a file that cannot be written
  CHECK(again.err.find("not an empty directory") != std::string::npos);
  // Refused: exit 13, and why.
  std::ofstream(cert + "/plan.txt", std::ios::app) << "\n";
  const auto refused = run_satslide("verify " + cert);
  CHECK(refused.exit_code == 13);
  CHECK(refused.out.find("refused: 'plan.txt' is not the file the manifest "
                         "lists") == 0);
  CHECK(run_satslide("verify " + dir.path + "/none").exit_code == 13);
  // A bad command line.
  CHECK(run_satslide("verify").exit_code == 32);
  CHECK(run_satslide("verify " + cert + " --cnf x.cnf --proof x.drat")
            .exit_code == 32);
  CHECK(run_satslide("verify --cnf x.cnf").exit_code == 32);
}

TEST_CASE("verify: a satslide CNF and another solver's DRAT proof") {
  if (run_command("command -v cadical").exit_code != 0) {
    MESSAGE("cadical (Debian's package) is not installed: skipped");
    return;
  }
  TempDir dir("satslide-cli-drat-");
  std::filesystem::create_directories(dir.path);
  const std::string cnf = dir.path + "/p.cnf", proof = dir.path + "/p.drat";
  // Horizon 29 of a 31-mover: unsatisfiable, by many lemmas.
  REQUIRE(run_satslide("dimacs --puzzle 8 --board \"[8,6,7,2,5,4,3,0,1]\" "
                       "--horizon 29 -o " + cnf)
              .exit_code == 0);
  const auto solved = run_command("cadical -q " + cnf + " " + proof);
  REQUIRE(solved.exit_code == 20); // UNSAT
  const auto ok = run_satslide("verify --cnf " + cnf + " --proof " + proof);
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.find("certified: horizon 29's formula is unsatisfiable "
                    "(npuzzle, pairs: no plan of exactly 29 moves that the "
                    "encoding admits") == 0);
  // The same proof for another horizon's formula is refused.
  const std::string other = dir.path + "/q.cnf";
  REQUIRE(run_satslide("dimacs --puzzle 8 --board \"[8,6,7,2,5,4,3,0,1]\" "
                       "--horizon 31 -o " + other)
              .exit_code == 0);
  const auto sat = run_satslide("verify --cnf " + other + " --proof " + proof);
  CHECK(sat.exit_code == 13);
  // A CNF edited (a clause dropped, the header kept honest) is refused
  // before its proof is read.
  std::ifstream in(cnf);
  std::string text((std::istreambuf_iterator<char>(in)), {}), line, edited;
  std::istringstream lines(text);
  while (std::getline(lines, line)) {
    if (line.rfind("p cnf ", 0) == 0) {
      std::istringstream p(line.substr(6));
      long vars = 0, clauses = 0;
      p >> vars >> clauses;
      line = "p cnf " + std::to_string(vars) + " " + std::to_string(clauses - 1);
      edited += line + "\n";
      std::getline(lines, line); // the first clause dropped
      continue;
    }
    edited += line + "\n";
  }
  std::ofstream(dir.path + "/edited.cnf") << edited;
  const auto bad =
      run_satslide("verify --cnf " + dir.path + "/edited.cnf --proof " + proof);
  CHECK(bad.exit_code == 13);
  CHECK(bad.out.find("clause 1 is not the formula's") != std::string::npos);
}

TEST_CASE("batch --resume --certify: a line stopped while it was certified "
          "is certified again, and a stranger's directory is kept") {
  TempDir dir("satslide-cli-cert-resume-");
  std::filesystem::create_directories(dir.path);
  const std::string input = dir.path + "/in.txt", out = dir.path + "/a.jsonl",
                    certs = dir.path + "/certs";
  std::ofstream(input) << "1 3 6 4 2 0 7 5 8\n8 6 7 2 5 4 3 0 1\n";
  const std::string batch =
      "batch --puzzle 8 " + input + " -q -o " + out + " --certify " + certs;
  REQUIRE(run_satslide(batch).exit_code == 0);
  // As a stop during line 2's certificate leaves it: line 1 answered,
  // line 2's directory half written (no manifest, a proof cut short).
  std::string first;
  std::getline(std::ifstream(out), first);
  std::ofstream(out) << first << "\n";
  const std::string line2 = certs + "/line-2";
  std::filesystem::remove(line2 + "/manifest.json");
  std::ofstream(line2 + "/horizon-99.drat") << "a";
  // Without --resume a line's directory is refused, as any non-empty one.
  const auto fresh = run_satslide("batch --puzzle 8 " + input + " -q -o " +
                                  dir.path + "/b.jsonl --certify " + certs);
  CHECK(fresh.exit_code != 0);
  CHECK(std::filesystem::exists(line2 + "/horizon-99.drat"));
  CHECK(run_satslide(batch + " --resume").exit_code == 0);
  const auto ok = run_satslide("verify " + line2);
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.find("certified: 31 moves is optimal") == 0);
  CHECK(!std::filesystem::exists(line2 + "/horizon-99.drat"));
  // A directory with a file certify never writes is not emptied.
  std::ofstream(out) << first << "\n";
  std::ofstream(line2 + "/notes.txt") << "mine";
  const auto kept = run_satslide(batch + " --resume");
  CHECK(kept.exit_code != 0);
  CHECK(std::filesystem::exists(line2 + "/notes.txt"));
  CHECK(std::filesystem::exists(line2 + "/manifest.json"));
}

TEST_CASE("certify-depth: a 3x4 board's optimum through its frontier, "
          "verified, and the option needs --certify") {
  TempDir dir("satslide-cli-frontier-");
  const std::string cert = dir.path + "/f";
  const std::string board =
      "--puzzle npuzzle --rows 3 --cols 4 --board \"5 1 2 3 9 7 8 11 10 6 4 "
      "0\" -q"; // 16 moves
  const auto solved = run_satslide(board + " --json --certify " + cert +
                                   " --certify-depth 4");
  REQUIRE(solved.exit_code == 0);
  const auto c = nlohmann::json::parse(solved.out)["certificate"];
  CHECK(c["frontier_depth"] == 4);
  CHECK(c["frontier_positions"].get<long>() > 0);
  const auto ok = run_satslide("verify --json " + cert);
  CHECK(ok.exit_code == 0);
  const auto v = nlohmann::json::parse(ok.out);
  CHECK(v["optimal"] == true);
  CHECK(v["frontier_depth"] == 4);
  CHECK(v["frontier_positions"] == c["frontier_positions"]);
  CHECK(v["cube_drats"] == c["cube_drats"]);
  const auto alone = run_satslide(board + " --certify-depth 2");
  CHECK(alone.exit_code == 32);
  CHECK(alone.err.find("--certify-depth K needs --certify DIR") !=
        std::string::npos);
}
