// The table of selectable encodings: it drives --encoding, its --help
// text, the planner's choice of an any-plan encoding, and the benchmarks'
// list. One row per encoding.
#pragma once

#include "satslide/encoder/encodings/encoding.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace satslide::encoder {

struct EncodingInfo {
  std::string name;
  std::string help;
  std::function<std::unique_ptr<Encoding>(const task::Task &)> make;
  // A horizon counts moves, so the first satisfiable one is the optimum.
  // False for parallel steps, where a horizon counts sets of moves.
  bool minimises_moves = true;
  // The same formula with a free layer 0, each start assumed
  // (Encoding::start_assumptions); empty where the encoding has none.
  std::function<std::unique_ptr<Encoding>(const task::Task &)> make_free_start;
  // The same formula where a plan may end early and stay at the goal:
  // horizon n's refutation shows no plan of n, n - 2, ... moves (one
  // standalone formula for a certificate); empty where the encoding has
  // none.
  std::function<std::unique_ptr<Encoding>(const task::Task &)> make_within;
};

const std::vector<EncodingInfo> &encodings();

// Looks a name up in the table; nullptr if unknown.
const EncodingInfo *find_encoding(const std::string &name);

} // namespace satslide::encoder
