// The help texts, read off the option and command tables: `satslide
// --help` (a screen), `satslide NAME --help` (a command and the options
// it takes) and `satslide help TOPIC`.
#include "satslide/cli/completion.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/help.hpp"
#include "satslide/cli/man_page.hpp"
#include "satslide/cli/option_table.hpp"

#include <algorithm>
#include <array>
#include <sstream>

namespace satslide::cli {

namespace {

std::string help_text(const std::string &head,
                      const po::options_description &options, bool instance) {
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
    const std::string word =
        help.substr(from == std::string::npos ? 0 : from + 2,
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
    "puzzle", "board", "goal",    "layout",  "metric",
    "engine", "any",   "timeout", "threads", "json"};

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

} // namespace

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
  const auto taken = [&](const OptionRow &row) {
    return row.taken_by(command);
  };
  // The families' part of the help, where the command takes an instance.
  const bool instance = std::any_of(
      option_table().begin(), option_table().end(), [&](const OptionRow &row) {
        return row.long_name() == "puzzle" && row.taken_by(command);
      });
  return help_text(command_summary(command), describe(o, taken), instance);
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

std::string usage_text() { return usage_summary(); }

} // namespace satslide::cli
