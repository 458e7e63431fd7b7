// satslide's entry point: parse options, set up logging, run a command,
// and map every failure to a documented exit code.
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/options.hpp"

#include "solver/dimacs.hpp"

#include <cadical.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

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
  }
  return code(ExitCode::internal_error);
}

} // namespace

int main(int argc, char *argv[]) {
  Options options;
  if (argc <= 1) {
    std::cerr << usage_text() << "Try 'satslide --help'.\n";
    return code(ExitCode::bad_usage);
  }
  try {
    options = parse_options(argc, argv);
  } catch (const UsageError &e) {
    std::cerr << "satslide: " << e.what() << "\nTry 'satslide --help'.\n";
    return code(ExitCode::bad_usage);
  }
  set_up_logging(options.log_level);
  try {
    return run(options);
  } catch (const UsageError &e) {
    spdlog::error("{}", e.what());
    return code(ExitCode::bad_usage);
  } catch (const IoError &e) {
    spdlog::error("{}", e.what());
    return code(ExitCode::io_error);
  } catch (const encoder::InputError &e) {
    spdlog::error("bad input: {}", e.what());
    return code(ExitCode::bad_input);
  } catch (const solver::FormatError &e) {
    spdlog::error("bad CNF or answer: {}", e.what());
    return code(ExitCode::bad_answer);
  } catch (const std::invalid_argument &e) {
    // CaDiCaL rejected --solver-config or a --cadical value, or the
    // planner contradicting options.
    spdlog::error("{}", e.what());
    return code(ExitCode::bad_usage);
  } catch (const std::bad_alloc &) {
    spdlog::error("out of memory");
    return code(ExitCode::internal_error);
  } catch (const std::exception &e) {
    spdlog::error("internal error: {}", e.what());
    return code(ExitCode::internal_error);
  }
}
