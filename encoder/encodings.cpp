#include "encodings.hpp"

#include "sequential_encoding.hpp"

namespace satslide::encoder {

namespace {

EncodingInfo sequential(std::string name, std::string help,
                        SequentialConfig config) {
  return {std::move(name), std::move(help), [config](const Task &task) {
            return std::make_unique<SequentialEncoding>(task, config);
          }};
}

} // namespace

const std::vector<EncodingInfo> &encodings() {
  static const std::vector<EncodingInfo> table = {
      sequential("seed",
                 "textbook baseline: one-hot states, one variable per "
                 "action, explanatory frame axioms, pairwise at-most-one; "
                 "kept unchanged for benchmark ratios",
                 {}),
      sequential("ladder",
                 "seed with sequential-counter (ladder) at-most-one for "
                 "large groups",
                 {AmoKind::ladder, AmoKind::ladder, false, false}),
      sequential("windows",
                 "ladder plus reachability windows from the exactly-one "
                 "groups' distances to start and goal",
                 {AmoKind::ladder, AmoKind::ladder, true, false}),
      sequential("pruned",
                 "windows plus no immediate undo of a move",
                 {AmoKind::ladder, AmoKind::ladder, true, true}),
      sequential("bound",
                 "pruned plus the lower bound as a constraint: at every "
                 "step the sum of independent groups' distances to the goal "
                 "(Manhattan for the n-puzzle) fits in the steps left",
                 {AmoKind::ladder, AmoKind::ladder, true, true, true}),
      sequential("compact",
                 "bound with compact actions: one variable per move label "
                 "(for the n-puzzle the blank's move; the tile follows from "
                 "the state)",
                 {AmoKind::ladder, AmoKind::ladder, true, true, true, true}),
      sequential("budget",
                 "compact actions with the lower bound as a plan-wide "
                 "budget: at most n - h0 excess steps (moves away from the "
                 "goal), one sequential counter instead of totalizers",
                 {AmoKind::ladder, AmoKind::ladder, true, true, false, true,
                  true}),
      sequential("pairs",
                 "budget with a stronger bound: pairs of groups' joint "
                 "distances (2-tile pattern databases, which include "
                 "linear conflicts) read off the task",
                 {AmoKind::ladder, AmoKind::ladder, true, true, false, true,
                  true, true}),
      sequential("ordered",
                 "pairs plus partial-order reduction: of two consecutive "
                 "independent moves only the lower-numbered goes first",
                 {AmoKind::ladder, AmoKind::ladder, true, true, false, true,
                  true, true, true}),
  };
  return table;
}

const std::string &default_encoding() {
  static const std::string name = "pairs";
  return name;
}

const EncodingInfo *find_encoding(const std::string &name) {
  for (const EncodingInfo &info : encodings()) {
    if (info.name == name) {
      return &info;
    }
  }
  return nullptr;
}

} // namespace satslide::encoder
