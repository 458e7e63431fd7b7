// --animate: the solution played move by move on the terminal, the way
// the Klotski games with an auto-solve button show it.
#pragma once

#include "satslide/cli/report.hpp"

#include <iosfwd>

namespace satslide::cli {

// Shows the start board, then after each move the board and the move,
// pausing `delay` seconds in between. On a terminal (`redraw`) each frame
// replaces the previous one (ANSI clear screen); otherwise frames follow
// one another. Only for solved reports.
void animate(std::ostream &out, const Report &report, double delay,
             bool redraw);

} // namespace satslide::cli
