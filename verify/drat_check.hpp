// The checker of a DRAT refutation: does the proof show the formula
// unsatisfiable? Backward checking with core-first unit propagation, as
// drat-trim does it: a forward pass adds the lemmas and performs the
// deletions until unit propagation finds a conflict; a backward pass then
// checks, from the last lemma to the first, only the lemmas that conflict
// (or a lemma checked later) used, each by reverse unit propagation (RUP)
// or, failing that, as a resolution asymmetric tautology on its first
// literal (RAT). Deleting a clause that is the reason of a unit (as
// solvers do when they shrink their clauses) is ignored, as drat-trim
// does by default; deleting a clause the formula never held is ignored
// and counted. Shares no code with the solver or its drivers.
#pragma once

#include "satslide/verify/cnf_reader.hpp"
#include "satslide/verify/drat_reader.hpp"

#include <functional>
#include <string>

namespace satslide::verify {

struct DratCheck {
  bool refuted = false; // the proof refutes the formula
  std::string failure;  // why not: the first lemma that fails, or more
  long lemmas = 0;      // the lemmas the proof adds
  long checked = 0;     // of them, those the refutation needs, each checked
  long rat = 0;         // of those, the ones checked as RAT
  long ignored_unit_deletions = 0;
  long missing_deletions = 0; // deletions of clauses not held
  double seconds = 0;
};

// Checks `proof` against `cnf`. `stop`, polled now and then, ends the
// check unrefuted ("stopped").
DratCheck check_drat(const Cnf &cnf, const Proof &proof,
                     const std::function<bool()> &stop = {});

} // namespace satslide::verify
