// The table of puzzle families, one row each: the names users type, the
// help text, the instance options the family accepts, its default
// encoding and how it is built. Front ends read it for help, validation
// and dispatch; adding a family is its own files and one row here.
#pragma once

#include "satslide/puzzles/instance_options.hpp"

#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace satslide::puzzles {

struct FamilyInfo {
  std::string name; // as written in PuzzleSpec::kind and DIMACS comments
  // Other names users may type, each with what it stands for; `make`
  // is told which name was used.
  std::vector<std::pair<std::string, std::string>> aliases;
  std::string help;
  std::vector<InstanceField> accepts;
  std::string default_encoding; // a row of encodings(): the fastest
                                // measured for the family (RESULTS.md)
  // Builds an instance; throws InputError on bad input. Fields outside
  // `accepts` are never set (make_puzzle checks first).
  std::function<std::unique_ptr<Puzzle>(const std::string &name_used,
                                        const InstanceOptions &)>
      make;
  // The planner's automatic engine races a search of positions against
  // the horizon driver (small spaces, weak bounds: the block puzzles);
  // otherwise it does so only where reachable_positions() is known and
  // small (planner.hpp: k_reach_space), else it runs the horizon driver
  // alone (strong bounds, huge spaces).
  bool reach_first = false;
  // satslide scramble: the instance its random walks start from, given
  // the user's options and the name used (the n-puzzle: its goal, in the
  // shape the options or the name give, no board needed); empty: the
  // instance as given (a block puzzle's default opening without a board).
  std::function<InstanceOptions(const std::string &name_used,
                                const InstanceOptions &)>
      walk_origin;
  // satslide scramble --random: a uniformly random solvable instance in
  // the shape the options give; empty: the family has none.
  std::function<InstanceOptions(const std::string &name_used,
                                const InstanceOptions &, std::mt19937_64 &)>
      random_instance;

  // satslide batch: a line of the family's data files as options (file
  // paths looked up beside `folder` second); empty: the line is a board.
  std::function<DataLine(const std::string &text, const std::string &folder)>
      data_line;

  // satslide play's 'o' key: the family's named openings, each what
  // --layout takes (Klotski's layouts); empty: none.
  std::function<std::vector<std::string>()> openings;

  // The automatic engine on a reach-first family: the horizon driver
  // alone where an explicit sample meets the goal within a few moves
  // behind at least this many positions per squared depth (the planner's
  // engine_choice.hpp says why d^2); 0: never (the family's horizon
  // formulas were slower on every short board measured).
  double horizons_when_wide = 0;

  bool accepts_field(InstanceField field) const;
};

const std::vector<FamilyInfo> &families();

// Adds a row (a family defined outside this room, e.g. in a test); throws
// std::invalid_argument if the name or an alias is taken.
void register_family(FamilyInfo family);

// The row named `name` or with it as an alias; nullptr if none.
const FamilyInfo *find_family(const std::string &name);

// Families that can draw random instances (random_instance), as
// "npuzzle".
std::string families_with_random_instances();

// Families that accept `field`, as "klotski, rushhour".
std::string families_accepting(InstanceField field);

// Builds an instance of the family named `name` (or alias). Throws
// InputError for an unknown family, a field the family does not accept
// (naming the families that do), or bad input.
std::unique_ptr<Puzzle> make_puzzle(const std::string &name,
                                    const InstanceOptions &options);

// Rebuilds an instance from its spec (as DIMACS comments carry it).
std::unique_ptr<Puzzle> make_puzzle(const PuzzleSpec &spec);

} // namespace satslide::puzzles
