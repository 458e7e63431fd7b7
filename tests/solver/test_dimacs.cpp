#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/solver/cadical_sink.hpp"
#include "satslide/solver/dimacs.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace satslide;

TEST_SUITE("solver::Dimacs") {

  struct Written {
    std::string text;
    solver::CnfFile cnf;
    solver::CnfMap map;
  };

  Written write(const std::string &board, int horizon, bool within = false) {
    const puzzles::NPuzzle p =
        puzzles::NPuzzle::from_params({{"board", board}});
    const task::Task task = p.compile();
    const encoder::EncodingInfo &info = *encoder::find_encoding("compact");
    auto enc = within ? info.make_within(task) : info.make(task);
    std::ostringstream out;
    solver::write_horizon_dimacs(out, *enc, horizon, p.spec(), "compact",
                                 within);
    std::istringstream in(out.str());
    Written w{out.str(), solver::read_cnf(in), {}};
    w.map = solver::read_map(w.cnf);
    return w;
  }

  // Solves a CNF with CaDiCaL and renders the answer in a given style.
  std::string answer(const solver::CnfFile &cnf, bool minisat_style) {
    solver::CadicalSink sink;
    for (const auto &c : cnf.clauses) {
      sink.add_clause(c);
    }
    const bool sat = sink.solve({}) == solver::SolveResult::sat;
    std::string text = minisat_style
                           ? (sat ? "SAT\n" : "UNSAT\n")
                           : (sat ? "s SATISFIABLE\n" : "s UNSATISFIABLE\n");
    if (sat) {
      text += minisat_style ? "" : "v";
      for (int v = 1; v <= cnf.vars; ++v) {
        text += (v > 1 || !minisat_style ? " " : "") +
                std::to_string(sink.value(v) ? v : -v);
      }
      text += " 0\n";
    }
    return text;
  }

  TEST_CASE("the header, comments and map describe the formula") {
    const Written w = write("1 3 6 4 2 0 7 5 8", 5);
    CHECK(w.text.find("p cnf ") != std::string::npos);
    CHECK(w.map.spec.kind == "npuzzle");
    CHECK(w.map.spec.params.at("board") == "1,3,6,4,2,0,7,5,8");
    CHECK(w.map.horizon == 5);
    CHECK(w.map.encoding == "compact");
    CHECK(w.map.fluents.size() == 6 * 81);
    CHECK(w.text.find("c var 1 t=0 fluent 0 blank at r0c0") !=
          std::string::npos);
  }

  TEST_CASE("both answer styles decode to the same replayable plan") {
    const Written w = write("1 3 6 4 2 0 7 5 8", 5);
    const puzzles::NPuzzle p = puzzles::NPuzzle::from_params(w.map.spec.params);
    for (bool minisat : {false, true}) {
      std::istringstream in(answer(w.cnf, minisat));
      const solver::SolverAnswer a = solver::read_answer(in);
      REQUIRE(a.status == solver::AnswerStatus::sat);
      const task::Plan plan =
          solver::decode_answer(w.cnf, w.map, a, p.compile());
      CHECK(plan.size() == 5);
      CHECK(p.replay(plan).solved);
    }
  }

  TEST_CASE("within a horizon: said in a comment, and a shorter plan "
            "decodes") {
    // 5 moves from the goal: within 9, a plan of 5, 7 or 9 moves, which
    // stays at the goal once there; within 4 (the other parity) none.
    const Written w = write("1 3 6 4 2 0 7 5 8", 9, true);
    CHECK(w.map.within);
    CHECK(w.text.find("c within\n") != std::string::npos);
    CHECK_FALSE(write("1 3 6 4 2 0 7 5 8", 9).map.within);
    const puzzles::NPuzzle p = puzzles::NPuzzle::from_params(w.map.spec.params);
    std::istringstream in(answer(w.cnf, false));
    const solver::SolverAnswer a = solver::read_answer(in);
    REQUIRE(a.status == solver::AnswerStatus::sat);
    const task::Plan plan = solver::decode_answer(w.cnf, w.map, a, p.compile());
    CHECK(plan.size() % 2 == 1);
    CHECK(plan.size() >= 5);
    CHECK(p.replay(plan).solved);
    std::istringstream none(answer(write("1 3 6 4 2 0 7 5 8", 4, true).cnf,
                                   false));
    CHECK(solver::read_answer(none).status == solver::AnswerStatus::unsat);
  }

  TEST_CASE("an unsatisfiable horizon reads as UNSAT") {
    const Written w = write("1 3 6 4 2 0 7 5 8", 3);
    std::istringstream in(answer(w.cnf, false));
    CHECK(solver::read_answer(in).status == solver::AnswerStatus::unsat);
  }

  TEST_CASE("malformed answers and wrong models are rejected") {
    const Written w = write("1 2 3 4 5 6 7 0 8", 1);
    auto read = [](const std::string &text) {
      std::istringstream in(text);
      return solver::read_answer(in);
    };
    CHECK_THROWS_AS(read("v 1 2 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("s SATISFIABLE\nv 1 x 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("s SATISFIABLE\nv 1 2\n"), solver::FormatError);
    CHECK_THROWS_AS(read("s MAYBE\n"), solver::FormatError);
    CHECK_THROWS_AS(read("hello\n"), solver::FormatError);
    // All variables false falsifies the initial-state units.
    const solver::SolverAnswer all_false = read("s SATISFIABLE\nv 0\n");
    const task::Task task =
        puzzles::NPuzzle::from_params(w.map.spec.params).compile();
    CHECK_THROWS_WITH_AS(solver::decode_answer(w.cnf, w.map, all_false, task),
                         doctest::Contains("does not satisfy clause"),
                         solver::FormatError);
    CHECK_THROWS_AS(solver::decode_answer(
                        w.cnf, w.map, read("s SATISFIABLE\nv 1 -1 0\n"), task),
                    solver::FormatError);
    // The most negative int is no literal (its absolute value overflows).
    CHECK_THROWS_AS(read("s SATISFIABLE\nv -2147483648 0\n"),
                    solver::FormatError);
    CHECK_THROWS_AS(read("SAT\n-2147483648 0\n"), solver::FormatError);
  }

  TEST_CASE("a huge declared variable count allocates nothing that size") {
    // The header may declare far more variables than are used: decoding
    // stores values only up to the largest variable in use.
    Written w = write("1 2 3 4 5 6 7 0 8", 1);
    const std::string header = "p cnf " + std::to_string(w.cnf.vars);
    std::string text = w.text;
    text.replace(text.find(header), header.size(), "p cnf 2147483647");
    std::istringstream in(text);
    const solver::CnfFile huge = solver::read_cnf(in);
    CHECK(huge.vars == 2147483647);
    const task::Task task =
        puzzles::NPuzzle::from_params(w.map.spec.params).compile();
    const solver::SolverAnswer model = [&] {
      std::istringstream a(answer(w.cnf, false));
      return solver::read_answer(a);
    }();
    CHECK(solver::decode_answer(huge, solver::read_map(huge), model, task)
              .size() == 1);
    // A horizon the map does not hold is refused before allocating it.
    solver::CnfMap far = w.map;
    far.horizon = 2000000000;
    CHECK_THROWS_WITH_AS(solver::decode_answer(w.cnf, far, model, task),
                         doctest::Contains("misses a state variable"),
                         solver::FormatError);
  }

  TEST_CASE("malformed CNF files are rejected") {
    auto read = [](const std::string &text) {
      std::istringstream in(text);
      return solver::read_cnf(in);
    };
    CHECK_THROWS_AS(read("1 2 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("p cnf 2 2\n1 2 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("p cnf 2 1\n1 3 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("p cnf 2 1\n1 a 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("p cnf 2 1 junk\n1 2 0\n"), solver::FormatError);
    CHECK_THROWS_AS(read("p cnf 2 1\n-2147483648 0\n"), solver::FormatError);
    const solver::CnfFile plain = read("p cnf 2 1\n1 -2 0\n");
    CHECK(plain.clauses.size() == 1);
    CHECK_THROWS_AS(solver::read_map(plain), solver::FormatError);
  }
}
