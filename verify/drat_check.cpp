#include "satslide/verify/drat_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace satslide::verify {

namespace {

// A literal as an index: 2 v for v, 2 v + 1 for -v.
inline std::size_t index(int lit) {
  return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0 ? 1 : 0);
}

// A clause in Checker::m_arena: its id and its size, then its literals,
// the first two watched; a visit reads them together. Its flags, by id,
// apart (a binary clause's visit reads them alone).
constexpr int64_t k_header = 2;
struct Clause {
  int64_t begin = 0; // in the arena: the first literal (its size before)
  int pivot = 0;     // the first literal as written (RAT's pivot)
};
enum Flag : uint8_t { k_active = 1, k_core = 2, k_tautology = 4 };

// The most literals and headers the arena may hold: a long clause's watch
// names its first literal in 31 bits.
constexpr int64_t k_max_arena = (int64_t{1} << 31) - 1;

// What a propagation found.
constexpr int k_none = -1;    // nothing: every implication drawn
constexpr int k_implied = -2; // a non-core clause implied a literal

// A watch: the clause (a long one by its first literal in the arena, a
// binary one by its id and k_binary, its other literal the blocker for
// good), and another of its literals (the blocker): while the blocker is
// true the clause is satisfied and is not read.
constexpr uint32_t k_binary = uint32_t{1} << 31;
struct Watch {
  uint32_t ref;
  int blocker;
};

class Checker {
public:
  Checker(int vars, int64_t arena)
      : m_value(2 * (static_cast<std::size_t>(vars) + 1), 0),
        m_reason(vars + 1, -1), m_position(vars + 1, 0), m_seen(vars + 1, 0),
        m_top_done(vars + 1, 0),
        m_watches(2 * (static_cast<std::size_t>(vars) + 1)) {
    m_arena.reserve(static_cast<std::size_t>(arena));
  }

  // Adds a clause (original or lemma) at the top level and propagates;
  // returns its id. conflict() then says whether the top level failed.
  int add(std::span<const int> lits);
  // The id of the active clause with these literals, or -1.
  int find(std::span<const int> lits);
  // Deletes clause `id` unless it is a unit's reason: true if deleted.
  bool erase(int id);
  int conflict() const { return m_conflict; }

  // The backward pass's moves: the state before a lemma was added.
  void retract(int id, std::size_t trail_before);
  void restore(int id) { m_flags[id] |= k_active; watch(id); }
  std::size_t trail_size() const { return m_trail.size(); }
  // Marks what the top-level conflict used.
  void mark_conflict();
  bool core(int id) const { return m_flags[id] & k_core; }
  bool active(int id) const { return m_flags[id] & k_active; }
  // RUP, else RAT on its pivot; marks what the check used.
  bool check(int id, bool &by_rat);
  std::vector<int> literals(int id) const;
  // Clause id's literals, in the arena (the first two watched).
  std::span<const int> clause(int id) const {
    const int64_t begin = m_clauses[id].begin;
    return {m_arena.data() + begin,
            static_cast<std::size_t>(m_arena[begin - 1])};
  }

private:
  int value(int lit) const { return m_value[index(lit)]; }
  void assign(int lit, int reason);
  void unassign_to(std::size_t size);
  void watch(int id);
  void make_core(int id);
  bool tautology(int id) const { return m_flags[id] & k_tautology; }
  std::vector<Watch> &watches(bool in_core, int lit) {
    Watches &w = m_watches[index(lit)];
    return in_core ? w.core : w.other;
  }
  bool stays(int64_t begin, int false_lit, bool core_list);
  int visit(int false_lit, bool core_list, bool stop_at_implied,
            std::size_t from);
  int propagate(bool core_first);
  void see(int lit, std::size_t local_start, std::vector<int> &top);
  void analyze(int conflict, std::size_t local_start, int true_lit);
  void mark_top(std::vector<int> &top);
  bool rup(const std::vector<int> &lits);
  bool rat(int id);

