// The interface every CNF encoding of a Task implements, layer by layer, so
// that one incremental solver can grow the horizon (see solver/).
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/task/task.hpp"

#include <functional>

namespace satslide::encoder {

class Encoding {
public:
  explicit Encoding(const task::Task &task) : m_task(task) {}
  virtual ~Encoding() = default;

  // State layer 0: its variables, invariants and the initial state.
  virtual void encode_initial(ClauseSink &sink) = 0;

  // Step t (from layer t to layer t+1): action variables and layer t+1.
  // Requires encode_initial and steps 0..t-1.
  virtual void encode_step(int t, ClauseSink &sink) = 0;

  // The goal at horizon n, every clause guarded by -guard so a solver can
  // assume guard (incremental) or retire it; guard 0 gives plain clauses.
  // Requires steps 0..n-1.
  virtual void encode_goal(int n, int guard, ClauseSink &sink) = 0;

  // The variable of fluent f at layer t.
  virtual int fluent_var(int t, int f) const = 0;

  // A lower bound on plan length that the encoding proves by itself (an
  // admissible heuristic it encodes); 0 if none.
  virtual int lower_bound() const { return 0; }

  // The number of steps encoded so far.
  virtual int steps() const = 0;

  // The variables choosing step t's move (a sequential encoding makes
  // exactly one true per step), each with the task's actions it stands
  // for, for excluding a move by an assumption; empty where the encoding
  // has no such variables.
  struct StepChoice {
    int var = 0;
    std::vector<int> actions;
  };
  virtual std::vector<StepChoice> step_choices(int t) const {
    (void)t;
    return {};
  }

  // The plan a model of horizon n encodes (`value(var)` is the model), or
  // nullopt if the model breaks the task's rules (a bug in the encoding).
  // By default read off the states, one action per step (decode_plan).
  virtual std::optional<task::Plan>
  decode(int n, const std::function<bool(int)> &value) const;

  // For a formula made with a free layer 0 (EncodingInfo::make_free_start,
  // one formula for many starts): what to assume for a plan of n steps
  // from `s` — its fluents on layer 0 and whatever the encoding's own
  // bound asks of that start at n — or nullopt if that bound alone
  // refutes n from s. Requires steps 0..n-1.
  virtual std::optional<std::vector<int>>
  start_assumptions(const task::State &s, int n) const;

  const task::Task &task() const { return m_task; }

protected:
  const task::Task &m_task;
};

// Reads a plan of n steps off a model, from its states: at each step an
// action of the task that leads from state t to state t+1. `value(var)` is
// the model. Returns nullopt if some step has no such action (a bug in an
// encoding, reported as one, never printed as a plan).
std::optional<task::Plan> decode_plan(const Encoding &encoding, int n,
                                      const std::function<bool(int)> &value);

// The same from explicit states (DIMACS answers).
std::optional<task::Plan>
plan_from_states(const task::Task &task,
                 const std::vector<task::State> &states);

} // namespace satslide::encoder
