// One solver of the reachability driver: an incremental CaDiCaL holding
// the one-step formula (layer 0 free), which finds every move from a
// position, one SAT call per move. The driver (reach_driver.cpp) decides
// which positions to expand and keeps the table of positions found; it
// may run several expanders side by side, each in its own thread.
#pragma once

#include "cadical_sink.hpp"
#include "reach_driver.hpp"

#include "satslide/encoder/constraints/clause_sink.hpp"

#include <atomic>

namespace satslide::solver {

// Thrown by a set-up told to give up (SpareExpanders).
struct SetUpAbandoned {};

class ReachExpander {
public:
  // `formula` holds the encoding's layer 0 and step 0 (the same variables
  // as `encoding`, which names them); `stop` is polled during each call.
  // If `abandon` is given and set while the formula is being loaded, the
  // constructor throws SetUpAbandoned.
  ReachExpander(const task::Task &task, const encoder::Encoding &encoding,
                const encoder::StoringSink &formula,
                const ReachOptions &options, const StopFn &stop,
                std::chrono::steady_clock::time_point start,
                const std::atomic<bool> *abandon = nullptr);

  enum class Status {
    done,         // every move found: the last call was UNSAT
    unknown,      // a call gave up: deadline or stop
    decode_error, // a model chose no step of the formula (a bug)
  };
  // Appends to `successors` the position after each move from `s` the
  // solver finds (a position reached by several moves may appear more
  // than once). `came_from`, if not null, is the position `s` was first
  // reached from: the move back to it is excluded from the start.
  // `backward` (moves blocking only): the positions with a move *into*
  // `s` instead, `s` assumed on layer 1 and each found on layer 0.
  Status expand(const task::State &s, const task::State *came_from,
                std::vector<task::State> &successors, bool backward = false);
  // Whether excluding a step variable excludes one move into any position
  // (backward), as it excludes one move out of it: no two actions of one
  // choice can lead into the same position (their effects meet in an
  // exactly-one group). Moves blocking only.
  bool backward_exclusive() const;
  // `visited` blocking: "not this position" on layer 1, for good.
  void block(const task::State &s);

  long sat_calls() const { return m_sat_calls; }
  int64_t learned() const { return m_sink.learned(); }
  int num_vars() const { return m_sink.num_vars(); }
  int64_t num_clauses() const { return m_sink.num_clauses(); }

private:
  void block_under(const task::State &s, int guard);
  std::vector<int> reading_order(const task::State &s, bool backward) const;
  int chosen_move(const std::vector<int> &order) const;
  // Excludes the choice of the move from `from` to `to`, if any.
  void exclude_move(const task::State &from, const task::State &to,
                    std::vector<int> &assumptions) const;
  // The position assumed on its layer (layer 0 forward, 1 backward), and
  // with moves blocking the move back to where it came from excluded.
  std::vector<int> position_assumptions(const task::State &s,
                                        const task::State *came_from,
                                        bool backward) const;

  const task::Task &m_task;
  const ReachOptions &m_options;
  CadicalSink m_sink;
  std::vector<int> m_layer0, m_layer1; // fluent -> variable
  // Every fluent lies in an exactly-one group, so assuming a position's
  // true fluents makes the groups propagate the rest false.
  bool m_grouped = false;
  int m_true_count = -1; // fluents true in the first position blocked
  // Moves blocking: step 0's choices, per choice the fluents its actions
  // add or delete, and per action its choice (or -1).
  std::vector<encoder::Encoding::StepChoice> m_choices;
  std::vector<std::vector<int>> m_changes;
  std::vector<int> m_choice_of;
  long m_sat_calls = 0;
};

} // namespace satslide::solver
