#include "satslide/search/state_space.hpp"

#include "satslide/search/key_set.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace satslide::search {

namespace {

// The task over packed states: a bit a fluent (fluent f is bit f % 64 of
// word f / 64), each action's precondition, adds and deletes as masks of
// the same words, so that trying, applying and comparing a move are a few
// word operations. (As a State, a char a fluent, each move's position was
// copied, compared and packed again: most of a short search's time.)
class PackedTask {
public:
  explicit PackedTask(const task::Task &task)
      : m_fluents(task.num_fluents()),
        m_words(std::max<std::size_t>(
            1, (static_cast<std::size_t>(task.num_fluents()) + 63) / 64)),
        m_pre(task.actions.size() * m_words, 0),
        m_add(task.actions.size() * m_words, 0),
        m_del(task.actions.size() * m_words, 0), m_goal(m_words, 0) {
    const auto set = [this](std::uint64_t *words, int f) {
      words[f / 64] |= std::uint64_t{1} << (f % 64);
    };
    for (std::size_t a = 0; a < task.actions.size(); ++a) {
      for (int f : task.actions[a].pre) {
        set(&m_pre[a * m_words], f);
      }
      for (int f : task.actions[a].add) {
        set(&m_add[a * m_words], f);
      }
      for (int f : task.actions[a].del) {
        set(&m_del[a * m_words], f);
      }
    }
    for (int f : task.goal) {
      set(m_goal.data(), f);
    }
  }

  std::size_t words() const { return m_words; }

  std::vector<std::uint64_t> pack(const task::State &s) const {
    std::vector<std::uint64_t> key(m_words, 0);
    for (std::size_t f = 0; f < s.size(); ++f) {
      key[f / 64] |= static_cast<std::uint64_t>(s[f] != 0) << (f % 64);
    }
    return key;
  }
  task::State unpack(const std::uint64_t *key) const {
    task::State s(static_cast<std::size_t>(m_fluents), 0);
    for (int f = 0; f < m_fluents; ++f) {
      s[f] = static_cast<char>((key[f / 64] >> (f % 64)) & 1);
    }
    return s;
  }

  bool applicable(const std::uint64_t *s, int a) const {
    const std::uint64_t *pre = &m_pre[static_cast<std::size_t>(a) * m_words];
    for (std::size_t w = 0; w < m_words; ++w) {
      if ((s[w] & pre[w]) != pre[w]) {
        return false;
      }
    }
    return true;
  }
  // Deletes, then adds (an action that deletes and adds a fluent adds it).
  void apply(const std::uint64_t *s, int a, std::uint64_t *out) const {
    const std::size_t at = static_cast<std::size_t>(a) * m_words;
    for (std::size_t w = 0; w < m_words; ++w) {
      out[w] = (s[w] & ~m_del[at + w]) | m_add[at + w];
    }
  }
  bool goal(const std::uint64_t *s) const {
    for (std::size_t w = 0; w < m_words; ++w) {
      if ((s[w] & m_goal[w]) != m_goal[w]) {
        return false;
      }
    }
    return true;
  }
  // The order of State (vector<char>) comparison: at the first fluent
  // where the two differ, the one without it is the smaller.
  bool less(const std::uint64_t *x, const std::uint64_t *y) const {
    for (std::size_t w = 0; w < m_words; ++w) {
      if (x[w] != y[w]) {
        const std::uint64_t differ = x[w] ^ y[w];
        return (x[w] & (differ & (~differ + 1))) == 0;
      }
    }
    return false;
  }
  bool equal(const std::uint64_t *x, const std::uint64_t *y) const {
    return std::equal(x, x + m_words, y);
  }

private:
  int m_fluents;
  std::size_t m_words;
  std::vector<std::uint64_t> m_pre, m_add, m_del; // action a's at a * words
  std::vector<std::uint64_t> m_goal;
};

// Positions in the order found (so layer by layer), with their parents
// and the action that led to each.
class Found {
public:
  explicit Found(std::size_t words) : m_keys(words) {}

  bool add(const std::uint64_t *key, int parent, int action) {
    const bool added = m_keys.insert(key).second;
    if (added) {
      m_parent.push_back({parent, action});
    }
    return added;
  }
  long size() const { return static_cast<long>(m_keys.size()); }
  // The index of a position found, or -1.
  long find(const std::uint64_t *key) const { return m_keys.find(key); }
  // Valid until the next add.
  const std::uint64_t *key(long i) const {
    return m_keys[static_cast<std::size_t>(i)];
  }

  task::Plan plan_to(long i) const {
    task::Plan reversed;
    for (long at = i; m_parent[at].first >= 0; at = m_parent[at].first) {
      reversed.push_back(m_parent[at].second);
    }
    return task::Plan(reversed.rbegin(), reversed.rend());
  }

private:
  KeySet m_keys;
  std::vector<std::pair<int, int>> m_parent; // (parent index, action)
};

// The actions applicable in a position, in index order. Only the actions
// whose first precondition holds are tried (a car's or a tile's place: a
// few of hundreds).
class Applicable {
public:
  Applicable(const task::Task &task, const PackedTask &packed)
      : m_packed(packed), m_by_first_pre(task.num_fluents()) {
    for (int a = 0; a < task.num_actions(); ++a) {
      const std::vector<int> &pre = task.actions[a].pre;
      (pre.empty() ? m_always : m_by_first_pre[pre.front()]).push_back(a);
    }
  }

