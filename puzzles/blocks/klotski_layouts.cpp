#include "satslide/puzzles/blocks/klotski_layouts.hpp"

#include "satslide/puzzles/puzzle.hpp"

namespace satslide::puzzles {

// Positions as published (see benchmarks/data/klotski/ for their sources);
// letters are ours. Their optima are not recorded here: satslide computes
// them. All but Ma's puzzle are 4x5 Huarong Dao
// boards whose 2x2 piece must reach the bottom.
const std::vector<KlotskiLayout> &klotski_layouts() {
  static const std::vector<KlotskiLayout> table = {
      {"classic", "Heng Dao Li Ma, Red Donkey, L'Ane Rouge",
       "ABBC/ABBC/DEEF/DGHF/I..J", "B", "1,3"},
      {"side-by-side", "Qi Tou Bing Jin, Huarong Dao level 4",
       "ABBC/ABBC/DEFG/HIIJ/H..J", "B", "1,3"},
      {"flanks", "Zuo You Bu Bing, Huarong Dao level 7",
       "ABBC/DBBE/FGHI/FGHI/.JJ.", "B", "1,3"},
      {"pansy", "Pansy, GNOME Klotski", "ABBC/ABBC/DEFG/DHIG/J..K", "B", "1,3"},
      {"pennant", "Pennant puzzle, 2x2 to the bottom left",
       "AABB/AACC/DE../FGHH/FGII", "A", "0,3"},
      {"ma", "Ma's puzzle, 5x5: join the two L pieces on the right",
       "AAABB/CCDDB/EFFGG/EEHHH/..I..", "BE", "3,0/3,1"},
  };
  return table;
}

const KlotskiLayout &find_klotski_layout(const std::string &name) {
  for (const KlotskiLayout &layout : klotski_layouts()) {
    if (layout.name == name) {
      return layout;
    }
  }
  std::string known;
  for (const KlotskiLayout &layout : klotski_layouts()) {
    known += (known.empty() ? "" : ", ") + layout.name;
  }
  throw task::InputError("unknown Klotski layout '" + name +
                         "' (known: " + known + ")");
}

std::string klotski_layouts_help() {
  std::string text = "Klotski layouts (--layout NAME):\n";
  for (const KlotskiLayout &layout : klotski_layouts()) {
    std::string name = layout.name;
    name.resize(14, ' ');
    text += "  " + name + layout.board + "  " + layout.description + "\n";
  }
  return text;
}

} // namespace satslide::puzzles
