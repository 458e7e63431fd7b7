#include "satslide/verify/split_cover.hpp"
#include "satslide/verify/cnf_reader.hpp"
#include "satslide/verify/frontier.hpp"
#include "satslide/verify/layers.hpp"

#include "satslide/puzzles/families.hpp"

#include <algorithm>
#include <unordered_map>

namespace satslide::verify {

namespace {

// Each certified cube's start, packed, with the most it shows (a
// position certified twice keeps the larger); throws Refused for a cube
// of other rules or goal.
std::unordered_map<std::string, int>
shown_from(const task::Task &start, const std::vector<CertifiedCube> &cubes) {
  std::unordered_map<std::string, int> shown;
  for (const CertifiedCube &c : cubes) {
    const task::Task cube = puzzles::make_puzzle(c.instance)->compile();
    if (!same_rules(start, cube)) {
      throw Refused("a cube's certificate is of another puzzle or goal than "
                    "the split's start");
    }
    const std::vector<uint8_t> p = pack(cube.initial_state());
    const std::string key(reinterpret_cast<const char *>(p.data()), p.size());
    auto [it, added] = shown.emplace(key, c.no_plan_up_to);
    it->second = std::max(it->second, c.no_plan_up_to);
  }
  return shown;
}

} // namespace

SplitCover check_split_cover(const task::Task &start, const ParityToken &token,
                             int depth, int claim,
                             const std::vector<CertifiedCube> &cubes,
                             const std::function<bool()> &stop) {
  SplitCover c;
  const std::vector<std::string> layer =
      positions_at(start, depth, stop, &c.goal_depth);
  if (c.goal_depth >= 0) {
    c.shown = c.goal_depth - 1;
    return c;
  }
  c.positions = static_cast<long>(layer.size());
  const int lengths = claim - depth;
  if (lengths < 0) { // the claim is within what the search itself shows
    c.shown = depth - 1;
    return c;
  }
  const auto certified = shown_from(start, cubes);
  const LengthParity parity(start, token);
  const MoveBound bound(start, parity.colours());
  int least_shown = lengths; // the fewest lengths every position shows
  for (const std::string &key : layer) {
    const auto *p = reinterpret_cast<const uint8_t *>(key.data());
    const auto it = certified.find(key);
    const int by_proof = it == certified.end() ? -1 : it->second;
    const int residue = parity.at(p), least = bound.at(p);
    int j = 0; // the first length not excluded
    while (j <= lengths &&
           (j <= by_proof || j % 2 != residue || j < least)) {
      ++j;
    }
    least_shown = std::min(least_shown, j - 1);
    if (j <= lengths) {
      ++c.uncovered;
    } else if (by_proof >= 0) {
      ++c.by_certificate;
    } else {
      ++c.by_bound;
    }
  }
  c.shown = depth + least_shown;
  return c;
}

} // namespace satslide::verify
