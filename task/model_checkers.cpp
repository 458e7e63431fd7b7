#include "satslide/task/model_checkers.hpp"

#include "satslide/task/pddl.hpp"

#include <algorithm>
#include <ostream>
#include <set>
#include <sstream>

namespace satslide::task {

namespace {

// The PDDL names with '_' for '-': identifiers in both languages.
PddlNames underscored(const Task &task) {
  PddlNames names = pddl_names(task);
  for (auto *list : {&names.fluents, &names.actions}) {
    for (std::string &n : *list) {
      std::replace(n.begin(), n.end(), '-', '_');
    }
  }
  return names;
}

void comment_lines(std::ostream &out, const std::string &mark,
                   const std::string &comment) {
  std::istringstream lines(comment);
  for (std::string line; std::getline(lines, line);) {
    out << mark << ' ' << line << '\n';
  }
}

std::string conjunction(const std::vector<int> &fluents,
                        const PddlNames &names) {
  std::string text;
  for (int f : fluents) {
    text += (text.empty() ? "" : " & ") + names.fluents[f];
  }
  return text.empty() ? "TRUE" : text;
}

std::string tla_set(const std::vector<int> &fluents, const PddlNames &names) {
  std::string text;
  for (int f : fluents) {
    text += std::string(text.empty() ? "" : ", ") + "\"" + names.fluents[f] +
            "\"";
  }
  return "{" + text + "}";
}

// Deleted and not added (add wins, as in the task).
std::vector<int> removed(const Action &a) {
  std::vector<int> out;
  for (int f : a.del) {
    if (std::find(a.add.begin(), a.add.end(), f) == a.add.end()) {
      out.push_back(f);
    }
  }
  return out;
}

} // namespace

void write_smv(std::ostream &out, const Task &task,
               const std::string &comment) {
  const PddlNames names = underscored(task);
  comment_lines(out, "--", comment);
  out << "MODULE main\nVAR\n";
  for (const std::string &f : names.fluents) {
    out << "  " << f << " : boolean;\n";
  }
  std::set<int> initially(task.init.begin(), task.init.end());
  out << "INIT\n";
  for (int f = 0; f < task.num_fluents(); ++f) {
    out << (f == 0 ? "    " : "  & ") << (initially.count(f) ? "" : "!")
        << names.fluents[f] << '\n';
  }
  out << ";\nTRANS\n";
  for (int a = 0; a < task.num_actions(); ++a) {
    const Action &action = task.actions[a];
    std::set<int> changed(action.add.begin(), action.add.end());
    const std::vector<int> gone = removed(action);
    changed.insert(gone.begin(), gone.end());
    out << (a == 0 ? "    " : "  | ") << "-- " << action.name << "\n      ("
        << conjunction(action.pre, names);
    for (int f : action.add) {
      out << " & next(" << names.fluents[f] << ")";
    }
    for (int f : gone) {
      out << " & !next(" << names.fluents[f] << ")";
    }
    for (int f = 0; f < task.num_fluents(); ++f) {
      if (!changed.count(f)) {
        out << " & next(" << names.fluents[f] << ") = " << names.fluents[f];
      }
    }
    out << ")\n";
  }
  const std::string goal = conjunction(task.goal, names);
  out << ";\n-- The goal must not be reached: a counterexample is a plan.\n"
      << "INVARSPEC !(" << goal << ");\nCTLSPEC !EF (" << goal << ");\n";
}

void write_tla(std::ostream &out, const Task &task, const std::string &module,
               const std::string &comment) {
  const PddlNames names = underscored(task);
  out << "---- MODULE " << module << " ----\n";
  comment_lines(out, "\\*", comment);
  out << "VARIABLE on \\* the set of fluents that hold\n\n"
      << "Init == on = " << tla_set(task.init, names) << "\n\n";
  for (int a = 0; a < task.num_actions(); ++a) {
    const Action &action = task.actions[a];
    out << "\\* " << action.name << '\n'
        << names.actions[a] << " ==\n  /\\ " << tla_set(action.pre, names)
        << " \\subseteq on\n  /\\ on' = (on \\ " << tla_set(removed(action), names)
        << ") \\cup " << tla_set(action.add, names) << "\n\n";
  }
  out << "Next ==\n";
  for (int a = 0; a < task.num_actions(); ++a) {
    out << "  \\/ " << names.actions[a] << '\n';
  }
  out << "\n\\* The goal must not be reached: TLC's counterexample is a "
         "shortest plan.\nNotSolved == ~(" << tla_set(task.goal, names)
      << " \\subseteq on)\n====\n";
}

void write_tla_config(std::ostream &out) {
  out << "INIT Init\nNEXT Next\nINVARIANT NotSolved\n";
}

} // namespace satslide::task
