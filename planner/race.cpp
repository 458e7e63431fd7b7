#include "planner/race.hpp"

#include "solver/side_by_side.hpp"

#include <atomic>
#include <exception>

namespace satslide::planner {

int race(const std::array<PathFn, 2> &paths,
         std::array<PlannerResult, 2> &results, const solver::StopFn &stop,
         const std::function<bool(const PlannerResult &)> &decides) {
  std::atomic<int> winner{-1};
  const solver::StopFn over = [&] {
    return winner >= 0 || (stop && stop());
  };
  std::array<std::exception_ptr, 2> failed;
  const auto run = [&](int i) {
    try {
      paths[i](results[i], over);
      if (decides(results[i])) {
        int none = -1;
        winner.compare_exchange_strong(none, i);
      }
    } catch (...) {
      failed[i] = std::current_exception();
      int none = -1;
      winner.compare_exchange_strong(none, 2); // stop the other one too
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

} // namespace satslide::planner
