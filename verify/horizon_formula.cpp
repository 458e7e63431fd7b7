#include "satslide/verify/horizon_formula.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/task/input_error.hpp"

#include <algorithm>
#include <charconv>

namespace satslide::verify {

FormulaHeader read_formula_header(const Cnf &cnf, const std::string &name) {
  FormulaHeader h;
  for (const std::string &line : cnf.comments) {
    const auto space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "puzzle") {
      h.instance.kind = rest;
    } else if (key == "param") {
      const auto gap = rest.find(' ');
      h.instance.params[rest.substr(0, gap)] =
          gap == std::string::npos ? "" : rest.substr(gap + 1);
    } else if (key == "encoding") {
      h.encoding = rest;
    } else if (key == "within") {
      h.within = true;
    } else if (key == "horizon") {
      const auto [end, error] =
          std::from_chars(rest.data(), rest.data() + rest.size(), h.horizon);
      if (error != std::errc() || end != rest.data() + rest.size() ||
          h.horizon < 0) {
        throw Refused(name + ": a bad 'c horizon' line");
      }
    }
  }
  if (h.instance.kind.empty() || h.encoding.empty() || h.horizon < 0) {
    throw Refused(name + ": not a satslide CNF (its comments do not name "
                         "the puzzle, the encoding and the horizon)");
  }
  return h;
}

namespace {

// Stores what the encoder writes, and stops it once it writes more
// clauses than the file holds (a forged horizon takes no more memory
// than the file it came with).
class BoundedSink : public encoder::StoringSink {
public:
  explicit BoundedSink(std::size_t max) : m_max(max) {}
  bool over() const { return m_over; }

protected:
  void write_clause(std::span<const int> lits) override {
    if (clauses().size() >= m_max) {
      m_over = true;
      return;
    }
    encoder::StoringSink::write_clause(lits);
  }

private:
  std::size_t m_max;
  bool m_over = false;
};

} // namespace

void check_formula(const Cnf &cnf, const FormulaHeader &header,
                   const std::string &name) {
  std::unique_ptr<puzzles::Puzzle> puzzle;
  try {
    puzzle = puzzles::make_puzzle(header.instance);
  } catch (const std::exception &e) {
    throw Refused(name + ": its instance: " + e.what());
  }
  const encoder::EncodingInfo *info = encoder::find_encoding(header.encoding);
  if (!info) {
    throw Refused(name + ": unknown encoding '" + header.encoding + "'");
  }
  if (header.within && !info->make_within) {
    throw Refused(name + ": 'within' a horizon, which the encoding '" +
                  header.encoding + "' has no formula for");
  }
  const task::Task task = puzzle->compile();
  const auto encoding =
      header.within ? info->make_within(task) : info->make(task);
  BoundedSink sink(cnf.size());
  encoding->encode_initial(sink);
  for (int t = 0; t < header.horizon && !sink.over(); ++t) {
    encoding->encode_step(t, sink);
  }
  if (!sink.over()) {
    encoding->encode_goal(header.horizon, 0, sink);
  }
  std::size_t i = 0;
  for (const auto clause : sink.clauses()) {
    const auto theirs = cnf.clause(i);
    if (!std::equal(clause.begin(), clause.end(), theirs.begin(), theirs.end())) {
      throw Refused(name + ": clause " + std::to_string(i + 1) +
                    " is not the formula's (of " + header.instance.kind +
                    ", " + header.encoding + ", horizon " +
                    std::to_string(header.horizon) + ")");
    }
    ++i;
  }
  if (sink.over() || i != cnf.size() || sink.num_vars() != cnf.vars) {
    throw Refused(name + ": holds " + std::to_string(cnf.size()) +
                  " clauses over " + std::to_string(cnf.vars) +
                  " variables; the formula of horizon " +
                  std::to_string(header.horizon) + " has " +
                  (sink.over() ? "more clauses"
                               : std::to_string(i) + " over " +
                                     std::to_string(sink.num_vars())));
  }
}

} // namespace satslide::verify
