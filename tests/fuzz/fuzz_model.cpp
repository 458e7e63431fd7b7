// Solver answers as `satslide decode --model` reads them: SAT-competition
// ("s SATISFIABLE", "v ... 0") and minisat's result files.
#include "fuzz_support.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 64 * 1024);
  satslide::fuzz::expecting_errors([&] {
    std::istringstream in(text);
    (void)satslide::solver::read_answer(in);
  });
  return 0;
}
