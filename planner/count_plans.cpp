#include "satslide/planner/count_plans.hpp"

#include "satslide/planner/planner.hpp"

#include <stdexcept>

namespace satslide::planner {

namespace {

// "Not these positions again, in this order": the clause that blocks the
// plan of the current model; empty for the empty plan.
std::vector<int> blocking_clause(const solver::Formula &f,
                                 const task::Task &task, int length) {
  std::vector<int> block;
  for (int t = 1; t <= length; ++t) {
    for (int fl = 0; fl < task.num_fluents(); ++fl) {
      const int var = f.encoding->fluent_var(t, fl);
      if (f.sink->value(var)) {
        block.push_back(-var);
      }
    }
  }
  return block;
}

} // namespace

PlanCount count_plans(const puzzles::Puzzle &puzzle, int length,
                      const CountOptions &options) {
  const auto start = std::chrono::steady_clock::now();
  const encoder::EncodingInfo &info = encoding_for(puzzle, options.encoding);
  if (info.name == "ordered" || !info.minimises_moves) {
    throw std::invalid_argument(
        "counting plans needs an encoding that keeps every optimal plan; " +
        info.name + " does not");
  }
  const task::Task task = puzzle.compile();
  const auto deadline = solver::deadline_after(start, options.timeout_seconds);
  solver::Formula f = solver::open_formula(
      [&] { return info.make(task); }, solver::SolverConfig::standard, {},
      options.timeout_seconds, deadline, options.stop);
  PlanCount c;
  const auto limit = [&] {
    return solver::limit_reached(options.stop, options.timeout_seconds,
                                 deadline);
  };
  const int guard =
      solver::open_horizon(f, length, [&] { return bool(limit()); });
  while (guard != 0) {
    if (options.limit > 0 && c.count >= options.limit) {
      c.stopped = "limit";
      break;
    }
    const solver::SolveResult answer = f.sink->solve({guard});
    if (answer == solver::SolveResult::unsat) {
      c.complete = true;
      break;
    }
    if (answer == solver::SolveResult::unknown) {
      break;
    }
    const auto value = [&](int var) { return f.sink->value(var); };
    const auto plan = f.encoding->decode(length, value);
    const puzzles::Replay replay =
        plan ? puzzle.replay(*plan) : puzzles::Replay{};
    if (!plan || replay.error || !replay.solved) {
      throw std::logic_error("a model of horizon " + std::to_string(length) +
                             " does not replay as a plan");
    }
    ++c.count;
    if (static_cast<int>(c.moves.size()) < options.keep) {
      c.moves.push_back(replay.compact);
    }
    const std::vector<int> block = blocking_clause(f, task, length);
    if (block.empty()) { // the empty plan: there is only one
      c.complete = true;
      break;
    }
    f.sink->add_clause(block);
  }
  if (!c.complete && c.stopped.empty()) {
    c.stopped = options.stop && options.stop() ? "cancelled" : "timeout";
  }
  c.seconds = solver::seconds_since(start);
  return c;
}

} // namespace satslide::planner
