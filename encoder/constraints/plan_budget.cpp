#include "satslide/encoder/constraints/plan_budget.hpp"

#include "satslide/encoder/constraints/distance_sum.hpp"
#include "satslide/task/pair_databases.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace satslide::encoder {

namespace {

constexpr int k_far = task::TaskDistances::k_unreachable;

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
make_ledger(const task::Task &task, const task::TaskDistances &distances,
            const task::GroupMoves &s, const std::vector<int> &chosen,
            const std::map<int, int> &partner,
            const std::map<std::pair<int, int>, std::vector<int>> &table,
            const std::function<int(int)> &initial_member) {
  BudgetLedger l;
  l.excess.assign(task.num_actions(), {{-1, 1}});
  for (int g : chosen) {
    const auto it = partner.find(g);
    if (it == partner.end()) {
      l.terms.push_back({g, -1, distances.group_to_goal[g]});
      l.h0 += distances.group_to_goal[g][initial_member(g)];
    } else if (g < it->second) {
      const int n2 = task.exactly_one[it->second].size();
      l.terms.push_back({g, it->second, table.at({g, it->second})});
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

PlanBudget::PlanBudget(const task::Task &task,
                       const task::TaskDistances &distances, int rounds)
    : m_task(task) {
  std::vector<int> chosen = independent_groups(task, distances);
  // Pair databases grow as cells^4: big boards keep the single distances.
  const bool pairs = rounds > 0 && task::pair_database_entries(task, chosen) <=
                                       task::k_max_pair_entries;
  std::sort(chosen.begin(), chosen.end()); // pair tables are keyed (low, high)
  const task::GroupMoves s = task::analyse_moves(task, chosen);
  const task::State s0 = task.initial_state();
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
  const task::PairDatabases databases =
      pairs ? task::pair_databases(task, distances, s, chosen, initial_member)
            : task::PairDatabases{};
  const auto &table = databases.table;
  const auto &gains = databases.ranked;
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
  return overspent(ledger, n, m_ledgers[ledger].h0);
}

int PlanBudget::overspent(int ledger, int n, int h_start) const {
  const BudgetLedger &l = m_ledgers[ledger];
  if (n == 0) {
    return 0; // no step, nothing spent
  }
  const int allowed = n - h_start;
  const std::vector<int> &count = l.count.at(n);
  return allowed < static_cast<int>(count.size()) ? count[allowed] : 0;
}

int PlanBudget::h(int ledger, const task::State &s) const {
  // The member of group g that holds in s (every group has exactly one).
  const auto member = [&](int g) {
    const auto &m = m_task.exactly_one[g];
    for (int i = 0; i < static_cast<int>(m.size()); ++i) {
      if (s[m[i]]) {
        return i;
      }
    }
    return 0;
  };
  int sum = 0;
  for (const BudgetLedger::Term &t : m_ledgers[ledger].terms) {
    int d = 0;
    if (t.partner < 0) {
      d = t.distance[member(t.group)];
    } else {
      const int n2 = static_cast<int>(m_task.exactly_one[t.partner].size());
      d = t.distance[member(t.group) * n2 + member(t.partner)];
    }
    if (d >= k_far) {
      return k_far; // no plan at all from s
    }
    sum += d;
  }
  return sum;
}

int PlanBudget::bound_from(const task::State &s) const {
  int bound = 0;
  for (int l = 0; l < ledgers(); ++l) {
    bound = std::max(bound, h(l, s));
  }
  return bound;
}

} // namespace satslide::encoder
