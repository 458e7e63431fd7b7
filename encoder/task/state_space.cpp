#include "encoder/task/state_space.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>

namespace satslide::encoder {

namespace {

// A state as a bit per fluent, a byte at a time (a third of a short
// search's time went to a branch per fluent).
std::string pack(const State &s) {
  const std::size_t n = s.size();
  std::string key((n + 7) / 8, '\0');
  std::size_t f = 0;
  for (std::size_t byte = 0; f + 8 <= n; ++byte, f += 8) {
    unsigned bits = 0;
    for (unsigned b = 0; b < 8; ++b) {
      bits |= static_cast<unsigned>(s[f + b] != 0) << b;
    }
    key[byte] = static_cast<char>(bits);
  }
  for (; f < n; ++f) {
    key[f / 8] = static_cast<char>(
        key[f / 8] | (static_cast<unsigned>(s[f] != 0) << (f % 8)));
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
    // try_emplace: no node made for a state already found (most are).
    const auto [it, added] =
        m_index.try_emplace(pack(s), static_cast<int>(m_keys.size()));
    if (added) {
      m_keys.push_back(&it->first);
      m_parent.push_back({parent, action});
    }
    return added;
  }
  long size() const { return static_cast<long>(m_keys.size()); }
  // The index of a state found, or -1.
  long find(const State &s) const {
    const auto it = m_index.find(pack(s));
    return it == m_index.end() ? -1 : it->second;
  }
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
// in the same place: one move between two positions, as TLC counts it),
// in the order of the positions. Only the actions whose first
// precondition holds are tried (a car's or a tile's place: a few of
// hundreds).
class Successors {
public:
  explicit Successors(const Task &task)
      : m_task(task), m_by_first_pre(task.num_fluents()) {
    for (int a = 0; a < task.num_actions(); ++a) {
      const std::vector<int> &pre = task.actions[a].pre;
      (pre.empty() ? m_always : m_by_first_pre[pre.front()]).push_back(a);
    }
  }

  std::vector<std::pair<State, int>> of(const State &s) const {
    std::vector<int> actions = m_always;
    for (int f = 0; f < static_cast<int>(s.size()); ++f) {
      if (s[f]) {
        for (int a : m_by_first_pre[f]) {
          if (m_task.applicable(s, a)) {
            actions.push_back(a);
          }
        }
      }
    }
    std::sort(actions.begin(), actions.end()); // the first action first
    std::vector<std::pair<State, int>> next;
    next.reserve(actions.size());
    for (int a : actions) {
      next.emplace_back(m_task.apply(s, a), a);
    }
    // By position, ties in action order: an insertion sort, for a
    // position has a handful of moves.
    std::vector<int> order;
    order.reserve(next.size());
    for (int i = 0; i < static_cast<int>(next.size()); ++i) {
      auto at = order.end();
      while (at != order.begin() && next[i].first < next[*(at - 1)].first) {
        --at;
      }
      order.insert(at, i);
    }
    std::vector<std::pair<State, int>> unique;
    unique.reserve(next.size());
    for (int i : order) {
      if (unique.empty() || unique.back().first != next[i].first) {
        unique.push_back(std::move(next[i]));
      }
    }
    return unique;
  }

private:
  const Task &m_task;
  std::vector<int> m_always; // no precondition
  std::vector<std::vector<int>> m_by_first_pre;
};

// How the expansion of a layer ended.
enum class LayerEnd {
  expanded, // every position of the layer
  stopped,  // options.poll said so
  goal,     // the first goal found, with options.stop_at_goal
  limit,    // options.max_states positions found
};

// Expands positions [begin, end) of `found`, the layer at `depth`, into
// the next layer, counting moves and goals in `space`.
LayerEnd expand_from_start(const Task &task, const Successors &successors,
                           const SpaceOptions &options, Found &found,
                           long begin, long end, int depth, StateSpace &space) {
  for (long i = begin; i < end; ++i) {
    if (options.poll && ((i - begin) & 0xFFFF) == 0xFFFF &&
        options.poll(depth, found.size())) {
      return LayerEnd::stopped;
    }
    for (const auto &[next, a] : successors.of(found.state(i))) {
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
            return LayerEnd::goal;
          }
        }
      }
      if (options.max_states > 0 && found.size() >= options.max_states) {
        return LayerEnd::limit;
      }
    }
  }
  return LayerEnd::expanded;
}

} // namespace

StateSpace explore_space(const Task &task, const SpaceOptions &options) {
  const Successors successors(task);
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
    const LayerEnd ended = expand_from_start(task, successors, options, found,
                                             begin, end, depth, space);
    space.positions = found.size();
    if (ended != LayerEnd::expanded) {
      space.stopped = ended == LayerEnd::stopped;
      space.limit_reached = ended == LayerEnd::limit;
      if (ended != LayerEnd::stopped) {
        space.depth = depth + 1;
      }
      return space;
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
      return space;
    }
  }
  space.complete = true;
  return space;
}

