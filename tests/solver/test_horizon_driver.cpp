#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/solver/horizon_driver.hpp"
#include "satslide/solver/shared_horizons.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

using namespace satslide;
using puzzles::NPuzzle;

TEST_SUITE("solver::HorizonDriver") {

  solver::DriverResult solve(const NPuzzle &p, const std::string &encoding,
                             solver::DriverOptions options = {}) {
    const task::Task task = p.compile();
    const auto *info = encoder::find_encoding(encoding);
    if (options.first_horizon == 0) {
      options.first_horizon = p.lower_bound();
      options.stride = p.horizon_stride();
    }
    return solver::run_horizons([&] { return info->make(task); }, options);
  }

  // Random solvable boards of two shapes: the driver's optimum must be the
  // breadth-first distance, for the baseline and the default encoding.
  TEST_CASE("optimal lengths match breadth-first search on random boards [slow]") {
    std::mt19937 rng(1879);
    int solved = 0;
    for (const auto &[rows, cols] : {std::pair{3, 3}, {2, 4}}) {
      for (int i = 0; i < 12; ++i) {
        const NPuzzle p = test::random_board(rows, cols, rng);
        if (p.unsolvable_reason()) {
          continue;
        }
        const int expected = test::bfs_distance(p);
        CAPTURE(p.draw());
        for (const std::string encoding :
             {"compact", "bound", "windows", "budget", "pairs", "pairs2"}) {
          const auto result = solve(p, encoding);
          REQUIRE(result.outcome == solver::Outcome::plan_found);
          CHECK(result.optimal);
          CHECK(static_cast<int>(result.plan.size()) == expected);
          CHECK(p.replay(result.plan).solved);
          CHECK(result.no_plan_up_to == expected - 1);
        }
        if (expected <= 16) {
          CHECK(solve(p, "seed").plan.size() ==
                static_cast<std::size_t>(expected));
        }
        ++solved;
      }
    }
    CHECK(solved >= 8);
  }

  TEST_CASE("a fresh solver per horizon finds the same optimum") {
    const NPuzzle p = NPuzzle::from_params({{"board", "4 3 1 2 7 8 0 6 5"}});
    solver::DriverOptions options;
    options.incremental = false;
    const auto fresh = solve(p, "compact", options);
    const auto incremental = solve(p, "compact");
    REQUIRE(fresh.outcome == solver::Outcome::plan_found);
    CHECK(fresh.optimal);
    CHECK(fresh.plan.size() == incremental.plan.size());
    CHECK(fresh.horizons.size() == incremental.horizons.size());
    CHECK(test::bfs_distance(p) == static_cast<int>(fresh.plan.size()));
  }

  TEST_CASE("the horizon limit reports what was refuted") {
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    solver::DriverOptions options;
    options.first_horizon = p.lower_bound();
    options.stride = 2;
    options.max_horizon = p.lower_bound() + 4;
    const auto result = solve(p, "compact", options);
    CHECK(result.outcome == solver::Outcome::horizon_limit);
    CHECK(result.horizons.size() == 3);
    CHECK(result.no_plan_up_to == p.lower_bound() + 5);
    for (const auto &h : result.horizons) {
      CHECK(h.result == "UNSAT");
    }
  }

  TEST_CASE("a timeout stops the run and keeps the proven part") {
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    solver::DriverOptions options;
    options.first_horizon = p.lower_bound();
    options.stride = 2;
    options.timeout_seconds = 0.3;
    const auto result = solve(p, "seed", options);
    CHECK(result.outcome == solver::Outcome::timeout);
    CHECK(result.seconds < 5);
    CHECK(result.no_plan_up_to < 31);
  }

  TEST_CASE("a start above the bound is not called optimal") {
    const NPuzzle p = NPuzzle::from_params({{"board", "1 2 3 4 5 6 7 0 8"}});
    solver::DriverOptions options;
    options.first_horizon = 3;
    options.stride = 2;
    options.start_proven = false;
    // "windows" has no no-undo rule, so a 3-move detour exists.
    const auto result = solve(p, "windows", options);
    CHECK(result.outcome == solver::Outcome::plan_found);
    CHECK(result.plan.size() == 3);
    CHECK_FALSE(result.optimal);
    CHECK(result.no_plan_up_to == -1);
  }

  TEST_CASE("the solver's clock (real time by default) decides nothing") {
    // The sink reads CaDiCaL's statistics clock in real time, not process
    // time: the same learned clauses and models either way.
    const auto run = [](const std::vector<std::string> &options) {
      solver::CadicalSink sink(solver::SolverConfig::standard, options);
      std::mt19937 rng(23);
      std::uniform_int_distribution<int> var(1, 60), sign(0, 1);
      for (int c = 0; c < 250; ++c) { // near the 3-SAT threshold
        std::vector<int> clause;
        for (int k = 0; k < 3; ++k) {
          clause.push_back(sign(rng) ? var(rng) : -var(rng));
        }
        sink.add_clause(clause);
      }
      std::vector<int> trace;
      for (int a = 1; a <= 20; ++a) {
        const auto answer = sink.solve({a, -(a + 20)});
        trace.push_back(static_cast<int>(answer));
        if (answer == solver::SolveResult::sat) {
          for (int v = 1; v <= 60; ++v) {
            trace.push_back(sink.value(v));
          }
        }
      }
      trace.push_back(static_cast<int>(sink.learned()));
      return trace;
    };
    const std::vector<int> by_default = run({});
    CHECK(by_default == run({"realtime=0"}));
    CHECK(by_default.back() > 0); // the calls had conflicts to differ in
  }

  TEST_CASE("a long solver call beats: learned clauses and seconds so far") {
    // Ten pigeons, nine holes: far beyond a CDCL solver in a second.
    solver::CadicalSink sink;
    const int pigeons = 10, holes = 9;
    const auto var = [&](int p, int h) { return p * holes + h + 1; };
    for (int p = 0; p < pigeons; ++p) {
      std::vector<int> some_hole;
      for (int h = 0; h < holes; ++h) {
        some_hole.push_back(var(p, h));
      }
      sink.add_clause(some_hole);
    }
    for (int h = 0; h < holes; ++h) {
      for (int p = 0; p < pigeons; ++p) {
        for (int q = p + 1; q < pigeons; ++q) {
          sink.add_clause({-var(p, h), -var(q, h)});
        }
      }
    }
    std::vector<std::pair<int64_t, double>> beats;
    sink.set_heartbeat(0.05, [&](int64_t learned, double seconds) {
      beats.emplace_back(learned, seconds);
    });
    sink.set_stop([&] { return beats.size() >= 3; });
    // Without beats the deadline ends the call, and the checks fail.
    sink.set_deadline(std::chrono::steady_clock::now() +
                      std::chrono::seconds(20));
    CHECK(sink.solve({}) == solver::SolveResult::unknown);
    REQUIRE(beats.size() == 3);
    for (std::size_t k = 1; k < beats.size(); ++k) {
      CHECK(beats[k].first >= beats[k - 1].first);
      CHECK(beats[k].second >= beats[k - 1].second + 0.04);
    }
    CHECK(beats.back().first > 0);
    // Ended: the next call does not beat.
    sink.set_heartbeat(0, {});
    sink.set_stop({});
    beats.clear();
    CHECK(sink.solve({}, 100) == solver::SolveResult::unknown);
    CHECK(beats.empty());
  }

  TEST_CASE("shared horizons: two and three solvers find the same optima [slow]") {
    std::mt19937 rng(4242);
    int solved = 0;
    for (int i = 0; i < 10; ++i) {
      const NPuzzle p = test::random_board(3, 3, rng);
      if (p.unsolvable_reason()) {
        continue;
      }
      const int expected = test::bfs_distance(p);
      const task::Task task = p.compile();
      const auto *info = encoder::find_encoding("pairs");
      solver::DriverOptions options;
      options.first_horizon = p.lower_bound();
      options.stride = p.horizon_stride();
      for (const auto &threads_and_split :
           {std::pair{2, solver::Split::horizons}, {3, solver::Split::horizons},
            {2, solver::Split::portfolio}, {3, solver::Split::portfolio}}) {
        const int threads = threads_and_split.first;
        const solver::Split split = threads_and_split.second;
        CAPTURE(p.draw());
        CAPTURE(threads);
        CAPTURE(split == solver::Split::portfolio);
        int calls = 0;
        const auto result = solver::run_shared_horizons(
            [&] { return info->make(task); }, options, threads, split,
            [&](const solver::HorizonStats &) { ++calls; });
        REQUIRE(result.outcome == solver::Outcome::plan_found);
        CHECK(result.optimal);
        CHECK(static_cast<int>(result.plan.size()) == expected);
        CHECK(p.replay(result.plan).solved);
        CHECK(result.no_plan_up_to == expected - 1);
        CHECK(calls >= static_cast<int>(result.horizons.size()));
        // Every horizon below the plan was refuted by some solver.
        for (int n = options.first_horizon; n < expected; n += 2) {
          CHECK(std::any_of(result.horizons.begin(), result.horizons.end(),
                            [&](const solver::HorizonStats &h) {
                              return h.horizon == n && h.result == "UNSAT";
                            }));
        }
        CHECK(std::is_sorted(result.horizons.begin(), result.horizons.end(),
                             [](const auto &a, const auto &b) {
                               return a.horizon < b.horizon;
                             }));
      }
      ++solved;
    }
    CHECK(solved >= 4);
  }

  TEST_CASE("shared horizons: limits, timeouts and cancellation") {
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    const task::Task task = p.compile();
    const auto *info = encoder::find_encoding("compact");
    const auto make = [&] { return info->make(task); };
    solver::DriverOptions options;
    options.first_horizon = p.lower_bound();
    options.stride = 2;
    options.max_horizon = p.lower_bound() + 4;
    const auto limited =
        solver::run_shared_horizons(make, options, 2, solver::Split::horizons);
    CHECK(limited.outcome == solver::Outcome::horizon_limit);
    CHECK(limited.horizons.size() == 3);
    CHECK(limited.no_plan_up_to == p.lower_bound() + 5);
    const auto both =
        solver::run_shared_horizons(make, options, 2, solver::Split::portfolio);
    CHECK(both.outcome == solver::Outcome::horizon_limit);
    CHECK(both.no_plan_up_to == p.lower_bound() + 5);
    options.max_horizon = 1000;
    options.timeout_seconds = 0.3;
    const auto timed = solver::run_shared_horizons(
        [&] { return encoder::find_encoding("seed")->make(task); }, options, 2,
        solver::Split::portfolio);
    CHECK(timed.outcome == solver::Outcome::timeout);
    CHECK(timed.seconds < 5);
    CHECK(timed.no_plan_up_to < 31);
    options.timeout_seconds = 0;
    options.stop = [] { return true; };
    CHECK(solver::run_shared_horizons(make, options, 2,
                                      solver::Split::horizons)
              .outcome ==
          solver::Outcome::cancelled);
  }
}

