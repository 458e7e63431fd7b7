// What the solve paths share: printing a report with its exit code,
// the per-horizon progress line, the driver options from the command
// line, and the replay every plan passes before it is printed.
#pragma once

#include "exit_codes.hpp"
#include "options.hpp"
#include "report.hpp"

#include "encoder/encodings/encodings.hpp"
#include "solver/horizon_driver.hpp"

#include <chrono>

namespace satslide::cli {

using Clock = std::chrono::steady_clock;

// Prints the report (text or JSON, with --animate first) and returns the
// exit code.
int finish(const Report &report, const Options &o, ExitCode code);

void log_horizon(const solver::HorizonStats &h);

// The first horizon to try: the lower bound, or the user's minimum moved
// up to the next length the parity allows.
int first_horizon(int bound, int stride, int user_min);

// `started`: when the command began; --timeout counts from there, so
// compiling the task and the first encoding's set-up are spent already.
solver::DriverOptions driver_options(const Options &o, const Report &report,
                                     Clock::time_point started);

// A run that ended without a plan: horizon limit, timeout or a model
// that does not decode. `detail` follows the limit's message (what was
// proven); `decode_problem` is the internal error's reason.
int finish_without_plan(Report &report, const Options &o,
                        solver::Outcome outcome, const std::string &detail,
                        const std::string &decode_problem,
                        Clock::time_point started);

// Every plan is replayed by the puzzle's own rules before it is printed.
int finish_plan(const encoder::Puzzle &puzzle, const encoder::Plan &plan,
                Report &report, const Options &o);

// --any (any_command.cpp): a fast plan, by the puzzle's goal agenda or
// else by parallel steps under a horizon schedule.
int run_any(const encoder::Puzzle &puzzle, const encoder::Task &task,
            const encoder::EncodingInfo &info, Report &report, const Options &o,
            Clock::time_point started);

} // namespace satslide::cli
