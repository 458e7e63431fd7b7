// What every fuzz target shares: the input as text, and the rule that
// satslide's documented errors (bad input, a bad CNF or answer) are
// answers, not findings (and the checker's refusals). Anything else that escapes (another exception, a
// crash, a sanitizer report, a leak) is a finding.
#pragma once

#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/dimacs.hpp"
#include "satslide/verify/cnf_reader.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace satslide::fuzz {

// The input as text, or "" if it is longer than `limit` bytes (long inputs
// only make a run slower, not more thorough).
inline std::string text_of(const std::uint8_t *data, std::size_t size,
                           std::size_t limit) {
  return size > limit ? std::string()
                      : std::string(reinterpret_cast<const char *>(data), size);
}

template <typename F> void expecting_errors(F &&run) {
  try {
    run();
  } catch (const task::InputError &) {
  } catch (const solver::FormatError &) {
  } catch (const verify::Refused &) {
  }
}

} // namespace satslide::fuzz
