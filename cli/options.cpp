#include "options.hpp"

#include "encoder/encodings/encodings.hpp"
#include "encoder/puzzles/klotski_layouts.hpp"
#include "exit_codes.hpp"

#include <boost/program_options.hpp>
#include <cadical.hpp>

#include <fstream>
#include <sstream>

namespace po = boost::program_options;

namespace satslide::cli {

namespace {

constexpr const char *k_usage =
    "satslide: optimal sliding-puzzle plans from a SAT solver.\n"
    "\n"
    "Usage:\n"
    "  satslide [solve] --puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\"\n"
    "  satslide dimacs  --puzzle 8 --board ... --horizon N -o file.cnf\n"
    "  satslide decode  --cnf file.cnf --model answer.txt\n"
    "\n"
    "solve   raises the horizon from a proven lower bound until the SAT\n"
    "        solver finds a plan; every shorter horizon is refuted on the\n"
    "        way, so the plan printed is optimal. Progress goes to stderr.\n"
    "        With --any: a fast plan in stages instead, not proven optimal\n"
    "        (for boards too big to solve optimally, e.g. the 24-puzzle).\n"
    "dimacs  writes the CNF of exactly one horizon for another solver.\n"
    "decode  reads such a solver's answer and prints the plan it encodes.\n"
    "\n"
    "Boards are row-major lists, 0 the blank: \"[1,3,6,...]\", \"1,3,6,...\"\n"
    "or \"1 3 6 ...\". The default goal is 1..N-1 then the blank.\n";

std::string encoding_help() {
  std::string text = "encoding of the task as CNF:";
  for (const auto &e : encoder::encodings()) {
    text += "\n  " + e.name + ": " + e.help;
  }
  return text + "\n(default: " + encoder::default_encoding("npuzzle") +
         " for n-puzzles, " + encoder::default_encoding("klotski") +
         " for Klotski and Rush Hour)";
}

po::options_description describe(Options &o) {
  po::options_description instance("Instance");
  instance.add_options()(
      "puzzle,p", po::value(&o.puzzle),
      "8, 15, 24 (square n-puzzles), npuzzle (any --rows x --cols), "
      "klotski or rushhour (default: the square n-puzzle the board "
      "fills)")(
      "board,b", po::value(&o.board),
      "start board: n-puzzle values row-major, 0 = blank; klotski a grid "
      "of letters, rows split by '/' or newlines, '.' empty, '#' wall; "
      "rushhour 36 characters, 'o' or '.' empty, 'x' wall, 'A' red car")(
      "goal,g", po::value(&o.goal),
      "goal board (default 1..N-1 then the blank)")("rows", po::value(&o.rows),
                                                    "rows of an npuzzle board")(
      "cols", po::value(&o.cols), "columns of an npuzzle board")(
      "layout", po::value(&o.layout),
      "klotski: a named opening (listed at the end of --help)")(
      "file,f", po::value(&o.file),
      "klotski: a layout file (name, size, grid and goal lines)")(
      "goal-piece", po::value(&o.goal_piece),
      "klotski: letter of the piece to bring to --goal-at")(
      "goal-at", po::value(&o.goal_at),
      "klotski: x,y of that piece's top-left cell (x right, y down)")(
      "metric,m", po::value(&o.metric)->default_value(o.metric),
      "block puzzles: step (one cell), slide (straight, any distance) or "
      "piece (any path through free cells)")(
      "distinct-pieces", po::bool_switch(&o.distinct_pieces),
      "block puzzles: tell identical pieces apart (a bigger state space; "
      "for comparisons)");

  po::options_description search("Search");
  search.add_options()("encoding,e", po::value(&o.encoding),
                       encoding_help().c_str())(
      "min-horizon", po::value(&o.min_horizon),
      "first horizon to try; above the lower bound the plan is not "
      "proven optimal (default: the lower bound)")(
      "max-horizon", po::value(&o.max_horizon)->default_value(o.max_horizon),
      "give up after this horizon, reporting what was refuted")(
      "timeout,t", po::value(&o.timeout),
      "give up after this many seconds of wall clock (default: none)")(
      "solver-config",
      po::value(&o.solver_config)->default_value(o.solver_config),
      "CaDiCaL configuration: default, plain, sat or unsat")(
      "cadical", po::value(&o.cadical_options)->composing(),
      "expert: a CaDiCaL option as name=value (repeatable), e.g. "
      "--cadical elim=0")(
      "fresh-solver", po::bool_switch(&o.fresh_solver),
      "a new solver and formula for every horizon instead of one "
      "incremental solver (slower; for comparisons)")(
      "textbook-driver", po::bool_switch(&o.textbook_driver),
      "the SATPLAN loop: horizons 0, 1, 2, ... each in a fresh solver, "
      "no bound, no parity (the baseline for benchmarks; with "
      "--encoding seed the whole textbook planner)")(
      "any", po::bool_switch(&o.any),
      "any plan, fast, not proven optimal: n-puzzles larger than 3x3 in "
      "stages (outer rows and columns tile by tile, then the last 3x3), "
      "each stage solved optimally; other puzzles by parallel steps, "
      "several horizons side by side (Madagascar's schedule)")(
      "tighten", po::bool_switch(&o.tighten),
      "with --any: then re-solve every window of 20 moves optimally "
      "between its end states and keep what is shorter, until no window "
      "improves or --timeout");

  po::options_description output("Output");
  output.add_options()("json", po::bool_switch(&o.json),
                       "print one JSON document")(
      "show-boards", po::bool_switch(&o.show_boards),
      "draw the board after every move")(
      "animate", po::value(&o.animate)->implicit_value(0.5),
      "play the solution on the terminal, one move every S seconds "
      "(default 0.5), then print it")(
      "log-level", po::value(&o.log_level)->default_value(o.log_level),
      "stderr detail: error, warn, info (a line per horizon) or debug")(
      "quiet,q", "same as --log-level error")("help,h", "print this help")(
      "version", "print the version");

  po::options_description files("dimacs and decode");
  files.add_options()("horizon,n", po::value(&o.horizon),
                      "dimacs: the plan length")(
      "output,o", po::value(&o.output), "dimacs: file to write (- = stdout)")(
      "cnf", po::value(&o.cnf_file), "decode: the CNF satslide wrote")(
      "model", po::value(&o.model_file),
      "decode: the solver's answer (SAT-competition 's'/'v' lines or "
      "minisat's result file)");

  po::options_description all;
  all.add(instance).add(search).add(output).add(files);
  return all;
}

Command parse_command(const std::string &word) {
  if (word == "solve") {
    return Command::solve;
  }
  if (word == "dimacs") {
    return Command::dimacs;
  }
  if (word == "decode") {
    return Command::decode;
  }
  throw UsageError("unknown command '" + word +
                   "' (expected solve, dimacs or decode)");
}

void check_ranges(const Options &o) {
  if (!o.encoding.empty() && !encoder::find_encoding(o.encoding)) {
    throw UsageError("--encoding: unknown encoding '" + o.encoding +
                     "'; see --help");
  }
  if (o.min_horizon < 0 || o.max_horizon < 0) {
    throw UsageError("--min-horizon and --max-horizon must be >= 0");
  }
  if (o.animate != -1 && (o.animate < 0 || o.animate > 60)) {
    throw UsageError("--animate: seconds per move from 0 to 60");
  }
  if (o.timeout < 0) {
    throw UsageError("--timeout must be >= 0 seconds");
  }
  if (o.rows < 0 || o.cols < 0) {
    throw UsageError("--rows and --cols must be positive");
  }
  const std::string &c = o.solver_config;
  if (c != "default" && c != "plain" && c != "sat" && c != "unsat") {
    throw UsageError("--solver-config: unknown configuration '" + c + "'");
  }
  if (o.metric != "step" && o.metric != "slide" && o.metric != "piece") {
    throw UsageError("--metric: unknown metric '" + o.metric +
                     "' (expected step, slide or piece)");
  }
  for (const std::string &c : o.cadical_options) {
    const std::string name = c.substr(0, c.find('='));
    if (!CaDiCaL::Solver::is_valid_option(name.c_str())) {
      throw UsageError("--cadical: CaDiCaL has no option '" + name + "'");
    }
  }
  const std::string &l = o.log_level;
  if (l != "error" && l != "warn" && l != "info" && l != "debug") {
    throw UsageError("--log-level: unknown level '" + l + "'");
  }
  if (o.any && (o.textbook_driver || o.min_horizon > 0)) {
    throw UsageError("--any chooses its own horizons: it cannot be combined "
                     "with --textbook-driver or --min-horizon");
  }
  if (o.tighten && !o.any) {
    throw UsageError("--tighten works on the plan of --any; add --any");
  }
  if (o.command == Command::dimacs && o.horizon < 0) {
    throw UsageError("dimacs needs --horizon N (N >= 0)");
  }
  if (o.command == Command::decode &&
      (o.cnf_file.empty() || o.model_file.empty())) {
    throw UsageError("decode needs --cnf FILE and --model FILE");
  }
}

} // namespace

Options parse_options(int argc, const char *const argv[]) {
  Options o;
  const po::options_description desc = describe(o);
  std::ostringstream help;
  help << k_usage << '\n'
       << desc << '\n'
       << k_exit_code_help << '\n'
       << encoder::klotski_layouts_help();
  o.help_text = help.str();

  po::options_description hidden;
  std::string command;
  hidden.add_options()("command", po::value(&command));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv)
                  .options(all)
                  .positional(positional)
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::error &e) {
    throw UsageError(e.what());
  }
  if (vm.count("help")) {
    o.command = Command::help;
    return o;
  }
  if (vm.count("version")) {
    o.command = Command::version;
    return o;
  }
  if (vm.count("quiet")) {
    o.log_level = "error";
  }
  if (!command.empty()) {
    o.command = parse_command(command);
  }
  check_ranges(o);
  return o;
}