Frontier frontier_at(const Task &task, int depth,
                     const SpaceOptions &options) {
  const Successors successors(task);
  Frontier out;
  StateSpace &space = out.space;
  Found found(task.num_fluents());
  found.add(task.initial_state(), -1, -1);
  space.per_depth.push_back(1);
  if (task.satisfies_goal(task.initial_state())) {
    space.goal_distance = 0;
    out.goal_plan = Plan{};
    space.positions = 1;
    return out;
  }
  long begin = 0, end = 1;
  for (int d = 0; d < depth && begin < end; ++d) {
    for (long i = begin; i < end; ++i) {
      if (options.poll && ((i - begin) & 0xFFFF) == 0xFFFF &&
          options.poll(d, found.size())) {
        space.stopped = true;
        space.positions = found.size();
        return out;
      }
      for (const auto &[next, a] : successors.of(found.state(i))) {
        ++space.moves;
        if (!found.add(next, static_cast<int>(i), a)) {
          continue;
        }
        if (task.satisfies_goal(next)) {
          space.goal_distance = d + 1;
          space.depth = d + 1;
          space.positions = found.size();
          out.goal_plan = found.plan_to(found.size() - 1);
          return out;
        }
        if (options.max_states > 0 && found.size() >= options.max_states) {
          space.limit_reached = true;
          space.positions = found.size();
          return out;
        }
      }
    }
    begin = end;
    end = found.size();
    space.per_depth.push_back(end - begin);
    space.depth = d + 1;
  }
  space.complete = begin == end; // the space ended before `depth`
  space.positions = found.size();
  out.states = StateTable(task.num_fluents());
  out.paths = PathTable(depth);
  out.states.reserve(static_cast<std::size_t>(end - begin));
  for (long i = begin; i < end; ++i) {
    out.states.push_back(found.state(i));
    out.paths.push_back(found.plan_to(i));
  }
  return out;
}

std::optional<State> single_goal_state(const Task &task) {
  std::vector<char> covered(task.num_fluents(), 0);
  State goal(task.num_fluents(), 0);
  for (int f : task.goal) {
    goal[f] = 1;
  }
  for (const auto &group : task.exactly_one) {
    int named = 0;
    for (int f : group) {
      covered[f] = 1;
      named += goal[f];
    }
    if (named != 1) {
      return std::nullopt;
    }
  }
  if (std::count(covered.begin(), covered.end(), 0) > 0) {
    return std::nullopt;
  }
  return goal;
}

namespace {

// One side of the bidirectional search: positions found and its layer.
struct Side {
  explicit Side(const Task &task, const State &root)
      : found(task.num_fluents()) {
    found.add(root, -1, -1);
  }
  Found found;
  long begin = 0, end = 1; // the current layer
  int depth = 0;
};

// The shortest meeting of one side's new positions with the other side:
// where it is in each (-1: none yet) and the plan's length through it.
struct Meeting {
  long length = -1, here = -1, there = -1;
};

// Expands `side`'s current layer, counting moves, and keeps the shortest
// meeting with `other`. False if the positions limit stopped it first,
// before any meeting.
bool expand_layer(const Successors &successors, Side &side, const Side &other,
                  long limit, StateSpace &space, Meeting &best) {
  for (long i = side.begin; i < side.end; ++i) {
    for (const auto &[next, a] : successors.of(side.found.state(i))) {
      ++space.moves;
      const bool added = side.found.add(next, static_cast<int>(i), a);
      const long there = other.found.find(next);
      if (there < 0) {
        continue;
      }
      const long here = added ? side.found.size() - 1 : side.found.find(next);
      const long length = static_cast<long>(side.found.plan_to(here).size() +
                                            other.found.plan_to(there).size());
      if (best.length < 0 || length < best.length) {
        best = {length, here, there};
      }
    }
    if (limit > 0 && side.found.size() + other.found.size() >= limit &&
        best.length < 0) {
      return false;
    }
  }
  return true;
}

// Positions stored by the two sides together.
long stored(const Side (&sides)[2]) {
  return sides[0].found.size() + sides[1].found.size();
}

// `space` ended where the two sides meet: the plan forward to the meeting
// position, then the backward side's path to it undone, from the meeting
// position to the goal.
StateSpace met(const Task &task, const Side (&sides)[2], long at_forward,
               long at_backward, StateSpace space) {
  space.plan = sides[0].found.plan_to(at_forward);
  const Plan back = sides[1].found.plan_to(at_backward);
  for (auto a = back.rbegin(); a != back.rend(); ++a) {
    space.plan.push_back(task.inverse[*a]);
  }
  space.goal_distance = static_cast<int>(space.plan.size());
  space.goal_positions = 1;
  space.positions = stored(sides);
  return space;
}

} // namespace

std::optional<StateSpace> search_bidirectional(const Task &task,
                                               const SpaceOptions &options) {
  const std::optional<State> goal = single_goal_state(task);
  if (!goal || task.inverse.size() != task.actions.size() ||
      std::count(task.inverse.begin(), task.inverse.end(), -1) > 0) {
    return std::nullopt;
  }
  const Successors successors(task);
  StateSpace space;
  const State start = task.initial_state();
  Side sides[2] = {Side(task, start), Side(task, *goal)};
  const auto done = [&](long at_forward, long at_backward) {
    return met(task, sides, at_forward, at_backward, space);
  };
  if (start == *goal) {
    return done(0, 0);
  }
  for (;;) {
    // Expand the smaller layer; the first layer that meets the other side
    // is finished, and its shortest meeting kept.
    const int k = sides[0].end - sides[0].begin <= sides[1].end - sides[1].begin
                      ? 0
                      : 1;
    Side &side = sides[k];
    Meeting best;
    if (!expand_layer(successors, side, sides[1 - k], options.max_states, space,
                      best)) {
      space.limit_reached = true;
      space.positions = stored(sides);
      space.depth = sides[0].depth + sides[1].depth;
      return space;
    }
    if (best.length >= 0) {
      return k == 0 ? done(best.here, best.there) : done(best.there, best.here);
    }
    side.begin = side.end;
    side.end = side.found.size();
    ++side.depth;
    space.depth = sides[0].depth + sides[1].depth;
    if (side.begin == side.end) {
      space.complete = true; // one side is exhausted: the two never meet
      space.positions = stored(sides);
      return space;
    }
    if (options.on_layer && options.on_layer(space.depth, stored(sides))) {
      space.stopped = true;
      space.positions = stored(sides);
      return space;
    }
  }
}

} // namespace satslide::encoder
