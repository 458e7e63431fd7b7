// DIMACS CNF for external SAT solvers: writing one horizon's formula with
// the meaning of its variables in comments, reading it back, reading the
// solvers' answers, and turning an answer into a plan.
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/encoder/encodings/encoding.hpp"
#include "satslide/puzzles/puzzle.hpp"

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
  // The clauses, and a name a variable: 48 bytes each measured (4.26M
  // variables, 17.6M clauses, 68M literals: 616 MB peak, the 8-puzzle's
  // horizon 2000 in the pairs encoding).
  double bytes_for(double vars, double clauses,
                   double literals) const override {
    return StoringSink::bytes_for(vars, clauses, literals) + 48 * vars;
  }

private:
  std::vector<std::string> m_names; // index var-1
};

// The formula of exactly horizon n (the goal as unit clauses), every
// variable named. Throws std::invalid_argument, before it takes the
// memory, if n would need more than 2^31 - 1 variables (what DIMACS
// readers take) or 2^28 clauses: the size is projected from the first
// two steps, and the message says it; throws FormulaTooLarge
// (memory_budget.hpp) if it would not fit in memory.
void encode_horizon(encoder::Encoding &encoding, int n, DimacsSink &sink);

// Writes a horizon's formula encoded by encode_horizon, with the comments
// that let `decode` read a model back; `within`: the encoding's
// EncodingInfo::make_within formula (every plan of n, n - 2, ... moves),
// said in a "c within" line.
void write_dimacs(std::ostream &out, const DimacsSink &sink, int n,
                  const puzzles::PuzzleSpec &spec,
                  const std::string &encoding_name, bool within = false);

// Writes the formula of exactly horizon n (the goal as unit clauses).
void write_horizon_dimacs(std::ostream &out, encoder::Encoding &encoding, int n,
                          const puzzles::PuzzleSpec &spec,
                          const std::string &encoding_name,
                          bool within = false);

struct CnfFile {
  std::vector<std::string> comments; // text after "c "
  int vars = 0;
  std::vector<std::vector<int>> clauses;
};
CnfFile read_cnf(std::istream &in);

// What the comments of a satslide CNF say.
struct CnfMap {
  puzzles::PuzzleSpec spec;
  std::string encoding;
  int horizon = -1;
  bool within = false; // plans of horizon, horizon - 2, ... moves
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
task::Plan decode_answer(const CnfFile &cnf, const CnfMap &map,
                         const SolverAnswer &answer, const task::Task &task);

} // namespace satslide::solver
