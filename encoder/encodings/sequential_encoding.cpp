#include "satslide/encoder/encodings/sequential_encoding.hpp"

#include "satslide/encoder/constraints/state_invariants.hpp"

#include <algorithm>
#include <cassert>

namespace satslide::encoder {

namespace {

bool contains(const std::vector<int> &v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Fluents an action really deletes (add wins where both name a fluent).
std::vector<int> deleted(const task::Action &action) {
  std::vector<int> result;
  for (int f : action.del) {
    if (!contains(action.add, f)) {
      result.push_back(f);
    }
  }
  return result;
}

// What action `a` spends of each budget l (`spend[l][k]`: more than k
// spent), under `condition` (the action is taken) and where the budget
// says when (a fluent of `now`): the budget's excess clauses of one step.
void add_spending(const PlanBudget &budget, int a,
                  const std::vector<int> &condition,
                  const std::vector<int> &now,
                  const std::vector<std::vector<int>> &spend,
                  ClauseSink &sink) {
  for (std::size_t l = 0; l < spend.size(); ++l) {
    for (const auto &[when, excess] : budget.excess(l, a)) {
      if (excess == 0) {
        continue;
      }
      std::vector<int> clause = condition;
      if (when >= 0) {
        clause.push_back(-now[when]);
      }
      clause.push_back(spend[l][excess - 1]);
      sink.add_clause(clause);
    }
  }
}

} // namespace

SequentialEncoding::SequentialEncoding(const task::Task &task,
                                       SequentialConfig config)
    : Encoding(task), m_config(config) {
  // The distance sums count from the start, which a free layer 0 is not;
  // windows keep their goal side, the budget takes its threshold per start.
  assert(!m_config.free_start || !m_config.bound);
  build_choices();
  if (m_config.windows || m_config.bound || m_config.budget) {
    m_distances = task::TaskDistances::compute(task);
  }
  if (m_config.commute) {
    std::vector<std::vector<int>> footprints;
    for (const Choice &choice : m_choices) {
      auto &fp = footprints.emplace_back();
      for (int a : choice.actions) {
        const task::Action &action = task.actions[a];
        for (const auto *list : {&action.pre, &action.add, &action.del}) {
          fp.insert(fp.end(), list->begin(), list->end());
        }
      }
    }
    m_commute = std::make_unique<CommuteOrder>(task.num_fluents(),
                                               std::move(footprints));
  }
  if (m_config.budget) {
    m_budget =
        std::make_unique<PlanBudget>(task, m_distances, m_config.pairings);
  }
  if (m_config.bound) {
    const std::vector<int> groups = independent_groups(task, m_distances);
    m_to_goal =
        std::make_unique<DistanceSum>(task, groups, m_distances.group_to_goal);
    m_from_init = std::make_unique<DistanceSum>(task, groups,
                                                m_distances.group_from_init);
  }
}

int SequentialEncoding::lower_bound() const {
  return m_budget ? m_budget->initial_bound() : 0;
}

std::optional<std::vector<int>>
SequentialEncoding::start_assumptions(const task::State &s, int n) const {
  auto lits = Encoding::start_assumptions(s, n);
  for (int l = 0; m_budget && l < m_budget->ledgers(); ++l) {
    const int h = m_budget->h(l, s);
    if (n < h) {
      return std::nullopt;
    }
    if (const int over = m_budget->overspent(l, n, h); over != 0) {
      lits->push_back(-over);
    }
  }
  return lits;
}

int SequentialEncoding::fluent_var(int t, int f) const {
  return m_fluent.at(t).at(f);
}

// Within n, the steps that stay are no moves: the plan is read off the
// states before the first.
std::optional<task::Plan>
SequentialEncoding::decode(int n, const std::function<bool(int)> &value) const {
  int moves = n;
  for (int t = 0; m_config.within && t < n; ++t) {
    if (value(m_stay[t])) {
      moves = t;
      break;
    }
  }
  return decode_plan(*this, moves, value);
}

std::vector<Encoding::StepChoice> SequentialEncoding::step_choices(int t) const {
  std::vector<StepChoice> choices;
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    choices.push_back({m_choice.at(t).at(c), m_choices[c].actions});
  }
  return choices;
}

// Without labels every action is its own choice (the textbook encoding).
// With labels, the "compact actions" of the SAT-planning literature: one
// variable per label, e.g. per blank move of the n-puzzle, whose tile
// follows from the state (cf. Kautz & Selman's operator splitting).
void SequentialEncoding::build_choices() {
  const bool labelled = m_config.labels && !m_task.label.empty();
  const int count = labelled ? m_task.num_labels() : m_task.num_actions();
  m_choices.resize(count);
  for (int a = 0; a < m_task.num_actions(); ++a) {
    const int c = labelled ? m_task.label[a] : a;
    m_choices[c].actions.push_back(a);
  }
  std::vector<std::vector<int>> groups_of(m_task.num_fluents());
  for (int g = 0; g < static_cast<int>(m_task.exactly_one.size()); ++g) {
    for (int f : m_task.exactly_one[g]) {
      groups_of[f].push_back(g);
    }
  }
  for (int c = 0; c < count; ++c) {
    Choice &choice = m_choices[c];
    choice.name =
        labelled ? "label " + m_task.label_names[c] : m_task.actions[c].name;
    choice.inverse = labelled                 ? m_task.label_inverse[c]
                     : m_task.inverse.empty() ? -1
                                              : m_task.inverse[c];
    if (choice.actions.empty()) {
      continue;
    }
    for (int f : m_task.actions[choice.actions[0]].pre) {
      bool shared = true;
      for (int a : choice.actions) {
        shared = shared && contains(m_task.actions[a].pre, f);
      }
      if (shared) {
        choice.common_pre.push_back(f);
      }
    }
    find_keys(choice, groups_of);
  }
  m_adders.assign(m_task.num_fluents(), {});
  m_deleters.assign(m_task.num_fluents(), {});
  for (int c = 0; c < count; ++c) {
    for (int a : m_choices[c].actions) {
      for (int f : m_task.actions[a].add) {
        if (m_adders[f].empty() || m_adders[f].back() != c) {
          m_adders[f].push_back(c);
        }
      }
      for (int f : deleted(m_task.actions[a])) {
        if (m_deleters[f].empty() || m_deleters[f].back() != c) {
          m_deleters[f].push_back(c);
        }
      }
    }
  }
}

// Keys let a choice say "one of my actions applies": the key that holds
// (at most one does) names the action, whose other preconditions must
// then hold. Without keys, an action's effects need all its preconditions
// and a choice whose actions all fail to apply would leave the frame
// axioms free to change whatever the choice may change.
void SequentialEncoding::find_keys(
    Choice &choice, const std::vector<std::vector<int>> &groups_of) const {
  if (choice.actions.size() < 2) {
    return;
  }
  std::vector<int> keys;
  for (int a : choice.actions) {
    int key = -1;
    for (int f : m_task.actions[a].pre) {
      bool own = true;
      for (int b : choice.actions) {
        own = own && (b == a || !contains(m_task.actions[b].pre, f));
      }
      if (own) {
        key = f;
        break;
      }
    }
    if (key < 0) {
      return;
    }
    keys.push_back(key);
  }
  for (int group : groups_of[keys[0]]) {
    if (std::all_of(keys.begin(), keys.end(),
                    [&](int f) { return contains(groups_of[f], group); })) {
      choice.keys = std::move(keys);
      return;
    }
  }
}

// A choice implies its shared preconditions; each of its actions whose
// other preconditions hold (with keys: whose key holds) has its effects.
// With several actions, one of them must be applicable (where each has
// one precondition of its own, or a key).
void SequentialEncoding::encode_effects(
    int c, int t, const std::vector<std::vector<int>> &spend,
    ClauseSink &sink) const {
  const Choice &choice = m_choices[c];
  const int var = m_choice[t][c];
  const std::vector<int> &now = m_fluent[t];
  const std::vector<int> &next = m_fluent[t + 1];
  for (int f : choice.common_pre) {
    sink.add_clause({-var, now[f]});
  }
  std::vector<int> one_applies{-var};
  for (std::size_t i = 0; i < choice.actions.size(); ++i) {
    const task::Action &action = m_task.actions[choice.actions[i]];
    const int a = choice.actions[i];
    std::vector<int> condition{-var};
    if (!choice.keys.empty()) {
      const int key = choice.keys[i];
      condition.push_back(-now[key]);
      for (int f : action.pre) {
        if (f != key && !contains(choice.common_pre, f)) {
          sink.add_clause({-var, -now[key], now[f]});
        }
      }
    } else {
      for (int f : action.pre) {
        if (!contains(choice.common_pre, f)) {
          condition.push_back(-now[f]);
        }
      }
    }
    if (condition.size() == 2) {
      one_applies.push_back(-condition[1]);
    }
    auto implies = [&](int lit) {
      std::vector<int> clause = condition;
      clause.push_back(lit);
      sink.add_clause(clause);
    };
    for (int f : action.add) {
      implies(next[f]);
    }
    for (int f : deleted(action)) {
      implies(-next[f]);
    }
    if (!spend.empty()) {
      add_spending(*m_budget, a, condition, now, spend, sink);
    }
  }
  if (choice.actions.size() > 1 &&
      one_applies.size() == choice.actions.size() + 1) {
    sink.add_clause(one_applies);
  }
}

// A state layer: one variable per fluent and the state invariants.
void SequentialEncoding::new_layer(ClauseSink &sink) {
  const int t = static_cast<int>(m_fluent.size());
  std::vector<int> &vars = m_fluent.emplace_back(m_task.num_fluents());
  for (int &v : vars) {
    v = sink.new_var();
  }
  encode_state_invariants(m_task, vars, m_config.group_amo, m_config.counts,
                          sink);
  // Reachability windows (cf. Chen, Xing & Zhang's long-distance mutexes):
  // a fluent that needs more than t steps from the start is false at t.
  if (m_config.windows && !m_config.free_start) {
    for (int f = 0; f < m_task.num_fluents(); ++f) {
      if (m_distances.from_init[f] > t) {
        sink.add_clause({-vars[f]});
      }
    }
  }
  // The distance sums: from the start at most t (fixed now); to the goal
  // at most n - t (asserted per horizon in encode_goal).
  if (m_config.bound) {
    const std::vector<int> from = m_from_init->encode(vars, sink);
    if (t < static_cast<int>(from.size())) {
      sink.add_clause({-from[t]});
    }
    m_goal_sum.push_back(m_to_goal->encode(vars, sink));
  }
}

void SequentialEncoding::name_layer(int t, ClauseSink &sink) const {
  if (!sink.wants_names()) {
    return;
  }
  const std::string step = "t=" + std::to_string(t);
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    sink.name_var(m_fluent[t][f], step + " fluent " + std::to_string(f) + " " +
                                      m_task.fluents[f]);
  }
  if (t < steps()) {
    for (std::size_t c = 0; c < m_choices.size(); ++c) {
      sink.name_var(m_choice[t][c], step + " choice " + std::to_string(c) +
                                        " " + m_choices[c].name);
    }
    if (m_config.within) {
      sink.name_var(m_stay[t], step + " stay");
    }
  }
}

