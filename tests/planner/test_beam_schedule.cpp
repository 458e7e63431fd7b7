// When --any by search widens its beams and when IDA* hands its thread
// to beams (planner/beam_schedule.hpp).
#include "satslide/planner/beam_schedule.hpp"

#include <doctest/doctest.h>

using namespace satslide::planner;

TEST_SUITE("planner::beam_schedule") {

  TEST_CASE("beam widths: four times the last without a timeout, up to the "
            "last width, and with one the widest that fits its share of the "
            "time left, none below the first width") {
    CHECK(next_beam_width(0, 0, 0) == k_beam_first_width);
    CHECK(next_beam_width(0, 0, 60) == k_beam_first_width);
    int beams = 1;
    for (long w = k_beam_first_width; (w = next_beam_width(w, 100, 0)) > 0;) {
      ++beams; // however long each took
    }
    CHECK(beams == 7); // 1,024 .. 4,194,304
    // Plenty of time: four times the last.
    CHECK(next_beam_width(65536, 10, 1000) == 4 * 65536);
    // A beam of 65,536 took 10 s and 30 s are left: the share of them.
    const long fits = next_beam_width(65536, 10, 30);
    CHECK(fits == static_cast<long>(65536 * k_beam_time_share * 3));
    CHECK(fits < 4 * 65536);
    // Narrower than the last where only that fits; none below the first.
    CHECK(next_beam_width(65536, 10, 5) < 65536);
    CHECK(next_beam_width(65536, 10, 0.05) == 0);
  }

  TEST_CASE("IDA*'s next threshold: the last one's nodes and seconds times "
            "the last growth, which cannot end where that is over the margin "
            "times the time left, and always can without a timeout") {
    const NextThreshold none = next_threshold(0, 1000, 1.0);
    CHECK(none.nodes == 0);
    CHECK_FALSE(cannot_end(none, 1.0));
    const NextThreshold next = next_threshold(1000, 12000, 2.0);
    CHECK(next.nodes == doctest::Approx(144000));
    CHECK(next.seconds == doctest::Approx(24.0));
    CHECK_FALSE(cannot_end(next, 24.0 / k_hand_over_margin + 0.1));
    CHECK(cannot_end(next, 24.0 / k_hand_over_margin - 0.1));
    CHECK_FALSE(cannot_end(next, 0)); // no timeout
  }

  TEST_CASE("tails: once the widths stop growing fourfold, their width kept "
            "after a round that gained, doubled after one that did not with "
            "a timeout, and the end without one") {
    CHECK_FALSE(tails_next(65536, 4 * 65536));
    CHECK(tails_next(65536, next_beam_width(65536, 10, 30))); // fitted
    CHECK(tails_next(k_beam_last_width, 0)); // past the last width
    CHECK(next_tail_width(65536, true, 30) == 65536);
    CHECK(next_tail_width(65536, true, 0) == 65536);
    CHECK(next_tail_width(65536, false, 30) == 2 * 65536);
    CHECK(next_tail_width(k_beam_last_width, false, 30) == k_beam_last_width);
    CHECK(next_tail_width(65536, false, 0) == 0);
    // Every tail starts inside the plan, each share once.
    for (std::size_t i = 0; i < k_tail_starts.size(); ++i) {
      CAPTURE(i);
      CHECK(k_tail_starts[i] > 0);
      CHECK(k_tail_starts[i] < 1);
      for (std::size_t j = 0; j < i; ++j) {
        CHECK(k_tail_starts[j] != k_tail_starts[i]);
      }
    }
  }
}
