// satslide's entry point: parse options, set up logging, run a command,
// and map every failure to a documented exit code.
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"

#include "solver/dimacs.hpp"

#include <cadical.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>
#include <stdexcept>

using namespace satslide;
using namespace satslide::cli;

namespace {

void set_up_logging(const std::string &level) {
  auto logger = spdlog::stderr_color_st("satslide");
  logger->set_pattern("%^%l%$: %v");
  logger->set_level(spdlog::level::from_str(level));
  spdlog::set_default_logger(logger);
}

int run(const Options &o) {
  switch (o.command) {
  case Command::help:
    std::cout << o.help_text;
    return code(ExitCode::plan_found);
  case Command::version:
    std::cout << "satslide " << SATSLIDE_VERSION << " (CaDiCaL "
              << CaDiCaL::Solver::version() << ")\n";
    return code(ExitCode::plan_found);
  case Command::solve:
    return run_solve(o);
  case Command::dimacs:
    return run_dimacs(o);
  case Command::decode:
    return run_decode(o);
  case Command::explore:
    return run_explore(o);
  }
  return code(ExitCode::internal_error);
}

} // namespace

namespace {

// Reports a failure on stderr and, under --json, as a JSON document on
// stdout; returns its exit code.
int fail(ExitCode exit_code, const char *kind, const std::string &message,
         bool json) {
  spdlog::error("{}", message);
  if (json) {
    print_error(std::cout, exit_code, kind, message);
  }
  return code(exit_code);
}

} // namespace

int main(int argc, char *argv[]) {
  Options options;
  if (argc <= 1) {
    std::cerr << usage_text() << "Try 'satslide --help'.\n";
    return code(ExitCode::bad_usage);
  }
  const bool json =
      std::any_of(argv + 1, argv + argc,
                  [](const char *a) { return std::string(a) == "--json"; });
  try {
    options = parse_options(argc, argv);
  } catch (const UsageError &e) {
    std::cerr << "satslide: " << e.what() << "\nTry 'satslide --help'.\n";
    if (json) {
      print_error(std::cout, ExitCode::bad_usage, "bad_usage", e.what());
    }
    return code(ExitCode::bad_usage);
  }
  set_up_logging(options.log_level);
  try {
    return run(options);
  } catch (const UsageError &e) {
    return fail(ExitCode::bad_usage, "bad_usage", e.what(), json);
  } catch (const IoError &e) {
    return fail(ExitCode::io_error, "io_error", e.what(), json);
  } catch (const encoder::InputError &e) {
    return fail(ExitCode::bad_input, "bad_input",
                std::string("bad input: ") + e.what(), json);
  } catch (const solver::FormatError &e) {
    return fail(ExitCode::bad_answer, "bad_answer",
                std::string("bad CNF or answer: ") + e.what(), json);
  } catch (const std::invalid_argument &e) {
    // CaDiCaL rejected --solver-config or a --cadical value, or the
    // planner contradicting options.
    return fail(ExitCode::bad_usage, "bad_usage", e.what(), json);
  } catch (const std::bad_alloc &) {
    return fail(ExitCode::internal_error, "internal_error", "out of memory",
                json);
  } catch (const std::exception &e) {
    return fail(ExitCode::internal_error, "internal_error",
                std::string("internal error: ") + e.what(), json);
  }
}
