#include "satslide/cli/option_table.hpp"

#include "satslide/cli/option_checks.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/planner/engines.hpp"
#include "satslide/puzzles/blocks/klotski_layouts.hpp"
#include "satslide/puzzles/families.hpp"

#include <functional>
#include <memory>

namespace satslide::cli {

namespace {

using C = Command;

constexpr Commands k_any_command =
    commands(C::solve, C::dimacs, C::decode, C::explore, C::batch,
             C::export_model, C::check_plan, C::scramble, C::play, C::split,
             C::merge, C::verify);
constexpr Commands k_instance =
    commands(C::solve, C::dimacs, C::explore, C::batch, C::export_model,
             C::check_plan, C::scramble, C::play, C::split);
constexpr Commands k_search = commands(C::solve, C::batch, C::split);
constexpr Commands k_encoding =
    commands(C::solve, C::dimacs, C::batch, C::export_model, C::split);
constexpr Commands k_json = commands(C::solve, C::decode, C::explore,
                                     C::check_plan, C::split, C::merge,
                                     C::verify);
constexpr Commands k_boards =
    commands(C::solve, C::decode, C::split, C::merge);
constexpr Commands k_positions =
    commands(C::solve, C::explore, C::batch, C::play);
constexpr Commands k_timeout =
    commands(C::solve, C::batch, C::check_plan, C::play, C::split);
constexpr Commands k_output = commands(C::dimacs, C::batch, C::export_model,
                                       C::scramble, C::split, C::merge);

constexpr double k_huge = std::numeric_limits<double>::max();
// Horizons: from 0 to planner::k_max_horizon_limit.
const Range k_horizon_range{
    0, planner::k_max_horizon_limit,
    ": from 0 to " + std::to_string(planner::k_max_horizon_limit)};

std::string encoding_help() {
  std::string text = "encoding of the task as CNF:";
  for (const auto &e : encoder::encodings()) {
    text += "\n  " + e.name + ": " + e.help;
  }
  return text + "\n(default: per family, listed below)";
}

// --engine's help, from the engines' table.
std::string engine_help() {
  std::string text = "how the optimum is proven:";
  for (const planner::EngineInfo &e : planner::engines()) {
    text += std::string("\n  ") + e.name + ": " + e.help;
  }
  return text;
}

// Every name of E, in its table's order: a choice's completion words.
template <typename E> std::vector<std::string> words_of() {
  std::vector<std::string> out;
  for (const EnumName<E> &n : names(E{})) {
    out.push_back(n.name);
  }
  return out;
}

// The value of --`option` named `text`, or an error listing the names.
template <typename E> E chosen(const char *option, const std::string &text) {
  if (const auto value = from_name<E>(text)) {
    return *value;
  }
  throw UsageError(std::string("--") + option + ": expected " +
                   name_choices<E>() + ", got '" + text + "'");
}

// --reach-from, typed on its way to PlannerOptions::reach_both_ends.
enum class ReachFrom { both, start };
constexpr std::array<EnumName<ReachFrom>, 2> names(ReachFrom) {
  return {{{ReachFrom::both, "both"}, {ReachFrom::start, "start"}}};
}

void set_puzzle(Options &o, const char *, const std::string &text) {
  if (!text.empty()) { // (an empty one is refused: check_not_empty)
    o.family = text;
  }
}

void set_metric(Options &o, const char *, const std::string &text) {
  if (text.empty()) {
    return;
  }
  try {
    o.instance.metric = puzzles::parse_metric(text);
  } catch (const task::InputError &e) {
    throw UsageError(std::string("--metric: ") + e.what());
  }
}

void set_encoding(Options &o, const char *, const std::string &text) {
  if (text.empty()) {
    return;
  }
  o.planner.encoding = encoder::find_encoding(text);
  if (!o.planner.encoding) {
    throw UsageError("--encoding: unknown encoding '" + text + "'; see --help");
  }
}

void set_shard(Options &o, const char *, const std::string &text) {
  if (!text.empty()) {
    parse_shard(text, o.shard, o.shards);
  }
}

void set_reach_from(Options &o, const char *option, const std::string &text) {
  o.planner.reach_both_ends =
      chosen<ReachFrom>(option, text) == ReachFrom::both;
}

std::vector<std::string> puzzle_words() {
  std::vector<std::string> out;
  for (const puzzles::FamilyInfo &f : puzzles::families()) {
    out.push_back(f.name);
    for (const auto &alias : f.aliases) {
      out.push_back(alias.first);
    }
  }
  return out;
}

std::vector<std::string> encoding_words() {
  std::vector<std::string> out;
  for (const auto &e : encoder::encodings()) {
    out.push_back(e.name);
  }
  return out;
}

std::vector<std::string> layout_words() {
  std::vector<std::string> out;
  for (const auto &layout : puzzles::klotski_layouts()) {
    out.push_back(layout.name);
  }
  return out;
}

// A value landing in a field of the options `o`.
#define SATSLIDE_VALUE(expr)                                                   \
  Value(+[](Options &o) -> po::value_semantic * {                              \
    (void)o;                                                                   \
    return expr;                                                               \
  })

// The same, its completion words from `words`.
#define SATSLIDE_WORDS(expr, words)                                            \
  Value(                                                                       \
      +[](Options &o) -> po::value_semantic * {                                \
        (void)o;                                                               \
        return expr;                                                           \
      },                                                                       \
      Typed{nullptr, words})

// A choice among the names of Enum, landing in `field` (of `o`), its
// default the field's own, its words the names.
#define SATSLIDE_CHOICE(Enum, field)                                           \
  Value(                                                                       \
      +[](Options &o) -> po::value_semantic * {                                \
        return po::value<std::string>()->default_value(to_name(field));        \
      },                                                                       \
      Typed{+[](Options &o, const char *option, const std::string &text) {     \
              field = chosen<Enum>(option, text);                              \
            },                                                                 \
            words_of<Enum>})

// A text typed by `set` after parsing, its words from `words`.
#define SATSLIDE_TYPED(set, words)                                             \
  Value(                                                                       \
      +[](Options &) -> po::value_semantic * {                                 \
        return po::value<std::string>();                                       \
      },                                                                       \
      Typed{set, words})

std::vector<OptionRow> rows() {
  return {
      // Instance
      {"puzzle,p", "Instance", k_instance,
       SATSLIDE_TYPED(set_puzzle, puzzle_words),
       "the family: 8, 15, 24, npuzzle, klotski or rushhour (listed below; "
       "default: the square n-puzzle the board fills)"},
      {"board,b", "Instance", k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.board)),
       "start board: n-puzzle values row-major, 0 = blank; klotski a grid "
       "of letters, rows split by '/' or newlines, '.' empty, '#' wall; "
       "rushhour 36 characters (6x6; any square count) or rows split by "
       "'/' or newlines (any rectangle), 'o' or '.' empty, 'x' wall, 'A' "
       "the red car"},
      {"goal,g", "Instance", k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.goal)),
       "n-puzzle: goal board (default 1..N-1 then the blank)"},
      {"rows",
       "Instance",
       k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.rows)),
       "npuzzle: rows of the board",
       {0, k_huge, " must be >= 0"}},
      {"cols",
       "Instance",
       k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.cols)),
       "npuzzle: columns of the board",
       {0, k_huge, " must be >= 0"}},
      {"layout", "Instance", k_instance,
       SATSLIDE_WORDS(po::value(&o.instance.layout), layout_words),
       "klotski: a named opening (listed by satslide help options)"},
      {"file,f", "Instance", k_instance, SATSLIDE_VALUE(po::value(&o.file)),
       "klotski: a layout file (name, size, grid and goal lines); - reads "
       "stdin (so does --board -)"},
      {"goal-piece", "Instance", k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.goal_piece)),
       "block puzzles: letter of the piece to bring to --goal-at"},
      {"goal-at", "Instance", k_instance,
       SATSLIDE_VALUE(po::value(&o.instance.goal_at)),
       "block puzzles: x,y of that piece's top-left cell (x right, y down)"},
      {"metric,m", "Instance", k_instance,
       SATSLIDE_TYPED(set_metric, words_of<puzzles::Metric>),
       "block puzzles: step (one cell, the default), slide (straight, any "
       "distance) or piece (any path through free cells)"},
      {"distinct-pieces", "Instance", k_instance,
       SATSLIDE_VALUE(po::bool_switch(&o.instance.distinct_pieces)),
       "block puzzles: tell identical pieces apart (a bigger state space; "
       "for comparisons)"},

      // Search
      {"engine", "Search", k_search,
       SATSLIDE_CHOICE(planner::Engine, o.planner.engine), engine_help()},
      {"witness", "Search", commands(C::solve, C::batch, C::split),
       SATSLIDE_CHOICE(planner::Witness, o.planner.witness),
       "none, or ida: find the plan first by IDA* over the pattern "
       "databases (not SAT; the n-puzzle), then let the SAT engine refute "
       "only the shorter lengths. Optimal is printed when SAT and the "
       "bounds refuted every one; the two engines check each other (a "
       "shorter SAT plan is reported as an internal error). Spares the SAT "
       "proof its last horizon, the one that searches for the plan: on the "
       "hardest 15-puzzles most of the run. With split, the plan goes into "
       "the cubes file and merge proves it once the rounds refute below it"},
      {"max-states",
       "Search",
       k_positions,
       SATSLIDE_VALUE(po::value(&o.planner.max_states)),
       "reach: store at most N positions, then hand over to horizons from "
       "the depth proven (default: no limit; auto's reach stops at "
       "1000000); bfs and explore: at most N positions (default 50000000, "
       "about 4.5 GB)",
       {0, k_huge, " must be >= 0"}},
      {"reach-blocking", "Search", k_search,
       SATSLIDE_CHOICE(solver::ReachBlocking, o.planner.reach_blocking),
       "reach, expert: how a position already found is not found again: "
       "moves (the default: each move found is excluded for the rest of its "
       "expansion by an assumption, known positions are looked up; no "
       "conflicts), visited (every position found is blocked for good by a "
       "clause) or successors (blocked by a clause for one expansion only); "
       "the last two for comparisons"},
      {"reach-from", "Search", k_search,
       Value(
           +[](Options &o) -> po::value_semantic * {
             return po::value<std::string>()->default_value(
                 o.planner.reach_both_ends ? "both" : "start");
           },
           Typed{set_reach_from, words_of<ReachFrom>}),
       "reach: both (from the start and backward from the goal at once, "
       "each time the smaller frontier, where the goal is one position: "
       "the n-puzzle) or start (forward only)"},
      {"reach-formula", "Search", k_search,
       SATSLIDE_CHOICE(planner::ReachFormula, o.planner.reach_formula),
       "reach: the one-step formula, labels (one variable per move label, "
       "e.g. 'move B by 1,0': measured fastest), seed (the textbook "
       "encoding, one variable per action) or compact (labels, count "
       "invariants, ladder at-most-one)"},
      {"encoding,e", "Search", k_encoding,
       SATSLIDE_TYPED(set_encoding, encoding_words), encoding_help()},
      {"min-horizon", "Search", k_search,
       SATSLIDE_VALUE(po::value(&o.planner.min_horizon)),
       "first horizon to try; above the lower bound the plan is not "
       "proven optimal (default: the lower bound)",
       k_horizon_range},
      {"max-horizon", "Search", k_search,
       SATSLIDE_VALUE(po::value(&o.planner.max_horizon)
                          ->default_value(o.planner.max_horizon)),
       "give up after this horizon, reporting what was refuted",
       k_horizon_range},
      {"timeout,t",
       "Search",
       k_timeout,
       SATSLIDE_VALUE(po::value(&o.planner.timeout_seconds)),
       "give up after this many seconds of wall clock (default: none)",
       {0, k_huge, ": a finite number of seconds >= 0 (0 = no limit)"}},
      {"solver-config", "Search", k_search,
       SATSLIDE_CHOICE(solver::SolverConfig, o.planner.solver_config),
       "CaDiCaL configuration: " + name_choices<solver::SolverConfig>()},
      {"cadical", "Search", k_search,
       SATSLIDE_VALUE(po::value(&o.planner.cadical_options)->composing()),
       "expert: a CaDiCaL option as name=value (repeatable), e.g. "
       "--cadical elim=0"},
      {"threads",
       "Search",
       k_search,
       SATSLIDE_VALUE(
           po::value(&o.planner.threads)->default_value(o.planner.threads)),
       "N solvers side by side: horizons: sharing what they prove "
       "(--threads-split); reach: expanding each layer's positions "
       "together (same positions and plan as one); ida: each threshold's "
       "subtrees shared (same plan as one)",
       {1, 64, ": from 1 to 64"}},
      {"split-depth",
       "Search",
       k_search,
       SATSLIDE_VALUE(po::value(&o.planner.split_depth)),
       "split the proof into cubes: every position exactly K moves from the "
       "start (by breadth-first search) is solved on its own from its own "
       "bound (the n-puzzle: pattern databases), horizons raised over all "
       "cubes together, side by side on --threads; a cube whose bound is "
       "too high needs no solver call. Off by default, except where "
       "--engine auto picks it (3x4 and the 15-puzzle)",
       {0, 40, ": a depth from 0 to 40"}},
      {"split-window",
       "Search",
       k_search,
       SATSLIDE_VALUE(po::value(&o.planner.split_window)
                          ->default_value(o.planner.split_window)),
       "with --split-depth: horizons each cube's solver takes per round (1: "
       "every cube refutes n before any tries n + 2)",
       {1, 1000, ": horizons per round from 1 to 1000"}},
      {"cube-solver", "Search", k_search,
       SATSLIDE_CHOICE(planner::CubeSolving, o.planner.cube_solving),
       "with --split-depth: shared (one incremental solver per thread for "
       "every cube, the cube's position assumed: what it learns on one cube "
       "serves the next) or fresh (a new formula and solver per cube and "
       "round, the cube as the start, as a batch line across machines is "
       "solved)"},
      {"cube-order", "Search", k_search,
       SATSLIDE_CHOICE(planner::CubeOrder, o.planner.cube_order),
       "with --split-depth: the order a round takes its cubes in: bound (the "
       "least bound first: the most slack, the likeliest to hold a plan, so "
       "the round with the optimum ends sooner) or frontier (breadth-first "
       "order)"},
      {"cube-probe",
       "Search",
       k_search,
       SATSLIDE_VALUE(po::value(&o.planner.cube_probe)
                          ->default_value(o.planner.cube_probe)),
       "expert: with --split-depth and --cube-solver shared, each round "
       "first gives every cube at most N conflicts, then solves the cubes "
       "left without a limit (0: one pass)",
       {0, 100000000, ": conflicts from 0 to 100000000"}},
      {"pattern-tiles",
       "Search",
       k_search,
       SATSLIDE_VALUE(po::value(&o.planner.pattern_tiles)
                          ->default_value(o.planner.pattern_tiles)),
       "the n-puzzle's pattern databases (--engine ida, the split's cube "
       "bounds): at most N tiles a pattern, as few patterns as that "
       "allows, each of N tiles but the last two, each a compact block of "
       "goal cells (0: the family's choice, 6-6-3 on the 15-puzzle, whose "
       "split also uses the 7-8 tables where they are in the cache; 8 "
       "gives the 7-8: a closer bound, 0.6 GB of tables built once in "
       "minutes with 4.7 GB of memory, then read from the cache in about "
       "half a second; on the 24-puzzle 6 gives 6-6-6-6, used by default "
       "once cached, and 7 gives 7-7-5-5: 4.9 GB of tables built once in "
       "about 25 minutes with 16 GB of memory, no stronger in all, so "
       "used only where asked; on 7x7, 4 also builds the tables of 2x2 "
       "blocks, and searches take the larger of the two bounds)",
       {0, 9, ": from 0 to 9"}},
      {"partition", "Search", k_search,
       SATSLIDE_VALUE(po::value(&o.partition_texts)->composing()),
       "--engine ida on the n-puzzle: the pattern databases of these "
       "patterns instead of --pattern-tiles' rule, e.g. "
       "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24 "
       "(Korf & Felner's 6-6-6-6 for the 24-puzzle's goal with the blank "
       "first): the patterns separated by '/', their tiles by ','; built "
       "once into the cache where missing. Given twice, IDA* takes the "
       "larger of the two sets' bounds at every node (the second looked up "
       "only where the first does not cut): fewer nodes where the "
       "partitions disagree, more time a node (docs/engines.md)"},
      {"dual-lookups", "Search", k_search,
       SATSLIDE_CHOICE(puzzles::DualLookups, o.planner.dual_lookups),
       "IDA* on the n-puzzle (--engine ida, --any's prover) also looks the "
       "tables up for the dual position, the inverse permutation (and for "
       "the transposed board's dual), and raises a position's bound to its "
       "child's less one (pathmax): off (the default: on the 24-puzzle "
       "19-52% fewer nodes, but 1.7-2.8x the time), "
       "cached (where the dual's tables are in the cache) or build (build "
       "them once where missing: one table a tile, its pattern less that "
       "tile; the 24-puzzle's 6-6-6-6: 24 five-tile tables and one more "
       "six-tile table, 40 s)"},
      {"threads-split", "Search", k_search,
       SATSLIDE_CHOICE(solver::Split, o.planner.split),
       "with --threads: horizons (each solver takes the next horizon not yet "
       "taken: one refutes n while another tries n + 2) or portfolio (every "
       "solver walks every horizon with its own seed and phase; a horizon "
       "one refutes, the others skip)"},
      {"fresh-solver", "Search", k_search,
       SATSLIDE_VALUE(po::bool_switch(&o.planner.fresh_solver)),
       "a new solver and formula for every horizon instead of one "
       "incremental solver (slower; for comparisons)"},
      {"textbook-driver", "Search", k_search,
       SATSLIDE_VALUE(po::bool_switch(&o.planner.textbook_driver)),
       "the SATPLAN loop: horizons 0, 1, 2, ... each in a fresh solver, "
       "no bound, no parity (the baseline for benchmarks; with "
       "--encoding seed the whole textbook planner)"},
      {"any", "Search", k_search, nullptr,
       "any plan, fast, and how far from the optimum it may be: on boards "
       "past the 15-puzzle (any size up to 128x128), a constructive plan "
       "at once (line by line), shortened by re-solved windows, then "
       "weighted IDA* (up to 5x5) or beam search (up to 8x8: ever wider, "
       "then over the best plan's tails) over pattern databases, beside "
       "IDA* raising the proven lower bound, until "
       "--gap, the optimum or --timeout; smaller n-puzzles in stages "
       "(outer rows and columns tile by tile, then the last 3x3), each "
       "optimal; other puzzles by parallel steps (Madagascar's schedule), "
       "raced against the optimal driver: the first plan wins"},
      {"any-path", "Search", k_search,
       SATSLIDE_CHOICE(planner::AnyPath, o.planner.any_path),
       "with --any: search (constructive plan, windows, weighted IDA* or "
       "beam search, and IDA*: explicit search), race "
       "(the fast SAT path against the optimal driver, two threads), first "
       "(the fast SAT path alone) or auto (search on n-puzzles of more "
       "positions than the 15-puzzle, else race)"},
      {"gap",
       "Search",
       k_search,
       SATSLIDE_VALUE(
           po::value(&o.planner.any_gap)->default_value(o.planner.any_gap)),
       "with --any by search: stop once the plan is at most this many times "
       "the proven lower bound (1: only when proven optimal)",
       {1, k_huge, ": a number >= 1"}},
      {"tighten", "Search", k_search,
       SATSLIDE_VALUE(po::bool_switch(&o.planner.tighten)),
       "with --any: then re-solve every window of 20 moves optimally "
       "between its end states and keep what is shorter, until no window "
       "improves or --timeout"},

      // Output
      {"json", "Output", k_json, SATSLIDE_VALUE(po::bool_switch(&o.json)),
       "print one JSON document"},
      {"show-boards", "Output", k_boards,
       SATSLIDE_VALUE(po::bool_switch(&o.show_boards)),
       "draw the board after every move"},
      {"count-optimal",
       "Output",
       commands(C::solve),
       SATSLIDE_VALUE(po::value(&o.count_optimal)->implicit_value(0)),
       "after the optimum is proven, count the optimal plans (all, or stop "
       "at K: --count-optimal=K, then \"at least K\"), each plan found "
       "blocked, and list the first 20",
       {0, k_huge, "=K: K >= 0 (0 = all)"}},
      {"svg", "Output", commands(C::solve), SATSLIDE_VALUE(po::value(&o.svg)),
       "also draw the solution into this SVG file: the start, then one "
       "small board per move, pieces coloured alike throughout"},
      {"certify", "Output", commands(C::solve, C::batch),
       SATSLIDE_VALUE(po::value(&o.certify_dir)),
       "also write a certificate of the answer into this new directory: "
       "the plan, the shorter horizons by parity or by one CNF within the "
       "longest of their parity (every plan of N, N - 2, ... moves, as "
       "dimacs --within writes it) with CaDiCaL's DRAT proof, and "
       "manifest.json; check it with "
       "satslide verify DIR (batch: DIR/line-N for each line N, named in "
       "its answer with the manifest's SHA-256, for merge --verify)"},
      {"certify-depth", "Output", commands(C::solve, C::batch),
       SATSLIDE_VALUE(po::value(&o.certify_depth)),
       "with --certify: show the lengths from K on through the positions "
       "exactly K moves from the start (found again by the checker), each "
       "length from each refuted by parity, by the checker's own bound "
       "(additive pattern databases it builds) or by its own CNF and DRAT "
       "proof: shorter formulas than the whole board's (the n-puzzle "
       "only; default 0: the whole board's formulas)",
       {0, 40, ": a depth from 0 to 40"}},
      {"html", "Output", commands(C::solve, C::check_plan),
       SATSLIDE_VALUE(po::value(&o.html)),
       "also write the plan as one web page (no network needed): the board "
       "animated with play, pause, step, a slider and the arrow keys, the "
       "move list, what is proven and, for the horizon driver, a chart of "
       "its horizons"},
      {"all-optimal",
       "Output",
       commands(C::solve),
       SATSLIDE_VALUE(po::value(&o.count_optimal)->implicit_value(0)),
       "as --count-optimal, listing every plan counted (all, or the first "
       "K: --all-optimal=K)",
       {0, k_huge, "=K: K >= 0 (0 = all)"}},
      {"plan-format", "Output", commands(C::solve),
       SATSLIDE_CHOICE(PlanFormat, o.plan_format),
       "text (the report) or ipc (only the plan, as an IPC plan file with "
       "the action names of `satslide export --format pddl`)"},
      {"animate",
       "Output",
       commands(C::solve, C::play),
       SATSLIDE_VALUE(po::value(&o.animate)->implicit_value(0.5)),
       "play the solution on the terminal, one move every S seconds "
       "(default 0.5), then print it",
       {0, 60, ": seconds per move from 0 to 60"}},

      // General
      {"log-level", "General", k_any_command,
       SATSLIDE_CHOICE(LogLevel, o.log_level),
       "stderr detail: error, warn, info (a line per horizon) or debug"},
      {"quiet,q", "General", k_any_command, nullptr,
       "same as --log-level warn: warnings (a cache that cannot be used "
       "or written, a refused answer) and errors only"},
      {"memory-limit",
       "General",
       k_any_command,
       SATSLIDE_VALUE(po::value(&o.memory_limit_mb)),
       "stop with exit 23 and a clear message once the process would use "
       "more than this many MB of address space (default: no limit)",
       {0, 1 << 30, ": MB from 1 to 2^30 (0 = no limit)"}},
      {"help,h", "General", k_any_command, nullptr, "print this help"},
      {"version", "General", k_any_command, nullptr, "print the version"},

      // One subcommand's own
      {"horizon,n", "dimacs", commands(C::dimacs, C::export_model),
       SATSLIDE_VALUE(po::value(&o.horizon)), "the plan length",
       k_horizon_range},
      {"within", "dimacs", commands(C::dimacs),
       SATSLIDE_VALUE(po::bool_switch(&o.within)),
       "the formula of every plan of --horizon N, N - 2, N - 4, ... moves "
       "(one that ends early stays at the goal): its refutation shows no "
       "plan of N's parity up to N, as --certify's proofs do; a sequential "
       "encoding's only"},
      {"output,o", "dimacs", k_output, SATSLIDE_VALUE(po::value(&o.output)),
       "dimacs: the CNF file; batch: the JSON lines file (default or -: "
       "stdout); split, merge: the cubes file for batch"},
      {"cnf", "decode", commands(C::decode, C::verify),
       SATSLIDE_VALUE(po::value(&o.cnf_file)), "the CNF satslide wrote"},
      {"proof", "verify", commands(C::verify),
       SATSLIDE_VALUE(po::value(&o.proof_file)),
       "verify: a DRAT proof (text or binary) of the CNF --cnf, from any "
       "solver (e.g. cadical p.cnf p.drat)"},
      {"model", "decode", commands(C::decode),
       SATSLIDE_VALUE(po::value(&o.model_file)),
       "the solver's answer (SAT-competition 's'/'v' lines or minisat's "
       "result file)"},
      {"jobs,j",
       "batch",
       commands(C::batch),
       SATSLIDE_VALUE(po::value(&o.jobs)->default_value(o.jobs)),
       "instances solved at once, in one process",
       {1, 256, ": from 1 to 256"}},
      {"shard", "batch", commands(C::batch), SATSLIDE_TYPED(set_shard, nullptr),
       "K/N: only the instance lines i (counted from 0) with i % N == K, "
       "e.g. $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT"},
      {"verify", "merge", commands(C::merge),
       SATSLIDE_VALUE(po::bool_switch(&o.verify_answers)),
       "count an answer only once its certificate (batch --certify) "
       "verifies for its cube and shows what it claims; refuse it, with "
       "the cube and the line, otherwise; then say how much of the "
       "round's claim the checker shows through the positions at the "
       "split's depth, which it finds itself (\"certified by verify\")"},
      {"resume", "batch", commands(C::batch),
       SATSLIDE_VALUE(po::bool_switch(&o.resume)),
       "skip the lines already answered in the --output file and append to "
       "it (lines cut short by an interruption are solved again)"},
      {"until-solved", "batch", commands(C::batch),
       SATSLIDE_VALUE(po::bool_switch(&o.until_solved)),
       "stop at the first line solved: no other line is begun, the ones "
       "under way are dropped (not written), exit 0. In a round of IDA* "
       "cubes one plan of the round's length proves the optimum"},
      {"format", "export", commands(C::export_model),
       SATSLIDE_CHOICE(ExportFormat, o.format),
       "export: pddl (a grounded STRIPS domain and problem), smv (a NuSMV "
       "model), tla (a TLA+ module and its TLC configuration) or limboole "
       "(one horizon's formula, with --horizon N)"},
      {"plan", "check-plan", commands(C::check_plan),
       SATSLIDE_VALUE(po::value(&o.plan_file)),
       "check-plan: the plan file (- = stdin)"},
      {"moves", "check-plan", commands(C::check_plan),
       SATSLIDE_VALUE(po::value(&o.moves)),
       "check-plan: the plan as a move string, e.g. ULDDR or 'AR1 BD2'"},
      {"walk",
       "scramble",
       commands(C::scramble),
       SATSLIDE_VALUE(po::value(&o.walk)->default_value(o.walk)),
       "scramble: N random legal moves (from the goal for the n-puzzle, "
       "from the start for block puzzles), none undoing the one before",
       {0, k_huge, " must be >= 0"}},
      {"random", "scramble", commands(C::scramble),
       SATSLIDE_VALUE(po::bool_switch(&o.scramble_random)),
       "scramble: uniformly random solvable n-puzzle boards instead"},
      {"seed", "scramble", commands(C::scramble),
       SATSLIDE_VALUE(po::value(&o.seed)->default_value(o.seed)),
       "scramble: the random seed"},
      {"count",
       "scramble",
       commands(C::scramble),
       SATSLIDE_VALUE(po::value(&o.count)->default_value(o.count)),
       "scramble: how many instances",
       {1, k_huge, " must be >= 1"}},
  };
}