namespace {

std::string read_file(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    throw encoder::InputError("cannot read layout file '" + path + "'");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

encoder::PuzzleSpec block_puzzle_spec(const Options &o) {
  encoder::PuzzleSpec spec;
  spec.kind = o.puzzle;
  const auto set = [&](const char *key, const std::string &value) {
    if (!value.empty()) {
      spec.params[key] = value;
    }
  };
  set("board", o.board);
  set("layout", o.layout);
  if (!o.file.empty()) {
    spec.params["file_text"] = read_file(o.file);
  }
  set("goal_piece", o.goal_piece);
  set("goal_at", o.goal_at);
  set("metric", o.metric);
  if (o.distinct_pieces) {
    spec.params["identify"] = "no";
  }
  return spec;
}

} // namespace

encoder::PuzzleSpec puzzle_spec(const Options &o) {
  if (o.puzzle == "klotski" || o.puzzle == "rushhour") {
    return block_puzzle_spec(o);
  }
  encoder::PuzzleSpec spec;
  int side = 0;
  if (o.puzzle == "8") {
    side = 3;
  } else if (o.puzzle == "15") {
    side = 4;
  } else if (o.puzzle == "24") {
    side = 5;
  } else if (o.puzzle != "npuzzle" && !o.puzzle.empty()) {
    throw UsageError("--puzzle: unknown puzzle '" + o.puzzle +
                     "' (expected 8, 15, 24, npuzzle, klotski or rushhour)");
  }
  spec.kind = "npuzzle";
  if (side > 0) {
    if ((o.rows && o.rows != side) || (o.cols && o.cols != side)) {
      throw UsageError("--puzzle " + o.puzzle + " is " + std::to_string(side) +
                       "x" + std::to_string(side) +
                       " but --rows/--cols say otherwise");
    }
    spec.params["rows"] = spec.params["cols"] = std::to_string(side);
  } else if (o.rows || o.cols) {
    if (!o.rows || !o.cols) {
      throw UsageError("--puzzle npuzzle needs both --rows and --cols");
    }
    spec.params["rows"] = std::to_string(o.rows);
    spec.params["cols"] = std::to_string(o.cols);
  }
  if (o.board.empty()) {
    throw UsageError("--board is required for the n-puzzle");
  }
  spec.params["board"] = o.board;
  if (!o.goal.empty()) {
    spec.params["goal"] = o.goal;
  }
  return spec;
}

} // namespace satslide::cli