void SequentialEncoding::encode_initial(ClauseSink &sink) {
  assert(m_fluent.empty());
  new_layer(sink);
  if (m_config.free_start) {
    return;
  }
  const task::State s0 = m_task.initial_state();
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    sink.add_clause({s0[f] ? m_fluent[0][f] : -m_fluent[0][f]});
  }
}

void SequentialEncoding::encode_step(int t, ClauseSink &sink) {
  assert(t == steps() && t + 1 == static_cast<int>(m_fluent.size()));
  std::vector<int> &acts = m_choice.emplace_back(m_choices.size());
  for (int &v : acts) {
    v = sink.new_var();
  }
  if (m_config.within) {
    m_stay.push_back(sink.new_var());
  }
  new_layer(sink);
  const std::vector<int> &now = m_fluent[t];
  const std::vector<int> &next = m_fluent[t + 1];

  std::vector<std::vector<int>> spend;
  for (int l = 0; m_budget && l < m_budget->ledgers(); ++l) {
    spend.push_back(m_budget->add_step(l, sink));
  }
  for (std::size_t c = 0; c < m_choices.size(); ++c) {
    encode_effects(static_cast<int>(c), t, spend, sink);
  }

  // Explanatory frame axioms: a fluent changes only if a choice that can
  // change it is taken.
  for (int f = 0; f < m_task.num_fluents(); ++f) {
    std::vector<int> lost{-now[f], next[f]};
    for (int c : m_deleters[f]) {
      lost.push_back(acts[c]);
    }
    sink.add_clause(lost);
    std::vector<int> gained{now[f], -next[f]};
    for (int c : m_adders[f]) {
      gained.push_back(acts[c]);
    }
    sink.add_clause(gained);
  }

  if (m_config.within) {
    encode_stay(t, sink);
  } else {
    exactly_one(acts, m_config.action_amo, sink);
  }

  // An optimal plan never undoes its previous move.
  if (m_config.no_undo && t > 0) {
    for (std::size_t c = 0; c < m_choices.size(); ++c) {
      const int inv = m_choices[c].inverse;
      if (inv >= 0) {
        sink.add_clause({-m_choice[t - 1][c], -acts[inv]});
      }
    }
  }
  if (m_commute) {
    m_commute->encode_step(acts, sink);
  }
  name_layer(t, sink);
}