  // Valid until the next call.
  const std::vector<int> &in(const std::uint64_t *s) {
    m_actions.assign(m_always.begin(), m_always.end());
    for (std::size_t w = 0; w < m_packed.words(); ++w) {
      for (std::uint64_t bits = s[w]; bits != 0; bits &= bits - 1) {
        const int f = static_cast<int>(w * 64) + __builtin_ctzll(bits);
        for (int a : m_by_first_pre[f]) {
          if (m_packed.applicable(s, a)) {
            m_actions.push_back(a);
          }
        }
      }
    }
    std::sort(m_actions.begin(), m_actions.end());
    return m_actions;
  }

private:
  const PackedTask &m_packed;
  std::vector<int> m_always; // no precondition
  std::vector<std::vector<int>> m_by_first_pre;
  std::vector<int> m_actions;
};

// A position one move away and the action that leads there.
struct Successor {
  const std::uint64_t *key;
  int action;
};

// The positions one move away, each once with the first action that
// leads there (under the piece metric several paths of a piece can end
// in the same place: one move between two positions, as TLC counts it),
// in the order of the positions. The positions live in the object's own
// buffer, reused from one call to the next.
class Successors {
public:
  Successors(const task::Task &task, const PackedTask &packed)
      : m_packed(packed), m_applicable(task, packed) {}

