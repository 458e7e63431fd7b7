// A solution as one self-contained web page (--html FILE, for solve and
// check-plan): the board drawn as the SVG renderer draws it, the plan
// animated (play, pause, step, a slider, the arrow keys) with its move
// highlighted in the list, the verdict in words and, where the horizon
// driver ran, a chart of its horizons (seconds, conflicts, variables).
// No network: styles, script and frames are in the page. The current
// position is in the DOM as text (#board's data-board), so a browser test
// can read what is shown.
#pragma once

#include "satslide/puzzles/puzzle.hpp"
#include "satslide/solver/stats.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::cli {

struct SolutionPage {
  std::string title;
  std::string start;                        // the start board, drawn
  std::vector<puzzles::ReplayedMove> moves; // each with the board after
  std::string verdict;                      // what is proven, in words
  std::vector<solver::HorizonStats> horizons; // the horizon driver's calls
};

void write_html(std::ostream &out, const SolutionPage &page);

} // namespace satslide::cli
