// Certificates written by planner::certify and checked by verify/: one
// of an optimal 8-puzzle plan verifies; each corruption of it — with the
// manifest's hashes brought up to date, so that the check itself must
// catch it — is refused, and says why.
#include "satslide/planner/certify.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/solver/proof_driver.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/verify/certificate_check.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/sha256.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace satslide;
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

std::unique_ptr<puzzles::Puzzle> eight(const std::string &board) {
  puzzles::InstanceOptions o;
  o.board = board;
  return puzzles::make_puzzle("8", o);
}

// Solves and certifies `board` into `dir`.
planner::CertificateSummary certified(const std::string &board,
                                      const std::string &dir,
                                      long max_layer_positions = 0) {
  const auto puzzle = eight(board);
  const planner::PlannerResult result = planner::solve(*puzzle, {});
  REQUIRE(result.optimal);
  planner::CertifyOptions c;
  c.dir = dir;
  c.version = "test";
  c.max_layer_positions = max_layer_positions; // 0: by DRAT and parity
  return planner::certify(*puzzle, result, c);
}

Json manifest(const std::string &dir) {
  std::ifstream in(dir + "/manifest.json");
  return Json::parse(in);
}

// Writes the manifest back with every file's size and hash as they are
// now: a corruption the hashes would catch goes past them.
void rewrite(const std::string &dir, Json m) {
  for (auto &f : m["files"]) {
    const auto d = verify::digest_file(dir + "/" + f["name"].get<std::string>());
    f["bytes"] = d.bytes;
    f["sha256"] = d.sha256;
  }
  std::ofstream(dir + "/manifest.json") << m.dump(2);
}

std::string text_of(const std::string &path) { return test::read_file(path); }

void write_text(const std::string &path, const std::string &text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string refusal(const std::string &dir) {
  const verify::Verdict v = verify::verify_certificate(dir);
  CHECK_FALSE(v.certified);
  return v.refusal;
}

} // namespace

TEST_CASE("certificates: an optimal plan's verifies (a 5-mover's and a "
          "17-mover's)") {
  test::TempDir dir("satslide-cert-");
  const auto five = certified("[1,3,6,4,2,0,7,5,8]", dir.path + "/five");
  CHECK(five.plan_length == 5);
  CHECK(five.no_plan_up_to == 4);
  CHECK(five.parity_horizons == 3); // 0, 2, 4
  CHECK(five.drat_horizons == 2);   // 1, 3
  CHECK(five.drat_proofs == 1);     // within 3
  CHECK(five.not_certified.empty());
  const verify::Verdict v = verify::verify_certificate(dir.path + "/five");
  CHECK_MESSAGE(v.certified, v.refusal);
  CHECK(v.optimal);
  CHECK(v.words.find("certified: 5 moves is optimal") == 0);
  const auto more = certified("[8,1,3,4,0,2,7,6,5]", dir.path + "/more");
  const verify::Verdict w = verify::verify_certificate(dir.path + "/more");
  CHECK_MESSAGE(w.certified, w.refusal);
  CHECK(w.plan_length == more.plan_length);
  CHECK(w.no_plan_up_to == more.plan_length - 1);
  // Never written over.
  CHECK_THROWS(certified("[1,3,6,4,2,0,7,5,8]", dir.path + "/five"));
}

