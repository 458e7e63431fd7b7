// The command line, declared once: parsing yields typed options (the
// instance for the families table, the planner's options, the output);
// only options.cpp sees program_options. Each option is checked once
// here: against its range, the chosen family and the subcommand.
#pragma once

#include "satslide/puzzles/instance_options.hpp"
#include "satslide/planner/planner.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace satslide::cli {

// A bad command line; main() maps it to ExitCode::bad_usage.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// A file that could not be read or written; ExitCode::io_error.
class IoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class Command {
  solve,
  dimacs,
  decode,
  explore,
  batch,
  export_model,
  check_plan,
  scramble,
  play,
  split,
  merge,
  verify,
  help,
  version
};

// export --format.
enum class ExportFormat { pddl, smv, tla, limboole };
constexpr std::array<EnumName<ExportFormat>, 4> names(ExportFormat) {
  return {{{ExportFormat::pddl, "pddl"},
           {ExportFormat::smv, "smv"},
           {ExportFormat::tla, "tla"},
           {ExportFormat::limboole, "limboole"}}};
}

// solve --plan-format: the report, or only the plan as an IPC file.
enum class PlanFormat { text, ipc };
constexpr std::array<EnumName<PlanFormat>, 2> names(PlanFormat) {
  return {{{PlanFormat::text, "text"}, {PlanFormat::ipc, "ipc"}}};
}

// --log-level: what reaches stderr (spdlog's level names).
enum class LogLevel { error, warn, info, debug };
constexpr std::array<EnumName<LogLevel>, 4> names(LogLevel) {
  return {{{LogLevel::error, "error"},
           {LogLevel::warn, "warn"},
           {LogLevel::info, "info"},
           {LogLevel::debug, "debug"}}};
}

struct Options {
  Command command = Command::solve;
  // The instance: a family (name or alias in puzzles::families()) and
  // what the user said of it. --file is read by read_instance().
  std::string family = "npuzzle";
  puzzles::InstanceOptions instance;
  std::string file;
  // The search; the command sets the callbacks.
  planner::PlannerOptions planner;
  // Output.
  bool json = false;
  bool show_boards = false;
  double animate = -1; // seconds per move; < 0: no animation
  LogLevel log_level = LogLevel::info;
  long memory_limit_mb = 0; // the process's address space; 0 = no limit
  // dimacs / decode.
  int horizon = -1;
  bool within = false; // dimacs: every plan of horizon, horizon - 2, ...
  std::string output; // dimacs: file to write ("" or "-" = stdout)
  std::string cnf_file, model_file;
  // solve --certify: the certificate's directory; verify --proof: a DRAT
  // proof of the CNF --cnf (verify's DIR is `input`).
  std::string certify_dir, proof_file;
  int certify_depth = 0; // --certify-depth: planner::CertifyOptions's
                         // frontier_depth
  // merge --verify: every answer's certificate checked before it counts.
  bool verify_answers = false;
  // batch: the input file, one instance per line ("-" = stdin); the
  // output is `output` ("" or "-" = stdout).
  std::string input;
  // merge: the batch outputs after the cubes file (`input`).
  std::vector<std::string> answers;
  // export: the format; solve: how a plan is printed ("text" or "ipc").
  ExportFormat format = ExportFormat::pddl;
  PlanFormat plan_format = PlanFormat::text;
  std::string svg; // solve: also draw the solution into this SVG file
  std::string html; // solve, check-plan: the plan as a web page here
  // check-plan: the plan, from a file ("-" = stdin) or as a move string.
  std::string plan_file, moves;
  // solve --count-optimal: count the optimal plans (up to this many; 0 =
  // all); -1 = do not count.
  long count_optimal = -1;
  bool list_all_optimal = false; // --all-optimal: list every plan counted
  // scramble
  int walk = 40, count = 1;
  bool scramble_random = false;
  unsigned long seed = 1;
  int jobs = 1;           // instances solved at once
  int shard = 0;          // take the instance lines i with i % shards ==
  int shards = 1;         //   shard (0-based, as SLURM array indices)
  bool resume = false;    // skip lines already in the output
  bool until_solved = false; // batch: stop at the first line solved
  std::vector<std::string> args; // the command line as given (for batch)
  // --partition as typed, each parsed into planner.partitions.
  std::vector<std::string> partition_texts;

  std::string help_text; // filled by parse_options
};

// The short usage, printed when satslide is run without arguments.
std::string usage_text();

// The words an option's value is chosen from (--engine: horizons, reach,
// ...; --puzzle: the families and their aliases; --layout: Klotski's
// openings), for completion; empty for a free value.
std::vector<std::string> option_words(const std::string &option);

// Parses argv; throws UsageError naming the bad option. `first` are
// options read before argv, which win over argv's (a batch line's
// options over the batch command line's).
Options parse_options(int argc, const char *const argv[],
                      const std::vector<std::string> &first = {});

// The instance options with --file read; throws IoError if it cannot be
// read, task::InputError if it is empty.
puzzles::InstanceOptions read_instance(const Options &options);

} // namespace satslide::cli
