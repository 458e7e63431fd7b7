// The sequential (one action per step) encoding of a Task with explanatory
// frame axioms (Kautz & Selman), and the optional refinements the
// benchmarks measure against its textbook form.
#pragma once

#include "satslide/encoder/constraints/cardinality.hpp"
#include "satslide/encoder/constraints/commute_order.hpp"
#include "satslide/encoder/constraints/distance_sum.hpp"
#include "satslide/encoder/encodings/encoding.hpp"
#include "satslide/encoder/constraints/plan_budget.hpp"
#include "satslide/task/task_distances.hpp"

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
  bool labels = false;  // one variable per move label, not per action
  bool budget = false;  // the bound as one plan-wide excess counter
  int pairings = 0;     // ... with this many pairings of groups (2-group
                        // databases), each its own budget
  bool commute = false; // order consecutive independent moves
  bool counts = false;  // the task's count invariants at every layer
  bool free_start = false; // layer 0 without the initial state: one
                           // formula for many starts, each assumed (the
                           // reachability driver's positions, the split's
                           // cubes); windows from the goal side only, the
                           // budget's threshold per start (no `bound`)
  bool within = false; // a step may also stay at a goal position, once the
                       // plan has ended there: horizon n's formula then has
                       // a model for every plan of n, n - 2, n - 4, ...
                       // moves (one standalone formula, not incremental)
};

class SequentialEncoding : public Encoding {
public:
  SequentialEncoding(const task::Task &task, SequentialConfig config);

  void encode_initial(ClauseSink &sink) override;
  void encode_step(int t, ClauseSink &sink) override;
  void encode_goal(int n, int guard, ClauseSink &sink) override;
  int fluent_var(int t, int f) const override;
  int steps() const override { return static_cast<int>(m_choice.size()); }
  std::vector<StepChoice> step_choices(int t) const override;
  std::optional<task::Plan>
  decode(int n, const std::function<bool(int)> &value) const override;
  int lower_bound() const override;
  std::optional<std::vector<int>> start_assumptions(const task::State &s,
                                                    int n) const override;

private:
  // What one step variable stands for: a single action, or (with labels)
  // every action of one label.
  struct Choice {
    std::string name;
    std::vector<int> actions;
    std::vector<int> common_pre; // preconditions shared by all actions
    // Per action a precondition no other action of the choice has, all
    // in one exactly-one group (e.g. the car's place for "car C right
    // 1"); empty if the actions have no such keys.
    std::vector<int> keys;
    int inverse = -1;            // the choice undoing this one
  };
  void build_choices();
  // groups_of[f]: the exactly-one groups holding fluent f.
  void find_keys(Choice &choice,
                 const std::vector<std::vector<int>> &groups_of) const;
  void encode_effects(int c, int t, const std::vector<std::vector<int>> &spend,
                      ClauseSink &sink) const;
  void encode_stay(int t, ClauseSink &sink) const;
  void new_layer(ClauseSink &sink);
  void name_layer(int t, ClauseSink &sink) const;

  SequentialConfig m_config;
  task::TaskDistances m_distances;                     // with windows or bound
  std::unique_ptr<DistanceSum> m_to_goal, m_from_init; // with bound
  std::vector<std::vector<int>> m_goal_sum;            // [t] unary sum to goal
  std::unique_ptr<PlanBudget> m_budget;                // with budget
  std::unique_ptr<CommuteOrder> m_commute;             // with commute
  std::vector<Choice> m_choices;
  std::vector<std::vector<int>> m_adders;   // per fluent: choices adding it
  std::vector<std::vector<int>> m_deleters; // per fluent: choices deleting it
  std::vector<std::vector<int>> m_fluent;   // [t][f] -> var
  std::vector<std::vector<int>> m_choice;   // [t][c] -> var
  std::vector<int> m_stay;                  // [t] -> var, with within
};

} // namespace satslide::encoder
