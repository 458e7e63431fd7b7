// A split's cubes file and an answers file as `satslide merge` reads
// them (the input: the cubes file, a NUL byte, the answers): the file
// read and checked line by line, the answers folded in by the planner's
// checks, the round judged. Every refusal is bad input, never a crash.
#include "fuzz_support.hpp"

#include "satslide/cli/cube_answers.hpp"
#include "satslide/cli/cube_file.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/planner/cubes.hpp"

#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data,
                                      std::size_t size) {
  const std::string text = satslide::fuzz::text_of(data, size, 64 * 1024);
  const auto nul = text.find('\0');
  const std::string stem =
      "/tmp/satslide-fuzz-cubes-" + std::to_string(getpid());
  const std::string cubes = stem + ".jsonl", answers = stem + "-answers.jsonl";
  std::ofstream(cubes) << text.substr(0, nul);
  std::ofstream(answers) << (nul == std::string::npos ? ""
                                                      : text.substr(nul + 1));
  satslide::fuzz::expecting_errors([&] {
    satslide::planner::SplitRound round = satslide::cli::read_round(cubes);
    (void)satslide::puzzles::make_puzzle(round.start);
    satslide::cli::read_answers(round, {answers}, false);
    std::vector<satslide::planner::CubeStanding> standings;
    for (const auto &c : round.cubes) {
      standings.push_back(c.standing);
    }
    (void)satslide::planner::judge_round(standings, round.depth, round.stride,
                                         round.cap - round.depth, round.window,
                                         round.max_length);
  });
  return 0;
}
