// satslide's entry point: parse options, set up logging, run a command,
// and map every failure to a documented exit code.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/options.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/printable.hpp"

#include <cadical.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include <sys/resource.h>

using namespace satslide;
using namespace satslide::cli;

namespace {

void set_up_logging(LogLevel level) {
  auto logger = spdlog::stderr_color_mt("satslide");
  logger->set_pattern("%^%l%$: %v");
  logger->set_level(spdlog::level::from_str(to_name(level)));
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
  case Command::batch:
    return run_batch(o);
  case Command::export_model:
    return run_export(o);
  case Command::check_plan:
    return run_check_plan(o);
  case Command::scramble:
    return run_scramble(o);
  case Command::play:
    return run_play(o);
  case Command::split:
    return run_split(o);
  case Command::merge:
    return run_merge(o);
  case Command::verify:
    return run_verify(o);
  }
  return code(ExitCode::internal_error);
}

// Output that never reached its reader is no answer: a full disk or a
// closed pipe turns any exit code into 34. Checked once, at the end, for
// every command (the streams keep their error state).
int stdout_written(int status) {
  std::cout.flush();
  if (std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout)) {
    return status;
  }
  spdlog::error("cannot write to standard output: {}", std::strerror(errno));
  return code(ExitCode::io_error);
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
    const std::string message = printable(e.what());
    std::cerr << "satslide: " << message << "\nTry 'satslide --help'.\n";
    if (json) {
      print_error(std::cout, ExitCode::bad_usage, "bad_usage", message);
    }
    return code(ExitCode::bad_usage);
  }
  set_up_logging(options.log_level);
  if (options.memory_limit_mb > 0) {
    const rlim_t bytes = static_cast<rlim_t>(options.memory_limit_mb) << 20;
    const rlimit limit{bytes, bytes};
    if (setrlimit(RLIMIT_AS, &limit) != 0) {
      spdlog::warn("--memory-limit: the system refused the limit");
    }
  }
  try {
    return stdout_written(run(options));
  } catch (...) {
    const Failure f = current_failure();
    const std::string message = printable(f.message);
    spdlog::error("{}", message);
    if (json) {
      print_error(std::cout, f.code, f.kind, message);
    }
    return stdout_written(code(f.code));
  }
}
