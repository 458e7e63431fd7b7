// A certificate's manifest and its layers file, as `satslide verify`
// reads them: the input as manifest.json, then as layers.bin checked
// over the 2x3 puzzle's task. Refusals are answers; a crash, a hang or a
// leak is a finding.
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/manifest.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 64 * 1024);
  satslide::fuzz::expecting_errors([&] {
    std::istringstream in(text);
    (void)satslide::verify::read_manifest(in, "manifest.json");
  });
  satslide::fuzz::expecting_errors([&] {
    static const satslide::task::Task task = [] {
      satslide::puzzles::InstanceOptions o;
      o.rows = 2;
      o.cols = 3;
      o.board = "1 2 3 4 0 5";
      return satslide::puzzles::make_puzzle("npuzzle", o)->compile();
    }();
    std::istringstream in(text);
    const auto layers = satslide::verify::read_layers(in, "layers.bin");
    (void)satslide::verify::check_layers(task, layers, "layers.bin");
  });
  return 0;
}
