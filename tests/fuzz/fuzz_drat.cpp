// A CNF and a DRAT proof of it, as `satslide verify --cnf --proof` reads
// them: the input up to its first line "%" is the CNF, the rest the proof
// (text or binary); the checker then judges the proof. Refusals are
// answers; a crash, a hang or a leak is a finding.
#include "fuzz_support.hpp"

#include "satslide/verify/drat_check.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 16 * 1024);
  const auto cut = text.find("\n%\n");
  if (cut == std::string::npos) {
    return 0;
  }
  satslide::fuzz::expecting_errors([&] {
    std::istringstream cnf_in(text.substr(0, cut + 1));
    const auto cnf = satslide::verify::read_cnf(cnf_in, "fuzz.cnf");
    std::istringstream proof_in(text.substr(cut + 3));
    const auto proof = satslide::verify::read_drat(proof_in, "fuzz.drat", cnf.vars);
    (void)satslide::verify::check_drat(cnf, proof);
  });
  return 0;
}
