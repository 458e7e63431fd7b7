#include "satslide/cli/animation.hpp"

#include <chrono>
#include <ostream>
#include <thread>

namespace satslide::cli {

namespace {

void frame(std::ostream &out, bool redraw, const std::string &caption,
           const std::string &board) {
  if (redraw) {
    out << "\033[H\033[2J"; // cursor home, clear screen
  }
  out << caption << '\n' << board;
  if (!redraw) {
    out << '\n';
  }
  out.flush();
}

} // namespace

void animate(std::ostream &out, const Report &report, double delay,
             bool redraw) {
  const auto pause = [&] {
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
  };
  const puzzles::Replay &replay = report.result.replay;
  const std::size_t n = replay.moves.size();
  frame(out, redraw, report.title + ": start", report.board);
  for (std::size_t i = 0; i < n; ++i) {
    pause();
    frame(out, redraw,
          report.title + ": move " + std::to_string(i + 1) + "/" +
              std::to_string(n) + "  " + replay.moves[i].notation,
          replay.moves[i].board);
  }
  pause();
}

} // namespace satslide::cli
