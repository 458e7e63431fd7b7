// Statistics of one solver call, one counter per line.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace satslide::solver {

struct HorizonStats {
  int horizon = 0;       // plan length asked for
  std::string result;    // "SAT", "UNSAT", "UNKNOWN"; progress: "running"
  int variables = 0;     // variables encoded so far
  int64_t clauses = 0;   // clauses encoded so far
  double seconds = 0;    // wall clock of this solve call, s
  int64_t conflicts = 0; // learned clauses in this call (one per conflict)
};

// Wall-clock seconds since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace satslide::solver
