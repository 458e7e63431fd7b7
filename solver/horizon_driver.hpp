// The horizon driver: one incremental CaDiCaL instance for a whole run,
// raising the horizon until the goal is reachable.
//
// Contract (the caller proves what the driver may skip):
//   require: no plan is shorter than options.first_horizon, and every
//            plan length is congruent to first_horizon modulo stride,
//            whenever options.start_proven is set.
//   ensure:  result.optimal only if a plan was found at horizon n and
//            every horizon below n was refuted by the solver or skipped
//            under that contract.
#pragma once

#include "cadical_sink.hpp"
#include "memory_budget.hpp"
#include "satslide/encoder/encodings/encoding.hpp"
#include "stats.hpp"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace satslide::solver {

// Asked often during a run; returning true cancels it.
using StopFn = std::function<bool()>;

struct DriverOptions {
  int first_horizon = 0;
  int stride = 1;
  bool start_proven = true;   // first_horizon and stride are proofs
  int max_horizon = 1000;     // last horizon tried
  double timeout_seconds = 0; // wall clock for the whole run; 0 = none
  SolverConfig solver_config = SolverConfig::standard;
  std::vector<std::string> solver_options; // CaDiCaL "name=value" options
  bool incremental = true; // one solver for all horizons; false: a fresh
                           // solver and formula per horizon (the baseline
                           // the incremental driver is measured against)
  StopFn stop;             // polled; true ends the run as `cancelled`
};

enum class Outcome {
  plan_found,
  horizon_limit,
  timeout,
  cancelled,    // the stop test said so
  out_of_memory, // an allocation failed (--memory-limit, ulimit -v)
  decode_error, // the model did not give one action per step: a bug
};

struct DriverResult {
  Outcome outcome = Outcome::horizon_limit;
  task::Plan plan;
  bool optimal = false;
  // Largest k such that no plan of length <= k exists; -1 if none proven.
  int no_plan_up_to = -1;
  std::vector<HorizonStats> horizons;
  double seconds = 0;
  // out_of_memory before the memory was taken: the horizon refused and
  // why (FormulaTooLarge's words); empty where an allocation failed.
  std::string memory_reason;
};

// Called after every solver call, and every k_heartbeat_seconds while a
// call runs (with result "running" and the figures so far).
using ProgressFn = std::function<void(const HorizonStats &)>;
constexpr double k_heartbeat_seconds = 5;

using EncodingFactory = std::function<std::unique_ptr<encoder::Encoding>()>;

// A fresh solver with an encoding on it, the initial state encoded: what
// every driver opens before it adds steps. The solver gives up at
// `deadline` when `timeout_seconds` > 0.
struct Formula {
  std::unique_ptr<CadicalSink> sink;
  std::unique_ptr<encoder::Encoding> encoding;
};
Formula open_formula(const EncodingFactory &make_encoding,
                     SolverConfig solver_config,
                     const std::vector<std::string> &solver_options,
                     double timeout_seconds,
                     std::chrono::steady_clock::time_point deadline,
                     const StopFn &stop = {});

// Adds to `formula` the steps up to horizon n (calling `expired` between
// them) and n's goal behind a fresh activation literal, which it returns;
// 0 if `expired` said stop first. Throws FormulaTooLarge, after a step,
// once the steps so far project a formula at n beyond the memory budget.
int open_horizon(Formula &formula, int n,
                 const std::function<bool()> &expired = {});

// Why a run that got no answer ended: cancelled if `stop` says so, else
// the timeout.
Outcome interrupted(const StopFn &stop);

// cancelled if `stop` says so, timeout if `deadline` has passed (and
// timeout_seconds > 0), else nullopt: the check drivers make between
// their own steps.
std::optional<Outcome>
limit_reached(const StopFn &stop, double timeout_seconds,
              std::chrono::steady_clock::time_point deadline);

// `start` + `seconds` on the steady clock; the clock's end for more than
// about thirty years.
std::chrono::steady_clock::time_point
deadline_after(std::chrono::steady_clock::time_point start, double seconds);

// The smallest horizon >= at_least congruent to `residue` modulo stride
// (plan lengths known to differ by multiples of the stride).
int round_up_to_stride(int at_least, int residue, int stride);

// One solver call on the goal of horizon n (`guard` assumed), its
// statistics in `stats`; a long call reports itself to `progress` every
// k_heartbeat_seconds as "running".
SolveResult solve_timed(CadicalSink &sink, int guard, int n,
                        HorizonStats &stats, const ProgressFn &progress);
// The same under any assumptions (a cube's position besides the guard);
// `conflict_limit` > 0 gives up (unknown) after that many conflicts.
SolveResult solve_timed(CadicalSink &sink, const std::vector<int> &assumptions,
                        int n, HorizonStats &stats,
                        const ProgressFn &progress, int conflict_limit = 0);

DriverResult run_horizons(const EncodingFactory &make_encoding,
                          const DriverOptions &options,
                          const ProgressFn &progress = {});

} // namespace satslide::solver
