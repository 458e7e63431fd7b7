// From a fuzzed small board to a formula: the first byte picks the
// family (n-puzzle, Klotski, Rush Hour) and the horizon (1 or 2), the
// rest is the board; the task is compiled and the family's default
// encoding writes that horizon as DIMACS, as `satslide dimacs` does.
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/planner.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  if (size < 2) {
    return 0;
  }
  const std::string text = satslide::fuzz::text_of(data + 1, size - 1, 64);
  if (text.empty()) {
    return 0;
  }
  static const char *const families[] = {"npuzzle", "klotski", "rushhour"};
  const char *family = families[data[0] % 3];
  const int horizon = 1 + (data[0] / 3) % 2;
  satslide::fuzz::expecting_errors([&] {
    satslide::puzzles::InstanceOptions o;
    o.board = text;
    if (family != std::string("npuzzle")) {
      o.metric = static_cast<satslide::puzzles::Metric>((data[0] / 6) % 3);
    }
    const auto puzzle = satslide::puzzles::make_puzzle(family, o);
    const satslide::task::Task task = puzzle->compile();
    const satslide::encoder::EncodingInfo &info =
        satslide::planner::encoding_for(*puzzle, nullptr);
    const auto encoding = info.make(task);
    std::ostringstream out;
    satslide::solver::write_horizon_dimacs(out, *encoding, horizon,
                                           puzzle->spec(), info.name);
  });
  return 0;
}
