#include "satslide/planner/race.hpp"

#include "satslide/solver/side_by_side.hpp"

#include <atomic>
#include <chrono>
#include <exception>

namespace satslide::planner {

int race(const std::array<PathFn, 2> &paths,
         std::array<PlannerResult, 2> &results, const solver::StopFn &stop,
         const std::function<bool(const PlannerResult &)> &decides) {
  std::atomic<int> winner{-1};
  std::stop_source over;
  const RaceStop racer{over.get_token(), [&] {
                         return over.stop_requested() || (stop && stop());
                       }};
  std::array<std::exception_ptr, 2> failed;
  // The first to decide (or fail: 2 stops the other one too) is the one.
  const auto end_race = [&](int who) {
    int none = -1;
    if (winner.compare_exchange_strong(none, who)) {
      over.request_stop();
    }
  };
  const auto run = [&](int i) {
    try {
      paths[i](results[i], racer);
      if (decides(results[i])) {
        end_race(i);
      }
    } catch (...) {
      failed[i] = std::current_exception();
      end_race(2);
    }
  };
  solver::side_by_side(2, run);
  for (const std::exception_ptr &e : failed) {
    if (e) {
      std::rethrow_exception(e);
    }
  }
  return winner;
}

bool wait_unless_stopped(double seconds, const std::stop_token &token) {
  std::mutex mutex;
  std::condition_variable_any never_notified;
  std::unique_lock<std::mutex> lock(mutex);
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::duration<double>(seconds);
  never_notified.wait_until(lock, token, until, [] { return false; });
  return !token.stop_requested();
}

} // namespace satslide::planner
