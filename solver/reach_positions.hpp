// The positions of a reachability search by SAT (reach_driver.cpp): the
// table of positions found with their parents, one direction of the
// search, and one layer being expanded by several solvers at once.
// Internal to the solver room.
#pragma once

#include "satslide/task/task.hpp"

#include <atomic>
#include <climits>
#include <string>
#include <unordered_map>
#include <vector>

namespace satslide::solver::reach_search {

// Positions found so far: packed states (a bit per fluent), their parents
// and their depth order (positions are stored layer after layer). Read by
// the expanders' threads while a layer is expanded, written only between.
class Visited {
public:
  explicit Visited(int fluents) : m_fluents(fluents) {}

  // Adds a position; false if it was known.
  bool add(const task::State &state, int parent) {
    const auto [it, added] =
        m_index.emplace(pack(state), static_cast<int>(m_parent.size()));
    if (added) {
      m_keys.push_back(&it->first);
      m_parent.push_back(parent);
    }
    return added;
  }
  bool known(const task::State &state) const {
    return m_index.count(pack(state)) != 0;
  }
  long find(const task::State &state) const { // -1 if not known
    const auto it = m_index.find(pack(state));
    return it == m_index.end() ? -1 : it->second;
  }
  long size() const { return static_cast<long>(m_parent.size()); }
  task::State state(long i) const { return unpack(*m_keys[i]); }
  int parent(long i) const { return m_parent[i]; }

private:
  std::string pack(const task::State &s) const {
    std::string key((m_fluents + 7) / 8, '\0');
    for (int f = 0; f < m_fluents; ++f) {
      if (s[f]) {
        key[f / 8] = static_cast<char>(key[f / 8] | (1 << (f % 8)));
      }
    }
    return key;
  }
  task::State unpack(const std::string &key) const {
    task::State s(m_fluents, 0);
    for (int f = 0; f < m_fluents; ++f) {
      s[f] = (key[f / 8] >> (f % 8)) & 1;
    }
    return s;
  }

  int m_fluents;
  std::unordered_map<std::string, int> m_index;
  std::vector<const std::string *> m_keys; // node-based map: stable
  std::vector<int> m_parent;
};

// One direction of the search: the positions found from its root (the
// start, or backward from the goal position), layer by layer.
struct Side {
  Side(int fluents, bool backward) : visited(fluents), backward(backward) {}
  Visited visited;
  const bool backward;
  long begin = 0, stop = 1; // the frontier
  int depth = 0;            // layers completed
};

// Why a layer's expansion ended early (in order of precedence).
enum class Cut { none, budget, unknown, decode_error };

// One layer of one side being expanded: per frontier position its new
// successors (sorted, so that the table fills in the same order whatever
// the solver or the number of threads), whether it was expanded, and
// what the workers share. A successor that is a goal (or, from both
// ends, already found by the other side) ends the search.
struct Layer {
  Layer(Side &side, const Side *other) : side(side), other(other) {}
  Side &side;
  const Side *other; // the other direction, if searching from both ends
  std::vector<std::vector<task::State>> found;
  std::vector<char> expanded;
  std::atomic<long> next{0};
  std::atomic<long> goal_at{LONG_MAX}; // first position with a goal move
  std::atomic<long> estimate{0};       // positions, duplicates counted
  std::atomic<int> cut{static_cast<int>(Cut::none)};

  void cut_by(Cut why) {
    int now = cut.load();
    while (now < static_cast<int>(why) &&
           !cut.compare_exchange_weak(now, static_cast<int>(why))) {
    }
  }
};

} // namespace satslide::solver::reach_search
