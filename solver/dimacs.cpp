#include "dimacs.hpp"
#include "memory_budget.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace satslide::solver {

void DimacsSink::name_var(int var, const std::string &meaning) {
  if (static_cast<int>(m_names.size()) < var) {
    m_names.resize(var);
  }
  m_names[var - 1] = meaning;
}

void encode_horizon(encoder::Encoding &encoding, int n, DimacsSink &sink) {
  constexpr double k_max_vars = 2147483647.0, k_max_clauses = 268435456.0;
  encoding.encode_initial(sink);
  for (int t = 0; t < n; ++t) {
    const FormulaSize before = FormulaSize::of(sink);
    encoding.encode_step(t, sink);
    if (t == 1) {
      // Steps after the first cost what the second did.
      const FormulaSize now = FormulaSize::of(sink);
      const double vars = now.vars + (n - 2.0) * (now.vars - before.vars);
      const double clauses =
          now.clauses + (n - 2.0) * (now.clauses - before.clauses);
      if (vars > k_max_vars || clauses > k_max_clauses) {
        std::ostringstream why;
        why.precision(3);
        why << "--horizon " << n << ": the formula would have about " << vars
            << " variables and " << clauses
            << " clauses, more than can be written (at most 2^31 - 1 "
               "variables, as DIMACS readers take, and 2^28 clauses)";
        throw std::invalid_argument(why.str());
      }
    }
    if (t >= 1) { // after the format's limits, which say more
      check_formula_fits(sink, before, t + 1, n, "--horizon");
    }
  }
  encoding.encode_goal(n, 0, sink);
}

void write_horizon_dimacs(std::ostream &out, encoder::Encoding &encoding, int n,
                          const puzzles::PuzzleSpec &spec,
                          const std::string &encoding_name, bool within) {
  DimacsSink sink;
  encode_horizon(encoding, n, sink);
  write_dimacs(out, sink, n, spec, encoding_name, within);
}

void write_dimacs(std::ostream &out, const DimacsSink &sink, int n,
                  const puzzles::PuzzleSpec &spec,
                  const std::string &encoding_name, bool within) {
  if (within) {
    out << "c satslide CNF: is there a plan of " << n << ", " << n
        << " - 2, ... moves (at most " << n << ", of its parity)?\n";
  } else {
    out << "c satslide CNF: is there a plan of exactly " << n << " moves?\n";
  }
  out << "c decode a solver's answer with: satslide decode --cnf FILE "
         "--model ANSWER\n";
  out << "c puzzle " << spec.kind << '\n';
  for (const auto &[key, value] : spec.params) {
    out << "c param " << key << ' ' << value << '\n';
  }
  out << "c encoding " << encoding_name << '\n';
  out << "c horizon " << n << '\n';
  if (within) {
    out << "c within\n";
  }
  const auto &names = sink.names();
  for (std::size_t v = 0; v < names.size(); ++v) {
    if (!names[v].empty()) {
      out << "c var " << v + 1 << ' ' << names[v] << '\n';
    }
  }
  out << "p cnf " << sink.num_vars() << ' ' << sink.clauses().size() << '\n';
  for (const auto &clause : sink.clauses()) {
    for (int lit : clause) {
      out << lit << ' ';
    }
    out << "0\n";
  }
}

CnfFile read_cnf(std::istream &in) {
  CnfFile cnf;
  std::string line;
  bool header = false;
  int declared = 0;
  std::vector<int> clause;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty()) {
      continue;
    }
    if (line[0] == 'c') {
      cnf.comments.push_back(line.size() > 2 ? line.substr(2) : "");
      continue;
    }
    std::istringstream fields(line);
    if (line[0] == 'p') {
      std::string p, fmt, extra;
      if (header || !(fields >> p >> fmt >> cnf.vars >> declared) ||
          fmt != "cnf" || cnf.vars < 0 || declared < 0 || fields >> extra) {
        throw FormatError("CNF line " + std::to_string(line_no) +
                          ": bad 'p cnf' header");
      }
      header = true;
      continue;
    }
    if (!header) {
      throw FormatError("CNF line " + std::to_string(line_no) +
                        ": clause before the 'p cnf' header");
    }
    int lit;
    while (fields >> lit) {
      if (lit == 0) {
        cnf.clauses.push_back(clause);
        clause.clear();
      } else if (lit == INT_MIN || std::abs(lit) > cnf.vars) {
        throw FormatError("CNF line " + std::to_string(line_no) + ": literal " +
                          std::to_string(lit) +
                          " beyond the declared variables");
      } else {
        clause.push_back(lit);
      }
    }
    if (!fields.eof()) {
      throw FormatError("CNF line " + std::to_string(line_no) +
                        ": not a number");
    }
  }
  if (!header) {
    throw FormatError("CNF has no 'p cnf' header");
  }
  if (!clause.empty() || static_cast<int>(cnf.clauses.size()) != declared) {
    throw FormatError("CNF declares " + std::to_string(declared) +
                      " clauses but holds " +
                      std::to_string(cnf.clauses.size()));
  }
  return cnf;
}

