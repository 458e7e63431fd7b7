// The interval --any by search narrows (planner/interval.hpp): each end
// moves only inwards and keeps where it came from, the run is decided
// when the plan meets the bound or comes within the gap.
#include "satslide/planner/interval.hpp"
#include "satslide/planner/planner_result.hpp"

#include <doctest/doctest.h>

using satslide::planner::Interval;
using satslide::planner::PlannerResult;
using satslide::task::Plan;

namespace {

Plan moves(int n) { return Plan(static_cast<std::size_t>(n), 0); }

} // namespace

TEST_SUITE("planner::interval") {

  TEST_CASE("each end moves only inwards and keeps its source") {
    Interval interval(93, "the tables", 1.0);
    CHECK(interval.length() == -1);
    interval.offer(moves(109), "weight 1.30");
    interval.offer(moves(117), "weight 1.50"); // longer: ignored
    interval.raise(95, "IDA*: no plan of length <= 93");
    interval.raise(91, "older"); // lower: ignored
    CHECK(interval.lower() == 95);
    CHECK(interval.length() == 109);
    PlannerResult result;
    interval.fill(result);
    CHECK(result.lower_bound == 95);
    CHECK(result.lower_bound_name == "IDA*: no plan of length <= 93");
    CHECK(result.no_plan_up_to == 94);
    CHECK(result.plan.size() == 109);
    CHECK(result.plan_from == "weight 1.30");
    CHECK_FALSE(interval.decided());
  }

  TEST_CASE("decided when the ends meet, or within the gap") {
    Interval exact(99, "the tables", 1.0);
    exact.offer(moves(101), "weighted");
    CHECK_FALSE(exact.decided());
    exact.raise(101, "IDA*");
    CHECK(exact.decided());

    Interval within(100, "the tables", 1.15);
    within.offer(moves(116), "weighted"); // 116 > 115
    CHECK_FALSE(within.decided());
    within.offer(moves(114), "weighted");
    CHECK(within.decided());
  }
}
