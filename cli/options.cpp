#include "satslide/cli/options.hpp"

#include "satslide/cli/help.hpp"
#include "satslide/cli/option_checks.hpp"
#include "satslide/cli/option_table.hpp"

#include "satslide/puzzles/families.hpp"

#include <optional>

namespace satslide::cli {

namespace {

// Every option given must be one the subcommand takes.
void check_command_takes(Command command, const po::variables_map &vm) {
  for (const OptionRow &row : option_table()) {
    const std::string name = row.long_name();
    if (!vm.count(name) || vm[name].defaulted() || row.taken_by(command)) {
      continue;
    }
    std::string takers;
    for (const CommandInfo &c : command_table()) {
      if (row.taken_by(c.command)) {
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
    if (!row.value.bind || !vm.count(name) || vm[name].defaulted()) {
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

// The typed rows' texts (given or defaulted) as their values, and the
// switches that decide a value.
void type_values(Options &o, const po::variables_map &vm) {
  for (const OptionRow &row : option_table()) {
    const std::string name = row.long_name();
    if (row.value.typed.set && vm.count(name)) {
      row.value.typed.set(o, name.c_str(), vm[name].as<std::string>());
    }
  }
  o.planner.mode = vm.count("any") ? planner::Mode::any
                                   : planner::Mode::optimal;
  for (const std::string &text : o.partition_texts) {
    o.planner.partitions.push_back(parse_partition(text));
  }
  if (vm.count("quiet")) {
    o.log_level = LogLevel::warn;
  }
  o.list_all_optimal = vm.count("all-optimal") > 0;
  if (vm.count("all-optimal") && vm.count("count-optimal")) {
    throw UsageError("--all-optimal counts too: give one of the two");
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

} // namespace

std::vector<std::string> option_words(const std::string &option) {
  for (const OptionRow &row : option_table()) {
    if (row.long_name() == option && row.value.typed.words) {
      return row.value.typed.words();
    }
  }
  return {};
}

Options parse_options(int argc, const char *const argv[],
                      const std::vector<std::string> &first) {
  Options o;
  const po::options_description shown =
      describe(o, [](const OptionRow &) { return true; });
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
  type_values(o, vm);
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
