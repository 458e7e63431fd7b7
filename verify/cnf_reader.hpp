// The checker's own DIMACS reader: a CNF's clauses, one flat array of
// literals, and its comments. Shares nothing with solver/dimacs.cpp: what
// the checker believes about a formula it has read itself.
#pragma once

#include <cstdint>
#include <istream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace satslide::verify {

// A file the checker refuses: malformed, inconsistent, or not what the
// certificate says it is. The message names the file's line or item.
class Refused : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Cnf {
  int vars = 0;
  std::vector<int> literals;     // every clause, each ended by 0
  std::vector<int64_t> starts;   // where each clause begins in literals
  std::vector<std::string> comments; // text after "c "

  std::size_t size() const { return starts.size(); }
  // Clause i's literals, without its 0.
  std::span<const int> clause(std::size_t i) const;
};

// Reads a CNF in DIMACS ("p cnf V C", clauses ended by 0, "c" comments);
// throws Refused naming `name` and the line on anything else: a literal
// beyond V, more or fewer clauses than C, a clause before the header.
Cnf read_cnf(std::istream &in, const std::string &name);

} // namespace satslide::verify
