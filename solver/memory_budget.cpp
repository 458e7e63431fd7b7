#include "satslide/solver/memory_budget.hpp"

#include "satslide/search/huge_pages.hpp"

#include <fmt/format.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

namespace satslide::solver {

namespace {

double mapped_bytes() {
  std::ifstream statm("/proc/self/statm");
  double pages = 0;
  statm >> pages;
  return pages * static_cast<double>(sysconf(_SC_PAGESIZE));
}

bool address_space_limited(double &limit) {
  rlimit r{};
  if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY) {
    return false;
  }
  limit = static_cast<double>(r.rlim_cur);
  return true;
}

double gigabytes(double bytes) { return bytes / (1024.0 * 1024 * 1024); }

double physical_bytes() {
  static const double bytes = search::physical_memory_bytes();
  return bytes;
}

// The budget's upper end without reading /proc: the limit itself.
double memory_ceiling() {
  double limit = 0;
  return address_space_limited(limit) ? limit : physical_bytes();
}

} // namespace

double memory_budget_bytes() {
  double limit = 0;
  if (address_space_limited(limit)) {
    return std::max(0.0, limit - mapped_bytes());
  }
  return physical_bytes();
}

std::string memory_budget_words(double budget) {
  double limit = 0;
  return address_space_limited(limit)
             ? fmt::format("the {:.1f} GB left under the address-space limit "
                           "(--memory-limit, ulimit -v)",
                           gigabytes(budget))
             : fmt::format("the machine's {:.1f} GB of physical memory",
                           gigabytes(budget));
}

FormulaSize FormulaSize::of(const encoder::ClauseSink &sink) {
  return {static_cast<double>(sink.num_vars()),
          static_cast<double>(sink.num_clauses()),
          static_cast<double>(sink.num_literals())};
}

void check_formula_fits(const encoder::ClauseSink &sink,
                        const FormulaSize &before, int steps, int n,
                        const std::string &lower) {
  if (n <= steps) {
    return;
  }
  const FormulaSize now = FormulaSize::of(sink);
  const double more = n - steps;
  const FormulaSize at_n{now.vars + more * (now.vars - before.vars),
                         now.clauses + more * (now.clauses - before.clauses),
                         now.literals + more * (now.literals - before.literals)};
  const double need = sink.bytes_for(at_n.vars, at_n.clauses, at_n.literals);
  if (need * 2 <= memory_ceiling()) {
    return; // far inside (checked after every step: no /proc read here)
  }
  const double budget = memory_budget_bytes();
  if (need <= budget) {
    return;
  }
  throw FormulaTooLarge(fmt::format(
      "horizon {} would need at least about {:.1f} GB for its formula ({:.3g} "
      "variables, {:.3g} clauses), more than {}: lower {}",
      n, gigabytes(need), at_n.vars, at_n.clauses,
      memory_budget_words(budget), lower));
}

} // namespace satslide::solver
