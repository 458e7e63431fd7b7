#include "horizon_driver.hpp"

#include <cassert>
#include <chrono>
#include <new>

namespace satslide::solver {

int round_up_to_stride(int at_least, int residue, int stride) {
  const int r = (residue % stride + stride) % stride;
  return at_least + ((r - at_least % stride) % stride + stride) % stride;
}

std::chrono::steady_clock::time_point
deadline_after(std::chrono::steady_clock::time_point start, double seconds) {
  // Past ~9.2e9 s the nanosecond count overflows (it wrapped to the past:
  // "already timed out"); thirty years is no deadline at all.
  constexpr double k_forever = 1.0e9;
  if (!(seconds < k_forever)) {
    return std::chrono::steady_clock::time_point::max();
  }
  return start +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
             std::chrono::duration<double>(seconds));
}

Formula open_formula(const EncodingFactory &make_encoding,
                     SolverConfig solver_config,
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
    const FormulaSize before = FormulaSize::of(*formula.sink);
    formula.encoding->encode_step(formula.encoding->steps(), *formula.sink);
    check_formula_fits(*formula.sink, before, formula.encoding->steps(), n,
                       "--max-horizon (or --min-horizon)");
    if (expired && expired()) {
      return 0;
    }
  }
  const int guard = formula.sink->new_var();
  formula.encoding->encode_goal(n, guard, *formula.sink);
  return guard;
}

std::optional<Outcome>
limit_reached(const StopFn &stop, double timeout_seconds,
              std::chrono::steady_clock::time_point deadline) {
  if (stop && stop()) {
    return Outcome::cancelled;
  }
  if (timeout_seconds > 0 && std::chrono::steady_clock::now() >= deadline) {
    return Outcome::timeout;
  }
  return std::nullopt;
}

Outcome interrupted(const StopFn &stop) {
  return stop && stop() ? Outcome::cancelled : Outcome::timeout;
}

namespace {

// Ends `result` as `outcome` if the stop test or the deadline says so.
class Watch {
public:
  Watch(const DriverOptions &options, DriverResult &result)
      : m_options(options), m_result(result),
        m_start(std::chrono::steady_clock::now()),
        m_deadline(deadline_after(m_start, options.timeout_seconds)) {}

  std::chrono::steady_clock::time_point deadline() const { return m_deadline; }

  // True (and the result ended) once the run must stop.
  bool expired() const {
    const auto limit = limit_reached(m_options.stop, m_options.timeout_seconds,
                                     m_deadline);
    return limit && end(*limit);
  }

  bool end(Outcome outcome) const {
    m_result.outcome = outcome;
    m_result.seconds = seconds_since(m_start);
    return true;
  }

private:
  const DriverOptions &m_options;
  DriverResult &m_result;
  std::chrono::steady_clock::time_point m_start, m_deadline;
};

// Horizon n was satisfiable: its plan, decoded from the model.
void take_plan(const Formula &formula, int n, const DriverOptions &options,
               const Watch &watch, DriverResult &result) {
  CadicalSink &sink = *formula.sink;
  auto plan =
      formula.encoding->decode(n, [&](int var) { return sink.value(var); });
  watch.end(plan ? Outcome::plan_found : Outcome::decode_error);
  result.plan = plan.value_or(task::Plan{});
  result.optimal = plan && options.start_proven;
}

} // namespace

SolveResult solve_timed(CadicalSink &sink, int guard, int n,
                        HorizonStats &stats, const ProgressFn &progress) {
  return solve_timed(sink, std::vector<int>{guard}, n, stats, progress);
}

SolveResult solve_timed(CadicalSink &sink, const std::vector<int> &assumptions,
                        int n, HorizonStats &stats,
                        const ProgressFn &progress, int conflict_limit) {
  const auto call_start = std::chrono::steady_clock::now();
  const int64_t learned_before = sink.learned();
  if (progress) {
    sink.set_heartbeat(k_heartbeat_seconds, [&](int64_t learned, double s) {
      HorizonStats running;
      running.horizon = n;
      running.result = "running";
      running.variables = sink.num_vars();
      running.clauses = sink.num_clauses();
      running.seconds = s;
      running.conflicts = learned;
      progress(running);
    });
  }
  const SolveResult answer = sink.solve(assumptions, conflict_limit);
  sink.set_heartbeat(0, {});
  stats.horizon = n;
  stats.result = to_name(answer);
  stats.variables = sink.num_vars();
  stats.clauses = sink.num_clauses();
  stats.seconds = seconds_since(call_start);
  stats.conflicts = sink.learned() - learned_before;
  return answer;
}

// Each horizon n gets a fresh activation literal g_n: the goal clauses of
// n are guarded by -g_n and g_n is assumed, so the clauses learned while
// refuting n stay valid for n+1 (Gocht & Balyo's incplan does the same).
// After UNSAT the unit -g_n retires them for good. The solver stops itself
// at the deadline; encoding a big board's steps takes long too, so the
// driver also looks at the clock between them.
DriverResult run_horizons(const EncodingFactory &make_encoding,
                          const DriverOptions &options,
                          const ProgressFn &progress) {
  assert(options.stride >= 1 && options.first_horizon >= 0);
  DriverResult result;
  const Watch watch(options, result);
  if (options.start_proven) {
    result.no_plan_up_to = options.first_horizon - 1;
  }
  Formula formula;
  try {
    for (int n = options.first_horizon; n <= options.max_horizon;
         n += options.stride) {
      if (watch.expired()) {
        return result;
      }
      if (!formula.sink || !options.incremental) {
        formula = {};
        formula = open_formula(make_encoding, options.solver_config,
                               options.solver_options, options.timeout_seconds,
                               watch.deadline(), options.stop);
      }
      const int guard = open_horizon(formula, n, [&] { return watch.expired(); });
      if (guard == 0) {
        return result;
      }
      CadicalSink &sink = *formula.sink;
      HorizonStats &stats = result.horizons.emplace_back();
      const SolveResult answer = solve_timed(sink, guard, n, stats, progress);
      if (progress) {
        progress(stats);
      }
      if (answer == SolveResult::unknown) {
        watch.end(interrupted(options.stop));
        return result;
      }
      if (answer == SolveResult::sat) {
        take_plan(formula, n, options, watch, result);
        return result;
      }
      sink.add_clause({-guard});
      if (options.start_proven) {
        // n refuted; lengths n+1 .. n+stride-1 are ruled out by the stride.
        result.no_plan_up_to = n + options.stride - 1;
      }
    }
  } catch (const std::bad_alloc &e) {
    // What was refuted before stands. The formula's memory goes back
    // now, so the report can still be written.
    formula = {};
    result.memory_reason = refused_formula(e);
    if (!result.horizons.empty() && result.horizons.back().result.empty()) {
      result.horizons.pop_back(); // the horizon it was solving
    }
    watch.end(Outcome::out_of_memory);
    return result;
  }
  watch.end(Outcome::horizon_limit);
  return result;
}

} // namespace satslide::solver
