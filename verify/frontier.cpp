#include "satslide/verify/frontier.hpp"
#include "satslide/verify/cnf_reader.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/task_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace satslide::verify {

namespace {

const uint8_t *bytes_of(const std::string &key) {
  return reinterpret_cast<const uint8_t *>(key.data());
}

} // namespace

std::vector<std::string> positions_at(const task::Task &task, int depth,
                                      const std::function<bool()> &stop,
                                      int *goal_depth) {
  const std::vector<uint8_t> start = pack(task.initial_state());
  const std::size_t b = start.size();
  std::unordered_set<std::string> seen;
  std::vector<std::string> layer = {
      std::string(reinterpret_cast<const char *>(start.data()), b)};
  seen.insert(layer[0]);
  const auto goal_in = [&](const std::vector<std::string> &keys) {
    return std::any_of(keys.begin(), keys.end(), [&](const std::string &k) {
      return std::all_of(task.goal.begin(), task.goal.end(),
                         [&](int f) { return holds(bytes_of(k), f); });
    });
  };
  if (goal_depth) {
    *goal_depth = -1;
  }
  for (int d = 0; d < depth; ++d) {
    if (goal_depth && *goal_depth < 0 && goal_in(layer)) {
      *goal_depth = d;
    }
    std::vector<std::string> next;
    for (const std::string &key : layer) {
      const uint8_t *p = bytes_of(key);
      for (const task::Action &a : task.actions) {
        if (!std::all_of(a.pre.begin(), a.pre.end(),
                         [&](int f) { return holds(p, f); })) {
          continue;
        }
        std::string n(b, '\0');
        apply_packed(a, p, reinterpret_cast<uint8_t *>(n.data()), b);
        if (seen.insert(n).second) {
          next.push_back(std::move(n));
        }
      }
      if (static_cast<long>(seen.size()) > k_frontier_max_positions ||
          ((seen.size() & 0xfff) == 0 && stop && stop())) {
        throw Refused(fmt::format(
            "the frontier at depth {}: stopped, or more than {} positions "
            "within it", depth, k_frontier_max_positions));
      }
    }
    layer = std::move(next);
  }
  return layer;
}

bool same_rules(const task::Task &task, const task::Task &other) {
  if (task.fluents != other.fluents || task.goal != other.goal ||
      task.actions.size() != other.actions.size()) {
    return false;
  }
  for (std::size_t i = 0; i < task.actions.size(); ++i) {
    const task::Action &a = task.actions[i], &b = other.actions[i];
    if (a.name != b.name || a.pre != b.pre || a.add != b.add ||
        a.del != b.del) {
      return false;
    }
  }
  return true;
}

LengthParity::LengthParity(const task::Task &task, const ParityToken &token)
    : m_colour(token_colours(task, token)) {
  plan_parity(task, token); // every move flips the token's colour
  for (int f : task.goal) {
    if (m_colour[f] >= 0) {
      m_goal_colour = m_colour[f];
    }
  }
}

int LengthParity::at(const uint8_t *p) const {
  for (std::size_t f = 0; f < m_colour.size(); ++f) {
    if (m_colour[f] >= 0 && holds(p, static_cast<int>(f))) {
      return (m_colour[f] + m_goal_colour) % 2;
    }
  }
  throw Refused("a position holds no fluent of the parity token");
}

FrontierCheck check_frontier(
    const task::Task &task, const Manifest &m, int lengths,
    const std::function<std::string(const Manifest::CubeHorizon &)>
        &cube_refuted,
    const std::function<bool()> &stop) {
  const LengthParity parity(task, m.parity);
  const std::vector<std::string> layer =
      positions_at(task, m.frontier_depth, stop);
  std::unordered_map<std::string, std::vector<char>> shown;
  for (const std::string &key : layer) {
    shown.emplace(key, std::vector<char>(std::max(lengths + 1, 0), 0));
  }
  FrontierCheck c;
  for (const auto &cube : m.cube_horizons) {
    const auto it = shown.find(cube_refuted(cube));
    if (it == shown.end()) {
      throw Refused(cube.cnf + ": its start is no position at distance " +
                    std::to_string(m.frontier_depth) + " from the instance's");
    }
    if (cube.horizon >= 0 && cube.horizon <= lengths) {
      c.by_drat += !it->second[cube.horizon];
      it->second[cube.horizon] = 1;
    }
  }
  const MoveBound bound(task, parity.colours());
  long n = 0;
  for (const std::string &key : layer) {
    ++n;
    const uint8_t *p = bytes_of(key);
    const int residue = parity.at(p);
    const int least = bound.at(p);
    const std::vector<char> &by_proof = shown.at(key);
    for (int j = 0; j <= lengths; ++j) {
      if (j % 2 != residue) {
        ++c.by_parity;
      } else if (j < least) {
        ++c.by_bound;
      } else if (!by_proof[j]) {
        throw Refused(fmt::format(
            "frontier position {} of {} at depth {}: nothing shows that no "
            "plan of {} moves leads from it to the goal",
            n, layer.size(), m.frontier_depth, j));
      }
    }
  }
  c.positions = static_cast<long>(layer.size());
  return c;
}

} // namespace satslide::verify
