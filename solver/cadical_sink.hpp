// A ClauseSink that feeds an incremental CaDiCaL solver, with a wall-clock
// deadline and a count of learned clauses (one per conflict).
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/task/enum_names.hpp"

#include <cadical.hpp>

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace satslide::solver {

enum class SolveResult { sat, unsat, unknown };
constexpr std::array<EnumName<SolveResult>, 3> names(SolveResult) {
  return {{{SolveResult::sat, "SAT"},
           {SolveResult::unsat, "UNSAT"},
           {SolveResult::unknown, "UNKNOWN"}}};
}

// A CaDiCaL configuration (its configure() names; `standard` is none).
enum class SolverConfig { standard, plain, sat, unsat };
constexpr std::array<EnumName<SolverConfig>, 4> names(SolverConfig) {
  return {{{SolverConfig::standard, "default"},
           {SolverConfig::plain, "plain"},
           {SolverConfig::sat, "sat"},
           {SolverConfig::unsat, "unsat"}}};
}

class CadicalSink : public encoder::ClauseSink {
public:
  // `config` is a CaDiCaL configuration, `options` CaDiCaL options as
  // "name=value"; throws std::invalid_argument if CaDiCaL rejects either.
  explicit CadicalSink(SolverConfig config = SolverConfig::standard,
                       const std::vector<std::string> &options = {});
  ~CadicalSink() override;

  // Writes CaDiCaL's DRAT proof (binary) of everything it derives to
  // `path`, which it creates; call before the first clause. Throws
  // std::runtime_error if the file cannot be opened.
  void trace_proof(const std::string &path);
  // Flushes and closes the proof (after the last solve()).
  void close_proof();

  // Sets a wall-clock deadline after which solve() returns unknown.
  void set_deadline(std::chrono::steady_clock::time_point deadline);
  // Sets a test, polled during solve(), after which it returns unknown
  // (cancellation by a user, a signal or a race the run lost).
  void set_stop(std::function<bool()> stop);
  // While solve() runs, calls `beat(learned, seconds)` about every
  // `interval_seconds` (learned clauses and seconds of this call so far),
  // from the solving thread; an empty `beat` ends the heartbeat.
  using Heartbeat = std::function<void(int64_t learned, double seconds)>;
  void set_heartbeat(double interval_seconds, Heartbeat beat);

  // An exception out of CaDiCaL (std::bad_alloc under a memory limit)
  // leaves it unusable: the sink then lets it go without another call
  // (CaDiCaL would abort the process) and every later call throws
  // std::bad_alloc again; its memory is not returned.
  // `conflict_limit` > 0: give up (unknown) after that many conflicts in
  // this call; the next call resumes with everything learned.
  SolveResult solve(const std::vector<int> &assumptions,
                    int conflict_limit = 0);
  bool value(int var) const { return m_solver->val(var) > 0; }
  int64_t learned() const; // learned clauses so far, ~ conflicts

  // CaDiCaL's memory for a formula before it learns anything: 250 bytes
  // a variable, 80 a clause (its header, two watches), 4 a literal. Fitted
  // on the 8-puzzle's horizon 501 in the pairs encoding (317k variables,
  // 2.15M clauses, 8.8M literals: 298 MB peak after 93 conflicts; 290 MB
  // estimated); learned clauses add more as it solves.
  double bytes_for(double vars, double clauses,
                   double literals) const override {
    return 250 * vars + 80 * clauses + 4 * literals;
  }

protected:
  void write_clause(std::span<const int> lits) override;

private:
  void abandon();
  void check_usable() const;

  struct Hooks;
  std::unique_ptr<CaDiCaL::Solver> m_solver;
  std::unique_ptr<Hooks> m_hooks;
};

} // namespace satslide::solver
