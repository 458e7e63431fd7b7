// Where an encoding puts its variables and clauses: an incremental SAT
// solver, a DIMACS file, or a counter. Encodings know only this interface.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace satslide::encoder {

class ClauseSink {
public:
  virtual ~ClauseSink() = default;

  int new_var() { return ++m_vars; }
  void add_clause(const std::vector<int> &lits) {
    ++m_clauses;
    write_clause(lits);
  }
  // Records what a variable means (DIMACS comments); ignored by solvers.
  virtual bool wants_names() const { return false; }
  virtual void name_var(int /*var*/, const std::string & /*meaning*/) {}

  int num_vars() const { return m_vars; }
  int64_t num_clauses() const { return m_clauses; }

protected:
  virtual void write_clause(const std::vector<int> &lits) = 0;

private:
  int m_vars = 0;
  int64_t m_clauses = 0;
};

// Counts without storing: for statistics and tests.
class CountingSink : public ClauseSink {
protected:
  void write_clause(const std::vector<int> &) override {}
};

// Keeps every clause in memory: for tests and model checking.
class StoringSink : public ClauseSink {
public:
  const std::vector<std::vector<int>> &clauses() const { return m_stored; }

protected:
  void write_clause(const std::vector<int> &lits) override {
    m_stored.push_back(lits);
  }

private:
  std::vector<std::vector<int>> m_stored;
};

} // namespace satslide::encoder
