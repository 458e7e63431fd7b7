// Frontier certificates (verify/frontier.hpp): the lengths from a depth
// on shown through the positions at that distance, each length from each
// by parity, the checker's own bound or its cube's CNF and proof. One of
// an 8-puzzle's optimum verifies with the counts the writer gave; each
// forgery of it is refused; and the checker's bound is admissible over
// whole spaces.
#include "satslide/planner/certify.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/search/state_space.hpp"
#include "satslide/verify/certificate_check.hpp"
#include "satslide/verify/frontier.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/task_checks.hpp"
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

using test::npuzzle;

// 14 moves (certificates' test board): horizons 0..3 on their own, 4..13
// through the 8-puzzle's positions 4 moves from its start (the layers
// of the whole space would be written otherwise: the frontier is asked
// for, so it comes first). Deeper, the checker's tables (7 tiles and 1)
// leave no length of any position to a proof.
constexpr const char *k_board = "8 1 3 4 0 2 7 6 5";
constexpr int k_depth = 4;

planner::CertificateSummary certified(const std::string &dir,
                                      int depth = k_depth) {
  const auto puzzle = npuzzle(k_board, 3, 3);
  const planner::PlannerResult result = planner::solve(*puzzle, {});
  REQUIRE(result.optimal);
  REQUIRE(result.plan.size() == 14);
  planner::CertifyOptions c;
  c.dir = dir;
  c.version = "test";
  c.max_layer_positions = 0; // not the whole space's layers
  c.frontier_depth = depth;
  return planner::certify(*puzzle, result, c);
}

Json manifest(const std::string &dir) {
  std::ifstream in(dir + "/manifest.json");
  return Json::parse(in);
}

// The manifest written back with every listed file's size and hash as
// they are now, so that the check itself must catch a forgery.
void rewrite(const std::string &dir, Json m) {
  Json kept = Json::array();
  for (auto &f : m["files"]) {
    const std::string name = dir + "/" + f["name"].get<std::string>();
    if (!fs::exists(name)) {
      continue;
    }
    const auto d = verify::digest_file(name);
    f["bytes"] = d.bytes;
    f["sha256"] = d.sha256;
    kept.push_back(f);
  }
  m["files"] = kept;
  std::ofstream(dir + "/manifest.json") << m.dump(2);
}

std::string refusal(const std::string &dir) {
  const verify::Verdict v = verify::verify_certificate(dir);
  CHECK_FALSE(v.certified);
  return v.refusal;
}

bool says(const std::string &text, const std::string &part) {
  if (text.find(part) == std::string::npos) {
    MESSAGE("refusal: " << text);
    return false;
  }
  return true;
}

} // namespace

TEST_CASE("frontier certificates: an 8-puzzle's optimum through depth 4 "
          "verifies, with the writer's counts") {
  test::TempDir dir("satslide-frontier-");
  const std::string good = dir.path + "/good";
  const planner::CertificateSummary s = certified(good);
  CHECK(s.not_certified.empty());
  CHECK(s.no_plan_up_to == 13);
  CHECK(s.frontier_depth == k_depth);
  CHECK(s.drat_horizons == 2); // 0, 2: the odd ones by parity
  CHECK(s.cube_drats > 0);     // some lengths need their proof
  const auto puzzle = npuzzle(k_board, 3, 3);
  const task::Task task = puzzle->compile();
  const auto layer = verify::positions_at(task, k_depth, {});
  CHECK(s.frontier_positions == static_cast<long>(layer.size()));
  CHECK(layer.size() > 5);
  const verify::Verdict v = verify::verify_certificate(good);
  REQUIRE_MESSAGE(v.certified, v.refusal);
  CHECK(v.optimal);
  CHECK(v.frontier_depth == k_depth);
  CHECK(v.frontier_horizons == 10); // 4..13
  CHECK(v.frontier_positions == s.frontier_positions);
  CHECK(v.cube_drats == s.cube_drats);
  CHECK(v.frontier_by_bound > 0); // the bound spares some proofs
  CHECK(says(v.words, "through the"));
  // Each cube proof is one length of one position: fewer than the
  // (position, length) pairs of the parity the bound leaves.
  CHECK(s.cube_drats < static_cast<long>(layer.size()) * 4);
}

