#include "satslide/cli/batch_tally.hpp"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <string>

#include <unistd.h>

namespace satslide::cli {

namespace {

// "1h02m", "3m05s", "42s".
std::string duration(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  if (s >= 3600) {
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  } else if (s >= 60) {
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  } else {
    std::snprintf(text, sizeof text, "%lds", s);
  }
  return text;
}

} // namespace

BatchTally::BatchTally(int total, int skipped)
    : total_(total), skipped_(skipped),
      terminal_(isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()), last_line_(start_) {}

double BatchTally::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start_)
      .count();
}

void BatchTally::add(const std::string &status, bool optimal, int length,
                     int known) {
  ++done_;
  if (status == "solved") {
    ++solved_;
    optimal_ += optimal ? 1 : 0;
    if (optimal && known >= 0 && length >= 0) {
      ++checked_;
      mismatches_ += length != known ? 1 : 0;
    }
  } else if (status == "unsolvable") {
    ++unsolvable_;
    if (known >= 0) {
      // The line says a plan of that length exists (often a goal the line
      // meant but did not give: Korf's files put the blank first).
      ++checked_;
      ++mismatches_;
    }
  } else if (status == "timeout" || status == "horizon_limit" ||
             status == "memory_limit") {
    ++limits_;
  } else if (status == "internal_error") {
    ++internal_;
  } else {
    ++errors_;
  }
}

void BatchTally::show_progress() {
  if (!spdlog::should_log(spdlog::level::info)) {
    return; // -q
  }
  const double s = seconds();
  const bool last = done_ == total_;
  if (!terminal_ &&
      !(last || s - std::chrono::duration<double>(last_line_ - start_).count() >= 30)) {
    return;
  }
  last_line_ = std::chrono::steady_clock::now();
  const double rate = s > 0 ? done_ / s : 0;
  const std::string left =
      rate > 0 ? duration((total_ - done_) / rate) : std::string("?");
  const int width = 24;
  const int filled = total_ > 0 ? width * done_ / total_ : width;
  std::fprintf(stderr,
               "%sbatch: [%s%s] %d/%d, %d solved, %d limits, %d errors, "
               "%.2f/s, %s left%s",
               terminal_ ? "\r" : "", std::string(filled, '#').c_str(),
               std::string(width - filled, '.').c_str(), done_, total_,
               solved_, limits_, errors_ + internal_, rate, left.c_str(),
               terminal_ ? "\033[K" : "\n");
  std::fflush(stderr);
}

void BatchTally::print_summary(bool interrupted) {
  if (terminal_) {
    std::fprintf(stderr, "\n");
  }
  std::fprintf(stderr,
               "batch %s: %d of %d instances in %s (%d answered before)\n"
               "  solved %d (optimal %d), unsolvable %d, time or horizon "
               "limit %d, errors %d, internal errors %d\n"
               "  known optima checked %d, mismatches %d\n",
               interrupted ? "interrupted" : "done", done_, total_,
               duration(seconds()).c_str(), skipped_, solved_, optimal_,
               unsolvable_, limits_, errors_, internal_, checked_,
               mismatches_);
}

ExitCode BatchTally::exit_code(bool interrupted) const {
  if (mismatches_ > 0 || internal_ > 0) {
    return ExitCode::internal_error;
  }
  if (interrupted) {
    return ExitCode::cancelled;
  }
  if (errors_ > 0) {
    return ExitCode::bad_input;
  }
  return limits_ > 0 ? ExitCode::timeout : ExitCode::plan_found;
}

} // namespace satslide::cli
