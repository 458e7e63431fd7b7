// The DRAT checker on proofs written by hand (each of whose lemmas is
// needed, so that every corruption must be refused) and on CaDiCaL's
// proofs of random formulas near the threshold: an unsatisfiable one
// verifies with CaDiCaL's proof, a satisfiable one never does.
#include "satslide/verify/drat_check.hpp"
#include "satslide/solver/cadical_sink.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

using namespace satslide;
using namespace satslide::verify;

namespace {

Cnf cnf_of(const std::string &text) {
  std::istringstream in(text);
  return read_cnf(in, "test.cnf");
}

Proof proof_of(const std::string &text, int vars) {
  std::istringstream in(text);
  return read_drat(in, "test.drat", vars);
}

// Every clause of three variables: unsatisfiable, and not by unit
// propagation alone.
const std::string k_cube = "p cnf 3 8\n"
                           "1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n"
                           "-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";
// Its refutation: each lemma is needed by the next.
const std::string k_cube_proof = "1 2 0\n1 0\n2 0\n0\n";

std::string binary_item(char kind, const std::vector<int> &lits) {
  std::string out(1, kind);
  for (int lit : lits) {
    unsigned u = 2 * static_cast<unsigned>(std::abs(lit)) + (lit < 0 ? 1 : 0);
    while (u > 127) {
      out += static_cast<char>((u & 127) | 128);
      u >>= 7;
    }
    out += static_cast<char>(u);
  }
  return out + '\0';
}

} // namespace

TEST_CASE("drat: a proof by hand refutes, text and binary alike") {
  const Cnf cnf = cnf_of(k_cube);
  const DratCheck text = check_drat(cnf, proof_of(k_cube_proof, 3));
  CHECK(text.refuted);
  CHECK(text.lemmas == 4);
  CHECK(text.checked == 3); // the empty clause is the conflict itself
  const std::string binary = binary_item('a', {1, 2}) + binary_item('a', {1}) +
                             binary_item('d', {1, 2}) + binary_item('a', {2}) +
                             binary_item('a', {});
  const Proof proof = proof_of(binary, 3);
  CHECK(proof.binary);
  CHECK(check_drat(cnf, proof).refuted);
}

// Unsatisfiable, yet no literal alone propagates to a conflict from 2:
// the refutation (2) (3) needs both lemmas, and what a corruption makes
// of them is neither RUP nor RAT.
const std::string k_chain = "p cnf 5 6\n1 2 0\n-1 2 0\n-2 5 3 0\n"
                            "-2 -5 3 0\n-3 4 0\n-3 -4 0\n";
const std::string k_chain_proof = "2 0\n3 0\n0\n";

TEST_CASE("drat: every corruption of a hand proof is refused") {
  const Cnf cnf = cnf_of(k_chain);
  const DratCheck good = check_drat(cnf, proof_of(k_chain_proof, 5));
  REQUIRE(good.refuted);
  CHECK(good.lemmas == 3);
  CHECK(good.checked == 2);
  const auto refused = [&](const std::string &proof) {
    const DratCheck c = check_drat(cnf, proof_of(proof, 5));
    CHECK_MESSAGE(!c.refuted, proof);
    CHECK(!c.failure.empty());
    return c.failure;
  };
  // A lemma deleted, each in turn: the first lemma that fails is named.
  CHECK(refused("3 0\n0\n").find("lemma 1 (item 1") != std::string::npos);
  refused("2 0\n0\n");
  // Deletions are items but no lemmas: the numbers count lemmas alone.
  CHECK(refused("d -1 2 0\n3 0\n0\n").find("lemma 1 (item 2") !=
        std::string::npos);
  // A literal flipped.
  CHECK(refused("-2 0\n3 0\n0\n").find("lemma 1") != std::string::npos);
  // Truncated: the last lemmas gone, or an item cut in the middle.
  CHECK(refused("2 0\n").find("does not refute") != std::string::npos);
  CHECK_THROWS_AS(proof_of("2 0\n3", 5), Refused);
  CHECK_THROWS_AS(proof_of(binary_item('a', {2, 3}).substr(0, 2), 5), Refused);
  // A clause the proof needs deleted before it is used.
  refused("d -3 4 0\n2 0\n3 0\n0\n");
  // A literal beyond the formula's variables.
  CHECK_THROWS_AS(proof_of("6 0\n0\n", 5), Refused);
}

