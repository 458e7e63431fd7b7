// Any-plan mode: the goal reached in stages (a goal agenda, Koehler &
// Hoffmann 2000). Stage k asks for the goal fluents of stages 1..k from
// where stage k-1 ended; each stage is a small optimal run of the horizon
// driver, and the stage plans joined (loops removed) are one valid plan,
// far shorter to find than an optimal plan of the whole and not proven
// optimal.
//
// Contract:
//   require: options.first_horizon and options.stride are proofs about
//            the whole task from its initial state (as for
//            run_horizons); the agenda names goal fluents of the task.
//   ensure:  outcome plan_found: `plan` leads from the initial state to
//            the goal (the caller still replays it by the puzzle's rules).
#pragma once

#include "horizon_driver.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace satslide::solver {

struct AgendaResult {
  Outcome outcome = Outcome::horizon_limit;
  task::Plan plan;     // the stage plans joined, loops removed
  int raw_length = 0;  // length before removing loops
  int stages = 0;      // number of stages in the agenda (with the last)
  int stages_done = 0; // stages whose goal was reached
  std::vector<HorizonStats> horizons; // every solver call of every stage
  std::vector<int> horizon_stage;     // per entry of horizons: its stage
  double seconds = 0;
};

using TaskEncodingFactory =
    std::function<std::unique_ptr<encoder::Encoding>(const task::Task &)>;

// Called when a stage starts: its number (from 1), the number of stages,
// the goal fluents it adds, the stage's first horizon.
using StageFn = std::function<void(int, int, const std::vector<int> &, int)>;

AgendaResult run_agenda(const task::Task &task,
                        const std::vector<std::vector<int>> &agenda,
                        const TaskEncodingFactory &make_encoding,
                        const DriverOptions &options,
                        const ProgressFn &progress = {},
                        const StageFn &on_stage = {});

} // namespace satslide::solver
