#include "cadical_sink.hpp"

#include <new>
#include <stdexcept>

namespace satslide::solver {

// The library has no wall-clock limit (only the cadical binary's -t), so a
// Terminator polls the clock; a Learner counts learned clauses because
// 1.5.3 exposes no conflict counter.
struct CadicalSink::Hooks : CaDiCaL::Terminator, CaDiCaL::Learner {
  bool has_deadline = false;
  std::chrono::steady_clock::time_point deadline;
  std::function<bool()> stop;
  int64_t learned = 0;
  // The heartbeat: CaDiCaL asks terminate() often, so it also keeps time.
  Heartbeat beat;
  std::chrono::duration<double> beat_interval{0};
  std::chrono::steady_clock::time_point call_start, next_beat;
  int64_t learned_at_call = 0;

  void start_call() {
    call_start = std::chrono::steady_clock::now();
    next_beat = call_start + std::chrono::duration_cast<
                                 std::chrono::steady_clock::duration>(
                                 beat_interval);
    learned_at_call = learned;
  }

  bool terminate() override {
    const auto now = std::chrono::steady_clock::now();
    if (beat && now >= next_beat) {
      next_beat = now + std::chrono::duration_cast<
                            std::chrono::steady_clock::duration>(beat_interval);
      beat(learned - learned_at_call,
           std::chrono::duration<double>(now - call_start).count());
    }
    return (has_deadline && now >= deadline) || (stop && stop());
  }
  bool learning(int) override {
    ++learned;
    return false; // we count, we do not want the literals
  }
  void learn(int) override {}
};

CadicalSink::CadicalSink(SolverConfig config,
                         const std::vector<std::string> &options)
    : m_solver(std::make_unique<CaDiCaL::Solver>()),
      m_hooks(std::make_unique<Hooks>()) {
  // Silent: its messages would land in satslide's stdout (and its JSON).
  m_solver->set("quiet", 1);
  // CaDiCaL reads the clock only for its own statistics and profiling
  // (never for a decision: same conflicts, same models). By default that
  // is process time, a getrusage system call at every solve() (a fifth
  // of the profile of a reach run of 10^5 short calls on this virtual
  // machine, which ran 1.47x faster without it); the real-time clock is
  // read without entering the kernel. The user's
  // --cadical options come after and may turn it back.
  m_solver->set("realtime", 1);
  if (config != SolverConfig::standard &&
      !m_solver->configure(to_name(config))) {
    throw std::invalid_argument(std::string("unknown CaDiCaL configuration '") +
                                to_name(config) + "'");
  }
  for (const std::string &option : options) {
    const auto eq = option.find('=');
    const std::string name = option.substr(0, eq);
    int value = 1;
    try {
      if (eq != std::string::npos) {
        const std::string text = option.substr(eq + 1);
        std::size_t used = 0;
        value = std::stoi(text, &used);
        if (used != text.size()) {
          throw std::invalid_argument(text);
        }
      }
    } catch (const std::exception &) {
      throw std::invalid_argument("CaDiCaL option '" + option +
                                  "' needs an integer value");
    }
    if (!CaDiCaL::Solver::is_valid_option(name.c_str()) ||
        !m_solver->set(name.c_str(), value)) {
      throw std::invalid_argument("CaDiCaL rejects option '" + option + "'");
    }
  }
  m_solver->connect_terminator(m_hooks.get());
  m_solver->connect_learner(m_hooks.get());
}

CadicalSink::~CadicalSink() {
  if (m_solver) {
    m_solver->disconnect_terminator();
    m_solver->disconnect_learner();
  }
}

void CadicalSink::abandon() {
  // CaDiCaL aborts the process on any API call, its destructor included,
  // once an exception has left it mid-operation ("solver in invalid
  // state"). Out of memory, the run is over anyway: let the solver go
  // without touching it again, so the caller can report what was proven.
  static_cast<void>(m_solver.release());
}

void CadicalSink::trace_proof(const std::string &path) {
  check_usable();
  if (!m_solver->trace_proof(path.c_str())) {
    throw std::runtime_error("cannot write the proof '" + path + "'");
  }
}

void CadicalSink::close_proof() {
  check_usable();
  m_solver->close_proof_trace();
}

void CadicalSink::set_deadline(std::chrono::steady_clock::time_point d) {
  m_hooks->has_deadline = true;
  m_hooks->deadline = d;
}

void CadicalSink::set_stop(std::function<bool()> stop) {
  m_hooks->stop = std::move(stop);
}

void CadicalSink::set_heartbeat(double interval_seconds, Heartbeat beat) {
  m_hooks->beat_interval = std::chrono::duration<double>(interval_seconds);
  m_hooks->beat = std::move(beat);
}

void CadicalSink::write_clause(std::span<const int> lits) {
  check_usable();
  try {
    for (int lit : lits) {
      m_solver->add(lit);
    }
    m_solver->add(0);
  } catch (...) {
    abandon();
    throw;
  }
}

void CadicalSink::check_usable() const {
  if (!m_solver) {
    throw std::bad_alloc(); // only abandon() empties it: out of memory
  }
}

SolveResult CadicalSink::solve(const std::vector<int> &assumptions,
                               int conflict_limit) {
  check_usable();
  m_hooks->start_call();
  if (m_hooks->terminate()) {
    return SolveResult::unknown;
  }
  int answer = 0;
  try {
    if (conflict_limit > 0) {
      m_solver->limit("conflicts", conflict_limit);
    }
    for (int lit : assumptions) {
      m_solver->assume(lit);
    }
    answer = m_solver->solve();
  } catch (...) {
    abandon();
    throw;
  }
  switch (answer) {
  case 10:
    return SolveResult::sat;
  case 20:
    return SolveResult::unsat;
  default:
    return SolveResult::unknown;
  }
}

int64_t CadicalSink::learned() const { return m_hooks->learned; }

} // namespace satslide::solver
