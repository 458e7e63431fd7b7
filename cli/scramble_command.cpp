// satslide scramble: new instances, as JSON lines that `satslide batch`
// (and, one by one, --board) reads: random walks of legal moves (from
// the goal for the n-puzzle, from the start for block puzzles, no move
// undoing the one before), or uniformly random solvable n-puzzle boards.
// Reproducible: the same --seed gives the same lines.
#include "cli/batch_input.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

#include "encoder/puzzles/families.hpp"
#include "encoder/puzzles/npuzzle.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

namespace satslide::cli {

namespace {

// A drawn board ("1 3 .\n4 2 6\n...", "ABBC\nABBC\n...") as --board takes
// it: the n-puzzle's values with 0 for the blank, block rows joined by '/'.
std::string board_argument(const std::string &kind, const std::string &drawn) {
  std::istringstream rows(drawn);
  std::string out;
  for (std::string row; std::getline(rows, row);) {
    if (kind == "npuzzle") {
      std::istringstream cells(row);
      for (std::string c; cells >> c;) {
        out += (out.empty() ? "" : ",") + (c == "." ? std::string("0") : c);
      }
    } else if (!row.empty()) {
      out += (out.empty() ? "" : "/") + row;
    }
  }
  return out;
}

// `steps` random legal moves from the puzzle's start, none undoing the
// one before; the board reached, drawn.
std::string random_walk(const encoder::Puzzle &puzzle, const encoder::Task &task,
                        int steps, std::mt19937_64 &rng) {
  encoder::State state = task.initial_state();
  encoder::Plan plan;
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
  const encoder::Replay r = puzzle.replay(plan);
  return plan.empty() ? puzzle.draw() : r.moves.back().board;
}

// A uniformly random solvable board of the n-puzzle's shape: a shuffle,
// made solvable by swapping two tiles when its parity says it is not.
std::string random_board(const std::string &family,
                         const encoder::InstanceOptions &shape,
                         const encoder::Params &params, std::mt19937_64 &rng) {
  const int rows = std::stoi(params.at("rows")), cols = std::stoi(params.at("cols"));
  std::vector<int> tiles(rows * cols);
  for (int k = 0; k < rows * cols; ++k) {
    tiles[k] = k;
  }
  std::shuffle(tiles.begin(), tiles.end(), rng);
  const auto text = [&] {
    std::string t;
    for (int v : tiles) {
      t += (t.empty() ? "" : ",") + std::to_string(v);
    }
    return t;
  };
  encoder::InstanceOptions o = shape;
  o.board = text();
  if (encoder::make_puzzle(family, o)->unsolvable_reason()) {
    const auto a = std::find_if(tiles.begin(), tiles.end(),
                                [](int v) { return v != 0; });
    const auto b = std::find_if(a + 1, tiles.end(),
                                [](int v) { return v != 0; });
    std::iter_swap(a, b);
  }
  return text();
}

} // namespace

int run_scramble(const Options &o) {
  encoder::InstanceOptions given = read_instance(o);
  const encoder::FamilyInfo *family = encoder::find_family(o.family);
  if (family && family->name == "npuzzle" && given.board.empty()) {
    // No board needed: the walk starts from the goal.
    const int side = o.family == "8" ? 3 : o.family == "15" ? 4
                     : o.family == "24" ? 5 : 0;
    const int rows = given.rows > 0 ? given.rows : side;
    const int cols = given.cols > 0 ? given.cols : side;
    if (!given.goal.empty()) {
      given.board = given.goal;
    } else if (rows > 0 && cols > 0) {
      for (int v : encoder::NPuzzle::default_goal(rows, cols)) {
        given.board += (given.board.empty() ? "" : ",") + std::to_string(v);
      }
    } else {
      throw UsageError("scramble --puzzle npuzzle needs --rows and --cols");
    }
  }
  auto puzzle = encoder::make_puzzle(o.family, given);
  const std::string kind = puzzle->spec().kind;
  if (kind == "npuzzle") {
    // Scrambles of the n-puzzle start from its goal.
    encoder::InstanceOptions from_goal = given;
    from_goal.board = puzzle->spec().params.at("goal");
    puzzle = encoder::make_puzzle(o.family, from_goal);
  } else if (o.scramble_random) {
    throw UsageError("--random is for the n-puzzle; block puzzles take "
                     "--walk N");
  }
  const encoder::Task task = puzzle->compile();
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
    encoder::Params params = puzzle->spec().params;
    params["board"] =
        o.scramble_random
            ? random_board(o.family, given, params, rng)
            : board_argument(kind, random_walk(*puzzle, task, o.walk, rng));
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
