#include "satslide/task/pair_databases.hpp"

#include <algorithm>
#include <deque>

namespace satslide::task {

namespace {

constexpr int k_far = TaskDistances::k_unreachable;

} // namespace

bool GroupMoves::mutex(int p, int q) const {
  if (p == q) {
    return false;
  }
  for (int g : groups_of[p]) {
    for (int h : groups_of[q]) {
      if (g == h) {
        return true;
      }
    }
  }
  return false;
}

GroupMoves analyse_moves(const Task &task, const std::vector<int> &chosen) {
  GroupMoves s;
  s.groups_of.resize(task.num_fluents());
  for (int g = 0; g < static_cast<int>(task.exactly_one.size()); ++g) {
    for (int f : task.exactly_one[g]) {
      s.groups_of[f].push_back(g);
    }
  }
  std::vector<int> chosen_group(task.num_fluents(), -1);
  for (int g : chosen) {
    for (int f : task.exactly_one[g]) {
      chosen_group[f] = g;
    }
  }
  s.moves.resize(task.num_actions());
  for (int a = 0; a < task.num_actions(); ++a) {
    for (int f : task.actions[a].del) {
      if (chosen_group[f] >= 0) {
        s.moves[a].group = chosen_group[f];
        s.moves[a].from = f;
      }
    }
    for (int f : task.actions[a].add) {
      if (chosen_group[f] >= 0 && chosen_group[f] == s.moves[a].group) {
        s.moves[a].to = f;
      }
    }
    if (s.moves[a].to < 0) {
      s.moves[a].group = -1;
    }
  }
  return s;
}

namespace {

// The pair abstraction's edges, reversed: back[to] lists the pairs that
// reach pair `to` in one move of either group whose preconditions are not
// mutex with the other group's fluent. Pairs index [i1 * |g2| + i2].
std::vector<std::vector<int>> backward_edges(const Task &task,
                                             const GroupMoves &s, int g1,
                                             int g2) {
  const auto &m1 = task.exactly_one[g1], &m2 = task.exactly_one[g2];
  const int n1 = m1.size(), n2 = m2.size();
  std::map<int, int> index1, index2;
  for (int i = 0; i < n1; ++i) {
    index1[m1[i]] = i;
  }
  for (int i = 0; i < n2; ++i) {
    index2[m2[i]] = i;
  }
  const auto consistent = [&](int a, int other) {
    for (int p : task.actions[a].pre) {
      if (s.mutex(p, other)) {
        return false;
      }
    }
    return !s.mutex(s.moves[a].to, other);
  };
  std::vector<std::vector<int>> back(n1 * n2);
  for (int a = 0; a < task.num_actions(); ++a) {
    const auto &mv = s.moves[a];
    if (mv.group == g1) {
      const int i = index1.at(mv.from), j = index1.at(mv.to);
      for (int k = 0; k < n2; ++k) {
        if (consistent(a, m2[k]) && !s.mutex(mv.from, m2[k])) {
          back[j * n2 + k].push_back(i * n2 + k);
        }
      }
    } else if (mv.group == g2) {
      const int i = index2.at(mv.from), j = index2.at(mv.to);
      for (int k = 0; k < n1; ++k) {
        if (consistent(a, m1[k]) && !s.mutex(mv.from, m1[k])) {
          back[k * n2 + j].push_back(k * n2 + i);
        }
      }
    }
  }
  return back;
}

} // namespace

// Breadth-first from every pair of goal fluents along the reversed edges.
std::vector<int> pair_distances(const Task &task, const GroupMoves &s, int g1,
                                int g2) {
  const auto &m1 = task.exactly_one[g1], &m2 = task.exactly_one[g2];
  const int n1 = m1.size(), n2 = m2.size();
  const std::vector<std::vector<int>> back = backward_edges(task, s, g1, g2);
  State goal_state(task.num_fluents(), 0);
  for (int f : task.goal) {
    goal_state[f] = 1;
  }
  std::vector<int> dist(n1 * n2, k_far);
  std::deque<int> queue;
  for (int i = 0; i < n1; ++i) {
    for (int k = 0; k < n2; ++k) {
      if (goal_state[m1[i]] && goal_state[m2[k]]) {
        dist[i * n2 + k] = 0;
        queue.push_back(i * n2 + k);
      }
    }
  }
  while (!queue.empty()) {
    const int x = queue.front();
    queue.pop_front();
    for (int y : back[x]) {
      if (dist[y] == k_far) {
        dist[y] = dist[x] + 1;
        queue.push_back(y);
      }
    }
  }
  return dist;
}

long pair_database_entries(const Task &task, const std::vector<int> &chosen) {
  long entries = 0, before = 0; // before: members of the groups so far
  for (int g : chosen) {
    const long members = static_cast<long>(task.exactly_one[g].size());
    entries += before * members;
    before += members;
  }
  return entries;
}

PairDatabases pair_databases(const Task &task, const TaskDistances &distances,
                             const GroupMoves &s,
                             const std::vector<int> &chosen,
                             const std::function<int(int)> &initial_member) {
  PairDatabases p;
  for (std::size_t x = 0; x < chosen.size(); ++x) {
    for (std::size_t y = x + 1; y < chosen.size(); ++y) {
      const int g1 = chosen[x], g2 = chosen[y];
      auto d = pair_distances(task, s, g1, g2);
      const auto &d1 = distances.group_to_goal[g1];
      const auto &d2 = distances.group_to_goal[g2];
      const int n2 = d2.size();
      long total = 0;
      for (std::size_t i = 0; i < d1.size(); ++i) {
        for (int k = 0; k < n2; ++k) {
          if (d[i * n2 + k] < k_far && d1[i] < k_far && d2[k] < k_far) {
            total += d[i * n2 + k] - d1[i] - d2[k];
          }
        }
      }
      const int i0 = initial_member(g1), k0 = initial_member(g2);
      const long start = d[i0 * n2 + k0] - d1[i0] - d2[k0];
      p.ranked.push_back({{start, total}, {g1, g2}});
      p.table[{g1, g2}] = std::move(d);
    }
  }
  std::stable_sort(
      p.ranked.begin(), p.ranked.end(),
      [](const auto &a, const auto &b) { return a.first > b.first; });
  return p;
}

} // namespace satslide::task
