// The task for the model checkers of the seed systems: a NuSMV model (one
// boolean per fluent, the moves as a TRANS disjunction, the goal as an
// invariant to violate and as !EF goal) and a TLA+ module with its TLC
// configuration (the set of true fluents as one variable, one action per
// move, the goal as an invariant to violate). Either checker's
// counterexample is a plan; TLC's, found breadth-first, a shortest one.
#pragma once

#include "satslide/task/task.hpp"

#include <iosfwd>
#include <string>

namespace satslide::task {

// `comment` goes at the top, each line behind the language's comment mark.
void write_smv(std::ostream &out, const Task &task, const std::string &comment);

// `module` names the module (and so the file: module.tla, module.cfg).
void write_tla(std::ostream &out, const Task &task, const std::string &module,
               const std::string &comment);
void write_tla_config(std::ostream &out);

} // namespace satslide::task
