// Plans as `satslide check-plan` reads them: IPC files, Madagascar's
// STEP lines, satslide's numbered moves and move strings, checked against
// an 8-puzzle, the classic Klotski or Rush Hour card #40 (the first byte
// chooses).
#include "fuzz_support.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/plan_check.hpp"

#include <array>
#include <memory>

namespace {

const satslide::puzzles::Puzzle &puzzle(std::uint8_t which) {
  using satslide::puzzles::make_puzzle;
  using satslide::puzzles::PuzzleSpec;
  static const std::array<std::unique_ptr<satslide::puzzles::Puzzle>, 3>
      puzzles = {
          make_puzzle(PuzzleSpec{"npuzzle", {{"board", "1,3,6,4,2,0,7,5,8"}}}),
          make_puzzle(PuzzleSpec{"klotski", {}}),
          make_puzzle(PuzzleSpec{"rushhour", {{"metric", "slide"}}}),
      };
  return *puzzles[which % puzzles.size()];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  if (size == 0) {
    return 0;
  }
  const std::string text = satslide::fuzz::text_of(data + 1, size - 1,
                                                   16 * 1024);
  const satslide::puzzles::Puzzle &p = puzzle(data[0]);
  satslide::fuzz::expecting_errors(
      [&] { (void)satslide::planner::check_plan(p, text); });
  return 0;
}
