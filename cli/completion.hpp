// Bash completion for satslide, made from the tables --help reads: the
// commands, each command's options (only those it takes), the words an
// option's value is chosen from (option_words), file names where a file
// is asked for. `satslide help bash-completion` prints it; the build
// writes it for installation (cli/CMakeLists.txt).
#pragma once

#include <string>

namespace satslide::cli {

std::string bash_completion();

} // namespace satslide::cli