TEST_CASE("drat: the formula with one clause dropped is not refuted") {
  for (int drop = 0; drop < 8; ++drop) {
    std::istringstream lines(k_cube);
    std::string line, text = "p cnf 3 7\n";
    std::getline(lines, line);
    for (int i = 0; std::getline(lines, line); ++i) {
      text += i == drop ? "" : line + "\n";
    }
    CHECK_MESSAGE(!check_drat(cnf_of(text), proof_of(k_cube_proof, 3)).refuted,
                  drop);
  }
}

TEST_CASE("drat: RAT lemmas, and deletions of units ignored") {
  // Unsatisfiable by (1 2) (1 -2) (-1 3) (-1 -3); the unit (4) is not RUP
  // (its negation propagates nothing) but RAT on 4: both resolvents with
  // (-4 1) and (-4 -1) are RUP, and it alone makes the conflict.
  const Cnf cnf = cnf_of("p cnf 4 6\n-4 1 0\n-4 -1 0\n1 2 0\n1 -2 0\n"
                         "-1 3 0\n-1 -3 0\n");
  const DratCheck rat = check_drat(cnf, proof_of("4 0\n0\n", 4));
  CHECK(rat.refuted);
  CHECK(rat.rat == 1);
  // With (-4 1) gone (-1 -4 -> the resolvent with it fails) it is not.
  const Cnf weaker = cnf_of("p cnf 4 5\n-4 -1 0\n1 2 0\n1 -2 0\n-1 3 0\n"
                            "-4 3 0\n");
  CHECK(!check_drat(weaker, proof_of("4 0\n0\n", 4)).refuted);
  // The unit (1), a reason, deleted: ignored, and the proof still holds.
  const DratCheck units =
      check_drat(cnf_of(k_cube), proof_of("1 2 0\n1 0\nd 1 0\n2 0\n0\n", 3));
  CHECK(units.refuted);
  CHECK(units.ignored_unit_deletions == 1);
  CHECK(units.missing_deletions == 0);
}

TEST_CASE("drat: the CNF reader refuses what is not DIMACS") {
  CHECK_THROWS_AS(cnf_of("1 2 0\n"), Refused);                // no header
  CHECK_THROWS_AS(cnf_of("p cnf 2 1\n1 3 0\n"), Refused);     // beyond vars
  CHECK_THROWS_AS(cnf_of("p cnf 2 2\n1 2 0\n"), Refused);     // too few
  CHECK_THROWS_AS(cnf_of("p cnf 2 1\n1 2 0\n-1 0\n"), Refused); // too many
  CHECK_THROWS_AS(cnf_of("p cnf 2 1\n1 2\n"), Refused);       // unended
  CHECK_THROWS_AS(cnf_of("p cnf 2 1\n1 x 0\n"), Refused);
}

TEST_CASE("drat: CaDiCaL's proofs of random formulas, and a satisfiable one "
          "never verifies") {
  test::TempDir dir("satslide-drat-");
  std::filesystem::create_directories(dir.path);
  std::mt19937 random(59);
  int unsat = 0, sat = 0;
  for (int round = 0; round < 40; ++round) {
    const int vars = 30 + round % 20;
    const int clauses = static_cast<int>(vars * 4.3);
    std::string text = "p cnf " + std::to_string(vars) + " " +
                       std::to_string(clauses) + "\n";
    std::vector<std::vector<int>> formula;
    for (int c = 0; c < clauses; ++c) {
      std::vector<int> clause;
      for (int k = 0; k < 3; ++k) {
        const int v = 1 + static_cast<int>(random() % vars);
        clause.push_back(random() % 2 ? v : -v);
        text += std::to_string(clause.back()) + " ";
      }
      text += "0\n";
      formula.push_back(clause);
    }
    const std::string path = dir.path + "/proof-" + std::to_string(round);
    solver::CadicalSink solver;
    solver.trace_proof(path);
    for (const auto &clause : formula) {
      solver.add_clause(clause);
    }
    const auto result = solver.solve({});
    solver.close_proof();
    std::ifstream in(path, std::ios::binary);
    const Proof proof = read_drat(in, path, vars);
    const DratCheck check = check_drat(cnf_of(text), proof);
    if (result == solver::SolveResult::unsat) {
      ++unsat;
      CHECK_MESSAGE(check.refuted, check.failure);
    } else {
      ++sat;
      CHECK(!check.refuted);
      CHECK(!check_drat(cnf_of(text), proof_of("0\n", vars)).refuted);
    }
  }
  MESSAGE(unsat << " unsatisfiable, " << sat << " satisfiable");
  CHECK(unsat >= 5);
  CHECK(sat >= 5);
}