// A step that stays: no action (the frame axioms keep the state), taken
// only at a goal position and then at every later step, so a model of n
// steps is a plan of fewer moves padded at its end (its parity is
// encode_goal's).
void SequentialEncoding::encode_stay(int t, ClauseSink &sink) const {
  const int stay = m_stay[t];
  std::vector<int> step = m_choice[t];
  step.push_back(stay);
  exactly_one(step, m_config.action_amo, sink);
  for (int f : m_task.goal) {
    sink.add_clause({-stay, m_fluent[t][f]});
  }
  if (t > 0) {
    sink.add_clause({-m_stay[t - 1], stay});
  }
}

void SequentialEncoding::encode_goal(int n, int guard, ClauseSink &sink) {
  assert(n <= steps());
  auto guarded = [&](std::vector<int> clause) {
    if (guard != 0) {
      clause.push_back(-guard);
    }
    sink.add_clause(clause);
  };
  for (int f : m_task.goal) {
    guarded({m_fluent[n][f]});
  }
  // Within n: a plan of t moves stays n - t steps, an even number (the
  // plans of the other parity are another formula's, or the parity
  // token's).
  if (m_config.within) {
    for (int t = 0; t < n; ++t) {
      if ((n - t) % 2 == 1) {
        guarded(t == 0 ? std::vector<int>{-m_stay[0]}
                       : std::vector<int>{-m_stay[t], m_stay[t - 1]});
      }
    }
  }
  // The goal-side window: a fluent that needs more than n-t steps to the
  // goal is false at t. Depends on n, hence guarded.
  if (m_config.windows) {
    for (int t = 0; t < n; ++t) {
      for (int f = 0; f < m_task.num_fluents(); ++f) {
        if (m_distances.to_goal[f] > n - t &&
            (m_config.free_start || m_distances.from_init[f] <= t)) {
          guarded({-m_fluent[t][f]});
        }
      }
    }
  }
  if (m_budget && !m_config.free_start) { // else: start_assumptions
    if (n < m_budget->initial_bound()) {
      guarded({}); // shorter than the bound: no plan
    } else {
      for (int l = 0; l < m_budget->ledgers(); ++l) {
        if (const int over = m_budget->overspent(l, n); over != 0) {
          guarded({-over});
        }
      }
    }
  }
  if (m_config.bound) {
    for (int t = 0; t < n; ++t) {
      const std::vector<int> &sum = m_goal_sum[t];
      if (n - t < static_cast<int>(sum.size())) {
        guarded({-sum[n - t]});
      }
    }
  }
  if (n == steps()) {
    name_layer(n, sink);
  }
}

} // namespace satslide::encoder
