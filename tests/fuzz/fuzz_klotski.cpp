// Klotski: the text as a --board grid and as a layout file, each puzzle
// built (pieces, goals, moves).
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 512);
  if (text.empty()) {
    return 0; // "" means the classic layout: not a parse
  }
  satslide::fuzz::expecting_errors([&] {
    satslide::puzzles::InstanceOptions o;
    o.board = text;
    (void)satslide::puzzles::make_puzzle("klotski", o)->draw();
  });
  satslide::fuzz::expecting_errors([&] {
    satslide::puzzles::InstanceOptions o;
    o.file_text = text;
    (void)satslide::puzzles::make_puzzle("klotski", o)->draw();
  });
  return 0;
}
