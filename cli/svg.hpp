// A solution as an SVG picture (--svg FILE): the start, then one small
// board per move, row by row, each captioned with its move; every piece
// keeps its colour from frame to frame. For READMEs and papers.
#pragma once

#include "satslide/cli/report.hpp"

#include <iosfwd>

namespace satslide::cli {

void write_svg(std::ostream &out, const Report &report);

// One board (drawn as text) as a standalone SVG element, `cell` pixels a
// cell, coloured as write_svg colours it (the HTML page's frames).
std::string board_svg(const std::string &board, int cell);

// `text` safe inside XML and HTML: printable, with <, >, & and " escaped.
std::string xml_escaped(const std::string &text);

} // namespace satslide::cli
