#include "transition_relation.hpp"

#include <algorithm>

namespace satslide::encoder {

namespace {

bool contains(const std::vector<int> &v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void groups(const Task &task, const std::vector<int> &layer, AmoKind amo,
            ClauseSink &sink) {
  for (const auto &group : task.exactly_one) {
    std::vector<int> lits;
    for (int f : group) {
      lits.push_back(layer[f]);
    }
    exactly_one(lits, amo, sink);
  }
}

} // namespace

TransitionRelation encode_transition(const Task &task, AmoKind amo,
                                     ClauseSink &sink) {
  TransitionRelation t;
  for (auto *layer : {&t.now, &t.next}) {
    layer->resize(task.num_fluents());
    for (int &v : *layer) {
      v = sink.new_var();
    }
  }
  t.actions.resize(task.num_actions());
  for (int &v : t.actions) {
    v = sink.new_var();
  }
  groups(task, t.now, amo, sink);
  groups(task, t.next, amo, sink);

  std::vector<std::vector<int>> adders(task.num_fluents());
  std::vector<std::vector<int>> deleters(task.num_fluents());
  for (int a = 0; a < task.num_actions(); ++a) {
    const Action &action = task.actions[a];
    const int var = t.actions[a];
    for (int f : action.pre) {
      sink.add_clause({-var, t.now[f]});
    }
    for (int f : action.add) {
      sink.add_clause({-var, t.next[f]});
      adders[f].push_back(var);
    }
    for (int f : action.del) {
      if (!contains(action.add, f)) {
        sink.add_clause({-var, -t.next[f]});
        deleters[f].push_back(var);
      }
    }
  }
  for (int f = 0; f < task.num_fluents(); ++f) {
    std::vector<int> lost{-t.now[f], t.next[f]};
    lost.insert(lost.end(), deleters[f].begin(), deleters[f].end());
    sink.add_clause(lost);
    std::vector<int> gained{t.now[f], -t.next[f]};
    gained.insert(gained.end(), adders[f].begin(), adders[f].end());
    sink.add_clause(gained);
  }
  exactly_one(t.actions, amo, sink);
  return t;
}

} // namespace satslide::encoder
