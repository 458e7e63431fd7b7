// The subcommands. Each returns the process exit code (exit_codes.hpp);
// bad input surfaces as exceptions that main() maps to codes.
#pragma once

#include "options.hpp"

#include "encoder/puzzles/puzzle.hpp"

namespace satslide::cli {

int run_solve(const Options &options);
int run_dimacs(const Options &options);
int run_decode(const Options &options);

// Encoding named by --encoding, or the default.
std::string encoding_name(const Options &options,
                          const encoder::Puzzle &puzzle);

} // namespace satslide::cli
