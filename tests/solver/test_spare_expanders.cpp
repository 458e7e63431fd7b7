// The reach driver's spare solvers, set up on a thread of their own: they
// arrive, are handed out up to what is wanted, and a driver that ends
// first neither waits for a set-up to finish nor loses its run to one
// that fails.
#include "satslide/solver/spare_expanders.hpp"

#include "satslide/encoder/encodings/sequential_encoding.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

using namespace satslide;
using solver::ReachExpander;
using solver::SpareExpanders;

namespace {

// A 2x3 board's one-step formula, as the reach driver loads it.
struct OneStep {
  puzzles::NPuzzle puzzle{2, 3, {1, 2, 3, 4, 0, 5}, {1, 2, 3, 4, 5, 0}};
  task::Task task = puzzle.compile();
  encoder::SequentialEncoding encoding{task, [] {
                                         encoder::SequentialConfig c;
                                         c.free_start = true;
                                         return c;
                                       }()};
  encoder::StoringSink formula;
  solver::ReachOptions options;
  OneStep() {
    encoding.encode_initial(formula);
    encoding.encode_step(0, formula);
  }
  std::unique_ptr<ReachExpander> make(const std::atomic<bool> &abandon) {
    return std::make_unique<ReachExpander>(task, encoding, formula, options,
                                           solver::StopFn{},
                                           std::chrono::steady_clock::now(),
                                           &abandon);
  }
};

// Takes spares until `into` holds `want` or ten seconds have passed.
void take_all(SpareExpanders &spares,
              std::vector<std::unique_ptr<ReachExpander>> &into,
              std::size_t want) {
  const auto give_up =
      std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (into.size() < want && std::chrono::steady_clock::now() < give_up) {
    spares.take(into, want);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

} // namespace

TEST_SUITE("solver::SpareExpanders") {

  TEST_CASE("the spares arrive and are handed out up to what is wanted") {
    OneStep one;
    SpareExpanders spares;
    spares.start(3, [&](const std::atomic<bool> &a) { return one.make(a); });
    std::vector<std::unique_ptr<ReachExpander>> into;
    into.push_back(one.make(std::atomic<bool>{false}));
    take_all(spares, into, 2);
    REQUIRE(into.size() == 2); // one was wanted, however many were ready
    take_all(spares, into, 4);
    REQUIRE(into.size() == 4);
    spares.take(into, 10);
    CHECK(into.size() == 4); // three spares were asked for, no more
    // Each spare is a working solver: the blank's three moves.
    std::vector<task::State> next;
    const task::State start = one.task.initial_state();
    for (const auto &e : into) {
      next.clear();
      CHECK(e->expand(start, nullptr, next) == ReachExpander::Status::done);
      CHECK(next.size() == 3);
    }
  }

  TEST_CASE("starting again does not set up more") {
    OneStep one;
    SpareExpanders spares;
    int made = 0;
    const auto make = [&](const std::atomic<bool> &a) {
      ++made;
      return one.make(a);
    };
    spares.start(1, make);
    std::vector<std::unique_ptr<ReachExpander>> into;
    take_all(spares, into, 1);
    spares.start(1, make);
    spares.take(into, 5);
    CHECK(into.size() == 1);
    CHECK(made == 1);
  }

  TEST_CASE("a driver done first abandons the set-up under way") {
    std::atomic<bool> entered{false};
    const auto started = std::chrono::steady_clock::now();
    {
      SpareExpanders spares;
      spares.start(2, [&](const std::atomic<bool> &abandon)
                          -> std::unique_ptr<ReachExpander> {
        entered = true;
        while (!abandon) { // a set-up that would never end by itself
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        throw solver::SetUpAbandoned{};
      });
      while (!entered) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    } // the destructor returns: abandoned, joined
    CHECK(std::chrono::steady_clock::now() - started <
          satslide::test::wall_clock(10));
  }

  TEST_CASE("a set-up that fails costs the spares, not the run") {
    std::atomic<int> tried{0};
    SpareExpanders spares;
    spares.start(2, [&](const std::atomic<bool> &)
                        -> std::unique_ptr<ReachExpander> {
      ++tried;
      throw std::runtime_error("out of memory, say");
    });
    while (tried == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::vector<std::unique_ptr<ReachExpander>> into;
    spares.take(into, 3);
    CHECK(into.empty()); // nothing, and no null handed out
    CHECK(tried == 1);   // the first failure ends the set-ups
  }
}
