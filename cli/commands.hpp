// The subcommands. Each returns the process exit code (exit_codes.hpp);
// bad input surfaces as exceptions that main() maps to codes.
#pragma once

#include "satslide/cli/options.hpp"

#include "satslide/planner/certify.hpp"

#include <string>
#include <vector>

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
int run_split(const Options &options);
int run_merge(const Options &options);
int run_verify(const Options &options);

// solve --certify DIR (and each line of batch --certify): the certificate
// of a run's answer in DIR, in what is left of its --timeout (at least a
// second); throws IoError if DIR exists and is not empty, or cannot be
// written. frontier_depth: --certify-depth. rewrite_unfinished: a DIR
// holding only a certificate's files (batch --resume's line, stopped
// while it was certified) is rewritten.
planner::CertificateSummary certify_answer(const puzzles::Puzzle &puzzle,
                                           const planner::PlannerResult &result,
                                           const std::string &dir,
                                           const planner::PlannerOptions &p,
                                           int frontier_depth,
                                           bool rewrite_unfinished = false);

// One rule for every file `-o NAME` names (dimacs, export): NAME without
// the format's extension (the first of `extensions` it ends with) is the
// stem, and each file written is the stem and its own suffix: `-o p5.cnf`
// and `-o p5` both write p5.cnf; pddl `-o p8.pddl` writes
// p8-domain.pddl and p8-problem.pddl.
std::string output_stem(const std::string &output,
                        const std::vector<std::string> &extensions);

} // namespace satslide::cli
