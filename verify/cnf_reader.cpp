#include "satslide/verify/cnf_reader.hpp"

#include <charconv>
#include <climits>
#include <cstdlib>

namespace satslide::verify {

std::span<const int> Cnf::clause(std::size_t i) const {
  const int64_t begin = starts[i];
  const int64_t end = i + 1 < starts.size() ? starts[i + 1] - 1
                                            : static_cast<int64_t>(literals.size()) - 1;
  return {literals.data() + begin, static_cast<std::size_t>(end - begin)};
}

namespace {

struct Header {
  long vars = -1, clauses = -1;
};

Header read_header(const std::string &line, const std::string &where) {
  char p[2], fmt[4];
  long vars = -1, clauses = -1;
  int used = 0;
  if (std::sscanf(line.c_str(), "%1s %3s %ld %ld %n", p, fmt, &vars, &clauses,
                  &used) != 4 ||
      std::string(fmt) != "cnf" || vars < 0 || vars > INT_MAX / 2 ||
      clauses < 0 || line.find_first_not_of(" \t\r", used) != std::string::npos) {
    throw Refused(where + ": a bad 'p cnf' header");
  }
  return {vars, clauses};
}

// One line's literals, appended to the clauses; `open` says whether a
// clause is begun and not yet ended (a clause may span lines).
void read_literals(const std::string &line, const std::string &where,
                   long header_clauses, Cnf &cnf, bool &open) {
  const char *p = line.data(), *end = line.data() + line.size();
  while (true) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) {
      ++p;
    }
    if (p == end) {
      return;
    }
    int lit = 0;
    const auto [next, error] = std::from_chars(p, end, lit);
    if (error != std::errc() || lit == INT_MIN) {
      throw Refused(where + ": not a literal");
    }
    p = next;
    if (std::abs(lit) > cnf.vars) {
      throw Refused(where + ": literal " + std::to_string(lit) +
                    " beyond the header's " + std::to_string(cnf.vars) +
                    " variables");
    }
    if (!open) {
      if (static_cast<long>(cnf.starts.size()) == header_clauses) {
        throw Refused(where + ": more clauses than the header's " +
                      std::to_string(header_clauses));
      }
      cnf.starts.push_back(static_cast<int64_t>(cnf.literals.size()));
      open = true;
    }
    cnf.literals.push_back(lit);
    open = lit != 0;
  }
}

} // namespace

Cnf read_cnf(std::istream &in, const std::string &name) {
  Cnf cnf;
  Header header;
  std::string line;
  long line_no = 0;
  bool open = false; // a clause begun and not yet ended
  while (std::getline(in, line)) {
    ++line_no;
    const std::string where = name + " line " + std::to_string(line_no);
    if (line.empty()) {
      continue;
    }
    if (line[0] == 'c') {
      cnf.comments.push_back(line.size() > 2 ? line.substr(2) : "");
    } else if (line[0] == 'p') {
      if (header.vars >= 0) {
        throw Refused(where + ": a second 'p cnf' header");
      }
      header = read_header(line, where);
      cnf.vars = static_cast<int>(header.vars);
    } else if (header.vars < 0) {
      throw Refused(where + ": a clause before the 'p cnf' header");
    } else {
      read_literals(line, where, header.clauses, cnf, open);
    }
  }
  if (header.vars < 0) {
    throw Refused(name + ": no 'p cnf' header");
  }
  if (open || static_cast<long>(cnf.starts.size()) != header.clauses) {
    throw Refused(name + ": the header says " + std::to_string(header.clauses) +
                  " clauses, the file holds " +
                  std::to_string(cnf.starts.size()) +
                  (open ? " and an unended one" : ""));
  }
  return cnf;
}

} // namespace satslide::verify
