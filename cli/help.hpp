// The subcommands' words, usage lines, summaries and descriptions,
// declared once: `satslide --help` shows each command's summary,
// `satslide help options` their usage and descriptions with every option
// explained, `satslide NAME --help` one command with only the options it
// takes.
#pragma once

#include "satslide/cli/options.hpp"

#include <string>
#include <vector>

namespace satslide::cli {

struct CommandInfo {
  Command command;
  const char *name;        // the word that selects it
  const char *usage;       // one example command line
  const char *summary;     // what it does, in one short line
  const char *description; // what it does; lines after the first indented
};

// Every subcommand, solve first (it is the default).
const std::vector<CommandInfo> &command_table();
const CommandInfo &command_info(Command c);

// The title, every usage line and every description: the head of --help
// and what a bad command line prints.
std::string usage_summary();

// One subcommand: its title, usage line and description.
std::string command_summary(Command c);

// Every family with its options and aliases (--puzzle).
std::string families_help();

// What --help prints after the options: the families (where the command
// takes an instance), the exit codes, the Klotski openings.
std::string help_after_options(bool instance);

} // namespace satslide::cli
