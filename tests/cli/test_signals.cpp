// The stop test that SIGINT and SIGTERM drive. `timeout` signals its child
// and then its whole process group, and a terminal's ^C reaches every
// process of the foreground group: one request to stop often arrives twice
// within microseconds. The handler once reset itself to the default action
// after the first signal, so the second killed the run without its report
// (a flaky "SIGINT ends a run" test in CI showed it).
#include "satslide/cli/output.hpp"

#include <doctest/doctest.h>

#include <csignal>

TEST_SUITE("cli::Signals") {
  TEST_CASE("a signal repeated at once is one request to stop, not a kill") {
    const auto stop = satslide::cli::stop_on_signal();
    CHECK_FALSE(stop());
    std::raise(SIGINT);
    CHECK(stop());
    // Delivered synchronously to this thread: with the old handler this
    // second signal ended the test process.
    std::raise(SIGINT);
    std::raise(SIGTERM);
    CHECK(stop());
  }
}