  std::vector<int> m_arena;
  std::vector<Clause> m_clauses;
  std::vector<uint8_t> m_flags; // by id: Flag
  std::unordered_multimap<uint64_t, int> m_by_hash;
  std::vector<signed char> m_value; // by literal index: 1 true, -1 false
  std::vector<int> m_reason;        // by variable: a clause id, or -1
  std::vector<std::size_t> m_position; // by variable: on the trail
  std::vector<char> m_seen, m_top_done;
  // By literal index, the core clauses' watches apart from the others'
  // (a clause joins the core's lists when it joins the core), side by
  // side: a literal's visits read both.
  struct Watches {
    std::vector<Watch> core, other;
  };
  std::vector<Watches> m_watches;
  std::vector<int> m_trail;
  std::size_t m_head_core = 0, m_head_all = 0;
  // Where the non-core list of the literal at m_head_all resumes after
  // an implication (the watches before it are done; none is added to a
  // false literal's list).
  std::size_t m_resume = 0;
  int m_conflict = -1;
};

uint64_t hash_of(std::span<const int> lits) {
  uint64_t h = 0; // commutative: the order of the literals does not count
  for (int lit : lits) {
    uint64_t x = index(lit) * 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    h += x * 0xbf58476d1ce4e5b9ull;
  }
  return h;
}

