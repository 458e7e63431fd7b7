// The answers to a round of split cubes (cube_file.hpp): the lines
// satslide batch wrote for the cubes file's solve lines, read and folded
// into the cubes' standings. An answer is taken only if it carries the
// round's split fingerprint and round, names a cube of it and that cube's
// board, and passes the planner's checks (planner::take_cube_answer: its
// plan replays, "unsolvable" is proven by the cube's own check, nothing
// contradicts what is known); anything else is bad input, line named.
#pragma once

#include "satslide/cli/cube_file.hpp"
#include "satslide/verify/split_cover.hpp"

#include <string>
#include <vector>

namespace satslide::cli {

struct Merged {
  long answers = 0; // answer lines taken
  double cpu_seconds = 0, longest_seconds = 0;
  // merge --verify: what each answer's certificate, certified, shows
  std::vector<verify::CertifiedCube> certified;
};

// Folds every answer line of `files` into `round`'s cubes; throws
// task::InputError naming the file and line of the first answer
// refused, IoError if a file cannot be read. With `verify`, an answer
// counts only if it names its certificate (batch --certify) and the
// manifest's SHA-256, and verify/ certifies, for that cube's instance,
// at least what the answer claims.
Merged read_answers(planner::SplitRound &round,
                    const std::vector<std::string> &files, bool verify);

} // namespace satslide::cli
