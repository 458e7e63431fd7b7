// What a batch has done so far: counts by outcome, mismatches against
// the optima the input lines carry, a progress display on stderr (a bar
// redrawn in place on a terminal, a plain line now and then otherwise)
// and the summary at the end. Not thread-safe: the batch calls it under
// its output lock.
#pragma once

#include "satslide/cli/exit_codes.hpp"

#include <chrono>
#include <string>

namespace satslide::cli {

class BatchTally {
public:
  // `total`: the instances this run will solve; `skipped`: lines already
  // answered (--resume).
  BatchTally(int total, int skipped);

  // One instance done: its status as in JSON ("solved", "timeout", ...,
  // "error"), whether proven optimal, and its length against the known
  // optimum (-1 when either is unknown).
  void add(const std::string &status, bool optimal, int length, int known);

  // Redraws the progress display if it is due (always on a terminal).
  void show_progress();
  // Ends the display and prints the summary; `interrupted`: the batch
  // stopped before its end.
  void print_summary(bool interrupted);

  // The exit code of the whole batch: 30 on a mismatch or internal error,
  // 22 if interrupted, 31 if a line could not be read or solved for bad
  // input, 21 if an instance ran out of time or horizons, else 0.
  ExitCode exit_code(bool interrupted) const;

  int mismatches() const { return mismatches_; }

private:
  int total_, skipped_;
  int done_ = 0, solved_ = 0, optimal_ = 0, unsolvable_ = 0;
  int limits_ = 0, errors_ = 0, internal_ = 0, mismatches_ = 0, checked_ = 0;
  bool terminal_;
  std::chrono::steady_clock::time_point start_, last_line_;
  double seconds() const;
};

} // namespace satslide::cli