std::vector<int> sorted_set(std::span<const int> lits) {
  std::vector<int> s(lits.begin(), lits.end());
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

void Checker::assign(int lit, int reason) {
  m_value[index(lit)] = 1;
  m_value[index(-lit)] = -1;
  const int v = std::abs(lit);
  m_reason[v] = reason;
  m_position[v] = m_trail.size();
  m_trail.push_back(lit);
  // Its watch lists are visited soon: their heads on the way (a visit's
  // time is mostly the loads of a list's head and of its first watches).
  const Watches &w = m_watches[index(-lit)];
  __builtin_prefetch(&w);
}

void Checker::unassign_to(std::size_t size) {
  while (m_trail.size() > size) {
    const int lit = m_trail.back();
    m_trail.pop_back();
    m_value[index(lit)] = m_value[index(-lit)] = 0;
    m_reason[std::abs(lit)] = -1;
    m_top_done[std::abs(lit)] = 0;
  }
  m_head_core = std::min(m_head_core, size);
  m_head_all = std::min(m_head_all, size);
  m_resume = 0;
}

void Checker::watch(int id) {
  const std::span<const int> lits = clause(id);
  if (lits.size() >= 2 && !tautology(id)) {
    const int a = lits[0], b = lits[1];
    const uint32_t ref =
        lits.size() == 2 ? static_cast<uint32_t>(id) | k_binary
                         : static_cast<uint32_t>(m_clauses[id].begin);
    watches(core(id), a).push_back({ref, b});
    watches(core(id), b).push_back({ref, a});
  }
}

// A clause joins the core: its watches are added to the core's lists
// (those in the others' lists are dropped when next visited).
void Checker::make_core(int id) {
  if (!core(id)) {
    m_flags[id] |= k_core;
    watch(id);
  }
}

int Checker::add(std::span<const int> lits) {
  const std::vector<int> set = sorted_set(lits);
  const int id = static_cast<int>(m_clauses.size());
  Clause c;
  c.begin = static_cast<int64_t>(m_arena.size()) + k_header;
  c.pivot = lits.empty() ? 0 : lits[0];
  bool tautological = false;
  for (std::size_t i = 1; i < set.size(); ++i) {
    tautological = tautological || set[i] == -set[i - 1];
  }
  // The pivot first, then the others: two not false (if any) watched.
  m_arena.push_back(id);
  m_arena.push_back(static_cast<int>(set.size()));
  m_arena.push_back(c.pivot);
  for (int lit : set) {
    if (lit != c.pivot) {
      m_arena.push_back(lit);
    }
  }
  m_clauses.push_back(c);
  m_flags.push_back(k_active | (tautological ? k_tautology : 0));
  m_by_hash.emplace(hash_of(set), id);
  if (tautological) {
    return id;
  }
  int *first = m_arena.data() + c.begin;
  int *end = first + set.size();
  std::stable_partition(first, end, [&](int lit) { return value(lit) >= 0; });
  const long open = std::count_if(first, end, [&](int l) { return value(l) >= 0; });
  if (set.size() >= 2) {
    watch(id);
  }
  if (open == 0) {
    m_conflict = id;
  } else if (open == 1 && value(first[0]) == 0) {
    assign(first[0], id);
  }
  if (m_conflict < 0) {
    const int found = propagate(false);
    m_conflict = found >= 0 ? found : m_conflict;
  }
  return id;
}

int Checker::find(std::span<const int> lits) {
  const std::vector<int> set = sorted_set(lits);
  auto [it, end] = m_by_hash.equal_range(hash_of(set));
  for (; it != end; ++it) {
    if (active(it->second) && sorted_set(clause(it->second)) == set) {
      const int id = it->second;
      m_by_hash.erase(it);
      return id;
    }
  }
  return -1;
}

bool Checker::erase(int id) {
  const std::span<const int> lits = clause(id);
  // A binary clause may imply either literal; a longer one its first.
  const std::size_t implying =
      tautology(id) ? 0 : std::min<std::size_t>(lits.size(), 2);
  for (std::size_t k = 0; k < implying; ++k) {
    const int lit = lits[k];
    if (value(lit) > 0 && m_reason[std::abs(lit)] == id) {
      m_by_hash.emplace(hash_of(sorted_set(lits)), id); // still held
      return false;
    }
  }
  m_flags[id] &= ~k_active;
  return true;
}

// A long clause's watch on `false_lit`, which has just become false:
// false if the watch leaves this list (the clause retracted, watching
// elsewhere now, core in the non-core list, or moved to a literal not
// false); true if it stays, its other watch first: true, or the clause
// unit or false on it.
bool Checker::stays(int64_t begin, int false_lit, bool core_list) {
  int *lits = m_arena.data() + begin;
  const uint8_t flags = m_flags[lits[-k_header]];
  const int size = lits[1 - k_header];
  if (!(flags & k_active) || (lits[0] != false_lit && lits[1] != false_lit) ||
      (!core_list && (flags & k_core))) {
    return false;
  }
  if (lits[0] == false_lit) {
    std::swap(lits[0], lits[1]);
  }
  if (value(lits[0]) > 0) {
    return true;
  }
  int k = 2;
  while (k < size && value(lits[k]) < 0) {
    ++k;
  }
  if (k == size) {
    return true;
  }
  std::swap(lits[1], lits[k]);
  watches(flags & k_core, lits[1])
      .push_back({static_cast<uint32_t>(begin), lits[0]});
  return false;
}

// The clauses watching `false_lit`, which has just become false, in one
// of its two lists: each finds another literal to watch, or is
// satisfied, or implies its other watch, or conflicts (returned).
// stop_at_implied stops at the first implication (core-first: the core
// clauses propagate before another non-core clause is used), and the
// next visit of the list resumes after it (`from`).
int Checker::visit(int false_lit, bool core_list, bool stop_at_implied,
                   std::size_t from) {
  std::vector<Watch> &list =
      core_list ? m_watches[index(false_lit)].core
                : m_watches[index(false_lit)].other;
  std::size_t i = from, j = from;
  int found = k_none;
  for (; i < list.size() && found == k_none; ++i) {
    Watch w = list[i];
    if (value(w.blocker) > 0) {
      list[j++] = w;
      continue;
    }
    int id = 0;
    if (w.ref & k_binary) { // the blocker is implied, or false
      id = static_cast<int>(w.ref & ~k_binary);
      const uint8_t flags = m_flags[id];
      if (!(flags & k_active) || (!core_list && (flags & k_core))) {
        continue; // retracted or core: dropped
      }
    } else if (stays(w.ref, false_lit, core_list)) {
      id = m_arena[w.ref - k_header];
      w.blocker = m_arena[w.ref];
    } else {
      continue;
    }
    list[j++] = w;
    if (value(w.blocker) < 0) {
      found = id;
    } else if (value(w.blocker) == 0) {
      assign(w.blocker, id);
      found = stop_at_implied ? k_implied : k_none;
    }
  }
  const std::size_t done = j;
  for (; i < list.size(); ++i) {
    list[j++] = list[i];
  }
  list.resize(j);
  if (found == k_implied) {
    m_resume = done;
  }
  return found;
}

int Checker::propagate(bool core_first) {
  while (true) {
    if (m_head_core < m_trail.size()) {
      if (m_head_core + 1 < m_trail.size()) {
        const Watches &next = m_watches[index(-m_trail[m_head_core + 1])];
        __builtin_prefetch(next.core.data());
        __builtin_prefetch(next.other.data());
      }
      const int found = visit(-m_trail[m_head_core], true, false, 0);
      if (found >= 0) {
        return found;
      }
      ++m_head_core;
      if (core_first) {
        continue;
      }
    }
    if (m_head_all < m_trail.size()) { // core_first: the core's are done
      const int found =
          visit(-m_trail[m_head_all], false, core_first, m_resume);
      if (found >= 0) {
        return found;
      }
      if (found != k_implied) {
        ++m_head_all;
        m_resume = 0;
      }
      continue;
    }
    if (m_head_core == m_trail.size()) {
      return k_none;
    }
  }
}

void Checker::see(int lit, std::size_t local_start, std::vector<int> &top) {
  const int v = std::abs(lit);
  if (m_position[v] < local_start) {
    top.push_back(v);
  } else {
    m_seen[v] = 1;
  }
}

// Marks as core the conflict clause and every reason the conflict rests
// on: the local ones by walking the trail back, the top-level ones (and
// theirs) once each until the top level shrinks.
void Checker::analyze(int conflict, std::size_t local_start, int true_lit) {
  std::vector<int> top;
  if (conflict >= 0) {
    make_core(conflict);
    for (int lit : clause(conflict)) {
      see(lit, local_start, top);
    }
  } else {
    see(true_lit, local_start, top);
  }
  for (std::size_t p = m_trail.size(); p-- > local_start;) {
    const int v = std::abs(m_trail[p]);
    if (!m_seen[v]) {
      continue;
    }
    m_seen[v] = 0;
    const int r = m_reason[v];
    if (r >= 0) {
      make_core(r);
      for (int lit : clause(r)) {
        if (std::abs(lit) != v) {
          see(lit, local_start, top);
        }
      }
    }
  }
  mark_top(top);
}

void Checker::mark_top(std::vector<int> &top) {
  while (!top.empty()) {
    const int v = top.back();
    top.pop_back();
    if (m_top_done[v]) {
      continue;
    }
    m_top_done[v] = 1;
    const int r = m_reason[v];
    if (r < 0) {
      continue;
    }
    make_core(r);
    for (int lit : clause(r)) {
      const int u = std::abs(lit);
      if (u != v && !m_top_done[u]) {
        top.push_back(u);
      }
    }
  }
}

void Checker::mark_conflict() { analyze(m_conflict, m_trail.size(), 0); }

// Reverse unit propagation: the negation of `lits` and the active
// clauses propagate to a conflict.
bool Checker::rup(const std::vector<int> &lits) {
  const std::size_t start = m_trail.size();
  m_head_core = m_head_all = start;
  m_resume = 0;
  for (int lit : lits) {
    if (value(lit) > 0) {
      analyze(-1, start, lit);
      unassign_to(start);
      return true;
    }
    if (value(lit) == 0) {
      assign(-lit, -1);
    }
  }
  const int conflict = propagate(true);
  if (conflict >= 0) {
    analyze(conflict, start, 0);
  }
  unassign_to(start);
  m_head_core = m_head_all = start;
  m_resume = 0;
  return conflict >= 0;
}

std::vector<int> Checker::literals(int id) const {
  const std::span<const int> lits = clause(id);
  return {lits.begin(), lits.end()};
}

// Resolution asymmetric tautology on the pivot: every resolvent with an
// active clause holding -pivot has the RUP property.
bool Checker::rat(int id) {
  const int pivot = m_clauses[id].pivot;
  if (pivot == 0) {
    return false;
  }
  const std::vector<int> lemma = literals(id);
  for (int d = 0; d < static_cast<int>(m_clauses.size()); ++d) {
    if (!active(d) || tautology(d)) {
      continue;
    }
    std::vector<int> other = literals(d);
    if (std::find(other.begin(), other.end(), -pivot) == other.end()) {
      continue;
    }
    std::vector<int> resolvent = lemma;
    for (int lit : other) {
      if (lit != -pivot) {
        resolvent.push_back(lit);
      }
    }
    if (!rup(resolvent)) {
      return false;
    }
    make_core(d);
  }
  return true;
}

bool Checker::check(int id, bool &by_rat) {
  by_rat = false;
  if (tautology(id) || rup(literals(id))) {
    return true;
  }
  by_rat = true;
  return rat(id);
}

void Checker::retract(int id, std::size_t trail_before) {
  m_flags[id] &= ~k_active;
  unassign_to(trail_before);
}

std::string describe(std::span<const int> lits) {
  std::string s;
  for (std::size_t i = 0; i < lits.size() && i < 12; ++i) {
    s += std::to_string(lits[i]) + " ";
  }
  return s + (lits.size() > 12 ? "... 0" : "0");
}

// The forward pass: every lemma added, every deletion performed, up to
// the first top-level conflict. Per item: the lemma's clause id or the
// deleted clause's (-1: none), and the trail's size before it.
struct Forward {
  std::vector<int> clause;
  std::vector<std::size_t> trail_before;
  long conflict_item = -1; // -1: the formula's own clauses conflict
  bool conflict = false;
};

Forward forward(Checker &checker, const Cnf &cnf, const Proof &proof,
                DratCheck &result) {
  Forward f;
  for (std::size_t i = 0; i < cnf.size() && checker.conflict() < 0; ++i) {
    checker.add(cnf.clause(i));
  }
  f.conflict = checker.conflict() >= 0;
  for (std::size_t i = 0; i < proof.items.size() && !f.conflict; ++i) {
    f.trail_before.push_back(checker.trail_size());
    const auto lits = proof.clause(i);
    if (!proof.items[i].deletion) {
      f.clause.push_back(checker.add(lits));
      f.conflict = checker.conflict() >= 0;
      f.conflict_item = f.conflict ? static_cast<long>(i) : -1;
      continue;
    }
    const int id = checker.find(lits);
    if (id < 0) {
      ++result.missing_deletions;
    } else if (!checker.erase(id)) {
      ++result.ignored_unit_deletions;
    }
    f.clause.push_back(id >= 0 && !checker.active(id) ? id : -1);
  }
  return f;
}

// Item `item`'s number among the proof's lemmas (1 for the first).
long lemma_number(const Proof &proof, long item) {
  return std::count_if(proof.items.begin(), proof.items.begin() + item + 1,
                       [](const Proof::Item &i) { return !i.deletion; });
}

} // namespace

