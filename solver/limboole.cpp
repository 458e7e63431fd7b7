#include "limboole.hpp"

#include "dimacs.hpp"

#include <cctype>
#include <ostream>
#include <set>

namespace satslide::solver {

namespace {

// "t=3 fluent 17 tile 6 at r1c2" -> "t3_tile_6_at_r1c2"; "" -> "v<var>".
std::string identifier(const std::string &name, int var) {
  std::string text = name;
  const auto fluent = text.find(" fluent ");
  if (fluent != std::string::npos) {
    const auto after = text.find(' ', fluent + 8);
    text.erase(fluent, after == std::string::npos ? std::string::npos
                                                  : after - fluent);
  }
  std::string id;
  for (unsigned char c : text) {
    if (std::isalnum(c)) {
      id += static_cast<char>(c);
    } else if (!id.empty() && id.back() != '_') {
      id += '_';
    }
  }
  while (!id.empty() && id.back() == '_') {
    id.pop_back();
  }
  if (id.empty() || !std::isalpha(static_cast<unsigned char>(id[0]))) {
    id = "v" + std::to_string(var) + (id.empty() ? "" : "_" + id);
  }
  return id;
}

} // namespace

void write_horizon_limboole(std::ostream &out, encoder::Encoding &encoding,
                            int n, const std::string &title) {
  DimacsSink sink;
  encode_horizon(encoding, n, sink);
  std::vector<std::string> ids(sink.num_vars() + 1);
  std::set<std::string> taken;
  for (int v = 1; v <= sink.num_vars(); ++v) {
    const std::string &name =
        v - 1 < static_cast<int>(sink.names().size()) ? sink.names()[v - 1]
                                                       : std::string();
    std::string id = identifier(name, v);
    if (taken.count(id)) {
      id += "_" + std::to_string(v);
    }
    taken.insert(id);
    ids[v] = id;
  }
  out << "% " << title << ": is there a plan of exactly " << n
      << " moves?\n% written by satslide; run: limboole -s FILE "
         "(satisfiable: a plan; the model's t<k>_ variables are the "
         "positions)\n";
  bool first = true;
  for (const auto &clause : sink.clauses()) {
    out << (first ? "  (" : "& (");
    first = false;
    if (clause.empty()) {
      out << "empty_clause & !empty_clause)\n";
      continue;
    }
    for (std::size_t k = 0; k < clause.size(); ++k) {
      const int lit = clause[k];
      out << (k ? " | " : "") << (lit < 0 ? "!" : "") << ids[std::abs(lit)];
    }
    out << ")\n";
  }
  if (first) {
    out << "  (no_clause | !no_clause)\n"; // true
  }
}

} // namespace satslide::solver
