// DIMACS CNF for external SAT solvers: writing one horizon's formula with
// the meaning of its variables in comments, reading it back, reading the
// solvers' answers, and turning an answer into a plan.
#pragma once

#include "encoder/constraints/clause_sink.hpp"
#include "encoder/encodings/encoding.hpp"
#include "encoder/puzzles/puzzle.hpp"

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace satslide::solver {

// A malformed CNF or solver answer, or one that contradicts its CNF.
class FormatError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Stores clauses and variable names until written.
class DimacsSink : public encoder::StoringSink {
public:
  bool wants_names() const override { return true; }
  void name_var(int var, const std::string &meaning) override;
  const std::vector<std::string> &names() const { return m_names; }

private:
  std::vector<std::string> m_names; // index var-1
};

// Writes the formula of exactly horizon n (the goal as unit clauses).
void write_horizon_dimacs(std::ostream &out, encoder::Encoding &encoding, int n,
                          const encoder::PuzzleSpec &spec,
                          const std::string &encoding_name);

struct CnfFile {
  std::vector<std::string> comments; // text after "c "
  int vars = 0;
  std::vector<std::vector<int>> clauses;
};
CnfFile read_cnf(std::istream &in);

// What the comments of a satslide CNF say.
struct CnfMap {
  encoder::PuzzleSpec spec;
  std::string encoding;
  int horizon = -1;
  struct FluentVar {
    int var, step, fluent;
    std::string name;
  };
  std::vector<FluentVar> fluents; // the state variables of every step
};
CnfMap read_map(const CnfFile &cnf);

enum class AnswerStatus { sat, unsat, unknown };

struct SolverAnswer {
  AnswerStatus status = AnswerStatus::unknown;
  std::vector<int> literals; // the model, as signed literals
};

// Reads SAT-competition output ("s SATISFIABLE", "v ... 0") or minisat's
// result file ("SAT" then the literals).
SolverAnswer read_answer(std::istream &in);

// Checks that the map names the task's fluents, that the answer satisfies
// every clause, then reads the plan off the states; throws FormatError on
// any mismatch.
encoder::Plan decode_answer(const CnfFile &cnf, const CnfMap &map,
                            const SolverAnswer &answer,
                            const encoder::Task &task);

} // namespace satslide::solver