TEST_CASE("certificates: every corruption is refused") {
  test::TempDir dir("satslide-forged-");
  // 14 moves: horizons 0..12 even by one DRAT proof of the formula
  // within 12 (within-12.cnf), the odd ones by parity.
  const std::string good = dir.path + "/good";
  const auto summary = certified("[8,1,3,4,0,2,7,6,5]", good);
  REQUIRE(summary.drat_proofs == 1);
  const std::string other = dir.path + "/other";
  certified("[1,2,3,4,5,6,0,7,8]", other); // another instance, 2 moves
  // Another formula of the same board, with its proof, in within 12's
  // files: `within` 0..12 of it or not.
  const auto prove_into = [&](const std::string &d, int n, bool within) {
    const auto puzzle = eight("[8,1,3,4,0,2,7,6,5]");
    const auto proven = solver::prove_horizon(
        puzzle->compile(), planner::encoding_for(*puzzle, nullptr), n, within,
        puzzle->spec(), d + "/within-12.cnf", d + "/within-12.drat",
        std::chrono::steady_clock::time_point::max(), {});
    REQUIRE(proven.result == solver::SolveResult::unsat);
  };
  int cases = 0;
  const auto copy = [&](const std::string &name) {
    const std::string to = dir.path + "/" + name;
    fs::copy(good, to);
    ++cases;
    return to;
  };
  {
    const auto d = copy("hash");
    Json m = manifest(d);
    m["files"][0]["sha256"] = std::string(64, '0');
    std::ofstream(d + "/manifest.json") << m.dump(2);
    CHECK(refusal(d).find("SHA-256") != std::string::npos);
  }
  {
    const auto d = copy("plan"); // the plan's last move dropped
    std::string plan = text_of(d + "/plan.txt");
    plan = plan.substr(0, plan.rfind('\n', plan.size() - 2) + 1);
    write_text(d + "/plan.txt", plan);
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("not at the goal") != std::string::npos);
  }
  {
    const auto d = copy("clause"); // one clause of a CNF dropped
    std::string cnf = text_of(d + "/within-12.cnf");
    const auto p = cnf.find("\np cnf ");
    const auto end = cnf.find('\n', p + 1);
    std::istringstream header(cnf.substr(p + 7, end - p - 7));
    long vars = 0, clauses = 0;
    header >> vars >> clauses;
    const auto last = cnf.rfind('\n', cnf.size() - 2);
    cnf = cnf.substr(0, p) + "\np cnf " + std::to_string(vars) + " " +
          std::to_string(clauses - 1) + cnf.substr(end, last - end + 1);
    write_text(d + "/within-12.cnf", cnf);
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("the formula of horizon 12 has") != std::string::npos);
  }
  {
    const auto d = copy("horizon"); // the formula within 10 in 12's place
    prove_into(d, 10, true);
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("another instance, encoding or horizon") !=
          std::string::npos);
  }
  {
    const auto d = copy("exactly"); // exactly 12 moves, not within 12
    prove_into(d, 12, false);
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("another instance, encoding or horizon") !=
          std::string::npos);
  }
  {
    const auto d = copy("kind"); // within 12's files called horizon 12's
    Json m = manifest(d);
    for (auto &h : m["horizons"]) {
      if (h["horizon"] == 12) {
        h["proof"] = "drat";
      }
    }
    rewrite(d, m);
    CHECK(refusal(d).find("another instance, encoding or horizon") !=
          std::string::npos);
  }
  {
    const auto d = copy("instance"); // another board's formula within 0
    fs::copy_file(other + "/within-0.cnf", d + "/within-12.cnf",
                  fs::copy_options::overwrite_existing);
    fs::copy_file(other + "/within-0.drat", d + "/within-12.drat",
                  fs::copy_options::overwrite_existing);
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("another instance") != std::string::npos);
  }
  {
    const auto d = copy("truncated"); // the proof cut in half
    const std::string proof = text_of(d + "/within-12.drat");
    write_text(d + "/within-12.drat", proof.substr(0, proof.size() / 2));
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("within-12.drat") != std::string::npos);
  }
  {
    const auto d = copy("emptied"); // every lemma deleted
    write_text(d + "/within-12.drat", "");
    rewrite(d, manifest(d));
    CHECK(refusal(d).find("within-12.drat") != std::string::npos);
  }
  {
    const auto d = copy("stray");
    write_text(d + "/notes.txt", "hello\n");
    CHECK(refusal(d).find("not in its manifest") != std::string::npos);
  }
  {
    const auto d = copy("parity"); // horizon 12 claimed by a parity: even
    Json m = manifest(d);
    for (auto &h : m["horizons"]) {
      if (h["horizon"] == 12) {
        h = {{"horizon", 12}, {"proof", "parity"}};
      }
    }
    rewrite(d, m);
    CHECK(refusal(d).find("parity does not exclude") != std::string::npos);
  }
  {
    const auto d = copy("missing"); // the even horizons left out of the list
    Json m = manifest(d);
    Json kept = Json::array();
    for (const auto &h : m["horizons"]) {
      if (h["horizon"] != 12) {
        kept.push_back(h);
      }
    }
    m["horizons"] = kept;
    rewrite(d, m);
    CHECK(refusal(d).find("nothing shows horizon 0") != std::string::npos);
  }
  {
    const auto d = copy("claim"); // a claim beyond the plan
    Json m = manifest(d);
    m["claim"]["no_plan_up_to"] = 14;
    rewrite(d, m);
    CHECK(refusal(d).find("claims a plan of 14 moves and none") !=
          std::string::npos);
  }
  {
    const auto d = copy("partial"); // the manifest cut short
    const std::string m = text_of(d + "/manifest.json");
    write_text(d + "/manifest.json", m.substr(0, m.size() / 2));
    CHECK(refusal(d).find("not JSON") != std::string::npos);
  }
  CHECK(cases == 14);
}