CnfMap read_map(const CnfFile &cnf) {
  CnfMap map;
  for (const std::string &c : cnf.comments) {
    std::istringstream in(c);
    std::string word;
    in >> word;
    if (word == "puzzle") {
      in >> map.spec.kind;
    } else if (word == "param") {
      std::string key, value;
      in >> key;
      std::getline(in >> std::ws, value);
      map.spec.params[key] = value;
    } else if (word == "encoding") {
      in >> map.encoding;
    } else if (word == "horizon") {
      in >> map.horizon;
    } else if (word == "within") {
      map.within = true;
    } else if (word == "var") {
      CnfMap::FluentVar v{};
      std::string step, kind;
      if (in >> v.var >> step >> kind && kind == "fluent" &&
          step.rfind("t=", 0) == 0 && in >> v.fluent) {
        v.step = std::atoi(step.c_str() + 2);
        std::getline(in >> std::ws, v.name);
        map.fluents.push_back(v);
      }
    }
  }
  if (map.spec.kind.empty() || map.horizon < 0) {
    throw FormatError("the CNF was not written by 'satslide dimacs': its "
                      "comments do not name a puzzle and a horizon");
  }
  return map;
}

namespace {

// A solver's answer, line by line: one status line (SAT-competition "s
// ..." or minisat's bare "SAT"/"UNSAT"/"INDET"), then the model's
// literals ("v ..." lines, or bare numbers after minisat's status), ended
// by 0.
class AnswerReader {
public:
  void read(const std::string &line);
  SolverAnswer answer() const;

private:
  void status(const std::string &first, std::istringstream &fields);
  void literals(std::istringstream &fields);

  SolverAnswer m_answer;
  bool m_have_status = false, m_minisat_style = false, m_ended = false;
};

void AnswerReader::read(const std::string &line) {
  std::istringstream fields(line);
  std::string first;
  if (!(fields >> first) || first == "c") {
    return;
  }
  if (first == "s" || (!m_have_status && (first == "SAT" || first == "UNSAT" ||
                                          first == "INDET"))) {
    status(first, fields);
    return;
  }
  if (first != "v") {
    if (!m_minisat_style) {
      throw FormatError("unexpected line in answer: '" + line + "'");
    }
    fields.clear();
    fields.str(line);
  }
  if (m_ended) {
    throw FormatError("model continues after its terminating 0");
  }
  literals(fields);
}

void AnswerReader::status(const std::string &first,
                          std::istringstream &fields) {
  std::string status = first;
  if (first == "s") {
    fields >> status;
  } else {
    m_minisat_style = true;
  }
  if (m_have_status) {
    throw FormatError("answer has more than one status line");
  }
  m_have_status = true;
  if (status == "SATISFIABLE" || status == "SAT") {
    m_answer.status = AnswerStatus::sat;
  } else if (status == "UNSATISFIABLE" || status == "UNSAT") {
    m_answer.status = AnswerStatus::unsat;
  } else if (status == "UNKNOWN" || status == "INDET") {
    m_answer.status = AnswerStatus::unknown;
  } else {
    throw FormatError("unknown status '" + status + "'");
  }
}

void AnswerReader::literals(std::istringstream &fields) {
  std::string token;
  while (fields >> token) {
    int lit;
    try {
      std::size_t used = 0;
      lit = std::stoi(token, &used);
      if (used != token.size() || lit == INT_MIN) {
        throw std::invalid_argument(token);
      }
    } catch (const std::exception &) {
      throw FormatError("answer: '" + token + "' is not a literal");
    }
    if (lit == 0) {
      m_ended = true;
      return;
    }
    m_answer.literals.push_back(lit);
  }
}

SolverAnswer AnswerReader::answer() const {
  if (!m_have_status) {
    throw FormatError("answer has no status line ('s SATISFIABLE' or "
                      "minisat's 'SAT')");
  }
  if (m_answer.status == AnswerStatus::sat && !m_ended) {
    throw FormatError("answer says SATISFIABLE but its model does not end "
                      "with 0");
  }
  return m_answer;
}

// The largest variable the clauses, the model or the map use: the values
// are stored up to it, not up to the header's count (which may be huge).
int largest_var(const CnfFile &cnf, const CnfMap &map,
                const SolverAnswer &answer) {
  int largest = 0;
  for (const auto &clause : cnf.clauses) {
    for (int lit : clause) {
      largest = std::max(largest, std::abs(lit));
    }
  }
  for (int lit : answer.literals) {
    largest = std::max(largest, std::abs(lit));
  }
  for (const auto &v : map.fluents) {
    largest = std::max(largest, v.var);
  }
  return largest;
}

} // namespace

