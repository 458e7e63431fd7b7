#include "satslide/cli/options.hpp"

#include "satslide/cli/completion.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/help.hpp"
#include "satslide/cli/man_page.hpp"
#include "satslide/cli/option_checks.hpp"
#include "satslide/cli/option_table.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/blocks/klotski_layouts.hpp"
#include "satslide/puzzles/families.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <sstream>

namespace satslide::cli {

namespace {

bool takes(const OptionRow &row, Command command) {
  return (row.takes & command_bit(command)) != 0;
}

// The table's rows that `keep` accepts, as program_options sections in
// table order, their values bound to `o` and `raw`.
po::options_description
describe(Options &o, RawOptions &raw,
         const std::function<bool(const OptionRow &)> &keep) {
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
    if (row.bind) {
      sections.back().add_options()(row.names, row.bind(o, raw),
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

std::string help_text(const std::string &head,
                      const po::options_description &options,
                      bool instance) {
  std::ostringstream help;
  help << head << '\n' << options;
  return help.str() + help_after_options(instance);
}

// An option's help cut to what fits one line of `width` characters:
// up to its first ';', '(' (unless that leaves only a choice's first
// word) or line break, and its first ':' unless what comes before is a
// short qualifier ("klotski: ...", "with --any: ...").
std::string gist(const std::string &help, std::size_t width) {
  std::size_t end = help.find_first_of(";(\n");
  const std::size_t colon = help.find(':');
  if (colon < end) {
    const std::string head = help.substr(0, colon);
    const bool qualifier = std::count(head.begin(), head.end(), ' ') < 3;
    const std::size_t next = help.find(':', colon + 1);
    end = qualifier ? std::min(end, next) : colon;
  }
  if (end != std::string::npos && help[end] == '(') {
    const std::size_t from = help.rfind(": ", end);
    const std::string word = help.substr(
        from == std::string::npos ? 0 : from + 2,
        end - (from == std::string::npos ? 0 : from + 2) - 1);
    if (word.find(' ') == std::string::npos) {
      end = help.find_first_of(";\n"); // a choice's words, not its first
    }
  }
  std::string out = help.substr(0, end);
  if (out.size() > width) {
    out = out.substr(0, out.rfind(' ', width - 3)) + "...";
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ',')) {
    out.pop_back();
  }
  return out;
}

// The options `satslide --help` shows: the ones most runs need (the rest
// are in `satslide help options`).
constexpr std::array<const char *, 10> k_everyday_options = {
    "puzzle", "board",   "goal",    "layout",  "metric",
    "engine", "any",     "timeout", "threads", "json"};

// One option on one line: its names, ARG if it takes a value, the gist of
// its help.
std::string option_line(const OptionRow &row) {
  std::string left = row.short_name()
                         ? std::string("  -") + row.short_name() + ", --"
                         : std::string("      --");
  left += row.long_name() + (row.takes_value() ? " ARG" : "");
  left.resize(std::max<std::size_t>(left.size() + 1, 24), ' ');
  return left + gist(row.help, 80 - left.size()) + "\n";
}

// `satslide --help`: a screen: usage and examples, each command on one
// line, the options most runs need, and where the rest is.
std::string short_help() {
  std::string text =
      "satslide: optimal sliding-puzzle plans from a SAT solver.\n\n"
      "Usage: satslide [COMMAND] [OPTIONS]   (the command is solve unless "
      "named)\n"
      "  satslide --puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\"\n"
      "  satslide --puzzle klotski --layout classic --metric slide\n"
      "  satslide dimacs --puzzle 8 --board ... --horizon 20 -o f.cnf\n"
      "\nCommands:\n";
  for (const CommandInfo &c : command_table()) {
    std::string name = std::string("  ") + c.name;
    name.resize(14, ' ');
    text += name + c.summary + "\n";
  }
  text += "\nOptions most runs need:\n";
  for (const OptionRow &row : option_table()) { // in the table's order
    if (std::find(k_everyday_options.begin(), k_everyday_options.end(),
                  row.long_name()) != k_everyday_options.end()) {
      text += option_line(row);
    }
  }
  return text +
         "\nThe rest:\n"
         "  satslide help options     every option, explained\n"
         "  satslide COMMAND --help   one command and the options it takes\n"
         "  satslide help families    the puzzle families and their options\n"
         "  satslide help exit-codes  what each exit status means\n"
         "  satslide --version\n";
}

// `satslide NAME --help`: the command and only the options it takes.
std::string command_help(Command command) {
  Options o;
  RawOptions raw;
  const auto taken = [&](const OptionRow &row) { return takes(row, command); };
  // The families' part of the help, where the command takes an instance.
  const bool instance =
      std::any_of(option_table().begin(), option_table().end(),
                  [&](const OptionRow &row) {
                    return row.long_name() == "puzzle" && takes(row, command);
                  });
  return help_text(command_summary(command), describe(o, raw, taken),
                   instance);
}

// Every option given must be one the subcommand takes.
void check_command_takes(Command command, const po::variables_map &vm) {
  for (const OptionRow &row : option_table()) {
    const std::string name = row.long_name();
    if (!vm.count(name) || vm[name].defaulted() || takes(row, command)) {
      continue;
    }
    std::string takers;
    for (const CommandInfo &c : command_table()) {
      if (takes(row, c.command)) {
        takers += std::string(takers.empty() ? "" : ", ") + c.name;
      }
    }
    throw UsageError("--" + name + " does not apply to " +
                     command_info(command).name + " (it is for: " + takers +
                     ")");
  }
}

// Every instance option given must be one the family accepts.
void check_family_takes(const Options &o, const po::variables_map &vm) {
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  if (!family) {
    std::string known;
    for (const puzzles::FamilyInfo &f : puzzles::families()) {
      for (const auto &alias : f.aliases) {
        known += alias.first + ", ";
      }
      known += f.name + ", ";
    }
    throw UsageError("--puzzle: unknown puzzle '" + o.family + "' (expected " +
                     known.substr(0, known.size() - 2) + ")");
  }
  for (int k = 0;
       k <= static_cast<int>(puzzles::InstanceField::distinct_pieces); ++k) {
    const auto field = static_cast<puzzles::InstanceField>(k);
    const std::string flag = puzzles::field_name(field);
    if (!vm.count(flag) || vm[flag].defaulted() || family->accepts_field(field)) {
      continue;
    }
    throw UsageError("--" + flag + " does not apply to --puzzle " + o.family +
                     " (it is for: " + puzzles::families_accepting(field) +
                     ")");
  }
}

// A text option given as "" would read as not given (e.g. an empty
// --board as the default board): an error instead.
void check_not_empty(const po::variables_map &vm) {
  for (const OptionRow &row : option_table()) {
    const std::string name = row.long_name();
    if (!row.bind || !vm.count(name) || vm[name].defaulted()) {
      continue; // a switch without a value ("--quiet") holds ""
    }
    const auto *text = boost::any_cast<std::string>(&vm[name].value());
    if (text && text->empty()) {
      throw UsageError("--" + name + " is empty");
    }
  }
}

// A number's value as a double, whatever its declared type.
std::optional<double> number(const boost::any &value) {
  if (const auto *i = boost::any_cast<int>(&value)) {
    return *i;
  }
  if (const auto *l = boost::any_cast<long>(&value)) {
    return static_cast<double>(*l);
  }
  if (const auto *d = boost::any_cast<double>(&value)) {
    return *d;
  }
  return std::nullopt;
}

// Every number given within its row's range (NaN is in none).
void check_ranges(const po::variables_map &vm) {
  for (const OptionRow &row : option_table()) {
    const std::string name = row.long_name();
    if (row.range.text.empty() || !vm.count(name)) {
      continue;
    }
    const std::optional<double> v = number(vm[name].value());
    if (v && !(*v >= row.range.min && *v <= row.range.max)) {
      throw UsageError("--" + name + row.range.text);
    }
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
void type_values(Options &o, const RawOptions &raw,
                 const po::variables_map &vm) {
  if (!raw.puzzle.empty()) {
    o.family = raw.puzzle;
  }
  if (!raw.metric.empty()) {
    try {
      o.instance.metric = puzzles::parse_metric(raw.metric);
    } catch (const task::InputError &e) {
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
  o.planner.cube_solving =
      choice<planner::CubeSolving>("cube-solver", raw.cube_solver);
  o.planner.cube_order =
      choice<planner::CubeOrder>("cube-order", raw.cube_order);
  o.planner.witness = choice<planner::Witness>("witness", raw.witness);
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
  o.log_level = vm.count("quiet") ? LogLevel::warn
                                  : choice<LogLevel>("log-level", raw.log_level);
  o.list_all_optimal = vm.count("all-optimal") > 0;
  if (vm.count("all-optimal") && vm.count("count-optimal")) {
    throw UsageError("--all-optimal counts too: give one of the two");
  }
  if (!raw.shard.empty()) {
    parse_shard(raw.shard, o.shard, o.shards);
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

// `satslide help TOPIC`: the short help, every option explained, the
// exit codes, the families, or one command's help.
std::string help_topic(const std::string &topic,
                       const po::options_description &shown) {
  if (topic.empty()) {
    return short_help();
  }
  if (topic == "options") {
    return help_text(usage_summary(), shown, true);
  }
  if (topic == "exit-codes") {
    return k_exit_code_help;
  }
  if (topic == "families") {
    return families_help();
  }
  if (topic == "man") {
    return man_page(SATSLIDE_VERSION);
  }
  if (topic == "bash-completion") {
    return bash_completion();
  }
  for (const CommandInfo &c : command_table()) {
    if (topic == c.name) {
      return command_help(c.command);
    }
  }
  throw UsageError("unknown help topic '" + topic +
                   "' (expected options, exit-codes, families, man, "
                   "bash-completion or a command name)");
}

// Every name of E, in its table's order.
template <typename E> std::vector<std::string> words_of() {
  std::vector<std::string> out;
  for (const EnumName<E> &n : names(E{})) {
    out.push_back(n.name);
  }
  return out;
}

} // namespace

std::string usage_text() { return usage_summary(); }

std::vector<std::string> option_words(const std::string &option) {
  using Words = std::vector<std::string> (*)();
  static const std::vector<std::pair<std::string, Words>> k_words = {
      {"engine", words_of<planner::Engine>},
      {"reach-from", words_of<ReachFrom>},
      {"reach-formula", words_of<planner::ReachFormula>},
      {"cube-solver", words_of<planner::CubeSolving>},
      {"cube-order", words_of<planner::CubeOrder>},
      {"witness", words_of<planner::Witness>},
      {"reach-blocking", words_of<solver::ReachBlocking>},
      {"any-path", words_of<planner::AnyPath>},
      {"solver-config", words_of<solver::SolverConfig>},
      {"threads-split", words_of<solver::Split>},
      {"format", words_of<ExportFormat>},
      {"plan-format", words_of<PlanFormat>},
      {"log-level", words_of<LogLevel>},
      {"metric", words_of<puzzles::Metric>},
  };
  for (const auto &[name, words] : k_words) {
    if (name == option) {
      return words();
    }
  }
  std::vector<std::string> out;
  if (option == "puzzle") {
    for (const puzzles::FamilyInfo &f : puzzles::families()) {
      out.push_back(f.name);
      for (const auto &alias : f.aliases) {
        out.push_back(alias.first);
      }
    }
  } else if (option == "encoding") {
    for (const auto &e : encoder::encodings()) {
      out.push_back(e.name);
    }
  } else if (option == "layout") {
    for (const auto &layout : puzzles::klotski_layouts()) {
      out.push_back(layout.name);
    }
  }
  return out;
}

Options parse_options(int argc, const char *const argv[],
                      const std::vector<std::string> &first) {
  Options o;
  RawOptions raw;
  const po::options_description shown =
      describe(o, raw, [](const OptionRow &) { return true; });
  o.help_text = short_help();

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
  if (command == "help") { // satslide help [TOPIC]
    o.help_text = help_topic(o.input, shown);
    o.command = Command::help;
    return o;
  }
  if (vm.count("help")) {
    if (!command.empty()) {
      o.help_text = command_help(parse_command(command));
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
  check_command_takes(o.command, vm);
  if (o.command != Command::decode) {
    check_family_takes(o, vm);
  }
  check_not_empty(vm);
  check_ranges(vm);
  check_combinations(o);
  return o;
}

} // namespace satslide::cli