TEST_CASE("frontier certificates: every forgery is refused") {
  test::TempDir dir("satslide-frontier-forged-");
  const std::string good = dir.path + "/good";
  constexpr int depth = k_depth; // lengths from it by their proofs
  certified(good, depth);
  const Json original = manifest(good);
  REQUIRE(original["frontier"]["cubes"].size() >= 2);
  int cases = 0;
  const auto copy = [&](const std::string &name) {
    const std::string to = dir.path + "/" + name;
    fs::copy(good, to);
    ++cases;
    return to;
  };
  const auto cube_file = [&](int i, const char *key) {
    return original["frontier"]["cubes"][i][key].get<std::string>();
  };
  {
    const auto d = copy("dropped"); // a cube's proof left out
    Json m = manifest(d);
    fs::remove(d + "/" + cube_file(0, "cnf"));
    fs::remove(d + "/" + cube_file(0, "drat"));
    m["frontier"]["cubes"].erase(0);
    rewrite(d, m);
    CHECK(says(refusal(d), "nothing shows that no plan of"));
  }
  {
    const auto d = copy("swapped"); // a cube's files replaced by another's
    fs::copy_file(d + "/" + cube_file(1, "cnf"), d + "/" + cube_file(0, "cnf"),
                  fs::copy_options::overwrite_existing);
    fs::copy_file(d + "/" + cube_file(1, "drat"),
                  d + "/" + cube_file(0, "drat"),
                  fs::copy_options::overwrite_existing);
    rewrite(d, manifest(d));
    const std::string why = refusal(d);
    CHECK((says(why, "nothing shows") || says(why, "another instance")));
  }
  {
    const auto d = copy("depth"); // the frontier said to be one shallower
    Json m = manifest(d);
    m["frontier"]["depth"] = depth - 1;
    rewrite(d, m);
    CHECK(says(refusal(d), "no position at distance 3"));
  }
  {
    const auto d = copy("short"); // horizon 2 said to go through it
    Json m = manifest(d);
    for (auto &h : m["horizons"]) {
      if (h["horizon"] == 2) {
        h = {{"horizon", 2}, {"proof", "frontier"}};
      }
    }
    rewrite(d, m);
    CHECK(says(refusal(d), "which no plan that short reaches"));
  }
  {
    const auto d = copy("truncated"); // a cube's proof cut in half
    const std::string name = cube_file(0, "drat");
    const std::string proof = test::read_file(d + "/" + name);
    std::ofstream(d + "/" + name, std::ios::binary)
        << proof.substr(0, proof.size() / 2);
    rewrite(d, manifest(d));
    CHECK(says(refusal(d), name));
  }
  {
    const auto d = copy("longer"); // a frontier row past what it shows
    Json m = manifest(d);
    m["horizons"].push_back({{"horizon", 14}, {"proof", "frontier"}});
    rewrite(d, m);
    CHECK(says(refusal(d), "nothing shows that no plan of 10 moves"));
  }
  {
    const auto d = copy("orphans"); // cube proofs, no horizon through them
    Json m = manifest(d);
    Json kept = Json::array();
    for (const auto &h : m["horizons"]) {
      if (h["proof"] != "frontier") {
        kept.push_back(h);
      }
    }
    m["horizons"] = kept;
    m["claim"]["no_plan_up_to"] = depth - 1;
    rewrite(d, m);
    CHECK(says(refusal(d), "no horizon rests on the frontier"));
  }
  CHECK(cases == 7);
}

TEST_CASE("frontier certificates: the checker's bound is admissible over "
          "whole 2x4 and 3x3 spaces, and its tables above the Manhattan "
          "distance") {
  struct Space {
    const char *goal;
    int rows, cols;
    long positions;       // half the permutations: the solvable ones
    std::size_t patterns; // the tiles in tables of at most 2^24 entries
  };
  for (const Space s : {Space{"1 2 3 4 5 6 7 0", 2, 4, 20'160, 1},
                        Space{"1 2 3 4 5 6 7 8 0", 3, 3, 181'440, 2}}) {
    CAPTURE(s.rows);
    // From the goal, the positions at distance d are d moves from it.
    const auto puzzle = npuzzle(s.goal, s.rows, s.cols);
    const task::Task task = puzzle->compile();
    const auto token = planner::find_parity_token(task);
    REQUIRE(token);
    const auto colours = verify::token_colours(task, *token);
    const verify::MoveBound bound(task, colours);
    const verify::MoveBound manhattan(task, colours, 1); // each tile alone
    const auto tiles = static_cast<std::size_t>(s.rows * s.cols - 1);
    CHECK(bound.groups() == tiles);
    CHECK(bound.patterns() == s.patterns); // 2x4: 7; 3x3: 7 and 1
    CHECK(manhattan.patterns() == tiles);
    // Every layer at once, breadth first (the search room's, not the
    // checker's): a key's words, little-endian, are a packed position.
    const auto layers = search::layers_within(task, 40, 1'000'000, {});
    REQUIRE(layers);
    long seen = 0, stronger = 0, exact = 0;
    int highest = 0;
    std::size_t begin = 0;
    for (std::size_t d = 0; d < layers->layer_end.size(); ++d) {
      for (std::size_t i = begin; i < layers->layer_end[d]; ++i) {
        const auto *p = reinterpret_cast<const uint8_t *>(layers->keys[i]);
        const int h = bound.at(p), m = manhattan.at(p);
        REQUIRE(h <= static_cast<int>(d));
        REQUIRE(m <= h);
        if (d == 1) { // one tile one cell away
          CHECK(m == 1);
        }
        stronger += h > m;
        exact += h == static_cast<int>(d);
        highest = std::max(highest, h);
        ++seen;
      }
      begin = layers->layer_end[d];
    }
    CHECK(seen == s.positions);
    CHECK(highest >= 12); // a real bound, not 0
    CHECK(stronger > s.positions / 10);
    if (s.patterns == 1) {
      // Every tile in one table: the free cell is the blank's, so the
      // table's moves are the puzzle's and the bound is the distance.
      CHECK(exact == s.positions);
    }
  }
}
