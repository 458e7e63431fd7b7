// Named Klotski openings for --layout, listed by --help.
#pragma once

#include <string>
#include <vector>

namespace satslide::puzzles {

struct KlotskiLayout {
  std::string name;        // what --layout takes
  std::string description; // one line for --help
  std::string board;       // rows joined by '/'
  std::string goal_piece;  // one letter per goal
  std::string goal_at;     // "x,y" per goal, joined by '/'
};

const std::vector<KlotskiLayout> &klotski_layouts();

// The layout called `name`; throws InputError listing the known names.
const KlotskiLayout &find_klotski_layout(const std::string &name);

// The --help paragraph listing the layouts.
std::string klotski_layouts_help();

} // namespace satslide::puzzles
