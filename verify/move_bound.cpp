#include "satslide/verify/move_bound.hpp"
#include "satslide/verify/layers.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace satslide::verify {

namespace {

constexpr uint16_t k_unreached = 0xffff;

// The fluents of `fluents` in the group (`in` marks it).
std::vector<int> within(const std::vector<int> &fluents,
                        const std::vector<char> &in) {
  std::vector<int> out;
  for (int f : fluents) {
    if (in[f]) {
      out.push_back(f);
    }
  }
  return out;
}

// Whether action a moves the group from one fluent it needs and deletes
// to one other it adds, or leaves it alone; the move as (from, to), or
// (-1, -1) for none. nullopt if it does anything else to the group.
std::optional<std::pair<int, int>> group_move(const task::Action &a,
                                              const std::vector<char> &in) {
  const auto del = within(a.del, in);
  const auto add = within(a.add, in);
  if (del.empty() && add.empty()) {
    return std::pair{-1, -1};
  }
  if (del.size() != 1 || add.size() != 1 || del[0] == add[0] ||
      std::find(a.pre.begin(), a.pre.end(), del[0]) == a.pre.end()) {
    return std::nullopt;
  }
  return std::pair{del[0], add[0]};
}

// The moves of one exactly-one group over every action, if it keeps
// exactly one fluent (one at the start, each action moving it or not);
// the actions that move it in `movers`.
std::optional<std::vector<std::pair<int, int>>>
kept_group(const task::Task &task, const std::vector<char> &in,
           std::vector<std::size_t> &movers) {
  if (within(task.init, in).size() != 1) {
    return std::nullopt;
  }
  std::vector<std::pair<int, int>> edges;
  for (std::size_t a = 0; a < task.actions.size(); ++a) {
    const auto move = group_move(task.actions[a], in);
    if (!move) {
      return std::nullopt;
    }
    if (move->first >= 0) {
      edges.push_back(*move);
      movers.push_back(a);
    }
  }
  return edges;
}

bool share(const std::vector<int> &a, const std::vector<int> &b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) {
      return true;
    }
    a[i] < b[j] ? ++i : ++j;
  }
  return false;
}

// The groups (by size) in patterns, in order, each within `cap` entries
// but a group larger alone; their entries in all.
std::pair<std::vector<std::vector<int>>, long>
chunk(const std::vector<long> &sizes, long cap) {
  std::vector<std::vector<int>> patterns;
  long total = 0, product = 1;
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    if (patterns.empty() || product * sizes[g] > cap) {
      total += patterns.empty() ? 0 : product;
      patterns.emplace_back();
      product = 1;
    }
    patterns.back().push_back(static_cast<int>(g));
    product *= sizes[g];
  }
  return {patterns, patterns.empty() ? 0 : total + product};
}

// conflict[(i * width + a) * n * width + j * width + b], n groups of at
// most `width` fluents: group i's fluent a and group j's fluent b (i != j)
// in one kept group.
std::vector<char> conflicts(const std::vector<std::vector<int>> &fluents,
                            const std::vector<std::vector<int>> &member_of,
                            std::size_t width) {
  const std::size_t n = fluents.size();
  std::vector<char> conflict(n * width * n * width, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      for (std::size_t a = 0; a < fluents[i].size() && i != j; ++a) {
        for (std::size_t b = 0; b < fluents[j].size(); ++b) {
          conflict[(i * width + a) * n * width + j * width + b] =
              share(member_of[fluents[i][a]], member_of[fluents[j][b]]);
        }
      }
    }
  }
  return conflict;
}

// The patterns within `cap` entries each, the cap halved until all fit
// k_pattern_total_entries.
std::vector<std::vector<int>> patterns_of(const std::vector<long> &sizes,
                                          long cap) {
  auto [patterns, total] = chunk(sizes, cap);
  while (total > k_pattern_total_entries && cap > 1) {
    cap /= 2;
    std::tie(patterns, total) = chunk(sizes, cap);
  }
  return patterns;
}

} // namespace

