// Two paths of one run side by side, each in its own thread: the first
// whose result decides the run (a plan, or a proof that there is none)
// wins, and the other is told to stop. The planner races the any-plan
// path against the optimal one, and on the block puzzles the reachability
// engine against the horizon driver.
//
// Stopping is a std::stop_source owned by the race: the moment one side
// decides (or fails), the other's stop_token is requested, so a racer
// blocked in a wait (Handover::wait, a head start) wakes at once. The SAT
// solvers learn it through RaceStop::test, which they poll as CaDiCaL
// polls its terminator; that test also carries the run's own stop (a
// signal, a failed expander).
#pragma once

#include "satslide/planner/planner_result.hpp"
#include "satslide/solver/horizon_driver.hpp"

#include <array>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>

namespace satslide::planner {

// What a racer is stopped by.
struct RaceStop {
  std::stop_token token; // requested when the other side has decided
  solver::StopFn test;   // token or the run's own stop; for the solvers
};

using PathFn = std::function<void(PlannerResult &, const RaceStop &)>;

// Runs paths[0] in this thread and paths[1] in another, each on its copy
// of `results[i]` (pre-filled by the caller), until one result `decides`
// or both end. Returns the index of the first that decided, or -1.
// Exceptions of either path are rethrown once both have stopped.
int race(const std::array<PathFn, 2> &paths,
         std::array<PlannerResult, 2> &results, const solver::StopFn &stop,
         const std::function<bool(const PlannerResult &)> &decides);

// Waits `seconds` unless `token` is requested first; true if the time ran
// out (a head start given in full), false if stopped.
bool wait_unless_stopped(double seconds, const std::stop_token &token);

// A value one racer hands to the other once, or word that none will come:
// on the block puzzles, reach tells the horizon driver the depth it has
// proven when the space shows its size. The first offer stands. The
// offering side closes it when it returns; if it throws, the race's stop
// wakes the waiter instead.
template <typename T> class Handover {
public:
  void offer(const T &value) {
    settle([&] {
      if (!m_value) {
        m_value = value;
      }
    });
  }
  // No offer will come (the offering side has ended).
  void close() {
    settle([&] { m_closed = true; });
  }
  // The offer, once made; nullopt if closed without one or once `token`
  // is requested (a wake-up, not a poll).
  std::optional<T> wait(const std::stop_token &token) {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, token, [&] { return m_value || m_closed; });
    return token.stop_requested() ? std::nullopt : m_value;
  }

private:
  template <typename Change> void settle(Change &&change) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      change();
    }
    m_changed.notify_all();
  }
  std::mutex m_mutex;
  std::condition_variable_any m_changed;
  std::optional<T> m_value;
  bool m_closed = false;
};

} // namespace satslide::planner
