// The engines' table and the options' rules that read it: a row for
// every engine, names that parse back, and each rule refusing what it
// should and admitting the split command's answering engine.
#include "satslide/planner/engines.hpp"
#include "satslide/planner/planner.hpp"

#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>

using namespace satslide;
using planner::Engine;
using planner::PlannerOptions;

namespace {

PlannerOptions with_engine(Engine e) {
  PlannerOptions o;
  o.engine = e;
  return o;
}

} // namespace

TEST_SUITE("planner::engines") {
  TEST_CASE("a row for every engine, its name parsing back to it") {
    std::set<std::string> seen;
    int rows = 0;
    for (const planner::EngineInfo &e : planner::engines()) {
      ++rows;
      CAPTURE(e.name);
      CHECK(seen.insert(e.name).second);
      CHECK(&planner::engine_info(e.engine) == &e);
      CHECK(from_name<Engine>(e.name) == e.engine);
      CHECK(static_cast<bool>(e.run));
      CHECK(std::string(e.help).size() > 10);
    }
    CHECK(rows == 5);
    CHECK(planner::engine_info(Engine::ida).prover ==
          planner::Prover::explicit_search);
    CHECK(planner::engine_info(Engine::horizons).prover ==
          planner::Prover::sat);
  }

  TEST_CASE("the options' rules, in the command line's words") {
    PlannerOptions bfs = with_engine(Engine::bfs);
    bfs.min_horizon = 3;
    CHECK_THROWS_WITH_AS(planner::check_engine_options(bfs),
                         doctest::Contains("--engine bfs searches positions"),
                         std::invalid_argument);
    PlannerOptions split = with_engine(Engine::ida);
    split.split_depth = 4;
    CHECK_THROWS_AS(planner::check_engine_options(split),
                    std::invalid_argument);
    CHECK_NOTHROW(planner::check_engine_options(split, true)); // split cmd
    split.engine = Engine::reach;
    CHECK_THROWS_AS(planner::check_engine_options(split, true),
                    std::invalid_argument);
    split.engine = Engine::horizons;
    CHECK_NOTHROW(planner::check_engine_options(split));
    PlannerOptions witness = with_engine(Engine::ida);
    witness.witness = planner::Witness::ida;
    CHECK_THROWS_WITH_AS(planner::check_engine_options(witness),
                         doctest::Contains("(not SAT)"),
                         std::invalid_argument);
    witness.split_depth = 4; // split --engine ida --witness ida
    CHECK_NOTHROW(planner::check_engine_options(witness, true));
    witness.engine = Engine::reach;
    witness.split_depth = -1;
    CHECK_NOTHROW(planner::check_engine_options(witness));
    PlannerOptions tighten;
    tighten.tighten = true;
    CHECK_THROWS_WITH_AS(planner::check_engine_options(tighten),
                         doctest::Contains("add --any"),
                         std::invalid_argument);
    tighten.mode = planner::Mode::any;
    CHECK_NOTHROW(planner::check_engine_options(tighten));
  }
}
