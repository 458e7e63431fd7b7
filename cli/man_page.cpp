#include "satslide/cli/man_page.hpp"

#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/help.hpp"
#include "satslide/cli/option_table.hpp"

#include "satslide/puzzles/blocks/klotski_layouts.hpp"

#include <sstream>

namespace satslide::cli {

namespace {

// Text as roff reads it literally: backslashes and hyphens escaped, a
// line that would start with a control character guarded.
std::string roff(const std::string &text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) {
      out += "\\&";
    }
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

// An option's names as the OPTIONS section shows them: -b, --board ARG.
std::string option_names(const OptionRow &row) {
  std::string out;
  if (row.short_name()) {
    out += std::string("\\fB\\-") + row.short_name() + "\\fR, ";
  }
  out += "\\fB" + roff("--" + row.long_name()) + "\\fR";
  return out + (row.takes_value() ? " \\fIARG\\fR" : "");
}

void commands_section(std::ostream &out) {
  out << ".SH COMMANDS\n";
  for (const CommandInfo &c : command_table()) {
    std::string description = c.description;
    for (char &ch : description) {
      ch = ch == '\n' ? ' ' : ch;
    }
    out << ".TP\n\\fB" << roff(c.name) << "\\fR\n"
        << roff(description) << "\n.br\ne.g. \\fB" << roff(c.usage)
        << "\\fR\n";
  }
}

void options_section(std::ostream &out) {
  out << ".SH OPTIONS\n";
  std::string section;
  for (const OptionRow &row : option_table()) {
    if (section != row.section) {
      section = row.section;
      out << ".SS " << roff(section) << "\n";
    }
    out << ".TP\n" << option_names(row) << "\n" << roff(row.help) << "\n";
  }
}

// A plain text block (the families, the exit codes, the layouts) kept
// as it is laid out.
void verbatim(std::ostream &out, const std::string &title,
              const std::string &text) {
  out << ".SH " << title << "\n.nf\n" << roff(text) << ".fi\n";
}

} // namespace

std::string man_page(const std::string &version) {
  std::ostringstream out;
  out << ".TH SATSLIDE 1 \"\" \"satslide " << roff(version)
      << "\" \"User Commands\"\n"
      << ".SH NAME\nsatslide \\- optimal sliding\\-puzzle plans from a SAT "
         "solver\n"
      << ".SH SYNOPSIS\n\\fBsatslide\\fR [\\fICOMMAND\\fR] "
         "[\\fIOPTIONS\\fR] [\\fIFILES\\fR]\n"
      << ".SH DESCRIPTION\n"
         "satslide turns a sliding puzzle (the n\\-puzzle of any size, "
         "Klotski and other block\\-sliding puzzles, Rush Hour) and a plan "
         "length into CNF, asks the SAT solver CaDiCaL, and raises the "
         "length until a plan is found: every shorter length refuted on "
         "the way, the plan printed is optimal. Every plan is replayed by "
         "the puzzle's own rules before it is printed. Without a command, "
         "\\fBsolve\\fR runs.\n";
  commands_section(out);
  options_section(out);
  verbatim(out, "PUZZLE FAMILIES", families_help());
  verbatim(out, "KLOTSKI LAYOUTS", puzzles::klotski_layouts_help());
  verbatim(out, "EXIT STATUS", k_exit_code_help);
  out << ".SH FILES\n.TP\n\\fI$SATSLIDE_CACHE_DIR\\fR, else "
         "\\fI$XDG_CACHE_HOME/satslide\\fR, else "
         "\\fI~/.cache/satslide\\fR\n"
         "the n\\-puzzle's pattern databases, built once and checked on "
         "every read\n"
      << ".SH EXAMPLES\n.nf\n"
         "satslide \\-\\-puzzle 8 \\-\\-board \"[1,3,6,4,2,0,7,5,8]\"\n"
         "satslide \\-\\-puzzle klotski \\-\\-layout classic "
         "\\-\\-metric slide\n"
         "satslide dimacs \\-\\-puzzle 8 \\-\\-board \"8 6 7 2 5 4 3 0 1\" "
         "\\-\\-horizon 31 \\-o f.cnf\n"
         ".fi\n"
      << ".SH SEE ALSO\n\\fBcadical\\fR(1), \\fBminisat\\fR(1)\n";
  return out.str();
}

} // namespace satslide::cli
