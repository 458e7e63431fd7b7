#include "satslide/task/pddl.hpp"

#include "satslide/task/input_error.hpp"

#include <cctype>
#include <istream>
#include <ostream>
#include <set>
#include <sstream>

namespace satslide::task {

namespace {

// "tile 6 at r1c2" -> "tile-6-at-r1c2"; other characters become '-',
// runs of '-' one; a name not starting with a letter gets `prefix`.
std::string identifier(const std::string &text, const std::string &prefix) {
  std::string id;
  for (unsigned char c : text) {
    const bool keep = std::isalnum(c) != 0;
    if (keep) {
      id += static_cast<char>(std::tolower(c));
    } else if (!id.empty() && id.back() != '-') {
      id += '-';
    }
  }
  while (!id.empty() && id.back() == '-') {
    id.pop_back();
  }
  if (id.empty() || !std::isalpha(static_cast<unsigned char>(id[0]))) {
    id = prefix + (id.empty() ? "" : "-" + id);
  }
  return id;
}

std::vector<std::string> unique(const std::vector<std::string> &texts,
                                const std::string &prefix) {
  std::vector<std::string> ids;
  std::set<std::string> taken;
  for (const std::string &t : texts) {
    std::string id = identifier(t, prefix);
    for (int k = 2; taken.count(id); ++k) {
      id = identifier(t, prefix) + "-" + std::to_string(k);
    }
    taken.insert(id);
    ids.push_back(id);
  }
  return ids;
}

void comment_lines(std::ostream &out, const std::string &comment) {
  std::istringstream lines(comment);
  for (std::string line; std::getline(lines, line);) {
    out << "; " << line << '\n';
  }
}

void atoms(std::ostream &out, const std::vector<int> &fluents,
           const PddlNames &names, const char *wrap) {
  for (int f : fluents) {
    out << ' ' << (*wrap ? std::string("(") + wrap + " " : "") << '('
        << names.fluents[f] << ')' << (*wrap ? ")" : "");
  }
}

} // namespace

PddlNames pddl_names(const Task &task) {
  std::vector<std::string> actions;
  for (const Action &a : task.actions) {
    actions.push_back(a.name);
  }
  return {unique(task.fluents, "fluent"), unique(actions, "action")};
}

void write_pddl_domain(std::ostream &out, const Task &task,
                       const PddlNames &names, const std::string &domain,
                       const std::string &comment) {
  comment_lines(out, comment);
  out << "(define (domain " << domain << ")\n  (:requirements :strips)\n"
      << "  (:predicates";
  for (const std::string &f : names.fluents) {
    out << "\n    (" << f << ')';
  }
  out << ")\n";
  for (int a = 0; a < task.num_actions(); ++a) {
    const Action &action = task.actions[a];
    out << "  (:action " << names.actions[a] << "\n    :parameters ()\n"
        << "    :precondition (and";
    atoms(out, action.pre, names, "");
    out << ")\n    :effect (and";
    // Add wins where both name a fluent (PDDL applies deletes first).
    atoms(out, action.add, names, "");
    std::vector<int> deleted;
    for (int f : action.del) {
      bool added = false;
      for (int g : action.add) {
        added = added || g == f;
      }
      if (!added) {
        deleted.push_back(f);
      }
    }
    atoms(out, deleted, names, "not");
    out << "))\n";
  }
  out << ")\n";
}

void write_pddl_problem(std::ostream &out, const Task &task,
                        const PddlNames &names, const std::string &domain,
                        const std::string &problem) {
  out << "(define (problem " << problem << ")\n  (:domain " << domain
      << ")\n  (:init";
  for (int f : task.init) {
    out << "\n    (" << names.fluents[f] << ')';
  }
  out << ")\n  (:goal (and";
  atoms(out, task.goal, names, "");
  out << ")))\n";
}

std::string ipc_plan(const PddlNames &names, const Plan &plan) {
  std::string text;
  for (int a : plan) {
    text += "(" + names.actions[a] + ")\n";
  }
  return text + "; cost = " + std::to_string(plan.size()) + " (unit cost)\n";
}

std::vector<std::string> read_ipc_plan(std::istream &in) {
  std::vector<std::string> plan;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find(';'));
    const auto open = line.find('(');
    if (open == std::string::npos) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) {
        throw InputError("plan line " + std::to_string(number) +
                         ": expected (action-name)");
      }
      continue;
    }
    const auto close = line.find(')', open);
    if (close == std::string::npos) {
      throw InputError("plan line " + std::to_string(number) +
                       ": no closing parenthesis");
    }
    std::string name;
    for (char c : line.substr(open + 1, close - open - 1)) {
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    name = name.substr(0, name.find_last_not_of(" \t") + 1);
    name = name.substr(std::min(name.size(), name.find_first_not_of(" \t")));
    plan.push_back(name);
  }
  return plan;
}

std::vector<std::string> read_madagascar_plan(std::istream &in) {
  std::vector<std::string> plan;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto colon = line.find(':');
    if (line.compare(0, 5, "STEP ") != 0 || colon == std::string::npos) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) {
        throw InputError("plan line " + std::to_string(number) +
                         ": expected STEP k: action() ...");
      }
      continue;
    }
    std::istringstream actions(line.substr(colon + 1));
    for (std::string word; actions >> word;) {
      const auto open = word.find('(');
      if (open == 0 || open == std::string::npos ||
          word.substr(open) != "()") {
        throw InputError("plan line " + std::to_string(number) +
                         ": expected action() at '" + word + "'");
      }
      std::string name;
      for (char c : word.substr(0, open)) {
        name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      plan.push_back(name);
    }
  }
  return plan;
}

} // namespace satslide::task
