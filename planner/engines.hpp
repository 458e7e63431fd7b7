// The engines that prove an optimum, one row each (engines.cpp), as the
// families and the encodings are tables: its name, its help, what its
// refutations rest on (SAT or an explicit search), the options it takes,
// and the function that runs it. prove() dispatches through the table,
// the options' rules read it (check_engine_options, the one place they
// live), and the front end's --engine help, man page and completion list
// its rows. Adding an engine: its own path file (planner/NAME_path.cpp,
// declared in run.hpp), an Engine value and one row (ARCHITECTURE.md,
// "Adding an engine").
//
// Beside it, the words a result carries about how it came about, as
// enums with their JSON names: the path that produced the plan or the
// proof, what that rests on, and the automatic engine's choice.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/solver/horizon_driver.hpp"

#include <array>
#include <vector>

namespace satslide::planner {

class Run;
struct PlannerOptions;
struct PlannerResult;

// Which engine proves an optimal plan (--engine).
enum class Engine {
  automatic, // chooses among the others per instance (engine_choice.hpp)
  horizons,  // the horizon driver: paths of growing length, each refuted
  reach,     // breadth-first over positions, successors by SAT calls
  bfs,       // breadth-first over positions, explicit states (not SAT)
  ida,       // IDA* over the family's pattern databases (not SAT)
};

// What an engine's refutations rest on.
enum class Prover {
  sat,             // CaDiCaL's UNSAT answers
  explicit_search, // satslide's own search over positions (not SAT)
};

using EngineRun = void (*)(const Run &, PlannerResult &,
                           const solver::StopFn &);

struct EngineInfo {
  Engine engine;
  const char *name; // as --engine takes it
  const char *help; // what it does, for --engine's help
  Prover prover;
  bool horizons;    // searches horizons: takes --min-horizon and
                    // --textbook-driver
  bool splits;      // --split-depth proves in cubes under it
  bool witnessed;   // --witness ida lets it refute below IDA*'s plan
  bool answers_cubes; // split --engine NAME: the cubes file asks batch
                      // to answer each cube by this engine
  bool partitions;    // takes --partition (its tables' sets of patterns)
  EngineRun run;
};

// Every engine, in --engine's help order.
const std::vector<EngineInfo> &engines();
const EngineInfo &engine_info(Engine engine);
// The engines' names, from the table (task/enum_names.hpp).
const std::vector<EnumName<Engine>> &names(Engine);

// The options against the engine and each other, the one place these
// rules live (the planner's check and the command line's both call it):
// throws std::invalid_argument saying which options do not go together,
// in the command line's words. `making_cubes`: the split command, whose
// cubes an engine that answers cubes may answer.
void check_engine_options(const PlannerOptions &o, bool making_cubes = false);

// What produced a result's plan or its proof (JSON "path").
enum class Path {
  none,           // nothing ran (a parity proof, a start at the goal)
  horizons,       // the horizon driver
  reach,          // breadth-first by SAT calls
  reach_horizons, // reach, then the horizon driver from the depth proven
  bfs,            // explicit breadth-first search
  ida,            // IDA* over the pattern databases
  split,          // the proof in cubes
  agenda,         // --any: the goal agenda's stages
  schedule,       // --any: parallel steps under a horizon schedule
  optimal,        // --any: the optimal side of the race won
  search,         // --any by search (anytime_path.cpp)
};
constexpr std::array<EnumName<Path>, 11> names(Path) {
  return {{{Path::none, "none"},
           {Path::horizons, "horizons"},
           {Path::reach, "reach"},
           {Path::reach_horizons, "reach+horizons"},
           {Path::bfs, "bfs"},
           {Path::ida, "ida"},
           {Path::split, "split"},
           {Path::agenda, "agenda"},
           {Path::schedule, "schedule"},
           {Path::optimal, "optimal"},
           {Path::search, "search"}}};
}

// What a result's refutations rest on, as its JSON "engine" says.
enum class ProvenBy {
  none,           // no search (a parity proof, an invalid option)
  sat,            // SAT: horizons, reach, the split, the --any paths
  bfs,            // explicit breadth-first search
  ida,            // IDA* over the pattern databases
  outside_solver, // decode: another solver's answer
};
constexpr std::array<EnumName<ProvenBy>, 5> names(ProvenBy) {
  return {{{ProvenBy::none, "none"},
           {ProvenBy::sat, "sat"},
           {ProvenBy::bfs, "bfs"},
           {ProvenBy::ida, "ida"},
           {ProvenBy::outside_solver, "outside solver"}}};
}
ProvenBy proven_by(const PlannerResult &result);
// Whether it is an explicit search (not SAT): a merged proof says so.
bool explicit_search(ProvenBy by);

// What the automatic engine's rule chose (engine_choice.hpp).
enum class AutoEngine {
  reach,    // reach on both threads (the horizon driver after its budget)
  race,     // reach and the horizon driver from the start, a thread each
  horizons, // the horizon driver alone
  handover, // block puzzles: reach on both threads, the horizon driver
            // taking one past k_race_after positions
  split,    // the proof in cubes at a frontier depth, a solver per thread
};
constexpr std::array<EnumName<AutoEngine>, 5> names(AutoEngine) {
  return {{{AutoEngine::reach, "reach"},
           {AutoEngine::race, "race"},
           {AutoEngine::horizons, "horizons"},
           {AutoEngine::handover, "handover"},
           {AutoEngine::split, "split"}}};
}

} // namespace satslide::planner
