// How much memory a formula will need, estimated before it is built, and
// how much the run may use: a horizon whose formula would not fit is
// refused with the figures, not found out by the kernel or the allocator
// after gigabytes are gone.
#pragma once

#include "satslide/encoder/constraints/clause_sink.hpp"

#include <new>
#include <string>

namespace satslide::solver {

// The bytes the run may hold: the address-space limit where one is set
// (--memory-limit, ulimit -v), less what the process maps already; else
// the machine's physical memory.
double memory_budget_bytes();

// Where the budget comes from, for messages ("the 23.4 GB of physical
// memory", "the 2.0 GB left under the address-space limit").
std::string memory_budget_words(double budget);

// A formula's size as a sink counts it.
struct FormulaSize {
  double vars = 0, clauses = 0, literals = 0;
  static FormulaSize of(const encoder::ClauseSink &sink);
};

// Thrown before a formula is encoded that would not fit: a bad_alloc, so
// every path that ends a run on running out of memory ends it here too,
// what was refuted kept; what() gives the figures and the option to
// change.
class FormulaTooLarge : public std::bad_alloc {
public:
  explicit FormulaTooLarge(std::string message) : m_message(std::move(message)) {}
  const char *what() const noexcept override { return m_message.c_str(); }

private:
  std::string m_message;
};

// Why an allocation failed, where a formula was refused before it was
// built (FormulaTooLarge's words); empty for any other bad_alloc.
inline std::string refused_formula(const std::bad_alloc &e) {
  return dynamic_cast<const FormulaTooLarge *>(&e) ? e.what() : "";
}

// Projects the formula in `sink`, now of `steps` steps, to n steps, each
// step to come as large as the last one (`before` is the sink's size
// before it; the pairs encoding's steps grow with the horizon, so the
// projection is made again after every step) and throws FormulaTooLarge
// if the sink would need more than the budget; `lower` names what to
// lower ("--max-horizon").
void check_formula_fits(const encoder::ClauseSink &sink,
                        const FormulaSize &before, int steps, int n,
                        const std::string &lower);

} // namespace satslide::solver
