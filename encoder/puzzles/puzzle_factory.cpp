// Maps a PuzzleSpec's kind to the family that parses it.
#include "../puzzle.hpp"

#include "npuzzle.hpp"

namespace satslide::encoder {

std::unique_ptr<Puzzle> make_puzzle(const PuzzleSpec &spec) {
  if (spec.kind == "npuzzle") {
    return std::make_unique<NPuzzle>(NPuzzle::from_params(spec.params));
  }
  throw InputError("unknown puzzle kind '" + spec.kind + "'");
}

} // namespace satslide::encoder