TEST_CASE("certificates: without a parity token, one formula within each "
          "parity") {
  // A Klotski board (no token: a block's move need not flip a colour),
  // its layers not allowed: horizons m - 1, m - 3, ... and m, m - 2, ...
  // by the formulas within m - 1 and within m.
  test::TempDir dir("satslide-within-");
  const auto puzzle = test::klotski_slide("AB.C/DD.C/EE..", "D");
  const planner::PlannerResult result = planner::solve(*puzzle, {});
  REQUIRE(result.optimal);
  REQUIRE(result.plan.size() >= 3);
  planner::CertifyOptions c;
  c.dir = dir.path + "/k";
  c.version = "test";
  c.max_layer_positions = 0;
  const auto summary = planner::certify(*puzzle, result, c);
  CHECK(summary.parity_horizons == 0);
  CHECK(summary.drat_proofs == 2);
  CHECK(summary.drat_horizons == static_cast<int>(result.plan.size()));
  CHECK(summary.no_plan_up_to == static_cast<int>(result.plan.size()) - 1);
  const verify::Verdict v = verify::verify_certificate(c.dir);
  CHECK_MESSAGE(v.certified, v.refusal);
  CHECK(v.optimal);
  CHECK(v.drat_proofs == 2);
}

TEST_CASE("certificates: layers verify, and a position removed is refused") {
  test::TempDir dir("satslide-layers-");
  const std::string good = dir.path + "/good";
  const auto c = certified("[8,1,3,4,0,2,7,6,5]", good, 1'000'000);
  CHECK(c.layer_horizons == 14); // 0..13
  CHECK(c.drat_horizons == 0);
  const verify::Verdict v = verify::verify_certificate(good);
  CHECK_MESSAGE(v.certified, v.refusal);
  CHECK(v.layer_positions == c.layer_positions);
  // Too few positions allowed: by proofs instead.
  const auto by_proofs = certified("[8,1,3,4,0,2,7,6,5]", dir.path + "/p", 10);
  CHECK(by_proofs.layer_horizons == 0);
  CHECK(by_proofs.drat_horizons == 7);
  CHECK(by_proofs.drat_proofs == 1);
  // The last position of layer 5 removed (its count cut by one).
  const std::string d = dir.path + "/removed";
  fs::copy(good, d);
  std::ifstream in(d + "/layers.bin", std::ios::binary);
  verify::Layers layers = verify::read_layers(in, "layers.bin");
  in.close();
  layers.layers[5].resize(layers.layers[5].size() - layers.bytes);
  std::ofstream out(d + "/layers.bin", std::ios::binary);
  verify::write_layers(out, layers);
  out.close();
  rewrite(d, manifest(d));
  CHECK(refusal(d).find("leads to a position in no layer up to 5") !=
        std::string::npos);
  // The goal added to the last layer.
  const std::string g = dir.path + "/goal";
  fs::copy(good, g);
  const auto puzzle = eight("[8,1,3,4,0,2,7,6,5]");
  const task::Task task = puzzle->compile();
  task::State goal(task.num_fluents(), 0);
  for (int f : task.goal) {
    goal[f] = 1;
  }
  std::ifstream gin(g + "/layers.bin", std::ios::binary);
  verify::Layers more = verify::read_layers(gin, "layers.bin");
  gin.close();
  const auto packed = verify::pack(goal);
  more.layers.back().insert(more.layers.back().end(), packed.begin(),
                            packed.end());
  std::ofstream gout(g + "/layers.bin", std::ios::binary);
  verify::write_layers(gout, more);
  gout.close();
  rewrite(g, manifest(g));
  CHECK(refusal(g).find("meets the goal") != std::string::npos);
}

TEST_CASE("certificates: an unsolvable board's, by the permutation parity") {
  test::TempDir dir("satslide-unsolvable-");
  const auto puzzle = eight("[2,1,3,4,5,6,7,8,0]");
  const planner::PlannerResult result = planner::solve(*puzzle, {});
  REQUIRE(result.status == planner::Status::unsolvable);
  planner::CertifyOptions c;
  c.dir = dir.path + "/u";
  c.version = "test";
  const auto summary = planner::certify(*puzzle, result, c);
  CHECK(summary.unsolvable);
  CHECK(summary.not_certified.empty());
  const verify::Verdict v = verify::verify_certificate(c.dir);
  CHECK_MESSAGE(v.certified, v.refusal);
  CHECK(v.unsolvable);
  CHECK(v.words.find("certified: unsolvable") == 0);
  // The same claim for a solvable board is refused.
  Json m = manifest(c.dir);
  m["instance"]["params"]["board"] = "1,2,3,4,5,6,0,7,8";
  rewrite(c.dir, m);
  CHECK(refusal(c.dir).find("does not show it") != std::string::npos);
}
