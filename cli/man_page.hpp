// satslide(1), the manual page in roff, made from the tables --help
// reads (the commands, every option with its whole help, the families,
// the layouts, the exit codes): `satslide help man` prints it, and the
// build writes it for installation (cli/CMakeLists.txt). Never a copied
// list: a new option is in the page the next build.
#pragma once

#include <string>

namespace satslide::cli {

std::string man_page(const std::string &version);

} // namespace satslide::cli
