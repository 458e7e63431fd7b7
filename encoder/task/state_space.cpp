#include "encoder/task/state_space.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace satslide::encoder {

namespace {

// A state as a bit per fluent.
std::string pack(const State &s) {
  std::string key((s.size() + 7) / 8, '\0');
  for (std::size_t f = 0; f < s.size(); ++f) {
    if (s[f]) {
      key[f / 8] = static_cast<char>(key[f / 8] | (1 << (f % 8)));
    }
  }
  return key;
}

State unpack(const std::string &key, int fluents) {
  State s(fluents, 0);
  for (int f = 0; f < fluents; ++f) {
    s[f] = (key[f / 8] >> (f % 8)) & 1;
  }
  return s;
}

// Positions in the order found (so layer by layer), with their parents
// and the action that led to each.
class Found {
public:
  explicit Found(int fluents) : m_fluents(fluents) {}

  bool add(const State &s, int parent, int action) {
    const auto [it, added] =
        m_index.emplace(pack(s), static_cast<int>(m_keys.size()));
    if (added) {
      m_keys.push_back(&it->first);
      m_parent.push_back({parent, action});
    }
    return added;
  }
  long size() const { return static_cast<long>(m_keys.size()); }
  State state(long i) const { return unpack(*m_keys[i], m_fluents); }

  Plan plan_to(long i) const {
    Plan reversed;
    for (long at = i; m_parent[at].first >= 0; at = m_parent[at].first) {
      reversed.push_back(m_parent[at].second);
    }
    return Plan(reversed.rbegin(), reversed.rend());
  }

private:
  int m_fluents;
  std::unordered_map<std::string, int> m_index;
  std::vector<const std::string *> m_keys; // node-based map: stable
  std::vector<std::pair<int, int>> m_parent; // (parent index, action)
};

// The positions one move away, each once with the first action that
// leads there (under the piece metric several paths of a piece can end
// in the same place: one move between two positions, as TLC counts it).
std::vector<std::pair<State, int>> successors(const Task &task,
                                              const State &s) {
  std::vector<std::pair<State, int>> next;
  for (int a = 0; a < task.num_actions(); ++a) {
    if (task.applicable(s, a)) {
      next.emplace_back(task.apply(s, a), a);
    }
  }
  std::stable_sort(next.begin(), next.end(),
                   [](auto &x, auto &y) { return x.first < y.first; });
  next.erase(std::unique(next.begin(), next.end(),
                         [](auto &x, auto &y) { return x.first == y.first; }),
             next.end());
  return next;
}

} // namespace

StateSpace explore_space(const Task &task, const SpaceOptions &options) {
  StateSpace space;
  Found found(task.num_fluents());
  const State start = task.initial_state();
  found.add(start, -1, -1);
  space.per_depth.push_back(1);
  if (task.satisfies_goal(start)) {
    space.goal_positions = 1;
    space.goal_distance = 0;
    if (options.stop_at_goal) {
      space.positions = 1;
      return space;
    }
  }
  long begin = 0, end = 1;
  for (int depth = 0; begin < end; ++depth) {
    for (long i = begin; i < end; ++i) {
      const State s = found.state(i);
      for (const auto &[next, a] : successors(task, s)) {
        ++space.moves;
        if (!found.add(next, static_cast<int>(i), a)) {
          continue;
        }
        if (task.satisfies_goal(next)) {
          ++space.goal_positions;
          if (space.goal_distance < 0) {
            space.goal_distance = depth + 1;
            if (options.stop_at_goal) {
              space.plan = found.plan_to(found.size() - 1);
              space.positions = found.size();
              space.depth = depth + 1;
              return space;
            }
          }
        }
        if (options.max_states > 0 && found.size() >= options.max_states) {
          space.limit_reached = true;
          space.positions = found.size();
          space.depth = depth + 1;
          return space;
        }
      }
    }
    begin = end;
    end = found.size();
    if (begin == end) {
      break; // no new layer: the space is complete
    }
    space.per_depth.push_back(end - begin);
    space.depth = depth + 1;
    if (options.on_layer && options.on_layer(depth + 1, found.size())) {
      space.stopped = true;
      space.positions = found.size();
      return space;
    }
  }
  space.complete = true;
  space.positions = found.size();
  return space;
}

} // namespace satslide::encoder
