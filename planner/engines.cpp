// The engines' table and the rules of the options that choose them.
#include "satslide/planner/engines.hpp"

#include "satslide/planner/planner.hpp"
#include "satslide/planner/run.hpp"

#include <stdexcept>
#include <string>

namespace satslide::planner {

namespace {

// --engine reach: a positions budget hands over to the horizon driver
// (the proofs add up).
void solve_reach_engine(const Run &run, PlannerResult &result,
                        const solver::StopFn &stop) {
  const PlannerOptions &o = run.options;
  solve_reach(run, result, stop, o.max_states, o.max_states > 0, o.threads);
}

} // namespace

const std::vector<EngineInfo> &engines();

namespace {

// The names of the engines that have `flag`: "auto or horizons".
std::string engines_where(bool EngineInfo::*flag) {
  std::vector<std::string> named;
  for (const EngineInfo &e : engines()) {
    if (e.*flag) {
      named.push_back(e.name);
    }
  }
  return or_list(named);
}

} // namespace

const std::vector<EngineInfo> &engines() {
  static const std::vector<EngineInfo> table = {
      {Engine::automatic, "auto",
       "the default: picks before the search from a cheap explicit sample "
       "of the start's layers. n-puzzles: reach, horizons or both side by "
       "side, by how many positions reach is predicted to store; 3x4, 2x6 "
       "and the 15-puzzle: reach on near boards, else the proof split into "
       "cubes on two threads, the deeper the larger the start's "
       "pattern-database bound; block puzzles: horizons where the goal is "
       "near behind wide layers, else reach on two threads, the horizon "
       "driver joining past a positions threshold; the progress line says "
       "which and why; the rules and their constants: "
       "planner/engine_choice.hpp",
       Prover::sat, true, true, true, false, false, solve_automatic},
      {Engine::horizons, "horizons",
       "by SAT: plans of growing length, each shorter one refuted",
       Prover::sat, true, true, true, false, false, solve_optimal},
      {Engine::reach, "reach",
       "by SAT: breadth-first over positions, each successor found by a SAT "
       "call; optimal at the first goal layer",
       Prover::sat, false, false, true, false, false, solve_reach_engine},
      {Engine::bfs, "bfs",
       "not SAT: explicit breadth-first search over positions, the seed "
       "game's auto-solve; for spaces that fit in memory",
       Prover::explicit_search, false, false, false, false, false, solve_bfs},
      {Engine::ida, "ida",
       "not SAT: IDA* over additive pattern databases, the n-puzzle's "
       "explicit optimal search; the tables are built once, in seconds, and "
       "cached in ~/.cache/satslide",
       Prover::explicit_search, false, false, false, true, true, solve_ida},
  };
  return table;
}

const EngineInfo &engine_info(Engine engine) {
  for (const EngineInfo &e : engines()) {
    if (e.engine == engine) {
      return e;
    }
  }
  throw std::logic_error("an engine without a row in engines()");
}

const std::vector<EnumName<Engine>> &names(Engine) {
  static const std::vector<EnumName<Engine>> table = [] {
    std::vector<EnumName<Engine>> t;
    for (const EngineInfo &e : engines()) {
      t.push_back({e.engine, e.name});
    }
    return t;
  }();
  return table;
}

namespace {

// --partition: the engines that take it, alone, one set or two.
void check_partitions(const PlannerOptions &o, const EngineInfo &engine) {
  if (o.partitions.empty()) {
    return;
  }
  if (o.mode == Mode::any || o.split_depth >= 0 || !engine.partitions) {
    throw std::invalid_argument(
        "--partition sets the pattern databases of --engine " +
        engines_where(&EngineInfo::partitions) +
        ": it cannot be combined with --any, --split-depth or another "
        "engine");
  }
  if (o.pattern_tiles != 0 ||
      o.partitions.size() > static_cast<std::size_t>(k_max_partitions)) {
    throw std::invalid_argument(
        "--partition: one set of patterns, or two whose bounds are maxed; "
        "not with --pattern-tiles (which chooses the one set by its rule)");
  }
}

} // namespace

void check_engine_options(const PlannerOptions &o, bool making_cubes) {
  // The split command makes the cubes that an answering engine answers
  // as the automatic engine makes them (split_into_cubes).
  const EngineInfo &named_engine = engine_info(o.engine);
  const EngineInfo &engine = making_cubes && named_engine.answers_cubes
                                 ? engine_info(Engine::automatic)
                                 : named_engine;
  const std::string named = std::string("--engine ") + named_engine.name;
  const bool any = o.mode == Mode::any;
  const bool horizons = o.textbook_driver || o.min_horizon > 0;
  if (any && horizons) {
    throw std::invalid_argument(
        "--any chooses its own horizons: it cannot be combined with "
        "--textbook-driver or --min-horizon");
  }
  if (!engine.horizons && horizons) {
    throw std::invalid_argument(
        named + " searches positions, not horizons: it cannot be combined "
                "with --textbook-driver or --min-horizon");
  }
  if (o.split_depth >= 0 && (any || horizons || !engine.splits)) {
    throw std::invalid_argument(
        "--split-depth splits the horizon driver's proof into cubes: it "
        "cannot be combined with --any, --textbook-driver, --min-horizon or "
        "an engine but " +
        engines_where(&EngineInfo::splits) +
        (making_cubes ? " (or " + engines_where(&EngineInfo::answers_cubes) +
                            ", to answer the cubes)"
                      : std::string()));
  }
  check_partitions(o, engine);
  if (o.tighten && !any) {
    throw std::invalid_argument(
        "--tighten works on the plan of --any; add --any");
  }
  if (o.witness != Witness::none && (any || !engine.witnessed)) {
    throw std::invalid_argument(
        "--witness ida is for a SAT engine's optimal proof: it cannot be "
        "combined with " +
        (any ? std::string("--any") : named + " (not SAT)"));
  }
  if (o.witness != Witness::none && o.min_horizon > 0) {
    throw std::invalid_argument("--witness ida: SAT refutes every length "
                                "below IDA*'s plan, from the lower bound; "
                                "it takes no --min-horizon");
  }
}

ProvenBy proven_by(const PlannerResult &r) {
  if (r.mode == Mode::decode) {
    return ProvenBy::outside_solver;
  }
  if (r.path == Path::bfs) {
    return ProvenBy::bfs;
  }
  if (r.path == Path::ida) {
    return ProvenBy::ida;
  }
  return r.horizons.empty() && r.positions < 0 ? ProvenBy::none
                                               : ProvenBy::sat;
}

bool explicit_search(ProvenBy by) {
  return by == ProvenBy::bfs || by == ProvenBy::ida;
}

} // namespace satslide::planner
