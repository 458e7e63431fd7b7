// One horizon, refuted with a proof anyone can check: its formula written
// as `satslide dimacs` writes it, and solved by a fresh CaDiCaL that
// writes its DRAT proof beside it (what `satslide verify` checks).
#pragma once

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/cadical_sink.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace satslide::solver {

struct ProvenHorizon {
  SolveResult result = SolveResult::unknown; // unsat: the proof refutes it
  int64_t conflicts = 0;
  double seconds = 0;       // the whole: encoding, writing, solving
  double solve_seconds = 0; // CaDiCaL's call alone (what a proof's check
                            // is measured against)
};

// Writes horizon n's CNF of the task in `encoding` (`within`: its
// make_within formula, every plan of n, n - 2, ... moves) to `cnf_path`
// and the proof of a fresh solver to `proof_path`. Stops (unknown) at the
// deadline or when `stop` says so; the files are then incomplete.
ProvenHorizon prove_horizon(const task::Task &task,
                            const encoder::EncodingInfo &encoding, int n,
                            bool within,
                            const puzzles::PuzzleSpec &spec,
                            const std::string &cnf_path,
                            const std::string &proof_path,
                            std::chrono::steady_clock::time_point deadline,
                            const std::function<bool()> &stop);

} // namespace satslide::solver
