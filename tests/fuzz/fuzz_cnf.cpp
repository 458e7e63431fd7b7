// DIMACS files as `satslide decode --cnf` reads them: the clauses, then
// satslide's comments (the puzzle spec, the variable map), then the
// puzzle they name.
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 64 * 1024);
  satslide::fuzz::expecting_errors([&] {
    std::istringstream in(text);
    const satslide::solver::CnfFile cnf = satslide::solver::read_cnf(in);
    const satslide::solver::CnfMap map = satslide::solver::read_map(cnf);
    (void)satslide::puzzles::make_puzzle(map.spec)->title();
  });
  return 0;
}
