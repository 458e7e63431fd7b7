#include "satslide/solver/proof_driver.hpp"
#include "satslide/solver/dimacs.hpp"

#include <fstream>
#include <stdexcept>

namespace satslide::solver {

ProvenHorizon prove_horizon(const task::Task &task,
                            const encoder::EncodingInfo &encoding, int n,
                            bool within, const puzzles::PuzzleSpec &spec,
                            const std::string &cnf_path,
                            const std::string &proof_path,
                            std::chrono::steady_clock::time_point deadline,
                            const std::function<bool()> &stop) {
  const auto start = std::chrono::steady_clock::now();
  DimacsSink formula;
  if (within && !encoding.make_within) {
    throw std::logic_error("the encoding " + encoding.name +
                           " has no formula within a horizon");
  }
  encode_horizon(within ? *encoding.make_within(task) : *encoding.make(task),
                 n, formula);
  {
    std::ofstream out(cnf_path);
    write_dimacs(out, formula, n, spec, encoding.name, within);
    out.close();
    if (!out) {
      throw std::runtime_error("cannot write '" + cnf_path + "'");
    }
  }
  CadicalSink solver;
  solver.trace_proof(proof_path);
  for (const auto clause : formula.clauses()) {
    solver.copy_clause(clause);
  }
  solver.set_deadline(deadline);
  if (stop) {
    solver.set_stop(stop);
  }
  ProvenHorizon proven;
  const auto solving = std::chrono::steady_clock::now();
  proven.result = solver.solve({});
  proven.solve_seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - solving)
                             .count();
  proven.conflicts = solver.learned();
  solver.close_proof();
  proven.seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  return proven;
}

} // namespace satslide::solver
