// The one output path of every command: a report printed as text (with
// --animate first) or JSON, and the exit code its status means.
#pragma once

#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/options.hpp"
#include "satslide/cli/report.hpp"

namespace satslide::cli {

// The documented exit code of a result's status.
ExitCode exit_code_for(planner::Status status);

// Under --json, a run that ends in an error (exits 30-34) still prints one
// JSON document: status "error", the kind (e.g. "bad_input"), the exit
// code and the reason.
void print_error(std::ostream &out, ExitCode code, const std::string &kind,
                 const std::string &reason);

// A run that ended in an exception, as its exit code, its JSON kind
// ("bad_input") and the message for people.
struct Failure {
  ExitCode code = ExitCode::internal_error;
  std::string kind = "internal_error";
  std::string message;
};
// Classifies the exception being handled (call it inside a catch block).
Failure current_failure();

// Prints the report as the options ask and returns its exit code.
int finish(const Report &report, const Options &options);

// Writes `text` to the file at `path` and logs it; throws IoError if the
// file cannot be written whole.
void write_file(const std::string &path, const std::string &text);
int finish(const RoundReport &report, const Options &options);
int finish(const PlanCheckReport &report, const Options &options);

// A stop test that turns true once SIGINT or SIGTERM arrives (the
// handlers are installed on the first call); the run then ends as
// cancelled and its report is printed.
solver::StopFn stop_on_signal();

// A progress callback that logs to stderr: a line per solver call, and
// the planner's phase lines; `show_path` names the path of each solver
// call (for --any, whose paths race).
planner::ProgressFn log_progress(bool show_path);

} // namespace satslide::cli
