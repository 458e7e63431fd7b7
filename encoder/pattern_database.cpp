#include "pattern_database.hpp"

#include "distance_sum.hpp"

#include <algorithm>
#include <deque>

namespace satslide::encoder {

namespace {

constexpr int k_far = TaskDistances::k_unreachable;

// Two fluents exclude each other when one exactly-one group holds both.
class Mutex {
public:
  explicit Mutex(const Task &task) : m_groups_of(task.num_fluents()) {
    for (int g = 0; g < static_cast<int>(task.exactly_one.size()); ++g) {
      for (int f : task.exactly_one[g]) {
        m_groups_of[f].push_back(g);
      }
    }
  }
  bool operator()(int p, int q) const {
    if (p == q) {
      return false;
    }
    for (int g : m_groups_of[p]) {
      for (int h : m_groups_of[q]) {
        if (g == h) {
          return true;
        }
      }
    }
    return false;
  }

private:
  std::vector<std::vector<int>> m_groups_of;
};

// One pattern's abstract state space: states are tuples of member
// indices, one per group, numbered in mixed radix.
class Abstraction {
public:
  Abstraction(const Task &task, const Mutex &mutex,
              const std::vector<int> &groups)
      : m_task(task), m_mutex(mutex), m_groups(groups) {
    m_size = 1;
    for (int g : groups) {
      m_radix.push_back(m_size);
      m_size *= static_cast<long>(task.exactly_one[g].size());
    }
  }

  long size() const { return m_size; }

  int fluent(long state, int i) const {
    const auto &members = m_task.exactly_one[m_groups[i]];
    return members[(state / m_radix[i]) % members.size()];
  }

  // No two of the state's fluents exclude each other.
  bool valid(long state) const {
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
      for (std::size_t j = i + 1; j < m_groups.size(); ++j) {
        if (m_mutex(fluent(state, i), fluent(state, j))) {
          return false;
        }
      }
    }
    return true;
  }

  // Distances to the abstract goal by breadth-first search backwards.
  std::vector<int> distances() const {
    const int k = static_cast<int>(m_groups.size());
    // Per pattern group i, its moves: (from member, to member, action).
    struct Move {
      int from, to, action;
    };
    std::vector<std::vector<Move>> moves(k);
    for (int a = 0; a < m_task.num_actions(); ++a) {
      const Action &action = m_task.actions[a];
      for (int i = 0; i < k; ++i) {
        const auto &members = m_task.exactly_one[m_groups[i]];
        int from = -1, to = -1;
        for (int f : action.del) {
          const auto it = std::find(members.begin(), members.end(), f);
          if (it != members.end()) {
            from = static_cast<int>(it - members.begin());
          }
        }
        for (int f : action.add) {
          const auto it = std::find(members.begin(), members.end(), f);
          if (it != members.end()) {
            to = static_cast<int>(it - members.begin());
          }
        }
        if (from >= 0 && to >= 0 && from != to) {
          moves[i].push_back({from, to, a});
        }
      }
    }
    std::vector<std::vector<long>> back(m_size);
    for (long x = 0; x < m_size; ++x) {
      if (!valid(x)) {
        continue;
      }
      for (int i = 0; i < k; ++i) {
        const int member = (x / m_radix[i]) %
                           m_task.exactly_one[m_groups[i]].size();
        for (const Move &mv : moves[i]) {
          if (mv.from != member || !applicable(x, i, mv.action)) {
            continue;
          }
          const long y = x + (mv.to - mv.from) * m_radix[i];
          if (valid(y)) {
            back[y].push_back(x);
          }
        }
      }
    }
    std::vector<char> in_goal(m_task.num_fluents(), 0);
    for (int f : m_task.goal) {
      in_goal[f] = 1;
    }
    std::vector<int> dist(m_size, k_far);
    std::deque<long> queue;
    for (long x = 0; x < m_size; ++x) {
      if (valid(x) && is_goal(x, in_goal)) {
        dist[x] = 0;
        queue.push_back(x);
      }
    }
    while (!queue.empty()) {
      const long y = queue.front();
      queue.pop_front();
      for (long x : back[y]) {
        if (dist[x] == k_far) {
          dist[x] = dist[y] + 1;
          queue.push_back(x);
        }
      }
    }
    return dist;
  }

  long project(const State &state) const {
    long x = 0;
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
      const auto &members = m_task.exactly_one[m_groups[i]];
      for (std::size_t j = 0; j < members.size(); ++j) {
        if (state[members[j]]) {
          x += static_cast<long>(j) * m_radix[i];
        }
      }
    }
    return x;
  }

private:
  // The action's preconditions agree with the other groups' fluents.
  bool applicable(long x, int moved, int a) const {
    for (int p : m_task.actions[a].pre) {
      for (std::size_t i = 0; i < m_groups.size(); ++i) {
        if (static_cast<int>(i) != moved && m_mutex(p, fluent(x, i))) {
          return false;
        }
      }
    }
    return true;
  }

  // Every goal fluent of the pattern's groups holds.
  bool is_goal(long x, const std::vector<char> &in_goal) const {
    for (std::size_t i = 0; i < m_groups.size(); ++i) {
      for (int f : m_task.exactly_one[m_groups[i]]) {
        if (in_goal[f] && f != fluent(x, i)) {
          return false;
        }
      }
    }
    return true;
  }

  const Task &m_task;
  const Mutex &m_mutex;
  std::vector<int> m_groups;
  std::vector<long> m_radix;
  long m_size = 0;
};

} // namespace

std::vector<Pattern> build_patterns(const Task &task,
                                    const TaskDistances &distances,
                                    long max_states) {
  std::vector<int> chosen = independent_groups(task, distances);
  std::sort(chosen.begin(), chosen.end());
  std::vector<std::vector<int>> parts;
  long product = max_states + 1;
  for (int g : chosen) {
    const long size = static_cast<long>(task.exactly_one[g].size());
    if (product * size > max_states) {
      parts.emplace_back();
      product = 1;
    }
    parts.back().push_back(g);
    product *= size;
  }

  const Mutex mutex(task);
  const State init = task.initial_state();
  std::vector<Pattern> patterns;
  for (const auto &groups : parts) {
    const Abstraction abs(task, mutex, groups);
    const std::vector<int> dist = abs.distances();
    int finite_max = 0;
    for (int d : dist) {
      if (d < k_far) {
        finite_max = std::max(finite_max, d);
      }
    }
    Pattern p;
    p.groups = groups;
    for (long x = 0; x < abs.size(); ++x) {
      if (dist[x] == 0 || !abs.valid(x)) {
        continue;
      }
      std::vector<int> fluents;
      for (std::size_t i = 0; i < groups.size(); ++i) {
        fluents.push_back(abs.fluent(x, i));
      }
      p.entries.emplace_back(std::move(fluents),
                             dist[x] < k_far ? dist[x] : finite_max + 1);
    }
    const int d0 = dist[abs.project(init)];
    p.initial = d0 < k_far ? d0 : finite_max + 1;
    patterns.push_back(std::move(p));
  }
  return patterns;
}

} // namespace satslide::encoder
