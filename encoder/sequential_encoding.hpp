// The sequential (one action per step) encoding of a Task with explanatory
// frame axioms (Kautz & Selman), and the optional refinements the
// benchmarks measure against its textbook form.
#pragma once

#include "cardinality.hpp"
#include "encoding.hpp"
#include "distance_sum.hpp"
#include "task_distances.hpp"

#include <memory>

#include <vector>

namespace satslide::encoder {

struct SequentialConfig {
  AmoKind action_amo = AmoKind::pairwise; // exactly one action per step
  AmoKind group_amo = AmoKind::pairwise;  // exactly-one invariant groups
  bool windows = false; // fix fluents false that are too far from init/goal
  bool no_undo = false; // forbid an action followed by its inverse
  bool bound = false;   // sum of independent group distances <= steps
                        // left (to goal) and <= steps taken (from start)
};

class SequentialEncoding : public Encoding {
public:
  SequentialEncoding(const Task &task, SequentialConfig config);

  void encode_initial(ClauseSink &sink) override;
  void encode_step(int t, ClauseSink &sink) override;
  void encode_goal(int n, int guard, ClauseSink &sink) override;
  int fluent_var(int t, int f) const override;
  int action_var(int t, int a) const override;
  int steps() const override { return static_cast<int>(m_action.size()); }

private:
  void new_layer(ClauseSink &sink);
  void name_layer(int t, ClauseSink &sink) const;

  SequentialConfig m_config;
  TaskDistances m_distances;                  // with windows or bound
  std::unique_ptr<DistanceSum> m_to_goal, m_from_init; // with bound
  std::vector<std::vector<int>> m_goal_sum;   // [t] unary sum to goal
  std::vector<std::vector<int>> m_adders;     // per fluent: actions adding it
  std::vector<std::vector<int>> m_deleters;   // per fluent: actions deleting it
  std::vector<std::vector<int>> m_fluent;     // [t][f] -> var
  std::vector<std::vector<int>> m_action;     // [t][a] -> var
};

} // namespace satslide::encoder
