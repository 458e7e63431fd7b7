#include "cli/options.hpp"

#include "cli/exit_codes.hpp"
#include "cli/help.hpp"

#include "encoder/encodings/encodings.hpp"
#include "encoder/puzzles/board_parsing.hpp"
#include "encoder/puzzles/families.hpp"
#include "encoder/puzzles/klotski_layouts.hpp"

#include <boost/program_options.hpp>
#include <cadical.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

namespace po = boost::program_options;

namespace satslide::cli {

namespace {

// `text` in lines of at most 76 characters, the first indented by
// `first`, the others by six spaces.
std::string wrap(const std::string &first, const std::string &text) {
  const std::string pad(6, ' ');
  std::istringstream words(text);
  std::string out, line = first, word;
  std::size_t start = first.size(); // where the current line's words begin
  while (words >> word) {
    if (line.size() > start && line.size() + 1 + word.size() > 76) {
      out += line + "\n";
      line = pad;
      start = pad.size();
    }
    line += (line.size() > start ? " " : "") + word;
  }
  return out + line + "\n";
}

std::string families_help() {
  std::string text = "Puzzle families (--puzzle):\n";
  for (const encoder::FamilyInfo &f : encoder::families()) {
    std::string options = "options:";
    for (encoder::InstanceField field : f.accepts) {
      options += std::string(" --") + encoder::field_name(field);
    }
    text += wrap("  ", f.name + ": " + f.help);
    text += wrap("      ", options + "; default encoding " +
                               f.default_encoding);
    for (const auto &[alias, meaning] : f.aliases) {
      text += "  " + alias + ": " + meaning + "\n";
    }
  }
  return text;
}

std::string encoding_help() {
  std::string text = "encoding of the task as CNF:";
  for (const auto &e : encoder::encodings()) {
    text += "\n  " + e.name + ": " + e.help;
  }
  return text + "\n(default: per family, listed below)";
}

// Where the values land before they are checked and typed.
struct Raw {
  std::string puzzle, metric, encoding, any_path = "race";
  std::string engine = "auto", reach_formula = "labels", reach_from = "both";
  std::string reach_blocking = "visited";
  std::string solver_config = "default";
  std::string format = "pddl", plan_format = "text", log_level = "info";
  std::string shard;
  std::string split = "horizons";
};

po::options_description instance_options(Options &o, Raw &raw) {
  encoder::InstanceOptions &i = o.instance;
  po::options_description d("Instance");
  d.add_options()("puzzle,p", po::value(&raw.puzzle),
                  "the family: 8, 15, 24, npuzzle, klotski or rushhour "
                  "(listed below; default: the square n-puzzle the board "
                  "fills)")(
      "board,b", po::value(&i.board),
      "start board: n-puzzle values row-major, 0 = blank; klotski a grid "
      "of letters, rows split by '/' or newlines, '.' empty, '#' wall; "
      "rushhour 36 characters (6x6; any square count) or rows split by "
      "'/' or newlines (any rectangle), 'o' or '.' empty, 'x' wall, 'A' "
      "the red car")(
      "goal,g", po::value(&i.goal),
      "n-puzzle: goal board (default 1..N-1 then the blank)")(
      "rows", po::value(&i.rows), "npuzzle: rows of the board")(
      "cols", po::value(&i.cols), "npuzzle: columns of the board")(
      "layout", po::value(&i.layout),
      "klotski: a named opening (listed at the end of --help)")(
      "file,f", po::value(&o.file),
      "klotski: a layout file (name, size, grid and goal lines); - reads "
      "stdin (so does --board -)")(
      "goal-piece", po::value(&i.goal_piece),
      "block puzzles: letter of the piece to bring to --goal-at")(
      "goal-at", po::value(&i.goal_at),
      "block puzzles: x,y of that piece's top-left cell (x right, y down)")(
      "metric,m", po::value(&raw.metric),
      "block puzzles: step (one cell, the default), slide (straight, any "
      "distance) or piece (any path through free cells)")(
      "distinct-pieces", po::bool_switch(&i.distinct_pieces),
      "block puzzles: tell identical pieces apart (a bigger state space; "
      "for comparisons)");
  return d;
}

po::options_description search_options(Options &o, Raw &raw) {
  planner::PlannerOptions &p = o.planner;
  po::options_description d("Search");
  d.add_options()(
      "engine", po::value(&raw.engine)->default_value("auto"),
      "how the optimum is proven, both by SAT: horizons (plans of growing "
      "length, each shorter one refuted), reach (breadth-first over "
      "positions, each successor found by a SAT call; optimal at the first "
      "goal layer), auto (the default: picks before the search from a "
      "cheap explicit sample of the start's layers. n-puzzles: reach, "
      "horizons or both side by side, by how many positions reach is "
      "predicted to store; block puzzles: horizons where the goal is near "
      "behind wide layers, else reach on two threads, the horizon driver "
      "taking one past 100,000 positions; the progress line says which "
      "and why), or "
      "bfs (not SAT: explicit breadth-first search over positions, the "
      "seed game's auto-solve; for spaces that fit in memory), or ida "
      "(not SAT: IDA* over additive pattern databases, the n-puzzle's "
      "explicit optimal search; the tables are built once, in seconds, "
      "and cached in ~/.cache/satslide)")(
      "max-states", po::value(&p.max_states),
      "reach: store at most N positions, then hand over to horizons from "
      "the depth proven (default: no limit; auto's reach stops at "
      "1000000); bfs and explore: at most N positions (default 50000000, "
      "about 4.5 GB)")(
      "reach-blocking", po::value(&raw.reach_blocking)->default_value("moves"),
      "reach, expert: how a position already found is not found again: "
      "moves (the default: each move found is excluded for the rest of its "
      "expansion by an assumption, known positions are looked up; no "
      "conflicts), visited (every position found is blocked for good by a "
      "clause) or successors (blocked by a clause for one expansion only); "
      "the last two for comparisons")(
      "reach-from", po::value(&raw.reach_from)->default_value("both"),
      "reach: both (from the start and backward from the goal at once, "
      "each time the smaller frontier, where the goal is one position: "
      "the n-puzzle) or start (forward only)")(
      "reach-formula", po::value(&raw.reach_formula)->default_value("labels"),
      "reach: the one-step formula, labels (one variable per move label, "
      "e.g. 'move B by 1,0': measured fastest), seed (the textbook "
      "encoding, one variable per action) or compact (labels, count "
      "invariants, ladder at-most-one)")(
      "encoding,e", po::value(&raw.encoding), encoding_help().c_str())(
      "min-horizon", po::value(&p.min_horizon),
      "first horizon to try; above the lower bound the plan is not "
      "proven optimal (default: the lower bound)")(
      "max-horizon", po::value(&p.max_horizon)->default_value(p.max_horizon),
      "give up after this horizon, reporting what was refuted")(
      "timeout,t", po::value(&p.timeout_seconds),
      "give up after this many seconds of wall clock (default: none)")(
      "solver-config", po::value(&raw.solver_config)->default_value("default"),
      ("CaDiCaL configuration: " + name_choices<solver::SolverConfig>())
          .c_str())(
      "cadical", po::value(&p.cadical_options)->composing(),
      "expert: a CaDiCaL option as name=value (repeatable), e.g. "
      "--cadical elim=0")(
      "threads", po::value(&p.threads)->default_value(p.threads),
      "N solvers side by side: horizons: sharing what they prove "
      "(--threads-split); reach: expanding each layer's positions "
      "together (same positions and plan as one)")(
      "split-depth", po::value(&p.split_depth),
      "split the proof into cubes: every position exactly K moves from the "
      "start (by breadth-first search) is solved on its own from its own "
      "bound (the n-puzzle: pattern databases), horizons raised over all "
      "cubes together, side by side on --threads; a cube whose bound is "
      "too high needs no solver call. Off by default")(
      "split-window", po::value(&p.split_window)->default_value(p.split_window),
      "with --split-depth: horizons each cube's solver takes per round (1: "
      "every cube refutes n before any tries n + 2)")(
      "threads-split", po::value(&raw.split)->default_value("horizons"),
      "with --threads: horizons (each solver takes the next horizon not yet "
      "taken: one refutes n while another tries n + 2) or portfolio (every "
      "solver walks every horizon with its own seed and phase; a horizon "
      "one refutes, the others skip)")(
      "fresh-solver", po::bool_switch(&p.fresh_solver),
      "a new solver and formula for every horizon instead of one "
      "incremental solver (slower; for comparisons)")(
      "textbook-driver", po::bool_switch(&p.textbook_driver),
      "the SATPLAN loop: horizons 0, 1, 2, ... each in a fresh solver, "
      "no bound, no parity (the baseline for benchmarks; with "
      "--encoding seed the whole textbook planner)")(
      "any", "any plan, fast: n-puzzles larger than 3x3 in stages (outer "
             "rows and columns tile by tile, then the last 3x3), each "
             "optimal; other puzzles by parallel steps, several horizons "
             "side by side (Madagascar's schedule). Raced against the "
             "optimal driver: the first plan wins")(
      "any-path", po::value(&raw.any_path)->default_value("race"),
      "with --any: race (the fast path against the optimal driver, two "
      "threads) or first (the fast path alone)")(
      "tighten", po::bool_switch(&p.tighten),
      "with --any: then re-solve every window of 20 moves optimally "
      "between its end states and keep what is shorter, until no window "
      "improves or --timeout");
  return d;
}

po::options_description output_options(Options &o, Raw &raw) {
  po::options_description d("Output");
  d.add_options()("json", po::bool_switch(&o.json), "print one JSON document")(
      "show-boards", po::bool_switch(&o.show_boards),
      "draw the board after every move")(
      "count-optimal", po::value(&o.count_optimal)->implicit_value(0),
      "after the optimum is proven, count the optimal plans (all, or "
      "stop at K: --count-optimal=K, then \"at least K\"), each plan "
      "found blocked, and list the first 20")(
      "svg", po::value(&o.svg),
      "also draw the solution into this SVG file: the start, then one "
      "small board per move, pieces coloured alike throughout")(
      "all-optimal", po::value(&o.count_optimal)->implicit_value(0),
      "as --count-optimal, listing every plan counted (all, or the first "
      "K: --all-optimal=K)")(
      "plan-format", po::value(&raw.plan_format)->default_value("text"),
      "text (the report) or ipc (only the plan, as an IPC plan file with "
      "the action names of `satslide export --format pddl`)")(
      "animate", po::value(&o.animate)->implicit_value(0.5),
      "play the solution on the terminal, one move every S seconds "
      "(default 0.5), then print it");
  return d;
}

po::options_description general_options(Options &o, Raw &raw) {
  po::options_description d("General");
  d.add_options()("log-level",
                  po::value(&raw.log_level)->default_value("info"),
                  "stderr detail: error, warn, info (a line per horizon) or "
                  "debug")("quiet,q", "same as --log-level error")(
      "memory-limit", po::value(&o.memory_limit_mb),
      "stop with exit 23 and a clear message once the process would use "
      "more than this many MB of address space (default: no limit)")(
      "help,h", "print this help")("version", "print the version");
  return d;
}

po::options_description dimacs_options(Options &o) {
  po::options_description d("dimacs");
  d.add_options()("horizon,n", po::value(&o.horizon), "the plan length")(
      "output,o", po::value(&o.output),
      "dimacs: the CNF file; batch: the JSON lines file (default or -: "
      "stdout); split, merge: the cubes file for batch");
  return d;
}

po::options_description batch_options(Options &o, Raw &raw) {
  po::options_description d("batch");
  d.add_options()("jobs,j", po::value(&o.jobs)->default_value(o.jobs),
                  "instances solved at once, in one process")(
      "shard", po::value(&raw.shard),
      "K/N: only the instance lines i (counted from 0) with i % N == K, "
      "e.g. $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT")(
      "resume", po::bool_switch(&o.resume),
      "skip the lines already answered in the --output file and append "
      "to it (lines cut short by an interruption are solved again)");
  return d;
}

po::options_description export_options(Raw &raw) {
  po::options_description d("export");
  d.add_options()("format", po::value(&raw.format)->default_value("pddl"),
                  "export: pddl (a grounded STRIPS domain and problem), smv "
                  "(a NuSMV model), tla (a TLA+ module and its TLC "
                  "configuration) or limboole (one horizon's formula, with "
                  "--horizon N)");
  return d;
}

po::options_description check_options(Options &o) {
  po::options_description d("check-plan");
  d.add_options()("plan", po::value(&o.plan_file),
                  "check-plan: the plan file (- = stdin)")(
      "moves", po::value(&o.moves),
      "check-plan: the plan as a move string, e.g. ULDDR or 'AR1 BD2'");
  return d;
}

po::options_description scramble_options(Options &o) {
  po::options_description d("scramble");
  d.add_options()("walk", po::value(&o.walk)->default_value(o.walk),
                  "scramble: N random legal moves (from the goal for the "
                  "n-puzzle, from the start for block puzzles), none "
                  "undoing the one before")(
      "random", po::bool_switch(&o.scramble_random),
      "scramble: uniformly random solvable n-puzzle boards instead")(
      "seed", po::value(&o.seed)->default_value(o.seed),
      "scramble: the random seed")(
      "count", po::value(&o.count)->default_value(o.count),
      "scramble: how many instances");
  return d;
}

po::options_description decode_options(Options &o) {
  po::options_description d("decode");
  d.add_options()("cnf", po::value(&o.cnf_file),
                  "the CNF satslide wrote")(
      "model", po::value(&o.model_file),
      "the solver's answer (SAT-competition 's'/'v' lines or minisat's "
      "result file)");
  return d;
}

// The option groups each subcommand takes; an option outside them is an
// error naming the subcommands that take it. Single options that cross
// groups have groups of their own (group_of).
const std::map<Command, std::set<std::string>> &command_groups() {
  static const std::map<Command, std::set<std::string>> table = {
      {Command::solve,
       {"Instance", "Search", "Output", "General", "encoding", "json",
        "boards", "max-states", "timeout", "animate"}},
      {Command::dimacs,
       {"Instance", "dimacs", "General", "encoding", "output", "horizon"}},
      {Command::decode, {"decode", "General", "json", "boards"}},
      {Command::explore, {"Instance", "General", "json", "max-states"}},
      {Command::batch,
       {"Instance", "Search", "General", "encoding", "max-states", "batch",
        "output", "timeout"}},
      {Command::export_model,
       {"Instance", "General", "export", "output", "horizon", "encoding"}},
      {Command::scramble, {"Instance", "General", "scramble", "output"}},
      {Command::check_plan,
       {"Instance", "General", "json", "check-plan", "timeout"}},
      {Command::play, {"Instance", "General", "max-states", "timeout",
                       "animate"}},
      {Command::split,
       {"Instance", "Search", "General", "encoding", "output", "json",
        "boards", "timeout"}},
      {Command::merge, {"General", "output", "json", "boards"}},
  };
  return table;
}

std::string group_of(const std::string &option, const std::string &group) {
  if (option == "encoding" || option == "json" || option == "max-states" ||
      option == "output" || option == "timeout" || option == "horizon" ||
      option == "animate") {
    return option;
  }
  return option == "show-boards" ? "boards" : group;
}

bool command_takes(Command c, const std::string &group) {
  return command_groups().at(c).count(group) > 0;
}

struct Group {
  std::string name; // as in command_groups()
  po::options_description options;
};

void check_command_takes(Command command, const po::variables_map &vm,
                         const std::vector<Group> &groups) {
  for (const Group &g : groups) {
    for (const auto &opt : g.options.options()) {
      const std::string name = opt->long_name();
      if (!vm.count(name) || vm[name].defaulted()) {
        continue;
      }
      const std::string group = group_of(name, g.name);
      if (command_takes(command, group)) {
        continue;
      }
      std::string takers;
      for (const auto &[c, unused] : command_groups()) {
        if (command_takes(c, group)) {
          takers += std::string(takers.empty() ? "" : ", ") + command_info(c).name;
        }
      }
      throw UsageError("--" + name + " does not apply to " +
                       command_info(command).name + " (it is for: " + takers + ")");
    }
  }
}

// Every instance option given must be one the family accepts.
void check_family_takes(const Options &o, const po::variables_map &vm) {
  const encoder::FamilyInfo *family = encoder::find_family(o.family);
  if (!family) {
    std::string known;
    for (const encoder::FamilyInfo &f : encoder::families()) {
      for (const auto &alias : f.aliases) {
        known += alias.first + ", ";
      }
      known += f.name + ", ";
    }
    throw UsageError("--puzzle: unknown puzzle '" + o.family + "' (expected " +
                     known.substr(0, known.size() - 2) + ")");
  }
  for (int k = 0; k <= static_cast<int>(encoder::InstanceField::distinct_pieces);
       ++k) {
    const auto field = static_cast<encoder::InstanceField>(k);
    const std::string flag = encoder::field_name(field);
    if (!vm.count(flag) || vm[flag].defaulted() || family->accepts_field(field)) {
      continue;
    }
    throw UsageError("--" + flag + " does not apply to --puzzle " + o.family +
                     " (it is for: " + encoder::families_accepting(field) +
                     ")");
  }
}

// A text option given as "" would read as not given (e.g. an empty
// --board as the default board): an error instead.
void check_not_empty(const po::variables_map &vm,
                     const po::options_description &all) {
  for (const auto &[name, value] : vm) {
    const auto *option = all.find_nothrow(name, false);
    const bool takes_value =
        option && option->semantic()->max_tokens() > 0 && name != "command";
    const auto *text = boost::any_cast<std::string>(&value.value());
    if (takes_value && text && !value.defaulted() && text->empty()) {
      throw UsageError("--" + name + " is empty");
    }
  }
}

void check_ranges(const Options &o, const po::variables_map &vm) {
  const planner::PlannerOptions &p = o.planner;
  if (p.min_horizon < 0 || p.max_horizon < 0) {
    throw UsageError("--min-horizon and --max-horizon must be >= 0");
  }
  if (p.min_horizon > p.max_horizon) {
    throw UsageError("--min-horizon " + std::to_string(p.min_horizon) +
                     " is above --max-horizon " +
                     std::to_string(p.max_horizon));
  }
  if (vm.count("animate") &&
      !(std::isfinite(o.animate) && o.animate >= 0 && o.animate <= 60)) {
    throw UsageError("--animate: seconds per move from 0 to 60");
  }
  if (o.memory_limit_mb < 0 || o.memory_limit_mb > (1L << 30)) {
    throw UsageError("--memory-limit: MB from 1 to 2^30 (0 = no limit)");
  }
  if (p.max_states < 0) {
    throw UsageError("--max-states must be >= 0");
  }
  if (vm.count("split-depth") && (p.split_depth < 0 || p.split_depth > 40)) {
    throw UsageError("--split-depth: a depth from 0 to 40");
  }
  if (p.split_window < 1 || p.split_window > 1000) {
    throw UsageError("--split-window: horizons per round from 1 to 1000");
  }
  if (!std::isfinite(p.timeout_seconds) || p.timeout_seconds < 0) {
    throw UsageError("--timeout: a finite number of seconds >= 0 (0 = no "
                     "limit)");
  }
  if (o.instance.rows < 0 || o.instance.cols < 0) {
    throw UsageError("--rows and --cols must be positive");
  }
  for (const std::string &option : p.cadical_options) {
    const std::string name = option.substr(0, option.find('='));
    if (!CaDiCaL::Solver::is_valid_option(name.c_str())) {
      throw UsageError("--cadical: CaDiCaL has no option '" + name + "'");
    }
  }
}

void check_combinations(const Options &o) {
  const planner::PlannerOptions &p = o.planner;
  const bool any = p.mode == planner::Mode::any;
  if (any && (p.textbook_driver || p.min_horizon > 0)) {
    throw UsageError("--any chooses its own horizons: it cannot be combined "
                     "with --textbook-driver or --min-horizon");
  }
  if ((p.engine == planner::Engine::reach ||
       p.engine == planner::Engine::bfs || p.engine == planner::Engine::ida) &&
      (p.textbook_driver || p.min_horizon > 0)) {
    throw UsageError("--engine reach searches positions, not horizons: it "
                     "cannot be combined with --textbook-driver or "
                     "--min-horizon");
  }
  if (p.tighten && !any) {
    throw UsageError("--tighten works on the plan of --any; add --any");
  }
  if ((o.command == Command::solve || o.command == Command::batch) &&
      p.encoding &&
      !p.encoding->minimises_moves) {
    throw UsageError("--encoding " + p.encoding->name +
                     " does not minimise moves, so it cannot prove an "
                     "optimum; --any uses it by itself");
  }
  if (o.command == Command::dimacs && o.horizon < 0) {
    throw UsageError("dimacs needs --horizon N (N >= 0)");
  }
  if (o.command == Command::decode &&
      (o.cnf_file.empty() || o.model_file.empty())) {
    throw UsageError("decode needs --cnf FILE and --model FILE");
  }
  if (o.command == Command::export_model &&
      (o.format == ExportFormat::limboole) !=
                                                (o.horizon >= 0)) {
    throw UsageError(o.horizon < 0 ? "--format limboole needs --horizon N"
                                   : "--horizon is for --format limboole");
  }
  if (o.count_optimal < -1 ||
      (o.count_optimal >= 0 && o.planner.mode == planner::Mode::any)) {
    throw UsageError("--count-optimal K: K >= 0 (0 = all), without --any");
  }
  if (o.command == Command::check_plan &&
      o.plan_file.empty() == o.moves.empty()) {
    throw UsageError("check-plan needs --plan FILE or --moves STRING (one)");
  }
  const bool reads_file =
      o.command == Command::batch || o.command == Command::merge;
  if (reads_file == o.input.empty()) {
    throw UsageError(!o.input.empty()
                         ? "unexpected argument '" + o.input + "'"
                     : o.command == Command::batch
                         ? "batch needs an input file (- = stdin)"
                         : "merge needs the cubes file, then the batch "
                           "outputs of its round");
  }
  if (o.command != Command::merge && !o.answers.empty()) {
    throw UsageError("unexpected argument '" + o.answers.front() + "'");
  }
  if (o.command == Command::split && o.planner.split_depth < 0) {
    throw UsageError("split needs --split-depth K (the cubes' depth)");
  }
  if ((o.command == Command::split || o.command == Command::merge) &&
      (o.output.empty() || o.output == "-")) {
    throw UsageError(std::string(o.command == Command::split ? "split"
                                                             : "merge") +
                     " needs -o FILE: where the cubes go (a batch input)");
  }
  if (o.command == Command::batch && o.resume &&
      (o.output.empty() || o.output == "-")) {
    throw UsageError("--resume needs --output FILE (the results so far)");
  }
}

// --reach-from, typed on its way to PlannerOptions::reach_both_ends.
enum class ReachFrom { both, start };
constexpr std::array<EnumName<ReachFrom>, 2> names(ReachFrom) {
  return {{{ReachFrom::both, "both"}, {ReachFrom::start, "start"}}};
}

// The value of --`option` named `text`, or an error listing the names.
template <typename E> E choice(const char *option, const std::string &text) {
  if (const auto value = from_name<E>(text)) {
    return *value;
  }
  throw UsageError(std::string("--") + option + ": expected " +
                   name_choices<E>() + ", got '" + text + "'");
}

// The raw strings as typed values.
void type_values(Options &o, const Raw &raw, const po::variables_map &vm) {
  if (!raw.puzzle.empty()) {
    o.family = raw.puzzle;
  }
  if (!raw.metric.empty()) {
    try {
      o.instance.metric = encoder::parse_metric(raw.metric);
    } catch (const encoder::InputError &e) {
      throw UsageError(std::string("--metric: ") + e.what());
    }
  }
  if (!raw.encoding.empty()) {
    o.planner.encoding = encoder::find_encoding(raw.encoding);
    if (!o.planner.encoding) {
      throw UsageError("--encoding: unknown encoding '" + raw.encoding +
                       "'; see --help");
    }
  }
  o.planner.engine = choice<planner::Engine>("engine", raw.engine);
  o.planner.reach_both_ends =
      choice<ReachFrom>("reach-from", raw.reach_from) == ReachFrom::both;
  o.planner.reach_formula =
      choice<planner::ReachFormula>("reach-formula", raw.reach_formula);
  o.planner.reach_blocking =
      choice<solver::ReachBlocking>("reach-blocking", raw.reach_blocking);
  o.planner.any_path = choice<planner::AnyPath>("any-path", raw.any_path);
  o.planner.mode = vm.count("any") ? planner::Mode::any
                                   : planner::Mode::optimal;
  o.planner.solver_config =
      choice<solver::SolverConfig>("solver-config", raw.solver_config);
  o.planner.split = choice<solver::Split>("threads-split", raw.split);
  o.format = choice<ExportFormat>("format", raw.format);
  o.plan_format = choice<PlanFormat>("plan-format", raw.plan_format);
  o.log_level = vm.count("quiet") ? LogLevel::error
                                  : choice<LogLevel>("log-level", raw.log_level);
  o.list_all_optimal = vm.count("all-optimal") > 0;
  if (vm.count("all-optimal") && vm.count("count-optimal")) {
    throw UsageError("--all-optimal counts too: give one of the two");
  }
  if (!raw.shard.empty()) {
    const auto slash = raw.shard.find('/');
    try {
      std::size_t used_k = 0, used_n = 0;
      o.shard = std::stoi(raw.shard.substr(0, slash), &used_k);
      o.shards = std::stoi(raw.shard.substr(slash + 1), &used_n);
      if (slash == std::string::npos || used_k != slash ||
          used_n != raw.shard.size() - slash - 1) {
        throw std::invalid_argument("shape");
      }
    } catch (const std::exception &) {
      throw UsageError("--shard: expected K/N, e.g. 0/4, got '" + raw.shard +
                       "'");
    }
    if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) {
      throw UsageError("--shard K/N needs 0 <= K < N, got '" + raw.shard +
                       "'");
    }
  }
  if (o.planner.threads < 1 || o.planner.threads > 64) {
    throw UsageError("--threads: from 1 to 64");
  }
  if (o.walk < 0 || o.count < 1) {
    throw UsageError("--walk must be >= 0 and --count >= 1");
  }
  if (o.jobs < 1 || o.jobs > 256) {
    throw UsageError("--jobs: from 1 to 256");
  }
}

Command parse_command(const std::string &word) {
  std::string known;
  for (const CommandInfo &c : command_table()) {
    if (word == c.name) {
      return c.command;
    }
    known += std::string(known.empty() ? "" : ", ") + c.name;
  }
  throw UsageError("unknown command '" + word + "' (expected " + known + ")");
}

std::string help_text(const std::string &head,
                      const po::options_description &options,
                      bool instance) {
  std::ostringstream help;
  help << head << '\n' << options << '\n';
  if (instance) {
    help << families_help() << '\n';
  }
  help << k_exit_code_help;
  if (instance) {
    help << '\n' << encoder::klotski_layouts_help();
  }
  return help.str();
}

// `satslide NAME --help`: the command and only the options it takes.
std::string command_help(Command command, const std::vector<Group> &groups) {
  po::options_description shown;
  for (const Group &g : groups) {
    po::options_description taken(g.name);
    for (const auto &opt : g.options.options()) {
      if (command_takes(command, group_of(opt->long_name(), g.name))) {
        taken.add(opt);
      }
    }
    if (!taken.options().empty()) {
      shown.add(taken);
    }
  }
  return help_text(command_summary(command), shown,
                   command_takes(command, "Instance"));
}

} // namespace