#undef SATSLIDE_VALUE

} // namespace

std::string OptionRow::long_name() const {
  const std::string n = names;
  return n.substr(0, n.find(','));
}

char OptionRow::short_name() const {
  const std::string n = names;
  const std::size_t comma = n.find(',');
  return comma == std::string::npos ? 0 : n[comma + 1];
}

bool OptionRow::takes_value() const {
  Options o;
  const std::unique_ptr<const po::value_semantic> value(
      this->value.bind ? this->value.bind(o) : nullptr);
  return value && value->max_tokens() > 0;
}

// The table's rows that `keep` accepts, as program_options sections in
// table order, their values bound to `o`.
po::options_description
describe(Options &o, const std::function<bool(const OptionRow &)> &keep) {
  std::vector<po::options_description> sections;
  std::string section; // the caption of sections.back()
  for (const OptionRow &row : option_table()) {
    if (!keep(row)) {
      continue;
    }
    if (sections.empty() || section != row.section) {
      sections.emplace_back(row.section);
      section = row.section;
    }
    if (row.value.bind) {
      sections.back().add_options()(row.names, row.value.bind(o),
                                    row.help.c_str());
    } else {
      sections.back().add_options()(row.names, row.help.c_str());
    }
  }
  po::options_description all;
  for (const po::options_description &part : sections) {
    all.add(part);
  }
  return all;
}

bool OptionRow::taken_by(Command command) const {
  return (takes & command_bit(command)) != 0;
}

const std::vector<OptionRow> &option_table() {
  static const std::vector<OptionRow> table = rows();
  return table;
}

} // namespace satslide::cli
