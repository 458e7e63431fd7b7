#include "satslide/encoder/encodings/encodings.hpp"

#include "satslide/encoder/encodings/parallel_encoding.hpp"
#include "satslide/encoder/encodings/sequential_encoding.hpp"

#include <functional>

namespace satslide::encoder {

namespace {

// Each row refines an earlier one: `base` plus the change `refine` makes,
// so the table reads as the chain of techniques the benchmarks compare.
EncodingInfo sequential(std::string name, std::string help,
                        SequentialConfig base,
                        const std::function<void(SequentialConfig &)> &refine,
                        SequentialConfig *out) {
  refine(base);
  *out = base;
  EncodingInfo info{std::move(name),
                    std::move(help),
                    [base](const task::Task &task) {
                      return std::make_unique<SequentialEncoding>(task, base);
                    },
                    true,
                    {},
                    {}};
  SequentialConfig within = base;
  within.within = true;
  info.make_within = [within](const task::Task &task) {
    return std::make_unique<SequentialEncoding>(task, within);
  };
  if (!base.bound) { // the distance sums count from a fixed start
    SequentialConfig free = base;
    free.free_start = true;
    info.make_free_start = [free](const task::Task &task) {
      return std::make_unique<SequentialEncoding>(task, free);
    };
  }
  return info;
}

std::vector<EncodingInfo> build_table() {
  SequentialConfig seed, ladder, windows, pruned, bound, compact, counts,
      budget, pairs, pairs2, ordered;
  return {
      sequential(
          "seed",
          "textbook baseline: one-hot states, one variable per "
          "action, explanatory frame axioms, pairwise at-most-one; "
          "kept unchanged for benchmark ratios",
          {}, [](SequentialConfig &) {}, &seed),
      sequential(
          "ladder",
          "seed with sequential-counter (ladder) at-most-one for "
          "groups of 10 or more",
          seed,
          [](SequentialConfig &c) {
            c.action_amo = c.group_amo = AmoKind::ladder;
          },
          &ladder),
      sequential(
          "windows",
          "ladder plus reachability windows from the exactly-one "
          "groups' distances to start and goal",
          ladder, [](SequentialConfig &c) { c.windows = true; }, &windows),
      sequential(
          "pruned", "windows plus no immediate undo of a move", windows,
          [](SequentialConfig &c) { c.no_undo = true; }, &pruned),
      sequential(
          "bound",
          "pruned plus the lower bound as a constraint: at every "
          "step the sum of independent groups' distances to the goal "
          "(Manhattan for the n-puzzle) fits in the steps left",
          pruned, [](SequentialConfig &c) { c.bound = true; }, &bound),
      sequential(
          "compact",
          "bound with compact actions: one variable per move label "
          "(n-puzzle: the blank's move, the tile follows from the "
          "state; block puzzles: a piece's offset, its place says "
          "from where)",
          bound, [](SequentialConfig &c) { c.labels = true; }, &compact),
      sequential(
          "counts",
          "compact plus count invariants at every step: as many "
          "identified pieces and free cells as at the start (block "
          "puzzles with identical pieces, e.g. Klotski's four 1x1 "
          "blocks; otherwise the same formula as compact)",
          compact, [](SequentialConfig &c) { c.counts = true; }, &counts),
      sequential(
          "budget",
          "compact actions with the lower bound as a plan-wide "
          "budget: at most n - h0 excess steps (moves away from the "
          "goal), one sequential counter instead of totalizers",
          compact,
          [](SequentialConfig &c) {
            c.bound = false;
            c.budget = true;
          },
          &budget),
      sequential(
          "pairs",
          "budget with a stronger bound: pairs of groups' joint "
          "distances (2-tile pattern databases, which include "
          "linear conflicts) read off the task",
          budget, [](SequentialConfig &c) { c.pairings = 1; }, &pairs),
      sequential(
          "pairs2",
          "pairs with a second pairing of the groups, a second "
          "budget: the plan must fit both heuristics",
          pairs, [](SequentialConfig &c) { c.pairings = 2; }, &pairs2),
      sequential(
          "ordered",
          "pairs plus partial-order reduction: of two consecutive "
          "independent moves only the lower-numbered goes first",
          pairs, [](SequentialConfig &c) { c.commute = true; }, &ordered),
      {"forall-step",
       "parallel steps (for --any): a step is a set of independent moves, "
       "or none; a horizon counts steps, so its plans are not optimal in "
       "moves",
       [](const task::Task &task) {
         return std::make_unique<ParallelEncoding>(task);
       },
       false,
       {},
       {}},
  };
}

} // namespace

const std::vector<EncodingInfo> &encodings() {
  static const std::vector<EncodingInfo> table = build_table();
  return table;
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