  // Valid until the next call; `s` is read before anything is returned.
  const std::vector<Successor> &of(const std::uint64_t *s) {
    const std::size_t words = m_packed.words();
    const std::vector<int> &actions = m_applicable.in(s); // the first first
    m_next.resize(actions.size() * words);
    const auto next = [&](int i) {
      return m_next.data() + static_cast<std::size_t>(i) * words;
    };
    for (std::size_t i = 0; i < actions.size(); ++i) {
      m_packed.apply(s, actions[i], next(static_cast<int>(i)));
    }
    // By position, ties in action order: an insertion sort, for a
    // position has a handful of moves.
    m_order.clear();
    for (int i = 0; i < static_cast<int>(actions.size()); ++i) {
      auto at = m_order.end();
      while (at != m_order.begin() && m_packed.less(next(i), next(*(at - 1)))) {
        --at;
      }
      m_order.insert(at, i);
    }
    m_unique.clear();
    for (int i : m_order) {
      if (m_unique.empty() || !m_packed.equal(m_unique.back().key, next(i))) {
        m_unique.push_back({next(i), actions[i]});
      }
    }
    return m_unique;
  }

private:
  const PackedTask &m_packed;
  Applicable m_applicable;
  std::vector<int> m_order;
  std::vector<std::uint64_t> m_next; // a position a move, `words` each
  std::vector<Successor> m_unique;
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
LayerEnd expand_from_start(const PackedTask &task, Successors &successors,
                           const SpaceOptions &options, Found &found,
                           long begin, long end, int depth, StateSpace &space) {
  for (long i = begin; i < end; ++i) {
    if (options.poll && ((i - begin) & 0xFFFF) == 0xFFFF &&
        options.poll(depth, found.size())) {
      return LayerEnd::stopped;
    }
    for (const auto &[next, a] : successors.of(found.key(i))) {
      ++space.moves;
      if (!found.add(next, static_cast<int>(i), a)) {
        continue;
      }
      if (task.goal(next)) {
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

StateSpace explore_space(const task::Task &task, const SpaceOptions &options) {
  const PackedTask packed(task);
  Successors successors(task, packed);
  StateSpace space;
  Found found(packed.words());
  const std::vector<std::uint64_t> start = packed.pack(task.initial_state());
  found.add(start.data(), -1, -1);
  space.per_depth.push_back(1);
  if (packed.goal(start.data())) {
    space.goal_positions = 1;
    space.goal_distance = 0;
    if (options.stop_at_goal) {
      space.positions = 1;
      return space;
    }
  }
  long begin = 0, end = 1;
  for (int depth = 0; begin < end; ++depth) {
    const LayerEnd ended = expand_from_start(packed, successors, options, found,
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

namespace {

// Layer d of frontier_at, found[begin, end), expanded into `found`;
// false where the goal, the state limit or a stop ended the search
// (`out` says which).
bool expand_layer(const PackedTask &packed, Successors &successors,
                  Found &found, long begin, long end, int d,
                  const SpaceOptions &options, Frontier &out) {
  StateSpace &space = out.space;
  for (long i = begin; i < end; ++i) {
    if (options.poll && ((i - begin) & 0xFFFF) == 0xFFFF &&
        options.poll(d, found.size())) {
      space.stopped = true;
      return false;
    }
    for (const auto &[next, a] : successors.of(found.key(i))) {
      ++space.moves;
      if (!found.add(next, static_cast<int>(i), a)) {
        continue;
      }
      if (packed.goal(next)) {
        space.goal_distance = d + 1;
        space.depth = d + 1;
        out.goal_plan = found.plan_to(found.size() - 1);
        return false;
      }
      if (options.max_states > 0 && found.size() >= options.max_states) {
        space.limit_reached = true;
        return false;
      }
    }
  }
  return true;
}

} // namespace

Frontier frontier_at(const task::Task &task, int depth,
                     const SpaceOptions &options) {
  const PackedTask packed(task);
  Successors successors(task, packed);
  Frontier out;
  StateSpace &space = out.space;
  Found found(packed.words());
  found.add(packed.pack(task.initial_state()).data(), -1, -1);
  space.per_depth.push_back(1);
  if (task.satisfies_goal(task.initial_state())) {
    space.goal_distance = 0;
    out.goal_plan = task::Plan{};
    space.positions = 1;
    return out;
  }
  long begin = 0, end = 1;
  for (int d = 0; d < depth && begin < end; ++d) {
    if (!expand_layer(packed, successors, found, begin, end, d, options,
                      out)) {
      space.positions = found.size();
      return out;
    }
    begin = end;
    end = found.size();
    space.per_depth.push_back(end - begin);
    space.depth = d + 1;
    if (d + 1 < depth && options.on_layer &&
        options.on_layer(d + 1, found.size())) {
      space.stopped = true;
      space.positions = found.size();
      return out;
    }
  }
  space.complete = begin == end; // the space ended before `depth`
  space.positions = found.size();
  out.states = StateTable(task.num_fluents());
  out.paths = PathTable(depth);
  out.states.reserve(static_cast<std::size_t>(end - begin));
  for (long i = begin; i < end; ++i) {
    out.states.push_back(packed.unpack(found.key(i)));
    out.paths.push_back(found.plan_to(i));
  }
  return out;
}

std::optional<Layered> layers_within(const task::Task &task, int depth,
                                     long max_positions,
                                     const std::function<bool()> &stop) {
  const PackedTask packed(task);
  Applicable applicable(task, packed);
  Layered out(packed.words());
  const auto start = packed.pack(task.initial_state());
  out.keys.insert(start.data());
  std::vector<std::uint64_t> next(packed.words()), here(packed.words());
  std::size_t begin = 0;
  for (int d = 0; d <= depth; ++d) {
    const std::size_t end = out.keys.size();
    for (std::size_t i = begin; i < end; ++i) {
      if (out.goal_depth < 0 && packed.goal(out.keys[i])) {
        out.goal_depth = d;
      }
      if (d < depth) {
        // A copy: the set's inserts may move its keys.
        std::copy_n(out.keys[i], packed.words(), here.data());
        for (int a : applicable.in(here.data())) {
          packed.apply(here.data(), a, next.data());
          out.keys.insert(next.data());
        }
      }
      if (static_cast<long>(out.keys.size()) > max_positions ||
          ((i & 0xfff) == 0 && stop && stop())) {
        return std::nullopt;
      }
    }
    out.layer_end.push_back(end);
    begin = end;
  }
  return out;
}

std::optional<task::State> single_goal_state(const task::Task &task) {
  std::vector<char> covered(task.num_fluents(), 0);
  task::State goal(task.num_fluents(), 0);
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
  Side(const PackedTask &packed, const task::State &root)
      : found(packed.words()) {
    found.add(packed.pack(root).data(), -1, -1);
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
bool expand_layer(Successors &successors, Side &side, const Side &other,
                  long limit, StateSpace &space, Meeting &best) {
  for (long i = side.begin; i < side.end; ++i) {
    for (const auto &[next, a] : successors.of(side.found.key(i))) {
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
StateSpace met(const task::Task &task, const Side (&sides)[2], long at_forward,
               long at_backward, StateSpace space) {
  space.plan = sides[0].found.plan_to(at_forward);
  const task::Plan back = sides[1].found.plan_to(at_backward);
  for (auto a = back.rbegin(); a != back.rend(); ++a) {
    space.plan.push_back(task.inverse[*a]);
  }
  space.goal_distance = static_cast<int>(space.plan.size());
  space.goal_positions = 1;
  space.positions = stored(sides);
  return space;
}

} // namespace

std::optional<StateSpace> search_bidirectional(const task::Task &task,
                                               const SpaceOptions &options) {
  const std::optional<task::State> goal = single_goal_state(task);
  if (!goal || task.inverse.size() != task.actions.size() ||
      std::count(task.inverse.begin(), task.inverse.end(), -1) > 0) {
    return std::nullopt;
  }
  const PackedTask packed(task);
  Successors successors(task, packed);
  StateSpace space;
  const task::State start = task.initial_state();
  Side sides[2] = {Side(packed, start), Side(packed, *goal)};
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

} // namespace satslide::search
