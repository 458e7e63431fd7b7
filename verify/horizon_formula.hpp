// A horizon's CNF as the checker believes it: rebuilt from the instance
// by the encoder, and compared with the file clause for clause, so that a
// proof is only ever checked against the formula that means "a plan of
// exactly n moves" (or, "within", of n, n - 2, ... moves) for this
// instance.
#pragma once

#include "satslide/verify/cnf_reader.hpp"
#include "satslide/puzzles/puzzle.hpp"

#include <string>

namespace satslide::verify {

// What a satslide CNF's comments say it is (the "c puzzle", "c param",
// "c encoding" and "c horizon" lines `satslide dimacs` writes).
struct FormulaHeader {
  puzzles::PuzzleSpec instance;
  std::string encoding;
  int horizon = -1;
  bool within = false; // "c within": every plan of horizon, horizon - 2, ...
};
// Throws Refused, naming `name`, where a line is missing.
FormulaHeader read_formula_header(const Cnf &cnf, const std::string &name);

// Throws Refused, naming `name` and the first clause that differs, unless
// `cnf` is the formula of exactly `header.horizon` moves (within it, if
// the header says so) of the instance in the encoding, clause for clause
// and literal for literal.
void check_formula(const Cnf &cnf, const FormulaHeader &header,
                   const std::string &name);

} // namespace satslide::verify
