#include "horizon_driver.hpp"

#include <cassert>
#include <chrono>

namespace satslide::solver {

int round_up_to_stride(int at_least, int residue, int stride) {
  const int r = (residue % stride + stride) % stride;
  return at_least + ((r - at_least % stride) % stride + stride) % stride;
}

std::chrono::steady_clock::time_point
deadline_after(std::chrono::steady_clock::time_point start, double seconds) {
  return start +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
             std::chrono::duration<double>(seconds));
}

Formula open_formula(const EncodingFactory &make_encoding,
                     const std::string &solver_config,
                     const std::vector<std::string> &solver_options,
                     double timeout_seconds,
                     std::chrono::steady_clock::time_point deadline,
                     const StopFn &stop) {
  Formula f;
  f.sink = std::make_unique<CadicalSink>(solver_config, solver_options);
  if (timeout_seconds > 0) {
    f.sink->set_deadline(deadline);
  }
  if (stop) {
    f.sink->set_stop(stop);
  }
  f.encoding = make_encoding();
  f.encoding->encode_initial(*f.sink);
  return f;
}

int open_horizon(Formula &formula, int n,
                 const std::function<bool()> &expired) {
  while (formula.encoding->steps() < n) {
    formula.encoding->encode_step(formula.encoding->steps(), *formula.sink);
    if (expired && expired()) {
      return 0;
    }
  }
  const int guard = formula.sink->new_var();
  formula.encoding->encode_goal(n, guard, *formula.sink);
  return guard;
}

Outcome interrupted(const StopFn &stop) {
  return stop && stop() ? Outcome::cancelled : Outcome::timeout;
}

// Each horizon n gets a fresh activation literal g_n: the goal clauses of
// n are guarded by -g_n and g_n is assumed, so the clauses learned while
// refuting n stay valid for n+1 (Gocht & Balyo's incplan does the same).
// After UNSAT the unit -g_n retires them for good.
DriverResult run_horizons(const EncodingFactory &make_encoding,
                          const DriverOptions &options,
                          const ProgressFn &progress) {
  assert(options.stride >= 1 && options.first_horizon >= 0);
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = deadline_after(start, options.timeout_seconds);
  DriverResult result;
  if (options.start_proven) {
    result.no_plan_up_to = options.first_horizon - 1;
  }
  // The solver stops itself at the deadline; encoding a big board's steps
  // takes long too, so the driver looks at the clock between them.
  const auto expired = [&] {
    if (options.stop && options.stop()) {
      result.outcome = Outcome::cancelled;
      result.seconds = seconds_since(start);
      return true;
    }
    if (options.timeout_seconds > 0 &&
        std::chrono::steady_clock::now() >= deadline) {
      result.outcome = Outcome::timeout;
      result.seconds = seconds_since(start);
      return true;
    }
    return false;
  };

  Formula formula;
  for (int n = options.first_horizon; n <= options.max_horizon;
       n += options.stride) {
    if (expired()) {
      return result;
    }
    if (!formula.sink || !options.incremental) {
      formula = {};
      formula = open_formula(make_encoding, options.solver_config,
                             options.solver_options, options.timeout_seconds,
                             deadline, options.stop);
    }
    const int guard = open_horizon(formula, n, expired);
    if (guard == 0) {
      return result;
    }
    CadicalSink &sink = *formula.sink;
    encoder::Encoding &encoding = *formula.encoding;

    const auto call_start = std::chrono::steady_clock::now();
    const int64_t learned_before = sink.learned();
    const SolveResult answer = sink.solve({guard});
    HorizonStats stats;
    stats.horizon = n;
    stats.result = to_string(answer);
    stats.variables = sink.num_vars();
    stats.clauses = sink.num_clauses();
    stats.seconds = seconds_since(call_start);
    stats.conflicts = sink.learned() - learned_before;
    result.horizons.push_back(stats);
    if (progress) {
      progress(stats);
    }

    if (answer == SolveResult::unknown) {
      result.outcome = interrupted(options.stop);
      result.seconds = seconds_since(start);
      return result;
    }
    if (answer == SolveResult::sat) {
      auto plan = encoding.decode(n, [&](int var) { return sink.value(var); });
      result.seconds = seconds_since(start);
      if (!plan) {
        result.outcome = Outcome::decode_error;
        return result;
      }
      result.outcome = Outcome::plan_found;
      result.plan = *plan;
      result.optimal = options.start_proven;
      return result;
    }
    sink.add_clause({-guard});
    if (options.start_proven) {
      // n refuted; lengths n+1 .. n+stride-1 are ruled out by the stride.
      result.no_plan_up_to = n + options.stride - 1;
    }
  }
  result.outcome = Outcome::horizon_limit;
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
