#include "satslide/solver/side_by_side.hpp"

#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace satslide::solver {

void side_by_side(int n, const std::function<void(int)> &work) {
  if (n <= 0) {
    return;
  }
  std::vector<std::exception_ptr> failed(static_cast<std::size_t>(n));
  const auto guarded = [&](int i) {
    try {
      work(i);
    } catch (...) {
      failed[static_cast<std::size_t>(i)] = std::current_exception();
    }
  };
  std::vector<std::jthread> threads; // each joins when it is destroyed
  std::vector<int> not_started;
  threads.reserve(static_cast<std::size_t>(n)); // nothing started yet
  not_started.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i < n; ++i) {
    try {
      threads.emplace_back(guarded, i);
    } catch (const std::system_error &) {
      not_started.push_back(i);
    } catch (const std::bad_alloc &) {
      not_started.push_back(i);
    }
  }
  guarded(0);
  for (int i : not_started) {
    guarded(i);
  }
  threads.clear(); // joins them all
  for (const std::exception_ptr &e : failed) {
    if (e) {
      std::rethrow_exception(e);
    }
  }
}

} // namespace satslide::solver
