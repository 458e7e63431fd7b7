// Rush Hour boards as --board takes them, the puzzle built.
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 256);
  if (text.empty()) {
    return 0; // "" means card #40: not a parse
  }
  satslide::fuzz::expecting_errors([&] {
    satslide::puzzles::InstanceOptions o;
    o.board = text;
    (void)satslide::puzzles::make_puzzle("rushhour", o)->draw();
  });
  return 0;
}
