// Batch input as `satslide batch` reads it: JSON lines of options and the
// data files' own lines, for the n-puzzle, Rush Hour or Klotski (the
// first byte chooses); every line is answered, a bad one with its reason.
#include "fuzz_support.hpp"

#include "satslide/cli/batch_input.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  if (size == 0) {
    return 0;
  }
  static const char *const families[] = {"npuzzle", "rushhour", "klotski"};
  const std::string text = satslide::fuzz::text_of(data + 1, size - 1,
                                                   64 * 1024);
  satslide::fuzz::expecting_errors([&] {
    std::istringstream in(text);
    const auto lines = satslide::cli::read_batch(
        in, families[data[0] % 3], "/nonexistent-satslide-fuzz");
    for (const auto &line : lines) {
      (void)satslide::cli::known_optimum(line, "");
      (void)satslide::cli::known_optimum(line, "slide");
    }
  });
  return 0;
}
