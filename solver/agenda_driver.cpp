#include "agenda_driver.hpp"

#include "satslide/task/plan_shortcut.hpp"

#include <algorithm>
#include <chrono>

namespace satslide::solver {

namespace {

// The driver options of one stage: its first horizon from the stage's own
// bound, and for the last stage the whole task's stride (the joined plan
// so far, `done` moves, is a prefix of every plan of the task).
DriverOptions stage_options(const DriverOptions &options, bool last,
                            int stage_bound, int done) {
  DriverOptions d = options;
  if (last) {
    d.first_horizon =
        round_up_to_stride(std::max(stage_bound, 0),
                           options.first_horizon - done, options.stride);
  } else {
    d.first_horizon = stage_bound;
    d.stride = 1; // a partial goal leaves the blank anywhere: no parity
  }
  d.start_proven = true;
  return d;
}

// The goal so far with the fluents of `stage` added.
void add_goals(std::vector<int> &goal, const std::vector<int> &stage) {
  for (int f : stage) {
    if (std::find(goal.begin(), goal.end(), f) == goal.end()) {
      goal.push_back(f);
    }
  }
}

// What is left of the timeout (0 = none) after the stages since `start`.
double seconds_left(const DriverOptions &options,
                    std::chrono::steady_clock::time_point start) {
  return options.timeout_seconds > 0
             ? options.timeout_seconds - seconds_since(start)
             : options.timeout_seconds;
}

// A stage's horizons join the run's, each marked with the stage's number.
void record_horizons(const DriverResult &run, int stage,
                     AgendaResult &result) {
  result.horizons.insert(result.horizons.end(), run.horizons.begin(),
                         run.horizons.end());
  result.horizon_stage.insert(result.horizon_stage.end(), run.horizons.size(),
                              stage);
}

} // namespace

AgendaResult run_agenda(const task::Task &task,
                        const std::vector<std::vector<int>> &agenda,
                        const TaskEncodingFactory &make_encoding,
                        const DriverOptions &options,
                        const ProgressFn &progress, const StageFn &on_stage) {
  const auto start = std::chrono::steady_clock::now();
  AgendaResult result;
  std::vector<std::vector<int>> stages = agenda;
  stages.push_back(task.goal); // the whole goal comes last
  result.stages = static_cast<int>(stages.size());

  task::State state = task.initial_state();
  task::Plan joined;
  std::vector<int> goal;
  for (int k = 0; k < result.stages; ++k) {
    const bool last = k + 1 == result.stages;
    add_goals(goal, stages[k]);
    const task::Task stage = task.restarted(state, goal);
    if (stage.satisfies_goal(state)) {
      ++result.stages_done;
      continue;
    }

    std::unique_ptr<encoder::Encoding> first = make_encoding(stage);
    DriverOptions d = stage_options(options, last, first->lower_bound(),
                                    static_cast<int>(joined.size()));
    d.timeout_seconds = seconds_left(options, start);
    if (options.timeout_seconds > 0 && d.timeout_seconds <= 0) {
      result.outcome = Outcome::timeout;
      break;
    }
    if (on_stage) {
      on_stage(k + 1, result.stages, stages[k], d.first_horizon);
    }
    DriverResult run = run_horizons(
        [&] { return first ? std::move(first) : make_encoding(stage); }, d,
        progress);
    record_horizons(run, k + 1, result);
    if (run.outcome != Outcome::plan_found) {
      result.outcome = run.outcome;
      break;
    }
    auto reached = task.apply_plan(state, run.plan);
    if (!reached) {
      result.outcome = Outcome::decode_error;
      result.seconds = seconds_since(start);
      return result;
    }
    state = std::move(*reached);
    joined.insert(joined.end(), run.plan.begin(), run.plan.end());
    ++result.stages_done;
  }
  result.raw_length = static_cast<int>(joined.size());
  if (result.stages_done == result.stages) {
    result.outcome = Outcome::plan_found;
    result.plan = task::shortcut_plan(task, task.initial_state(), joined);
  }
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
