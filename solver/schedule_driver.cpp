#include "schedule_driver.hpp"

#include <cmath>

namespace satslide::solver {

namespace {

// One horizon being solved: its own solver and formula.
struct Open : Formula {
  int horizon = 0;
  int guard = 0;
  HorizonStats stats;
};

class Schedule {
public:
  Schedule(const EncodingFactory &make_encoding, const ScheduleOptions &options,
           const ProgressFn &progress)
      : m_make(make_encoding), m_options(options), m_progress(progress),
        m_start(std::chrono::steady_clock::now()),
        m_deadline(deadline_after(m_start, options.timeout_seconds)),
        m_next(options.first_horizon) {}

  ScheduleResult run(const RoundFn &on_round);

private:
  void fill();
  // One round over the open horizons; true when the run is over.
  bool round();
  bool slice(Open &o, double share, int &refuted);
  void retire(int refuted);
  void finish(Open &o);
  bool end(Outcome outcome);

  const EncodingFactory &m_make;
  const ScheduleOptions &m_options;
  const ProgressFn &m_progress;
  const std::chrono::steady_clock::time_point m_start, m_deadline;
  int m_next;
  std::vector<Open> m_open;
  ScheduleResult m_result;
};

bool Schedule::end(Outcome outcome) {
  m_result.outcome = outcome;
  m_result.seconds = seconds_since(m_start);
  return true;
}

void Schedule::finish(Open &o) {
  o.stats.variables = o.sink->num_vars();
  o.stats.clauses = o.sink->num_clauses();
  m_result.horizons.push_back(o.stats);
  if (m_progress) {
    m_progress(o.stats);
  }
}

// Opens horizons h, h + gap, ... until `open` of them are being solved.
void Schedule::fill() {
  while (static_cast<int>(m_open.size()) < m_options.open &&
         m_next <= m_options.max_horizon) {
    Open o;
    static_cast<Formula &>(o) =
        open_formula(m_make, m_options.solver_config, m_options.solver_options,
                     m_options.timeout_seconds, m_deadline, m_options.stop);
    o.horizon = m_next;
    o.guard = open_horizon(o, m_next);
    o.stats.horizon = m_next;
    o.stats.result = "UNKNOWN";
    m_open.push_back(std::move(o));
    m_next += m_options.gap;
  }
}

// One conflict-limited call; true when the run is over (a plan, a bug,
// the stop test or the deadline). `refuted` grows on UNSAT.
bool Schedule::slice(Open &o, double share, int &refuted) {
  const auto call_start = std::chrono::steady_clock::now();
  const int64_t learned_before = o.sink->learned();
  const SolveResult answer = o.sink->solve(
      {o.guard}, std::max(1, static_cast<int>(std::lround(share))));
  o.stats.seconds += seconds_since(call_start);
  o.stats.conflicts += o.sink->learned() - learned_before;
  if (answer == SolveResult::sat) {
    o.stats.result = "SAT";
    finish(o);
    auto plan =
        o.encoding->decode(o.horizon, [&](int var) { return o.sink->value(var); });
    if (!plan) {
      return end(Outcome::decode_error);
    }
    m_result.plan = std::move(*plan);
    m_result.horizon = o.horizon;
    return end(Outcome::plan_found);
  }
  if (answer == SolveResult::unsat) {
    refuted = std::max(refuted, o.horizon);
  }
  const auto limit =
      limit_reached(m_options.stop, m_options.timeout_seconds, m_deadline);
  return limit && end(*limit);
}

// Each open horizon by rank k gets slice * gamma^k conflicts.
bool Schedule::round() {
  double share = m_options.slice;
  int refuted = -1;
  for (std::size_t k = 0; k < m_open.size(); ++k, share *= m_options.gamma) {
    if (slice(m_open[k], share, refuted)) {
      return true;
    }
  }
  // Monotone: an unsatisfiable horizon refutes every smaller one.
  m_result.refuted_up_to = std::max(m_result.refuted_up_to, refuted);
  if (refuted >= 0) {
    retire(refuted);
  }
  return false;
}

void Schedule::retire(int refuted) {
  std::vector<Open> still;
  for (Open &o : m_open) {
    if (o.horizon <= refuted) {
      o.stats.result = "UNSAT";
      finish(o);
    } else {
      still.push_back(std::move(o));
    }
  }
  m_open = std::move(still);
}

ScheduleResult Schedule::run(const RoundFn &on_round) {
  for (;;) {
    fill();
    if (m_open.empty()) {
      end(Outcome::horizon_limit);
      return m_result;
    }
    const int low = m_open.front().horizon, high = m_open.back().horizon;
    if (round()) {
      return m_result;
    }
    if (on_round) {
      on_round(low, high, m_result.refuted_up_to, seconds_since(m_start));
    }
  }
}

} // namespace

ScheduleResult run_schedule(const EncodingFactory &make_encoding,
                            const ScheduleOptions &options,
                            const ProgressFn &progress,
                            const RoundFn &on_round) {
  return Schedule(make_encoding, options, progress).run(on_round);
}

} // namespace satslide::solver
