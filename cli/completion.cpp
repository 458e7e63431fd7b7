#include "satslide/cli/completion.hpp"

#include "satslide/cli/help.hpp"
#include "satslide/cli/option_table.hpp"

#include <array>
#include <sstream>

namespace satslide::cli {

namespace {

// The options whose value is a file name (completed as one).
constexpr std::array<const char *, 6> k_file_options = {
    "file", "output", "cnf", "model", "plan", "svg"};

bool file_option(const std::string &name) {
  for (const char *f : k_file_options) {
    if (name == f) {
      return true;
    }
  }
  return false;
}

// "--name" and, if it has one, "-x": the words the command line may hold.
std::string spellings(const OptionRow &row) {
  std::string out = "--" + row.long_name();
  if (row.short_name()) {
    out += std::string(" -") + row.short_name();
  }
  return out;
}

// The case arms completing an option's value: its words, a file name,
// or nothing (a free value: a board, a number).
void value_arms(std::ostream &out) {
  for (const OptionRow &row : option_table()) {
    if (!row.takes_value()) {
      continue;
    }
    std::string pattern = "--" + row.long_name();
    if (row.short_name()) {
      pattern += std::string("|-") + row.short_name();
    }
    const std::vector<std::string> words = option_words(row.long_name());
    out << "    " << pattern << ")\n";
    if (!words.empty()) {
      out << "      COMPREPLY=($(compgen -W \"";
      for (std::size_t i = 0; i < words.size(); ++i) {
        out << (i ? " " : "") << words[i];
      }
      out << "\" -- \"$cur\"))\n";
    } else if (file_option(row.long_name())) {
      out << "      COMPREPLY=($(compgen -f -- \"$cur\"))\n";
    }
    out << "      return ;;\n";
  }
}

// The case arms listing each command's options.
void command_arms(std::ostream &out) {
  for (const CommandInfo &c : command_table()) {
    out << "    " << c.name << ") opts=\"";
    bool first = true;
    for (const OptionRow &row : option_table()) {
      if ((row.takes & command_bit(c.command)) != 0) {
        out << (first ? "" : " ") << spellings(row);
        first = false;
      }
    }
    out << "\" ;;\n";
  }
}

} // namespace

std::string bash_completion() {
  std::ostringstream out;
  std::string commands;
  for (const CommandInfo &c : command_table()) {
    commands += (commands.empty() ? "" : " ") + std::string(c.name);
  }
  out << "# bash completion for satslide (made by `satslide help "
         "bash-completion` from its option table)\n"
      << "_satslide() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]}\n"
      << "  local prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  local commands=\"" << commands << "\"\n"
      << "  local command=solve word opts\n"
      << "  for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      << "    case \" $commands \" in *\" $word \"*) command=$word; break ;; "
         "esac\n"
      << "  done\n"
      << "  case $prev in\n";
  value_arms(out);
  out << "  esac\n"
      << "  if [[ $cur == -* ]]; then\n"
      << "    case $command in\n";
  command_arms(out);
  out << "    esac\n"
      << "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      << "    return\n"
      << "  fi\n"
      << "  if [[ $COMP_CWORD -eq 1 ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$commands help\" -- \"$cur\"))\n"
      << "  fi\n"
      << "  COMPREPLY+=($(compgen -f -- \"$cur\"))\n"
      << "}\n"
      << "complete -F _satslide satslide\n";
  return out.str();
}

} // namespace satslide::cli
