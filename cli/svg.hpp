// A solution as an SVG picture (--svg FILE): the start, then one small
// board per move, row by row, each captioned with its move; every piece
// keeps its colour from frame to frame. For READMEs and papers.
#pragma once

#include "cli/report.hpp"

#include <iosfwd>

namespace satslide::cli {

void write_svg(std::ostream &out, const Report &report);

} // namespace satslide::cli
