// Every command-line option, declared once (in the spirit of CaDiCaL's
// options.hpp): its names, its --help section, the subcommands that take
// it, where its value lands (typed, with its default), its help and its
// range. options.cpp builds the parser, `--help`, `satslide NAME --help`,
// the range checks and the "this option is for ..." errors from this
// table alone. Internal to cli/ (only the options files see
// program_options).
#pragma once

#include "satslide/cli/options.hpp"

#include <boost/program_options.hpp>

#include <limits>
#include <string>
#include <vector>

namespace satslide::cli {

// Values typed after parsing (choices by name, the family, the shard):
// where they land first. Their defaults are the table's (default_value),
// which the parser always stores.
struct RawOptions {
  std::string puzzle, metric, encoding, any_path;
  std::string engine, reach_formula, reach_from, cube_solver, cube_order,
      witness;
  std::string reach_blocking, solver_config;
  std::string format, plan_format, log_level;
  std::string shard, split;
};

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
using Bind = po::value_semantic *(*)(Options &, RawOptions &);

struct OptionRow {
  const char *names;   // "board,b": the long name, then a short letter
  const char *section; // the --help heading
  Commands takes;      // the subcommands that accept it
  Bind bind;
  std::string help;
  Range range = {};

  std::string long_name() const; // "board"
  char short_name() const;       // 'b', or 0 if none
  bool takes_value() const;      // a value follows it (not a switch)
};

// Every option, in --help order, grouped by section.
const std::vector<OptionRow> &option_table();

} // namespace satslide::cli
