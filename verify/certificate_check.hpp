// satslide verify: a certificate (planner/certify.hpp writes them) checked
// without trusting the run that wrote it — every file against its
// SHA-256, the plan replayed over the task, every horizon of the claim
// shown by a parity the checker finds in the task or by a DRAT proof of
// the CNF the checker rebuilds; or one CNF and its proof from any solver.
#pragma once

#include "satslide/verify/drat_check.hpp"
#include "satslide/verify/manifest.hpp"

#include <functional>
#include <string>

namespace satslide::verify {

struct Verdict {
  bool certified = false;
  std::string words;   // "certified: 31 moves is optimal (...)"
  std::string refusal; // why not certified: the first check that failed
  int plan_length = -1;
  int no_plan_up_to = -1;
  bool optimal = false;
  bool unsolvable = false; // certified: no plan of any length
  int drat_horizons = 0, parity_horizons = 0, layer_horizons = 0;
  int drat_proofs = 0; // the formulas the drat horizons rest on
  long layer_positions = 0;
  int frontier_horizons = 0, frontier_depth = -1; // frontier.hpp
  long frontier_positions = 0, frontier_by_bound = 0, cube_drats = 0;
  long lemmas = 0, checked = 0;
  double check_seconds = 0; // in the DRAT checks
  std::vector<Manifest::Uncertified> not_certified;
  puzzles::PuzzleSpec instance; // the manifest's, once certified
};

// Checks the certificate in `dir`. Never throws for what the files hold:
// a refusal is a Verdict with its reason.
Verdict verify_certificate(const std::string &dir,
                           const std::function<bool()> &stop = {});

// Checks one satslide CNF (its instance read off its comments, the
// formula rebuilt) and a DRAT proof of it from any solver.
Verdict verify_refutation(const std::string &cnf_path,
                          const std::string &proof_path,
                          const std::function<bool()> &stop = {});

} // namespace satslide::verify