SolverAnswer read_answer(std::istream &in) {
  AnswerReader reader;
  for (std::string line; std::getline(in, line);) {
    reader.read(line);
  }
  return reader.answer();
}

namespace {

// The model as values per variable (1, -1, 0 = unassigned), checked
// against every clause.
std::vector<signed char> model_values(const CnfFile &cnf, const CnfMap &map,
                                      const SolverAnswer &answer) {
  std::vector<signed char> value(
      static_cast<std::size_t>(largest_var(cnf, map, answer)) + 1, 0);
  for (int lit : answer.literals) {
    const int var = std::abs(lit);
    if (var > cnf.vars) {
      throw FormatError("model names variable " + std::to_string(var) +
                        " but the CNF has " + std::to_string(cnf.vars));
    }
    const signed char v = lit > 0 ? 1 : -1;
    if (value[var] == -v) {
      throw FormatError("model assigns variable " + std::to_string(var) +
                        " both ways");
    }
    value[var] = v;
  }
  for (std::size_t i = 0; i < cnf.clauses.size(); ++i) {
    bool satisfied = false;
    for (int lit : cnf.clauses[i]) {
      satisfied = satisfied || value[std::abs(lit)] == (lit > 0 ? 1 : -1);
    }
    if (!satisfied) {
      throw FormatError("the model does not satisfy clause " +
                        std::to_string(i + 1) + " of the CNF");
    }
  }
  return value;
}

// The states of every layer, read through the CNF's variable map, which
// must name each state variable of the task once per layer.
std::vector<task::State> model_states(const CnfFile &cnf, const CnfMap &map,
                                      const std::vector<signed char> &value,
                                      const task::Task &task) {
  // A horizon beyond what the map holds is refused before anything that
  // size is allocated.
  if ((static_cast<long long>(map.horizon) + 1) * task.num_fluents() >
      static_cast<long long>(map.fluents.size())) {
    throw FormatError("the CNF's variable map misses a state variable");
  }
  std::vector<task::State> states(map.horizon + 1,
                                  task::State(task.num_fluents(), 0));
  std::vector<std::vector<char>> seen(states.size(),
                                      std::vector<char>(task.num_fluents()));
  for (const auto &v : map.fluents) {
    if (v.step < 0 || v.step > map.horizon || v.fluent < 0 ||
        v.fluent >= task.num_fluents() || v.var < 1 || v.var > cnf.vars ||
        task.fluents[v.fluent] != v.name) {
      throw FormatError("the CNF's variable map does not match the puzzle "
                        "it names (variable " +
                        std::to_string(v.var) + ")");
    }
    states[v.step][v.fluent] = value[v.var] == 1;
    seen[v.step][v.fluent] = 1;
  }
  for (const auto &layer : seen) {
    if (std::find(layer.begin(), layer.end(), 0) != layer.end()) {
      throw FormatError("the CNF's variable map misses a state variable");
    }
  }
  return states;
}

} // namespace

task::Plan decode_answer(const CnfFile &cnf, const CnfMap &map,
                         const SolverAnswer &answer, const task::Task &task) {
  const std::vector<signed char> value = model_values(cnf, map, answer);
  std::vector<task::State> states = model_states(cnf, map, value, task);
  // Within the horizon a plan ends early and stays where it ends.
  while (map.within && states.size() > 1 &&
         states.back() == states[states.size() - 2]) {
    states.pop_back();
  }
  const auto plan = encoder::plan_from_states(task, states);
  if (!plan) {
    throw FormatError("the model's states are not linked by moves");
  }
  return *plan;
}

} // namespace satslide::solver