MoveBound::MoveBound(const task::Task &task,
                     const std::vector<int> &token_colour,
                     long pattern_entries) {
  std::vector<int> moved(task.actions.size(), 0); // counted groups a move moves
  std::vector<std::vector<int>> member_of(task.num_fluents()); // kept groups
  for (std::size_t c = 0; c < task.exactly_one.size(); ++c) {
    const auto &fluents = task.exactly_one[c];
    std::vector<char> in(task.num_fluents(), 0);
    bool off_token = true;
    for (int f : fluents) {
      in[f] = 1;
      off_token = off_token && token_colour[f] < 0;
    }
    std::vector<std::size_t> movers;
    const auto edges = kept_group(task, in, movers);
    if (!edges) {
      continue; // not shown invariant: neither counted nor a conflict
    }
    for (int f : fluents) {
      member_of[f].push_back(static_cast<int>(c));
    }
    const auto goal = within(task.goal, in);
    if (!off_token || goal.size() != 1) {
      continue; // not counted
    }
    for (std::size_t a : movers) {
      ++moved[a];
    }
    Group g;
    g.fluents = fluents;
    const auto local = [&](int f) {
      return static_cast<int>(std::find(fluents.begin(), fluents.end(), f) -
                              fluents.begin());
    };
    g.goal = local(goal[0]);
    g.sources.resize(fluents.size());
    for (const auto &[from, to] : *edges) {
      auto &s = g.sources[local(to)];
      if (std::find(s.begin(), s.end(), local(from)) == s.end()) {
        s.push_back(local(from));
      }
    }
    m_groups.push_back(std::move(g));
  }
  if (std::any_of(moved.begin(), moved.end(), [](int n) { return n > 1; })) {
    m_groups.clear();
  }
  std::vector<long> sizes;
  for (const Group &g : m_groups) {
    sizes.push_back(static_cast<long>(g.fluents.size()));
  }
  for (auto &groups : patterns_of(sizes, pattern_entries)) {
    m_patterns.push_back({std::move(groups), {}, {}});
    build(m_patterns.back(), member_of);
  }
}

// The pattern's table, breadth first backward from the goal's assignment
// over its groups' moves, through assignments with no two fluents in one
// kept group (`member_of`: each fluent's, sorted).
void MoveBound::build(Pattern &pattern,
                      const std::vector<std::vector<int>> &member_of) {
  const std::size_t n = pattern.groups.size();
  std::size_t width = 0;
  long entries = 1, goal = 0;
  for (int g : pattern.groups) {
    pattern.stride.push_back(entries);
    goal += m_groups[g].goal * entries;
    entries *= static_cast<long>(m_groups[g].fluents.size());
    width = std::max(width, m_groups[g].fluents.size());
  }
  std::vector<std::vector<int>> fluents;
  for (int g : pattern.groups) {
    fluents.push_back(m_groups[g].fluents);
  }
  const std::vector<char> conflict = conflicts(fluents, member_of, width);
  pattern.moves.assign(entries, k_unreached);
  pattern.moves[goal] = 0;
  // Which entries are reached, a bit each: the table is tens of MB, and
  // a move's test of its entry would miss the caches every time.
  std::vector<uint64_t> reached((entries + 63) / 64, 0);
  reached[goal / 64] |= uint64_t{1} << (goal % 64);
  std::vector<long> layer = {goal}, next;
  std::vector<int> at(n);
  for (int d = 1; !layer.empty(); ++d, layer.swap(next), next.clear()) {
    const auto moves = static_cast<uint16_t>(std::min(d, k_unreached - 1));
    for (const long x : layer) {
      for (std::size_t i = 0; i < n; ++i) {
        at[i] = static_cast<int>(
            (x / pattern.stride[i]) %
            static_cast<long>(m_groups[pattern.groups[i]].fluents.size()));
      }
      for (std::size_t i = 0; i < n; ++i) {
        for (const int from : m_groups[pattern.groups[i]].sources[at[i]]) {
          const char *row = &conflict[(i * width + from) * n * width];
          bool free = true;
          for (std::size_t j = 0; j < n && free; ++j) {
            free = !row[j * width + at[j]];
          }
          const long y = x + (from - at[i]) * pattern.stride[i];
          const uint64_t bit = uint64_t{1} << (y % 64);
          if (free && !(reached[y / 64] & bit)) {
            reached[y / 64] |= bit;
            pattern.moves[y] = moves;
            next.push_back(y);
          }
        }
      }
    }
  }
}

int MoveBound::at(const uint8_t *p) const {
  long sum = 0;
  for (const Pattern &pattern : m_patterns) {
    long x = 0;
    for (std::size_t i = 0; i < pattern.groups.size(); ++i) {
      const auto &fluents = m_groups[pattern.groups[i]].fluents;
      const auto held = std::find_if(fluents.begin(), fluents.end(),
                                     [&](int f) { return holds(p, f); });
      if (held == fluents.end()) {
        return 0; // no position of the task's: nothing shown of it
      }
      x += (held - fluents.begin()) * pattern.stride[i];
    }
    const uint16_t moves = pattern.moves[x];
    if (moves == k_unreached) {
      return k_no_plan_bound;
    }
    sum += moves;
  }
  return static_cast<int>(std::min<long>(sum, k_no_plan_bound));
}

} // namespace satslide::verify
