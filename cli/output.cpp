#include "satslide/cli/output.hpp"

#include "satslide/cli/animation.hpp"

#include "satslide/solver/dimacs.hpp"
#include "satslide/solver/memory_budget.hpp"

#include <nlohmann/json.hpp>

#include <spdlog/spdlog.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>

#include <signal.h>
#include <unistd.h>

namespace satslide::cli {

ExitCode exit_code_for(planner::Status status) {
  switch (status) {
  case planner::Status::solved:
    return ExitCode::plan_found;
  case planner::Status::unsolvable:
    return ExitCode::unsolvable;
  case planner::Status::no_plan_at_horizon:
    return ExitCode::no_plan_at_horizon;
  case planner::Status::horizon_limit:
    return ExitCode::horizon_limit;
  case planner::Status::timeout:
    return ExitCode::timeout;
  case planner::Status::cancelled:
    return ExitCode::cancelled;
  case planner::Status::memory_limit:
    return ExitCode::memory_limit;
  case planner::Status::internal_error:
    return ExitCode::internal_error;
  }
  return ExitCode::internal_error;
}

void print_error(std::ostream &out, ExitCode code, const std::string &kind,
                 const std::string &reason) {
  out << error_json(static_cast<int>(code), kind, reason).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

Failure current_failure() {
  try {
    throw;
  } catch (const UsageError &e) {
    return {ExitCode::bad_usage, "bad_usage", e.what()};
  } catch (const IoError &e) {
    return {ExitCode::io_error, "io_error", e.what()};
  } catch (const task::InputError &e) {
    return {ExitCode::bad_input, "bad_input",
            std::string("bad input: ") + e.what()};
  } catch (const solver::FormatError &e) {
    return {ExitCode::bad_answer, "bad_answer",
            std::string("bad CNF or answer: ") + e.what()};
  } catch (const std::invalid_argument &e) {
    // CaDiCaL rejected --solver-config or a --cadical value, or the
    // planner contradicting options.
    return {ExitCode::bad_usage, "bad_usage", e.what()};
  } catch (const solver::FormulaTooLarge &e) {
    return {ExitCode::memory_limit, "memory_limit", e.what()};
  } catch (const std::bad_alloc &) {
    return {ExitCode::memory_limit, "memory_limit",
            "out of memory: the process reached its memory limit "
            "(--memory-limit or ulimit -v); explore and --engine bfs store "
            "fewer positions with --max-states"};
  } catch (const std::exception &e) {
    return {ExitCode::internal_error, "internal_error",
            std::string("internal error: ") + e.what()};
  }
}

void write_file(const std::string &path, const std::string &text) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) {
    throw IoError("cannot write '" + path + "'");
  }
  spdlog::info("wrote {}", path);
}

int finish(const Report &report, const Options &o) {
  const bool solved = report.result.status == planner::Status::solved;
  if (o.plan_format == PlanFormat::ipc && solved && report.puzzle) {
    // Only the plan on stdout; the summary goes to stderr.
    print_ipc(std::cout, report);
    spdlog::info("{} moves{}", report.result.plan.size(),
                 report.result.optimal ? ", optimal" : "");
  } else if (o.json) {
    print_json(std::cout, report, o.show_boards);
  } else {
    if (o.animate >= 0 && solved) {
      // Frames are for people: no pauses when stdout is a file or a pipe.
      const bool terminal = isatty(fileno(stdout)) != 0;
      animate(std::cout, report, terminal ? o.animate : 0, terminal);
    }
    print_text(std::cout, report, o.show_boards);
  }
  return code(exit_code_for(report.result.status));
}

int finish(const RoundReport &report, const Options &o) {
  if (o.json) {
    print_json(std::cout, report);
  } else {
    print_text(std::cout, report);
  }
  return code(report.status == "cubes_missing" ? ExitCode::cubes_missing
                                               : ExitCode::cubes_written);
}

int finish(const PlanCheckReport &report, const Options &o) {
  if (o.json) {
    print_json(std::cout, report);
  } else {
    print_text(std::cout, report);
  }
  return code(report.check.verdict == planner::PlanCheck::Verdict::valid
                  ? ExitCode::plan_found
                  : ExitCode::plan_invalid);
}

namespace {

std::atomic<bool> g_signalled{false};
std::atomic<long long> g_first_signal_ns{0};
static_assert(std::atomic<long long>::is_always_lock_free);

long long monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t); // async-signal-safe
  return static_cast<long long>(t.tv_sec) * 1'000'000'000LL + t.tv_nsec;
}

// The first signal asks the run to stop and report. One sent again within
// a second is the same request: `timeout` signals the child and then its
// whole process group, and a terminal's ^C reaches every process of the
// foreground group, so one request often arrives twice. A signal a second
// or more after the first, when the run has not stopped by then, ends the
// process as usual.
extern "C" void on_signal(int signal) {
  const long long now = monotonic_ns();
  long long first = 0;
  if (g_first_signal_ns.compare_exchange_strong(first, now)) {
    g_signalled = true;
    return;
  }
  if (now - first >= 1'000'000'000LL) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

} // namespace

solver::StopFn stop_on_signal() {
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    return true;
  }();
  (void)installed;
  return [] { return g_signalled.load(); };
}

planner::ProgressFn log_progress(bool show_path) {
  return [show_path](const planner::Progress &p) {
    if (p.kind == planner::Progress::Kind::phase) {
      spdlog::info("{}", p.text);
      return;
    }
    if (p.kind == planner::Progress::Kind::warning) {
      spdlog::warn("{}", p.text); // -q keeps warnings
      return;
    }
    const solver::HorizonStats &h = p.horizon;
    // reach reports a layer per depth, the horizon driver a horizon.
    const char *what = p.depth ? "depth  " : "horizon";
    spdlog::info("{}{} {:>3}: {:<7} {:>9} vars {:>11} clauses "
                 "{:>9.3f} s {:>9} conflicts",
                 show_path ? p.path + ": " : "", what, h.horizon, h.result,
                 h.variables, h.clauses, h.seconds, h.conflicts);
  };
}

} // namespace satslide::cli