// An encoding that runs out of memory when asked for step `fail_at`:
// what an allocation failing under --memory-limit looks like to a driver.
class ExhaustingEncoding : public encoder::Encoding {
public:
  ExhaustingEncoding(std::unique_ptr<encoder::Encoding> inner, int fail_at)
      : Encoding(inner->task()), m_inner(std::move(inner)),
        m_fail_at(fail_at) {}
  void encode_initial(encoder::ClauseSink &sink) override {
    m_inner->encode_initial(sink);
  }
  void encode_step(int t, encoder::ClauseSink &sink) override {
    if (t >= m_fail_at) {
      throw std::bad_alloc();
    }
    m_inner->encode_step(t, sink);
  }
  void encode_goal(int n, int guard, encoder::ClauseSink &sink) override {
    m_inner->encode_goal(n, guard, sink);
  }
  int fluent_var(int t, int f) const override {
    return m_inner->fluent_var(t, f);
  }
  int steps() const override { return m_inner->steps(); }

private:
  std::unique_ptr<encoder::Encoding> m_inner;
  int m_fail_at;
};

TEST_SUITE("solver::HorizonDriver") {

  TEST_CASE("out of memory: the run ends as such and keeps what was refuted") {
    const NPuzzle p = NPuzzle::from_params({{"board", "8 6 7 2 5 4 3 0 1"}});
    const task::Task task = p.compile();
    const auto *info = encoder::find_encoding("compact");
    const int bound = p.lower_bound();
    // Horizons bound and bound + 2 are refuted, encoding bound + 3 fails.
    const auto make = [&] {
      return std::make_unique<ExhaustingEncoding>(info->make(task),
                                                  bound + 3);
    };
    solver::DriverOptions options;
    options.first_horizon = bound;
    options.stride = 2;
    options.start_proven = true;
    const auto one = solver::run_horizons(make, options);
    CHECK(one.outcome == solver::Outcome::out_of_memory);
    CHECK(one.no_plan_up_to == bound + 3);
    CHECK(one.horizons.size() == 2);
    for (const auto &h : one.horizons) {
      CHECK(h.result == "UNSAT");
    }
    CHECK(one.plan.empty());
    // Several solvers: every one stops, none is left running, and the
    // proof is the same.
    for (const auto split :
         {solver::Split::horizons, solver::Split::portfolio}) {
      const auto two = solver::run_shared_horizons(make, options, 2, split);
      CHECK(two.outcome == solver::Outcome::out_of_memory);
      CHECK(two.no_plan_up_to >= bound - 1);
      CHECK(two.no_plan_up_to <= bound + 3);
      CHECK(two.plan.empty());
    }
    // A factory that cannot even open the formula.
    const auto none = [&]() -> std::unique_ptr<encoder::Encoding> {
      throw std::bad_alloc();
    };
    CHECK(solver::run_horizons(none, options).outcome ==
          solver::Outcome::out_of_memory);
    CHECK(solver::run_shared_horizons(none, options, 2,
                                      solver::Split::horizons)
              .outcome == solver::Outcome::out_of_memory);
  }
}
