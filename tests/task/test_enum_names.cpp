// The one naming mechanism for enums users type or read (encoder/
// enum_names.hpp): every table round-trips, no name is given twice, and
// the words of a choice list read as the option errors print them.
#include "satslide/cli/options.hpp"
#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/instance_options.hpp"
#include "satslide/planner/plan_check.hpp"
#include "satslide/planner/planner.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

using namespace satslide;

namespace {

// Each value's name reads back as the value; the names are distinct.
template <typename E> void round_trips() {
  std::set<std::string> seen;
  for (const EnumName<E> &n : names(E{})) {
    CAPTURE(n.name);
    CHECK(seen.insert(n.name).second);
    CHECK(std::string(to_name(n.value)) == n.name);
    REQUIRE(from_name<E>(n.name).has_value());
    CHECK(*from_name<E>(n.name) == n.value);
  }
  CHECK_FALSE(from_name<E>("").has_value());
  CHECK_FALSE(from_name<E>("no such name").has_value());
}

} // namespace

TEST_SUITE("enum names") {
  TEST_CASE("every table round-trips") {
    round_trips<puzzles::Metric>();
    round_trips<planner::Engine>();
    round_trips<planner::ReachFormula>();
    round_trips<planner::AnyPath>();
    round_trips<planner::Status>();
    round_trips<planner::PlanCheck::Verdict>();
    round_trips<solver::ReachBlocking>();
    round_trips<solver::Split>();
    round_trips<solver::SolverConfig>();
    round_trips<solver::SolveResult>();
    round_trips<cli::ExportFormat>();
    round_trips<cli::PlanFormat>();
    round_trips<cli::LogLevel>();
  }

  TEST_CASE("the names as a choice in words, and the words users see") {
    CHECK(name_choices<planner::Engine>() ==
          "auto, horizons, reach, bfs or ida");
    CHECK(name_choices<cli::PlanFormat>() == "text or ipc");
    CHECK(std::string(to_name(planner::Status::horizon_limit)) ==
          "horizon_limit");
    CHECK(std::string(to_name(solver::SolverConfig::standard)) == "default");
    CHECK(puzzles::parse_metric("") == puzzles::Metric::step);
    CHECK_THROWS_WITH_AS(puzzles::parse_metric("hop"),
                         "unknown metric 'hop' (expected step, slide or "
                         "piece)",
                         task::InputError);
  }
}
