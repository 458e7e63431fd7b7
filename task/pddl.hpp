// The task as PDDL, for planners such as Fast Downward and Madagascar: a
// grounded STRIPS domain (one 0-ary predicate per fluent, one action
// without parameters per task action) and its problem, plus plans in the
// IPC plan-file format ("(action-name)" per line) both ways. Names come
// from the task's fluent and action names, made PDDL identifiers.
#pragma once

#include "satslide/task/task.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::task {

struct PddlNames {
  std::vector<std::string> fluents; // by fluent id
  std::vector<std::string> actions; // by action id
};

// Lower-case identifiers (letters, digits, '-'), unique within each kind.
PddlNames pddl_names(const Task &task);

// `comment` goes at the top, each line after "; ".
void write_pddl_domain(std::ostream &out, const Task &task,
                       const PddlNames &names, const std::string &domain,
                       const std::string &comment);
void write_pddl_problem(std::ostream &out, const Task &task,
                        const PddlNames &names, const std::string &domain,
                        const std::string &problem);

// "(move-tile-6-from-r1c2-to-r2c2)\n" per action, then "; cost = N
// (unit cost)".
std::string ipc_plan(const PddlNames &names, const Plan &plan);

// An IPC plan file's action names, lower case: one "(name)" per line,
// ';' comments, optional "0: " step prefixes and "[1]" durations.
// Throws InputError naming a line that is none of these.
std::vector<std::string> read_ipc_plan(std::istream &in);

// Madagascar's plan (M, Mp, MpC): "STEP k: a() b() ..." lines, the actions
// of a step in the order to apply them; names lower case. Throws
// InputError naming a line that is not such a step.
std::vector<std::string> read_madagascar_plan(std::istream &in);

} // namespace satslide::task
