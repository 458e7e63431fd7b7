#include "plan_tightening.hpp"

#include "satslide/task/plan_shortcut.hpp"

#include <chrono>

namespace satslide::solver {

namespace {

std::vector<task::State> states_along(const task::Task &task,
                                      const task::Plan &plan) {
  std::vector<task::State> states{task.initial_state()};
  for (int a : plan) {
    states.push_back(task.apply(states.back(), a));
  }
  return states;
}

// What re-solving one window did.
enum class Window { kept, improved, stop };

// Re-solves the w moves after states[i] optimally between their end
// states, and splices a shorter path into result.plan. `stop` when time
// ran out, the run was cancelled or a path did not apply (result.outcome
// says which).
Window resolve_window(const task::Task &task,
                      const std::vector<task::State> &states, int i, int w,
                      const TaskEncodingFactory &make_encoding,
                      const DriverOptions &options,
                      std::chrono::steady_clock::time_point start,
                      const ProgressFn &progress, TightenResult &result) {
  const task::Task part =
      task.restarted(states[i], task::true_fluents(states[i + w]));
  std::unique_ptr<encoder::Encoding> first = make_encoding(part);
  // Paths between the same two states differ in length by multiples of
  // the stride (prefix + path + suffix is a plan of the task).
  DriverOptions d = options;
  d.first_horizon = round_up_to_stride(first->lower_bound(), w, d.stride);
  d.max_horizon = w - d.stride;
  d.start_proven = true;
  if (d.first_horizon > d.max_horizon) {
    return Window::kept; // the bound proves the window optimal
  }
  if (options.timeout_seconds > 0) {
    d.timeout_seconds = options.timeout_seconds - seconds_since(start);
    if (d.timeout_seconds <= 0) {
      result.outcome = Outcome::timeout;
      return Window::stop;
    }
  }
  ++result.windows;
  const DriverResult run = run_horizons(
      [&] { return first ? std::move(first) : make_encoding(part); }, d,
      progress);
  result.horizons.insert(result.horizons.end(), run.horizons.begin(),
                         run.horizons.end());
  if (run.outcome == Outcome::timeout || run.outcome == Outcome::cancelled) {
    result.outcome = run.outcome;
    return Window::stop;
  }
  if (run.outcome != Outcome::plan_found) {
    return Window::kept; // no shorter path: the window is optimal
  }
  if (task.apply_plan(states[i], run.plan) != states[i + w]) {
    result.outcome = Outcome::decode_error;
    return Window::stop;
  }
  result.plan.erase(result.plan.begin() + i, result.plan.begin() + i + w);
  result.plan.insert(result.plan.begin() + i, run.plan.begin(),
                     run.plan.end());
  result.plan = task::shortcut_plan(task, task.initial_state(), result.plan);
  ++result.improved;
  return Window::improved;
}

} // namespace

TightenResult tighten_plan(const task::Task &task, const task::Plan &plan,
                           const TaskEncodingFactory &make_encoding,
                           const DriverOptions &options, int window,
                           const ProgressFn &progress) {
  const auto start = std::chrono::steady_clock::now();
  TightenResult result;
  result.plan = task::shortcut_plan(task, task.initial_state(), plan);
  const int step = std::max(1, window / 2);
  // Passes alternate the windows' offset; two passes in a row without a
  // change end it.
  for (int quiet = 0; quiet < 2; ++result.passes) {
    bool changed = false;
    std::vector<task::State> states = states_along(task, result.plan);
    for (int i = result.passes % 2 ? step : 0;
         i + 1 < static_cast<int>(result.plan.size()); i += step) {
      const int w = std::min(window, static_cast<int>(result.plan.size()) - i);
      const Window done = resolve_window(task, states, i, w, make_encoding,
                                         options, start, progress, result);
      if (done == Window::stop) {
        break;
      }
      if (done == Window::improved) {
        states = states_along(task, result.plan);
        changed = true;
      }
    }
    if (result.outcome != Outcome::plan_found) {
      break;
    }
    quiet = changed ? 0 : quiet + 1;
  }
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
