#include "satslide/encoder/constraints/distance_sum.hpp"

#include <algorithm>
#include <numeric>

namespace satslide::encoder {

namespace {

// Per action, the groups whose true fluent it moves (deletes one member
// and adds another).
std::vector<std::vector<int>> moved_groups(const task::Task &task) {
  std::vector<std::vector<int>> group_of(task.num_fluents());
  for (int g = 0; g < static_cast<int>(task.exactly_one.size()); ++g) {
    for (int f : task.exactly_one[g]) {
      group_of[f].push_back(g);
    }
  }
  std::vector<std::vector<int>> moved(task.num_actions());
  for (int a = 0; a < task.num_actions(); ++a) {
    for (int f : task.actions[a].del) {
      for (int g : group_of[f]) {
        moved[a].push_back(g);
      }
    }
    std::sort(moved[a].begin(), moved[a].end());
    moved[a].erase(std::unique(moved[a].begin(), moved[a].end()),
                   moved[a].end());
  }
  return moved;
}

// Totalizer merge (Bailleux & Boufkhad 2003), upward half only:
// a >= i and b >= j imply r >= i + j. Capped at `cap`.
std::vector<int> merge(const std::vector<int> &a, const std::vector<int> &b,
                       int cap, ClauseSink &sink) {
  const int size = std::min<int>(a.size() + b.size(), cap);
  std::vector<int> r(size);
  for (int &v : r) {
    v = sink.new_var();
  }
  for (int i = 0; i <= static_cast<int>(a.size()); ++i) {
    for (int j = 0; j <= static_cast<int>(b.size()); ++j) {
      if (i + j == 0) {
        continue;
      }
      const int k = std::min(i + j, size);
      std::vector<int> clause{r[k - 1]};
      if (i > 0) {
        clause.push_back(-a[i - 1]);
      }
      if (j > 0) {
        clause.push_back(-b[j - 1]);
      }
      sink.add_clause(clause);
    }
  }
  return r;
}

} // namespace

std::vector<int> independent_groups(const task::Task &task,
                                    const task::TaskDistances &distances) {
  const int ng = static_cast<int>(task.exactly_one.size());
  std::vector<int> range(ng, 0);
  for (int g = 0; g < ng; ++g) {
    for (int d : distances.group_to_goal[g]) {
      if (d < task::TaskDistances::k_unreachable) {
        range[g] = std::max(range[g], d);
      }
    }
  }
  std::vector<std::vector<int>> conflicts(ng);
  for (const auto &groups : moved_groups(task)) {
    for (int g : groups) {
      conflicts[g].insert(conflicts[g].end(), groups.begin(), groups.end());
    }
  }
  for (auto &c : conflicts) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
  }
  std::vector<int> order(ng);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    // range[x] / (1 + |conflicts[x]|) > range[y] / (1 + |conflicts[y]|)
    return range[x] * (1 + conflicts[y].size()) >
           range[y] * (1 + conflicts[x].size());
  });

  std::vector<char> blocked(ng, 0);
  std::vector<int> chosen;
  for (int g : order) {
    if (blocked[g] || range[g] == 0) {
      continue;
    }
    chosen.push_back(g);
    for (int h : conflicts[g]) {
      blocked[h] = 1;
    }
  }
  return chosen;
}

DistanceSum::DistanceSum(const task::Task &task, const std::vector<int> &groups,
                         const std::vector<std::vector<int>> &distance) {
  for (int g : groups) {
    Term term{{}, 0};
    const auto &members = task.exactly_one[g];
    for (std::size_t i = 0; i < members.size(); ++i) {
      const int f = members[i];
      const int d = distance[g][i];
      if (d >= 1 && d < task::TaskDistances::k_unreachable) {
        term.fluents.emplace_back(f, d);
        term.max_distance = std::max(term.max_distance, d);
      }
    }
    if (term.max_distance > 0) {
      m_max_sum += term.max_distance;
      m_terms.push_back(std::move(term));
    }
  }
}

std::vector<int> DistanceSum::encode(const std::vector<int> &vars,
                                     ClauseSink &sink) const {
  // Each group's distance in unary: u[j-1] means "distance >= j".
  std::vector<std::vector<int>> level;
  for (const Term &term : m_terms) {
    std::vector<int> u(term.max_distance);
    for (int &v : u) {
      v = sink.new_var();
    }
    for (int j = 1; j < term.max_distance; ++j) {
      sink.add_clause({-u[j], u[j - 1]});
    }
    for (const auto &[f, d] : term.fluents) {
      sink.add_clause({-vars[f], u[d - 1]});
    }
    level.push_back(std::move(u));
  }
  // A balanced tree of merges.
  while (level.size() > 1) {
    std::vector<std::vector<int>> next;
    for (std::size_t i = 0; i + 1 < level.size(); i += 2) {
      next.push_back(merge(level[i], level[i + 1], m_max_sum, sink));
    }
    if (level.size() % 2 == 1) {
      next.push_back(level.back());
    }
    level = std::move(next);
  }
  return level.empty() ? std::vector<int>{} : level.front();
}

} // namespace satslide::encoder
