// satslide scramble: new instances, as JSON lines that `satslide batch`
// (and, one by one, --board) reads: random walks of legal moves (from
// the goal for the n-puzzle, from the start for block puzzles, no move
// undoing the one before), or uniformly random solvable n-puzzle boards.
// Reproducible: the same --seed gives the same lines.
#include "satslide/cli/batch_input.hpp"
#include "satslide/cli/commands.hpp"
#include "satslide/cli/exit_codes.hpp"

#include "satslide/puzzles/families.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <random>

namespace satslide::cli {

namespace {

// `steps` random legal moves from the puzzle's start, none undoing the
// one before; the instance where they end, as the family writes it.
puzzles::Params random_walk(const puzzles::Puzzle &puzzle,
                            const task::Task &task, int steps,
                            std::mt19937_64 &rng) {
  task::State state = task.initial_state();
  task::Plan plan;
  for (int s = 0; s < steps; ++s) {
    std::vector<int> moves;
    for (int a = 0; a < task.num_actions(); ++a) {
      const bool undo = !plan.empty() && !task.inverse.empty() &&
                        task.inverse[plan.back()] == a;
      if (!undo && task.applicable(state, a)) {
        moves.push_back(a);
      }
    }
    if (moves.empty()) {
      break; // a dead end (only the undo is legal)
    }
    const int a = moves[rng() % moves.size()];
    state = task.apply(state, a);
    plan.push_back(a);
  }
  const auto there = puzzle.after(plan);
  if (!there) {
    throw UsageError("the " + puzzle.spec().kind +
                     " family cannot restart at a position, so it has no "
                     "walks to scramble");
  }
  return there->spec().params;
}

} // namespace

int run_scramble(const Options &o) {
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  if (!family) {
    puzzles::make_puzzle(o.family, {}); // says which families there are
  }
  if (o.scramble_random && !family->random_instance) {
    throw UsageError("--random is for " +
                     puzzles::families_with_random_instances() +
                     "; other families take --walk N");
  }
  const puzzles::InstanceOptions given = read_instance(o);
  const puzzles::InstanceOptions origin =
      family->walk_origin ? family->walk_origin(o.family, given) : given;
  const auto puzzle = puzzles::make_puzzle(o.family, origin);
  const std::string kind = puzzle->spec().kind;
  if (!o.scramble_random && puzzle->beyond_task()) {
    throw UsageError(puzzle->title() + " is too large for a task to walk "
                     "on: use --random");
  }
  // The walk's moves are the task's; a random board needs none.
  const task::Task task = o.scramble_random ? task::Task{} : puzzle->compile();
  std::mt19937_64 rng(o.seed);
  std::ofstream file;
  if (!o.output.empty() && o.output != "-") {
    file.open(o.output);
    if (!file) {
      throw IoError("cannot write '" + o.output + "'");
    }
  }
  std::ostream &out = file.is_open() ? file : std::cout;
  for (int k = 0; k < o.count; ++k) {
    const puzzles::Params params =
        o.scramble_random
            ? puzzles::make_puzzle(
                  o.family, family->random_instance(o.family, given, rng))
                  ->spec()
                  .params
            : random_walk(*puzzle, task, o.walk, rng);
    nlohmann::ordered_json j;
    j["id"] = "seed" + std::to_string(o.seed) + "-" + std::to_string(k + 1);
    j.update(instance_line({kind, params}));
    out << j.dump() << '\n';
  }
  out.flush(); // a full disk shows only when the buffer is written
  if (!out) {
    throw IoError(file.is_open() ? "error while writing '" + o.output + "'"
                                 : std::string("error while writing to "
                                               "standard output"));
  }
  return code(ExitCode::plan_found);
}

} // namespace satslide::cli
