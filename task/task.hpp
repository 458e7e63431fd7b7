// A grounded STRIPS planning task: the one structure every puzzle compiles
// to, so that the CNF encodings are written once.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace satslide::task {

// A ground action: applicable when all of `pre` hold; afterwards `add`
// holds and `del` does not (add wins where both name a fluent).
struct Action {
  std::string name;
  std::vector<int> pre;
  std::vector<int> add;
  std::vector<int> del;
};

// A state is the truth value of every fluent.
using State = std::vector<char>;

// The fluents a state makes true, in increasing order.
std::vector<int> true_fluents(const State &state);

// A plan is a sequence of action indices into Task::actions.
using Plan = std::vector<int>;

struct Task {
  std::vector<std::string> fluents;          // names, indexed by fluent id
  std::vector<Action> actions;               // indexed by action id
  std::vector<int> init;                     // true at step 0; all others false
  std::vector<int> goal;                     // must all hold at the end
  std::vector<std::vector<int>> exactly_one; // invariant groups of fluents
  // Invariant counts beyond exactly-one: exactly `count` of `fluents` hold
  // in every reachable state (e.g. the places of four identified 1x1
  // blocks, or the free cells of a block puzzle).
  struct CountGroup {
    std::vector<int> fluents;
    int count = 0;
  };
  std::vector<CountGroup> exactly_k;
  std::vector<int> inverse; // action undoing each action, or -1
  // Optional coarser move labels (e.g. "the blank moves up from r1c1"):
  // per action its label. Within a label at most one action is applicable
  // in any state, so a label plus the state determines the action.
  std::vector<int> label;
  std::vector<std::string> label_names;
  std::vector<int> label_inverse; // label undoing each label, or -1

  int num_fluents() const { return static_cast<int>(fluents.size()); }
  int num_actions() const { return static_cast<int>(actions.size()); }

  State initial_state() const;
  bool applicable(const State &state, int action) const;
  State apply(const State &state, int action) const; // requires applicable
  // The state after the plan, or nullopt if some action is not applicable
  // when its turn comes.
  std::optional<State> apply_plan(const State &state, const Plan &plan) const;
  bool satisfies_goal(const State &state) const;

  int num_labels() const { return static_cast<int>(label_names.size()); }

  // The same task from another start, toward another goal (a set of
  // fluents): the sub-problems of --any and --tighten.
  Task restarted(const State &start, std::vector<int> new_goal) const;

  // An action leading from `from` to `to`, if any does.
  std::optional<int> action_between(const State &from, const State &to) const;

  // Checks the internal consistency of the task (ids in range, init meets
  // every exactly-one group); returns a message on the first problem.
  std::optional<std::string> validate() const;
};

} // namespace satslide::task
