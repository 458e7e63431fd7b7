// The subcommands. Each returns the process exit code (exit_codes.hpp);
// bad input surfaces as exceptions that main() maps to codes.
#pragma once

#include "cli/options.hpp"

namespace satslide::cli {

int run_solve(const Options &options);
int run_dimacs(const Options &options);
int run_decode(const Options &options);
int run_explore(const Options &options);
int run_batch(const Options &options);
int run_export(const Options &options);
int run_check_plan(const Options &options);
int run_scramble(const Options &options);
int run_play(const Options &options);

} // namespace satslide::cli
