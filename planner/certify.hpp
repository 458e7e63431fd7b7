// --certify DIR: a certificate of what a run claims, for `satslide verify`
// (verify/) to check without trusting the run. The plan, one action a
// line; for "no plan of length <= m" (an optimum's m = its length - 1)
// every horizon 0..m shown on its own: by the parity of a token every
// move shifts (the n-puzzle's blank), or by its CNF — the file `satslide
// dimacs` writes — refuted by a fresh CaDiCaL with its DRAT proof; and
// manifest.json naming every file with its SHA-256. Whatever the
// certificate cannot show in the time given is listed in the manifest as
// not certified, with why, and the claim it makes is cut to what it shows.
#pragma once

#include "satslide/planner/planner.hpp"
#include "satslide/verify/manifest.hpp"

#include <optional>
#include <stdexcept>
#include <string>

namespace satslide::planner {

// A claim "no plan of length <= m" is shown by the positions within depth
// m (verify/layers.hpp) where they are at most this many: the 8-puzzle's
// whole space (181,440), Klotski's and Rush Hour's; past it, horizon by
// horizon. About 100 bytes a position while they are found.
constexpr long k_layer_certificate_positions = 2'000'000;

struct CertifyOptions {
  std::string dir;     // created; must not exist or be empty
  // A `dir` that holds only a certificate's files (one a stopped run
  // left unfinished: batch --resume solves its line again) is emptied
  // first; a directory with any other entry is still refused.
  bool rewrite_unfinished = false;
  std::string version; // satslide's, for the manifest
  const encoder::EncodingInfo *encoding = nullptr; // nullptr: the default
  double timeout_seconds = 0; // for the refutations; 0 = none
  // Layers are written up to this many positions (0: never, every
  // horizon by its proof).
  long max_layer_positions = k_layer_certificate_positions;
  // > 0: "no plan of length <= m" for m at least this shown through the
  // positions at this distance from the start (verify/frontier.hpp), each
  // length from them refuted on its own, where the task has a parity
  // token (the n-puzzle); 0: every horizon on its own.
  int frontier_depth = 0;
  solver::StopFn stop;
  ProgressFn progress;
};

// The certificate's directory exists and is not empty, or a file of it
// cannot be written.
class CertifyIoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct CertificateSummary {
  std::string dir;
  int plan_length = -1;   // the plan written; -1 = none
  int no_plan_up_to = -1; // what the certificate shows
  bool unsolvable = false; // shown: no plan at all (the permutation)
  int drat_horizons = 0, parity_horizons = 0, layer_horizons = 0;
  int drat_proofs = 0; // the formulas the drat horizons rest on
  long layer_positions = 0;
  int frontier_depth = -1;     // the frontier's, where horizons go through it
  long frontier_positions = 0; // its positions
  long cube_drats = 0;         // the lengths from them refuted by proofs
  int64_t conflicts = 0;
  double solve_seconds = 0; // CaDiCaL's calls on the refuted horizons
  uint64_t proof_bytes = 0;
  double seconds = 0;
  std::vector<verify::Manifest::Uncertified> not_certified;
  std::string manifest_sha256; // what an answer line names it by
};

// Writes the certificate of `result` (what solve() returned for `puzzle`)
// into options.dir. Throws CertifyIoError if the directory cannot be
// made, is not empty, or a file cannot be written; std::logic_error if a
// horizon the run refuted has a plan (a bug).
CertificateSummary certify(const puzzles::Puzzle &puzzle,
                           const PlannerResult &result,
                           const CertifyOptions &options);

// The parity token of `task` (verify/manifest.hpp's ParityToken) where one
// of its exactly-one groups is one: every action moves the fluent that
// holds to another, of the other colour. nullopt where none is.
std::optional<verify::ParityToken> find_parity_token(const task::Task &task);

} // namespace satslide::planner
