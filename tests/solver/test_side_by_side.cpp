#include "satslide/solver/side_by_side.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using satslide::solver::side_by_side;

TEST_SUITE("solver::SideBySide") {

  TEST_CASE("every index runs once, index 0 on the calling thread") {
    for (int n : {0, 1, 2, 5}) {
      std::vector<std::atomic<int>> runs(static_cast<std::size_t>(n));
      std::thread::id first;
      side_by_side(n, [&](int i) {
        ++runs[static_cast<std::size_t>(i)];
        if (i == 0) {
          first = std::this_thread::get_id();
        }
      });
      for (const auto &r : runs) {
        CHECK(r == 1);
      }
      if (n > 0) {
        CHECK((first == std::this_thread::get_id()));
      }
    }
  }

  TEST_CASE("an exception waits for every thread, then the first is "
            "rethrown") {
    std::atomic<int> finished{0};
    const auto work = [&](int i) {
      if (i == 2) {
        throw std::runtime_error("two");
      }
      if (i == 1) {
        throw std::bad_alloc();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++finished;
    };
    CHECK_THROWS_AS(side_by_side(4, work), std::bad_alloc);
    CHECK(finished == 2); // 0 and 3 ran to the end before the rethrow
  }
}
