// n-puzzle boards and goals: "board\ngoal" (the goal optional), as
// --board and --goal take them, then the puzzle built and its bound.
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 1024);
  satslide::fuzz::expecting_errors([&] {
    satslide::puzzles::InstanceOptions o;
    const auto newline = text.find('\n');
    o.board = text.substr(0, newline);
    if (newline != std::string::npos) {
      o.goal = text.substr(newline + 1);
    }
    const auto puzzle = satslide::puzzles::make_puzzle("npuzzle", o);
    (void)puzzle->unsolvable_reason();
    (void)puzzle->lower_bound();
  });
  return 0;
}
