// The reachability driver's second and later solvers, set up on a thread
// of their own while the first solver works: a run too short to need
// them never waits for their set-up (on tiny boards it was a quarter of
// the run), and a long one gains them a few layers in.
#pragma once

#include "reach_expander.hpp"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace satslide::solver {

class SpareExpanders {
public:
  // Sets up one expander; polls `abandon` and throws SetUpAbandoned
  // once it is set.
  using Make =
      std::function<std::unique_ptr<ReachExpander>(const std::atomic<bool> &)>;

  SpareExpanders() = default;
  SpareExpanders(const SpareExpanders &) = delete;
  SpareExpanders &operator=(const SpareExpanders &) = delete;
  // Abandons the set-up under way and joins its thread.
  ~SpareExpanders();

  // Starts setting up `count` expanders, one after another, unless
  // started before. A thread the system cannot start, or a set-up that
  // fails, costs parallelism, not the run: fewer spares arrive.
  void start(int count, Make make);
  // Moves the spares set up so far into `into`, up to `want` in all.
  void take(std::vector<std::unique_ptr<ReachExpander>> &into,
            std::size_t want);

private:
  std::mutex m_mutex;
  std::vector<std::unique_ptr<ReachExpander>> m_ready;
  std::atomic<bool> m_abandon{false};
  bool m_started = false;
  std::jthread m_thread; // last: joined before the rest is destroyed
};

} // namespace satslide::solver
