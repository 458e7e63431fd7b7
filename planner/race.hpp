// Two paths of one run side by side, each in its own thread: the first
// whose result decides the run (a plan, or a proof that there is none)
// wins, and the other is stopped through its stop test. The planner races
// the any-plan path against the optimal one, and on the block puzzles the
// reachability engine against the horizon driver.
#pragma once

#include "planner/planner_result.hpp"
#include "solver/horizon_driver.hpp"

#include <array>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

namespace satslide::planner {

using PathFn = std::function<void(PlannerResult &, const solver::StopFn &)>;

// Runs paths[0] in this thread and paths[1] in another, each on its copy
// of `results[i]` (pre-filled by the caller), until one result `decides`
// or both end. Returns the index of the first that decided, or -1.
// Exceptions of either path are rethrown once both have stopped.
int race(const std::array<PathFn, 2> &paths,
         std::array<PlannerResult, 2> &results, const solver::StopFn &stop,
         const std::function<bool(const PlannerResult &)> &decides);

// A value one racer hands to the other once, or word that none will come:
// on the block puzzles, reach tells the horizon driver the depth it has
// proven when the space shows its size. The first offer stands.
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
  // The offer, once made; nullopt if closed without one or once `stop`
  // says so (a test, not a signal: polled every 20 ms).
  std::optional<T> wait(const solver::StopFn &stop) {
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_value && !m_closed && !(stop && stop())) {
      m_changed.wait_for(lock, std::chrono::milliseconds(20));
    }
    return stop && stop() ? std::nullopt : m_value;
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
  std::condition_variable m_changed;
  std::optional<T> m_value;
  bool m_closed = false;
};

} // namespace satslide::planner
