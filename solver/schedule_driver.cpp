#include "schedule_driver.hpp"

#include <cmath>

namespace satslide::solver {

namespace {

struct Open : Formula {
  int horizon = 0;
  int guard = 0;
  HorizonStats stats;
};

} // namespace

ScheduleResult run_schedule(const EncodingFactory &make_encoding,
                            const ScheduleOptions &options,
                            const ProgressFn &progress,
                            const RoundFn &on_round) {
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = deadline_after(start, options.timeout_seconds);
  ScheduleResult result;
  std::vector<Open> open;
  int next = options.first_horizon;
  const auto finish = [&](Open &o) {
    o.stats.variables = o.sink->num_vars();
    o.stats.clauses = o.sink->num_clauses();
    result.horizons.push_back(o.stats);
    if (progress) {
      progress(o.stats);
    }
  };

  for (;;) {
    while (static_cast<int>(open.size()) < options.open &&
           next <= options.max_horizon) {
      Open o;
      static_cast<Formula &>(o) =
          open_formula(make_encoding, options.solver_config,
                       options.solver_options, options.timeout_seconds,
                       deadline, options.stop);
      o.horizon = next;
      o.guard = open_horizon(o, next);
      o.stats.horizon = next;
      o.stats.result = "UNKNOWN";
      open.push_back(std::move(o));
      next += options.gap;
    }
    if (open.empty()) {
      result.outcome = Outcome::horizon_limit;
      break;
    }
    // One round: each open horizon by rank k gets slice * gamma^k.
    double share = options.slice;
    int refuted = -1;
    for (std::size_t k = 0; k < open.size(); ++k, share *= options.gamma) {
      Open &o = open[k];
      const auto call_start = std::chrono::steady_clock::now();
      const int64_t learned_before = o.sink->learned();
      const SolveResult answer = o.sink->solve(
          {o.guard}, std::max(1, static_cast<int>(std::lround(share))));
      o.stats.seconds += seconds_since(call_start);
      o.stats.conflicts += o.sink->learned() - learned_before;
      if (answer == SolveResult::sat) {
        o.stats.result = "SAT";
        finish(o);
        auto plan = o.encoding->decode(
            o.horizon, [&](int var) { return o.sink->value(var); });
        result.seconds = seconds_since(start);
        if (!plan) {
          result.outcome = Outcome::decode_error;
          return result;
        }
        result.outcome = Outcome::plan_found;
        result.plan = std::move(*plan);
        result.horizon = o.horizon;
        return result;
      }
      if (answer == SolveResult::unsat) {
        refuted = std::max(refuted, o.horizon);
      }
      if (options.stop && options.stop()) {
        result.outcome = Outcome::cancelled;
        result.seconds = seconds_since(start);
        return result;
      }
      if (options.timeout_seconds > 0 &&
          std::chrono::steady_clock::now() >= deadline) {
        result.outcome = Outcome::timeout;
        result.seconds = seconds_since(start);
        return result;
      }
    }
    // Monotone: an unsatisfiable horizon refutes every smaller one.
    result.refuted_up_to = std::max(result.refuted_up_to, refuted);
    if (on_round) {
      on_round(open.front().horizon, open.back().horizon, result.refuted_up_to,
               seconds_since(start));
    }
    if (refuted >= 0) {
      std::vector<Open> still;
      for (Open &o : open) {
        if (o.horizon <= refuted) {
          o.stats.result = "UNSAT";
          finish(o);
        } else {
          still.push_back(std::move(o));
        }
      }
      open = std::move(still);
    }
  }
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