std::string usage_text() { return usage_summary(); }

Options parse_options(int argc, const char *const argv[],
                      const std::vector<std::string> &first) {
  Options o;
  Raw raw;
  const std::vector<Group> groups = {{"Instance", instance_options(o, raw)},
                                     {"Search", search_options(o, raw)},
                                     {"Output", output_options(o, raw)},
                                     {"General", general_options(o, raw)},
                                     {"dimacs", dimacs_options(o)},
                                     {"decode", decode_options(o)},
                                     {"batch", batch_options(o, raw)},
                                     {"export", export_options(raw)},
                                     {"check-plan", check_options(o)},
                                     {"scramble", scramble_options(o)}};
  po::options_description shown;
  for (const Group &g : groups) {
    shown.add(g.options);
  }
  o.help_text = help_text(usage_summary(), shown, true);

  std::string command;
  po::options_description all;
  all.add(shown).add_options()("command", po::value(&command))(
      "input", po::value(&o.input))(
      "answers", po::value(&o.answers)->multitoken());
  po::positional_options_description positional;
  positional.add("command", 1).add("input", 1).add("answers", -1);
  po::variables_map vm;
  try {
    if (!first.empty()) {
      po::store(po::command_line_parser(first).options(all).run(), vm);
    }
    po::store(po::command_line_parser(argc, argv)
                  .options(all)
                  .positional(positional)
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::error &e) {
    throw UsageError(e.what());
  }
  o.args.assign(argv, argv + argc);
  if (vm.count("help")) {
    if (!command.empty()) {
      o.help_text = command_help(parse_command(command), groups);
    }
    o.command = Command::help;
    return o;
  }
  if (vm.count("version")) {
    o.command = Command::version;
    return o;
  }
  if (!command.empty()) {
    o.command = parse_command(command);
  }
  type_values(o, raw, vm);
  check_command_takes(o.command, vm, groups);
  if (o.command != Command::decode) {
    check_family_takes(o, vm);
  }
  check_not_empty(vm, all);
  check_ranges(o, vm);
  check_combinations(o);
  return o;
}

namespace {

// The instance as given: --board - and --file read.
encoder::InstanceOptions instance_as_read(const Options &o) {
  encoder::InstanceOptions instance = o.instance;
  if (instance.board == "-") { // the board from stdin
    instance.board.assign(std::istreambuf_iterator<char>(std::cin), {});
    if (instance.board.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw encoder::InputError("--board -: stdin is empty");
    }
  }
  if (o.file.empty()) {
    return instance;
  }
  if (o.file == "-") {
    instance.file_text.assign(std::istreambuf_iterator<char>(std::cin), {});
    if (instance.file_text.find_first_not_of(" \t\r\n") ==
        std::string::npos) {
      throw encoder::InputError("--file -: stdin is empty");
    }
    return instance;
  }
  std::ifstream in(o.file);
  if (!in || std::filesystem::is_directory(o.file)) {
    throw IoError("cannot read layout file '" + o.file + "'");
  }
  instance.file_text.assign(std::istreambuf_iterator<char>(in), {});
  if (in.bad()) {
    throw IoError("error while reading layout file '" + o.file + "'");
  }
  if (instance.file_text.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw encoder::InputError("layout file '" + o.file + "' is empty");
  }
  return instance;
}

} // namespace

encoder::InstanceOptions read_instance(const Options &o) {
  encoder::InstanceOptions instance = instance_as_read(o);
  encoder::drop_byte_order_mark(instance.board);
  encoder::drop_byte_order_mark(instance.file_text);
  return instance;
}

} // namespace satslide::cli
