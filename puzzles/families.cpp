#include "satslide/puzzles/families.hpp"

#include "satslide/puzzles/blocks/klotski_layouts.hpp"
#include "satslide/puzzles/blocks/klotski_parsing.hpp"
#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/puzzles/blocks/rushhour_parsing.hpp"

#include <stdexcept>

namespace satslide::puzzles {

namespace {

using F = InstanceField;

// The defaults: the n-puzzle gains most from the pair databases; on the
// block puzzles, whose only goal is one piece, the bound they add is a
// few moves and the plain totalizer bound of `compact` is faster, and the
// count invariants make Klotski an order of magnitude faster again
// (RESULTS: "Move labels for the block puzzles", "Count invariants").
// Rush Hour has no counts: `counts` is `compact` there. The block
// puzzles' spaces are small and their bounds weak, so the automatic
// engine races a search of their positions against the horizon driver
// (RESULTS: "Reachability by SAT").
// Rush Hour's horizons_when_wide: above it every public card and
// Fogleman board measured was a win for the horizon driver or even, below
// it mostly reach's (RESULTS, "The engine the default picks"). Klotski
// has none: its horizon driver lost on every short layout, 2-40x.
constexpr double k_rushhour_wide_layers = 10;

std::vector<FamilyInfo> &table() {
  static std::vector<FamilyInfo> rows = {
      {"npuzzle",
       {{"8", "the 3x3 n-puzzle"},
        {"15", "the 4x4 n-puzzle"},
        {"24", "the 5x5 n-puzzle"}},
       "sliding tiles 1..N-1 and a blank on an R x C board; the board "
       "(and goal) row-major, 0 the blank; the shape from --rows/--cols "
       "or a square board",
       {F::board, F::goal, F::rows, F::cols},
       "pairs",
       [](const std::string &name, const InstanceOptions &o) {
         return std::make_unique<NPuzzle>(NPuzzle::from_options(name, o));
       },
       false,
       NPuzzle::walk_origin,
       NPuzzle::random_instance,
       NPuzzle::data_line,
       {},
       0},
      {"klotski",
       {},
       "blocks of any rectangular (or 4-connected) shape on a grid with "
       "walls; bring the goal piece to its place (default: the classic)",
       {F::board, F::layout, F::file, F::goal_piece, F::goal_at, F::metric,
        F::distinct_pieces},
       "counts",
       [](const std::string &, const InstanceOptions &o) {
         return std::make_unique<BlockPuzzle>(klotski_from_options(o));
       },
       true,
       {},
       {},
       klotski_data_line,
       [] {
         std::vector<std::string> names;
         for (const KlotskiLayout &layout : klotski_layouts()) {
           names.push_back(layout.name);
         }
         return names;
       },
       0},
      {"rushhour",
       {},
       "cars that move along their own axis on a 6x6 board (or any "
       "rectangle given by rows); drive the "
       "red car A out on the right (default: card #40)",
       {F::board, F::goal_piece, F::goal_at, F::metric, F::distinct_pieces},
       "counts",
       [](const std::string &, const InstanceOptions &o) {
         return std::make_unique<BlockPuzzle>(rushhour_from_options(o));
       },
       true,
       {},
       {},
       rushhour_data_line,
       {},
       k_rushhour_wide_layers},
  };
  return rows;
}

bool has_name(const FamilyInfo &f, const std::string &name) {
  if (f.name == name) {
    return true;
  }
  for (const auto &alias : f.aliases) {
    if (alias.first == name) {
      return true;
    }
  }
  return false;
}

std::string family_names() {
  std::string out;
  for (const FamilyInfo &f : families()) {
    for (const auto &alias : f.aliases) {
      out += (out.empty() ? "" : ", ") + alias.first;
    }
    out += (out.empty() ? "" : ", ") + f.name;
  }
  return out;
}

} // namespace

bool FamilyInfo::accepts_field(InstanceField field) const {
  for (InstanceField f : accepts) {
    if (f == field) {
      return true;
    }
  }
  return false;
}

const std::vector<FamilyInfo> &families() { return table(); }

void register_family(FamilyInfo family) {
  if (find_family(family.name)) {
    throw std::invalid_argument("a puzzle family '" + family.name +
                                "' exists already");
  }
  for (const auto &alias : family.aliases) {
    if (find_family(alias.first)) {
      throw std::invalid_argument("a puzzle family is already called '" +
                                  alias.first + "'");
    }
  }
  table().push_back(std::move(family));
}

const FamilyInfo *find_family(const std::string &name) {
  for (const FamilyInfo &f : families()) {
    if (has_name(f, name)) {
      return &f;
    }
  }
  return nullptr;
}

namespace {

// The names of the families `has`, as "klotski, rushhour".
template <typename Has> std::string families_that(Has has) {
  std::string out;
  for (const FamilyInfo &f : families()) {
    if (has(f)) {
      out += (out.empty() ? "" : ", ") + f.name;
    }
  }
  return out.empty() ? "no family" : out;
}

} // namespace

std::string families_accepting(InstanceField field) {
  return families_that(
      [&](const FamilyInfo &f) { return f.accepts_field(field); });
}

std::string families_with_random_instances() {
  return families_that(
      [](const FamilyInfo &f) { return static_cast<bool>(f.random_instance); });
}

std::unique_ptr<Puzzle> make_puzzle(const std::string &name,
                                    const InstanceOptions &options) {
  const FamilyInfo *family = find_family(name);
  if (!family) {
    throw task::InputError("unknown puzzle '" + name +
                           "' (known: " + family_names() + ")");
  }
  for (InstanceField field : options.given()) {
    if (!family->accepts_field(field)) {
      throw task::InputError(std::string("the ") + family->name +
                             " family does not take '" + field_name(field) +
                             "' (taken by: " + families_accepting(field) + ")");
    }
  }
  return family->make(name, options);
}

std::unique_ptr<Puzzle> make_puzzle(const PuzzleSpec &spec) {
  return make_puzzle(spec.kind, options_from_params(spec.params));
}

} // namespace satslide::puzzles
