// Every command-line option, declared once (in the spirit of CaDiCaL's
// options.hpp): its names, its --help section, the subcommands that take
// it, where its value lands (typed: a choice by its enum's names, with the
// Options field's own default), its completion words, its help and its
// range. options.cpp builds the parser, the typing of the values, the
// range checks and the "this option is for ..." errors, option_help.cpp
// `--help` and `satslide NAME --help`, man_page.cpp and completion.cpp
// their texts, from this table alone. Internal to cli/ (only the options files
// see program_options).
#pragma once

#include "satslide/cli/options.hpp"

#include <boost/program_options.hpp>

#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace satslide::cli {

// A set of subcommands, as bits.
using Commands = unsigned;
constexpr Commands command_bit(Command c) {
  return 1u << static_cast<unsigned>(c);
}
template <typename... C> constexpr Commands commands(C... c) {
  return (command_bit(c) | ...);
}

// A number's allowed interval and how the error says it, after the
// option's name: "--jobs" + ": from 1 to 256".
struct Range {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::string text; // empty: no range
};

namespace po = boost::program_options;

// Where the option's value lands, as a program_options semantic (with
// its default or implicit value); nullptr for a switch without a value
// whose presence is read from the parsed map ("--any", "--quiet").
using Bind = po::value_semantic *(*)(Options &);

// A value typed from its text after parsing: a choice by name (its enum's
// names() table: parsed, defaulted to the Options field's own default,
// offered to the completion), or a family, encoding, metric or shard.
struct Typed {
  // Sets the option's field from its text (given, or its default); throws
  // UsageError naming --`option` if the text is not one of its values.
  void (*set)(Options &o, const char *option,
              const std::string &text) = nullptr;
  // The words the completion offers for the value; nullptr: none.
  std::vector<std::string> (*words)() = nullptr;
};

// An option's value: where it lands and, if typed after parsing, how.
struct Value {
  Value(std::nullptr_t) {}
  Value(Bind b, Typed t = {}) : bind(b), typed(t) {}
  Bind bind = nullptr;
  Typed typed;
};

struct OptionRow {
  const char *names;   // "board,b": the long name, then a short letter
  const char *section; // the --help heading
  Commands takes;      // the subcommands that accept it
  Value value;
  std::string help;
  Range range = {};

  std::string long_name() const; // "board"
  char short_name() const;       // 'b', or 0 if none
  bool takes_value() const;      // a value follows it (not a switch)
  bool taken_by(Command command) const; // the subcommand accepts it
};

// Every option, in --help order, grouped by section.
const std::vector<OptionRow> &option_table();

// The rows `keep` accepts, as program_options sections in table order,
// their values bound to `o` (the parser, the help texts).
po::options_description
describe(Options &o, const std::function<bool(const OptionRow &)> &keep);

// The help texts (option_help.cpp): `satslide --help`, `satslide NAME
// --help`, and `satslide help TOPIC` (`shown`: every option).
std::string short_help();
std::string command_help(Command command);
std::string help_topic(const std::string &topic,
                       const po::options_description &shown);

} // namespace satslide::cli
