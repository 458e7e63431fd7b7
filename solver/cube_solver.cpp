#include "cube_solver.hpp"

namespace satslide::solver {

CubeSolver::CubeSolver(const EncodingFactory &make_free_start,
                       const DriverOptions &options,
                       std::chrono::steady_clock::time_point start)
    : m_formula(open_formula(make_free_start, options.solver_config,
                             options.solver_options, options.timeout_seconds,
                             deadline_after(start, options.timeout_seconds),
                             options.stop)),
      m_own_stop(options.stop) {}

int CubeSolver::guard(int n) {
  const auto it = m_guards.find(n);
  if (it != m_guards.end()) {
    return it->second;
  }
  const int g = open_horizon(m_formula, n);
  m_guards[n] = g;
  return g;
}

CubeSolver::Answer CubeSolver::solve(const task::State &start, int n,
                                     const StopFn &stop, int conflict_limit) {
  Answer answer;
  const int g = guard(n);
  const auto assumed = m_formula.encoding->start_assumptions(start, n);
  if (!assumed) {
    answer.result = SolveResult::unsat;
    answer.by_bound = true;
    return answer;
  }
  std::vector<int> assumptions{g};
  assumptions.insert(assumptions.end(), assumed->begin(), assumed->end());
  CadicalSink &sink = *m_formula.sink;
  sink.set_stop([&] {
    return (m_own_stop && m_own_stop()) || (stop && stop());
  });
  answer.result =
      solve_timed(sink, assumptions, n, answer.stats, {}, conflict_limit);
  sink.set_stop(m_own_stop);
  if (answer.result == SolveResult::sat) {
    answer.plan = m_formula.encoding->decode(
        n, [&](int var) { return sink.value(var); });
  }
  return answer;
}

void CubeSolver::retire_up_to(int n) {
  while (!m_guards.empty() && m_guards.begin()->first <= n) {
    m_formula.sink->add_clause({-m_guards.begin()->second});
    m_guards.erase(m_guards.begin());
  }
}

} // namespace satslide::solver
