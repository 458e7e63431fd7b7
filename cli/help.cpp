#include "satslide/cli/help.hpp"

#include "satslide/cli/exit_codes.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/puzzles/blocks/klotski_layouts.hpp"

#include <algorithm>
#include <sstream>

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

} // namespace

const std::vector<CommandInfo> &command_table() {
  static const std::vector<CommandInfo> table = {
      {Command::solve, "solve",
       "satslide [solve] --puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\"",
       "an optimal plan, proven (--any: a fast plan, its gap proven)",
       "raises the horizon from a proven lower bound until the SAT\n"
       "solver finds a plan; every shorter horizon is refuted on the\n"
       "way, so the plan printed is optimal. Progress goes to stderr.\n"
       "With --any: a fast plan instead, not proven optimal unless\n"
       "the optimal driver racing it finishes first."},
      {Command::dimacs, "dimacs",
       "satslide dimacs  --puzzle 8 --board ... --horizon N -o file.cnf",
       "the CNF of one horizon, for another SAT solver",
       "writes the CNF of exactly one horizon for another solver."},
      {Command::decode, "decode",
       "satslide decode  --cnf file.cnf --model answer.txt",
       "such a solver's answer turned back into moves",
       "reads such a solver's answer and prints the plan it encodes."},
      {Command::explore, "explore",
       "satslide explore --puzzle klotski --metric slide",
       "the reachable positions by breadth-first search",
       "counts the reachable positions by breadth-first search (as\n"
       "TLC and ProB report them): moves, depth, goal positions, the\n"
       "distance to the nearest goal, positions per depth."},
      {Command::batch, "batch",
       "satslide batch   --puzzle 8 instances.txt -j 2 -o results.jsonl",
       "many instances from a file, one JSON line each",
       "solves one instance per line of a file (the benchmark data's\n"
       "formats, layout file paths or JSON lines of options), writing\n"
       "one JSON line per instance; parallel, shardable, resumable."},
      {Command::export_model, "export",
       "satslide export  --puzzle klotski --format pddl -o klotski",
       "the instance for Fast Downward, NuSMV, TLC or limboole",
       "writes the instance for another tool: PDDL (Fast Downward,\n"
       "Madagascar), NuSMV, TLA+ (TLC) or one horizon for limboole;\n"
       "plans come back with check-plan."},
      {Command::check_plan, "check-plan",
       "satslide check-plan --puzzle 8 --board ... --moves ULDDR",
       "a plan from elsewhere replayed and judged",
       "replays a plan from elsewhere (an IPC plan file, satslide's\n"
       "numbered moves or a move string) and says whether it is legal,\n"
       "reaches the goal, and how far from optimal it is."},
      {Command::scramble, "scramble",
       "satslide scramble --puzzle 15 --random --count 10 --seed 7",
       "new instances: random walks or random boards",
       "writes new instances as JSON lines for batch: random walks,\n"
       "or random solvable n-puzzle boards; the same seed, the same."},
      {Command::play, "play",
       "satslide play    --puzzle klotski --layout classic",
       "the game in the terminal",
       "a game in the terminal: move pieces, undo and redo, ask for a\n"
       "hint (the next move of an optimal plan) or watch an optimal\n"
       "solution from the current position; keys are shown on screen."},
      {Command::split, "split",
       "satslide split   --puzzle 15 --board ... --split-depth 6 -o cubes.jsonl",
       "one proof in cubes for many machines",
       "one proof in pieces for many machines: writes every position\n"
       "exactly K moves from the start as a batch line (a cube) with\n"
       "the round's length cap; `satslide batch` solves them anywhere."},
      {Command::merge, "merge",
       "satslide merge   cubes.jsonl out.*.jsonl -o next.jsonl",
       "a round's answers judged: the optimum, or the next round",
       "reads a round's cubes and the batch outputs: prints the optimum\n"
       "with its proof (exit 0), or writes the next round's cubes (exit\n"
       "24) or the cubes still missing (exit 25) to -o."},
      {Command::verify, "verify",
       "satslide verify  certificate-dir   (or --cnf p.cnf --proof p.drat)",
       "a certificate checked: the plan replayed, every proof checked",
       "checks a certificate that solve --certify DIR wrote, trusting\n"
       "nothing of the run: every file's SHA-256, the plan replayed, each\n"
       "CNF rebuilt from the instance and its DRAT proof checked; or one\n"
       "satslide CNF and any solver's DRAT proof of it. Exit 0 certified,\n"
       "13 refused (the first check that fails is printed)."},
  };
  return table;
}

const CommandInfo &command_info(Command c) {
  const auto &table = command_table();
  const auto it = std::find_if(table.begin(), table.end(),
                               [&](const CommandInfo &i) { return i.command == c; });
  return it == table.end() ? table.front() : *it;
}

namespace {

constexpr const char *k_title =
    "satslide: optimal sliding-puzzle plans from a SAT solver.\n";

// The name, then the description: its first line beside the name, the
// others indented under it.
std::string describe(const CommandInfo &c) {
  const std::string name = c.name;
  std::string out = name + std::string(name.size() < 8 ? 8 - name.size() : 1,
                                       ' ');
  for (const char *p = c.description; *p; ++p) {
    out += *p;
    if (*p == '\n') {
      out += std::string(8, ' ');
    }
  }
  return out + "\n";
}

} // namespace

std::string usage_summary() {
  std::string usage, described;
  for (const CommandInfo &c : command_table()) {
    usage += std::string("  ") + c.usage + "\n";
    described += describe(c);
  }
  return std::string(k_title) + "\nUsage:\n" + usage + "\n" + described;
}

std::string command_summary(Command c) {
  const CommandInfo &info = command_info(c);
  return std::string(k_title) + "\nUsage:\n  " + info.usage + "\n\n" +
         describe(info) +
         "\n(satslide --help: every command and every option)\n";
}

std::string families_help() {
  std::string text = "Puzzle families (--puzzle):\n";
  for (const puzzles::FamilyInfo &f : puzzles::families()) {
    std::string options = "options:";
    for (puzzles::InstanceField field : f.accepts) {
      options += std::string(" --") + puzzles::field_name(field);
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

std::string help_after_options(bool instance) {
  std::ostringstream help;
  help << '\n';
  if (instance) {
    help << families_help() << '\n';
  }
  help << k_exit_code_help;
  if (instance) {
    help << '\n' << puzzles::klotski_layouts_help();
  }
  return help.str();
}

} // namespace satslide::cli
