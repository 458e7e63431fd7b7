// Where an encoding puts its variables and clauses: an incremental SAT
// solver, a DIMACS file, or a counter. Encodings know only this interface.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace satslide::encoder {

class ClauseSink {
public:
  virtual ~ClauseSink() = default;

  int new_var() { return ++m_vars; }
  void add_clause(const std::vector<int> &lits) {
    ++m_clauses;
    m_literals += static_cast<int64_t>(lits.size());
    write_clause(lits);
  }
  // A clause stored elsewhere (a ClauseList), copied in.
  void copy_clause(std::span<const int> lits) {
    ++m_clauses;
    m_literals += static_cast<int64_t>(lits.size());
    write_clause(lits);
  }
  // Records what a variable means (DIMACS comments); ignored by solvers.
  virtual bool wants_names() const { return false; }
  virtual void name_var(int /*var*/, const std::string & /*meaning*/) {}

  int num_vars() const { return m_vars; }
  int64_t num_clauses() const { return m_clauses; }
  int64_t num_literals() const { return m_literals; }

  // The bytes this sink would hold for a formula of that size (0: it
  // stores nothing): what lets a horizon too large be refused before it
  // is encoded (solver/memory_budget.hpp).
  virtual double bytes_for(double /*vars*/, double /*clauses*/,
                           double /*literals*/) const {
    return 0;
  }

protected:
  virtual void write_clause(std::span<const int> lits) = 0;

private:
  int m_vars = 0;
  int64_t m_clauses = 0;
  int64_t m_literals = 0;
};

// Counts without storing: for statistics and tests.
class CountingSink : public ClauseSink {
protected:
  void write_clause(std::span<const int>) override {}
};

// Clauses one after another in one array: storing a clause allocates
// nothing of its own (a vector per clause was a sixth of a tiny board's
// run, in malloc and free). Iterating yields each clause as a span.
class ClauseList {
public:
  class const_iterator {
  public:
    const_iterator(const ClauseList &list, std::size_t i)
        : m_list(&list), m_i(i) {}
    std::span<const int> operator*() const { return (*m_list)[m_i]; }
    const_iterator &operator++() {
      ++m_i;
      return *this;
    }
    bool operator==(const const_iterator &other) const = default;

  private:
    const ClauseList *m_list;
    std::size_t m_i;
  };

  void push_back(std::span<const int> lits) {
    m_lits.insert(m_lits.end(), lits.begin(), lits.end());
    m_ends.push_back(m_lits.size());
  }
  std::size_t size() const { return m_ends.size(); }
  std::span<const int> operator[](std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : m_ends[i - 1];
    return {m_lits.data() + begin, m_ends[i] - begin};
  }
  const_iterator begin() const { return {*this, 0}; }
  const_iterator end() const { return {*this, size()}; }
  // The same clauses, literal for literal, in the same order.
  bool same_as(const std::vector<std::vector<int>> &clauses) const {
    if (clauses.size() != size()) {
      return false;
    }
    for (std::size_t i = 0; i < size(); ++i) {
      const std::span<const int> mine = (*this)[i];
      if (!std::equal(mine.begin(), mine.end(), clauses[i].begin(),
                      clauses[i].end())) {
        return false;
      }
    }
    return true;
  }

private:
  std::vector<int> m_lits;
  std::vector<std::size_t> m_ends; // one past each clause's last literal
};

// Keeps every clause in memory: for tests and model checking.
class StoringSink : public ClauseSink {
public:
  const ClauseList &clauses() const { return m_stored; }
  // The literals, and an end offset a clause.
  double bytes_for(double, double clauses, double literals) const override {
    return 4 * literals + 8 * clauses;
  }

protected:
  void write_clause(std::span<const int> lits) override {
    m_stored.push_back(lits);
  }

private:
  ClauseList m_stored;
};

} // namespace satslide::encoder