DratCheck check_drat(const Cnf &cnf, const Proof &proof,
                     const std::function<bool()> &stop) {
  const auto start = std::chrono::steady_clock::now();
  DratCheck result;
  result.lemmas = proof.lemmas();
  const auto done = [&](bool refuted, std::string failure) {
    result.refuted = refuted;
    result.failure = std::move(failure);
    result.seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    return result;
  };
  // Each clause's literals and its header (two words for its 0).
  const int64_t arena = static_cast<int64_t>(
      cnf.literals.size() + cnf.size() + proof.literals.size() +
      proof.items.size());
  if (arena > k_max_arena) {
    return done(false, "the formula and the proof hold " +
                           std::to_string(arena) +
                           " literals and clauses, more than this checker "
                           "holds (" + std::to_string(k_max_arena) + ")");
  }
  Checker checker(cnf.vars, arena);
  const Forward f = forward(checker, cnf, proof, result);
  if (!f.conflict) {
    return done(false, "the proof does not refute the formula: after its " +
                           std::to_string(result.lemmas) +
                           " lemmas unit propagation finds no conflict "
                           "(no empty clause derived; a truncated proof?)");
  }
  checker.mark_conflict();
  for (long i = f.conflict_item; i >= 0; --i) {
    const int id = f.clause[i];
    if (proof.items[i].deletion) {
      if (id >= 0) {
        checker.restore(id);
      }
      continue;
    }
    checker.retract(id, f.trail_before[i]);
    if (!checker.core(id)) {
      continue;
    }
    if ((++result.checked % 1024) == 0 && stop && stop()) {
      return done(false, "stopped");
    }
    bool by_rat = false;
    if (!checker.check(id, by_rat)) {
      return done(false, "lemma " + std::to_string(lemma_number(proof, i)) +
                             " (item " + std::to_string(i + 1) +
                             " of the proof) is neither RUP nor RAT: " +
                             describe(proof.clause(i)));
    }
    result.rat += by_rat ? 1 : 0;
  }
  return done(true, "");
}

} // namespace satslide::verify
