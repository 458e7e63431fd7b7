#include "encoder/constraints/plan_budget.hpp"

#include "encoder/constraints/distance_sum.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <set>

namespace satslide::encoder {

namespace {

constexpr int k_far = TaskDistances::k_unreachable;

// Facts about the task the pair abstraction needs.
struct Structure {
  std::vector<std::vector<int>> groups_of; // fluent -> groups holding it
  // Per action: the group of `chosen` it moves, from which to which
  // fluent; group -1 if it moves none of them.
  struct Move {
    int group = -1, from = -1, to = -1;
  };
  std::vector<Move> moves;

  bool mutex(int p, int q) const {
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
};

Structure analyse(const Task &task, const std::vector<int> &chosen) {
  Structure s;
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

// Joint distances to the goal of groups g1, g2: BFS backwards over pairs
// (f1, f2) of their fluents, moved by the actions that move either group
// and whose preconditions are not mutex with the other group's fluent.
// Indexed [i1 * |g2| + i2] by member positions.
std::vector<int> pair_distances(const Task &task, const Structure &s, int g1,
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
  auto consistent = [&](int a, int other) {
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
  std::vector<int> dist(n1 * n2, k_far);
  std::deque<int> queue;
  const State goal_state = [&] {
    State st(task.num_fluents(), 0);
    for (int f : task.goal) {
      st[f] = 1;
    }
    return st;
  }();
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

int clamp_excess(int before, int after) {
  if (before >= k_far) {
    return 1; // unreachable before: the windows exclude it anyway
  }
  if (after >= k_far) {
    return 2;
  }
  return std::clamp(1 + after - before, 0, 2);
}

int member_index(const std::vector<int> &members, int f) {
  return static_cast<int>(std::find(members.begin(), members.end(), f) -
                          members.begin());
}

BudgetLedger
make_ledger(const Task &task, const TaskDistances &distances,
            const Structure &s, const std::vector<int> &chosen,
            const std::map<int, int> &partner,
            const std::map<std::pair<int, int>, std::vector<int>> &table,
            const std::function<int(int)> &initial_member) {
  BudgetLedger l;
  l.excess.assign(task.num_actions(), {{-1, 1}});
  for (int g : chosen) {
    const auto it = partner.find(g);
    if (it == partner.end()) {
      l.h0 += distances.group_to_goal[g][initial_member(g)];
    } else if (g < it->second) {
      const int n2 = task.exactly_one[it->second].size();
      l.h0 += table.at(
          {g, it->second})[initial_member(g) * n2 + initial_member(it->second)];
    }
  }
  for (int a = 0; a < task.num_actions(); ++a) {
    const auto &mv = s.moves[a];
    if (mv.group < 0) {
      continue; // moves no chosen group: h unchanged, excess 1
    }
    const auto &members = task.exactly_one[mv.group];
    const int from = member_index(members, mv.from);
    const int to = member_index(members, mv.to);
    const auto it = partner.find(mv.group);
    if (it == partner.end()) {
      const auto &d = distances.group_to_goal[mv.group];
      l.excess[a] = {{-1, clamp_excess(d[from], d[to])}};
      continue;
    }
    const int other = it->second;
    const bool first = mv.group < other;
    const auto &d =
        first ? table.at({mv.group, other}) : table.at({other, mv.group});
    const auto &others = task.exactly_one[other];
    const int n2 = task.exactly_one[first ? other : mv.group].size();
    auto at = [&](int mine, int theirs) {
      return first ? d[mine * n2 + theirs] : d[theirs * n2 + mine];
    };
    l.excess[a].clear();
    for (int k = 0; k < static_cast<int>(others.size()); ++k) {
      l.excess[a].push_back({others[k], clamp_excess(at(from, k), at(to, k))});
    }
  }
  return l;
}

} // namespace

PlanBudget::PlanBudget(const Task &task, const TaskDistances &distances,
                       int rounds) {
  const bool pairs = rounds > 0;
  std::vector<int> chosen = independent_groups(task, distances);
  std::sort(chosen.begin(), chosen.end()); // pair tables are keyed (low, high)
  const Structure s = analyse(task, chosen);
  const State s0 = task.initial_state();
  const std::function<int(int)> initial_member = [&](int g) {
    const auto &m = task.exactly_one[g];
    for (int i = 0; i < static_cast<int>(m.size()); ++i) {
      if (s0[m[i]]) {
        return i;
      }
    }
    return 0;
  };

  // Greedy pairing: the pairs whose joint distance beats the sum of the
  // single distances most at the start, then on average.
  std::map<std::pair<int, int>, std::vector<int>> table;
  std::vector<std::pair<std::pair<long, long>, std::pair<int, int>>> gains;
  if (pairs) {
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
        gains.push_back({{start, total}, {g1, g2}});
        table[{g1, g2}] = std::move(d);
      }
    }
    std::stable_sort(
        gains.begin(), gains.end(),
        [](const auto &a, const auto &b) { return a.first > b.first; });
  }
  // Round r pairs greedily among the pairs no earlier round used; each
  // round is an admissible heuristic of its own (a ledger), and the plan
  // must fit every ledger's budget: the maximum of the heuristics.
  std::set<std::pair<int, int>> used;
  for (int round = 0; round < std::max(rounds, 1); ++round) {
    std::map<int, int> partner;
    for (const auto &[gain, pair] : gains) {
      if (gain.second <= 0 || used.count(pair) || partner.count(pair.first) ||
          partner.count(pair.second)) {
        continue;
      }
      partner[pair.first] = pair.second;
      partner[pair.second] = pair.first;
    }
    if (round > 0 && partner.empty()) {
      break; // no pair left that beats the single distances
    }
    for (const auto &[g, h] : partner) {
      used.insert({std::min(g, h), std::max(g, h)});
    }
    m_ledgers.push_back(make_ledger(task, distances, s, chosen, partner, table,
                                    initial_member));
  }
  for (const BudgetLedger &l : m_ledgers) {
    m_h0 = std::max(m_h0, l.h0);
  }
}

std::vector<int> PlanBudget::add_step(int ledger, ClauseSink &sink) {
  auto &count = m_ledgers[ledger].count;
  const std::vector<int> spend{sink.new_var(), sink.new_var()};
  sink.add_clause({-spend[1], spend[0]});
  if (count.empty()) {
    count.emplace_back(); // nothing spent before step 0
  }
  const std::vector<int> &before = count.back();
  const int width = static_cast<int>(before.size()) + 2;
  std::vector<int> after(width);
  for (int &v : after) {
    v = sink.new_var();
  }
  auto at_least = [&](int j) { return j <= 0 ? 0 : before[j - 1]; };
  for (int j = 1; j <= width; ++j) {
    if (j <= static_cast<int>(before.size())) {
      sink.add_clause({-before[j - 1], after[j - 1]});
    }
    for (int k = 1; k <= 2; ++k) {
      if (j - k > static_cast<int>(before.size())) {
        continue;
      }
      std::vector<int> clause{-spend[k - 1], after[j - 1]};
      if (const int prev = at_least(j - k); prev != 0) {
        clause.push_back(-prev);
      }
      sink.add_clause(clause);
    }
  }
  count.push_back(std::move(after));
  return spend;
}

int PlanBudget::overspent(int ledger, int n) const {
  const BudgetLedger &l = m_ledgers[ledger];
  if (n == 0) {
    return 0; // no step, nothing spent
  }
  const int allowed = n - l.h0;
  const std::vector<int> &count = l.count.at(n);
  return allowed < static_cast<int>(count.size()) ? count[allowed] : 0;
}

} // namespace satslide::encoder
