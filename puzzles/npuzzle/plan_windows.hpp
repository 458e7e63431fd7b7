// Shortening a plan of the n-puzzle without its goal's tables: the
// positions a plan visits twice cut out, then the plan cut into windows,
// each stretch between two of its positions re-solved by IDA* (Manhattan
// distance between the two boards) for a shorter way where one exists
// within a node budget, the windows growing while time is left. A
// constructive plan (constructive.hpp) is full of detours this removes.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace satslide::puzzles {

struct WindowOptions {
  std::function<bool()> stop; // polled between windows and inside IDA*
  // After every pass that shortened the plan: the blank's path now, and
  // the pass in words ("windows of 24 moves").
  std::function<void(const std::vector<int> &, const std::string &)> on_path;
};

struct WindowStats {
  long nodes = 0;        // positions IDA* generated over all windows
  long windows = 0;      // windows searched
  long shortened = 0;    // of which a shorter way was found
  int loops_cut = 0;     // moves removed as revisits of a position
  int largest_window = 0;
};

// The blank's path (its cells after each move, from `board`), shorter
// where the windows find a shorter way: it ends on the same board. Runs
// until no window of the largest size gains or `stop` says so.
std::vector<int> shorten_blank_path(int rows, int cols,
                                    const std::vector<int> &board,
                                    std::vector<int> path,
                                    const WindowOptions &options,
                                    WindowStats &stats);

// The positions visited twice cut out (the plan between the two visits
// removed): the same last board, never more moves.
std::vector<int> cut_revisits(const std::vector<int> &board,
                              const std::vector<int> &path);

} // namespace satslide::puzzles
