// Maps a PuzzleSpec's kind to the family that parses it.
#include "encoder/puzzles/puzzle.hpp"

#include "encoder/puzzles/klotski_parsing.hpp"
#include "encoder/puzzles/npuzzle.hpp"
#include "encoder/puzzles/rushhour_parsing.hpp"

namespace satslide::encoder {

std::unique_ptr<Puzzle> make_puzzle(const PuzzleSpec &spec) {
  if (spec.kind == "npuzzle") {
    return std::make_unique<NPuzzle>(NPuzzle::from_params(spec.params));
  }
  if (spec.kind == "klotski") {
    return std::make_unique<BlockPuzzle>(klotski_from_params(spec.params));
  }
  if (spec.kind == "rushhour") {
    return std::make_unique<BlockPuzzle>(rushhour_from_params(spec.params));
  }
  throw InputError("unknown puzzle kind '" + spec.kind + "'");
}

} // namespace satslide::encoder
