#include "satslide/encoder/constraints/state_invariants.hpp"

namespace satslide::encoder {

namespace {

std::vector<int> layer_literals(const std::vector<int> &fluents,
                                const std::vector<int> &vars) {
  std::vector<int> lits;
  lits.reserve(fluents.size());
  for (int f : fluents) {
    lits.push_back(vars[f]);
  }
  return lits;
}

} // namespace

void encode_state_invariants(const task::Task &task,
                             const std::vector<int> &vars, AmoKind group_amo,
                             bool counts, ClauseSink &sink) {
  for (const auto &group : task.exactly_one) {
    exactly_one(layer_literals(group, vars), group_amo, sink);
  }
  if (counts) {
    for (const task::Task::CountGroup &group : task.exactly_k) {
      exactly_k(layer_literals(group.fluents, vars), group.count, sink);
    }
  }
}

} // namespace satslide::encoder
