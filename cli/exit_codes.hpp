// The exit-code contract, in ranges like Fast Downward's: 0 a plan,
// 1x no plan exists, 2x a limit was reached first, 3x an error.
#pragma once

namespace satslide::cli {

enum class ExitCode : int {
  plan_found = 0,          // a plan was found, replayed and printed
  unsolvable = 10,         // proven: no plan of any length
  no_plan_at_horizon = 11, // decode: the solver refuted that horizon
  plan_invalid = 12,       // check-plan: an illegal move, or no goal
  refused = 13,            // verify: the certificate or proof is refused
  horizon_limit = 20,      // --max-horizon reached; shorter plans refuted
  timeout = 21,            // --timeout reached; shorter plans refuted
  cancelled = 22,          // interrupted (SIGINT, SIGTERM); what was
                           // refuted is printed
  memory_limit = 23,       // out of memory (--memory-limit, ulimit -v)
  cubes_written = 24,      // split, merge: cubes for batch written to -o
  cubes_missing = 25,      // merge: cubes of the round still unanswered
  internal_error = 30,     // a bug: e.g. a decoded plan failed replay
  bad_input = 31,          // bad board, goal, layout or puzzle file
  bad_usage = 32,          // unknown option, missing or bad option value
  bad_answer = 33,         // malformed CNF or solver answer, or wrong model
  io_error = 34,           // a file could not be read or written
};

inline int code(ExitCode e) { return static_cast<int>(e); }

// The table printed by --help and kept in sync with README.md and
// docs/output.md.
constexpr const char *k_exit_code_help =
    "Exit codes:\n"
    "   0  plan found, replayed and printed\n"
    "  10  unsolvable: proven that no plan exists (e.g. parity)\n"
    "  11  decode: the solver says the horizon has no plan\n"
    "  12  check-plan: the plan has an illegal move or misses the goal\n"
    "  13  verify: the certificate or proof is refused (why is printed)\n"
    "  20  --max-horizon reached (what was refuted is printed)\n"
    "  21  --timeout reached (what was refuted is printed)\n"
    "  22  interrupted by SIGINT or SIGTERM (what was refuted is printed)\n"
    "  23  out of memory (--memory-limit, the address-space limit, or a\n"
    "      formula refused before it was built: too large for memory)\n"
    "  24  split, merge: cubes written to -o for `satslide batch`\n"
    "  25  merge: cubes of the round not answered yet, written to -o\n"
    "  30  internal error (please report it)\n"
    "  31  bad puzzle input (board, goal, layout, file contents; merge:\n"
    "      a cubes or answers file refused)\n"
    "  32  bad command line (unknown option, bad value)\n"
    "  33  bad CNF or solver answer, or a model that fails the CNF\n"
    "  34  a file could not be read or written\n";

} // namespace satslide::cli
