#include "satslide/verify/task_checks.hpp"
#include "satslide/verify/cnf_reader.hpp"

#include <algorithm>
#include <sstream>
#include <unordered_map>

namespace satslide::verify {

task::Plan replay_plan(const task::Task &task, const std::string &text,
                       const std::string &name) {
  std::unordered_map<std::string, int> by_name;
  for (int a = 0; a < task.num_actions(); ++a) {
    by_name.emplace(task.actions[a].name, a);
  }
  std::vector<char> state(task.num_fluents(), 0);
  for (int f : task.init) {
    state[f] = 1;
  }
  task::Plan plan;
  std::istringstream lines(text);
  std::string line;
  for (long n = 1; std::getline(lines, line); ++n) {
    const auto it = by_name.find(line);
    if (it == by_name.end()) {
      throw Refused(name + " line " + std::to_string(n) + ": '" + line +
                    "' is no action of the instance");
    }
    const task::Action &a = task.actions[it->second];
    for (int f : a.pre) {
      if (!state[f]) {
        throw Refused(name + " line " + std::to_string(n) + ": '" + line +
                      "' is not applicable: " + task.fluents[f] +
                      " does not hold");
      }
    }
    for (int f : a.del) {
      state[f] = 0;
    }
    for (int f : a.add) {
      state[f] = 1;
    }
    plan.push_back(it->second);
  }
  for (int f : task.goal) {
    if (!state[f]) {
      throw Refused(name + ": the plan ends where " + task.fluents[f] +
                    " does not hold, not at the goal");
    }
  }
  return plan;
}

namespace {

// The one fluent of `fluents` with a colour; -1 if none or several.
int the_token(const std::vector<int> &fluents, const std::vector<int> &colour) {
  int found = -1;
  for (int f : fluents) {
    if (colour[f] >= 0) {
      if (found >= 0) {
        return -1;
      }
      found = f;
    }
  }
  return found;
}

} // namespace

std::vector<int> token_colours(const task::Task &task,
                               const ParityToken &token) {
  if (token.fluents.empty() || token.fluents.size() != token.colours.size()) {
    throw Refused("the parity token lists no fluents, or not a colour each");
  }
  std::vector<int> colour(task.num_fluents(), -1);
  for (std::size_t i = 0; i < token.fluents.size(); ++i) {
    const auto it = std::find(task.fluents.begin(), task.fluents.end(),
                              token.fluents[i]);
    if (it == task.fluents.end() || colour[it - task.fluents.begin()] >= 0 ||
        (token.colours[i] != 0 && token.colours[i] != 1)) {
      throw Refused("the parity token's fluent '" + token.fluents[i] +
                    "' is not the instance's, is listed twice or has no "
                    "colour 0 or 1");
    }
    colour[it - task.fluents.begin()] = token.colours[i];
  }
  return colour;
}

int plan_parity(const task::Task &task, const ParityToken &token) {
  const std::vector<int> colour = token_colours(task, token);
  const int start = the_token(task.init, colour);
  const int goal = the_token(task.goal, colour);
  if (start < 0 || goal < 0) {
    throw Refused("the parity token: not exactly one of its fluents holds "
                  "at the start, or the goal names none or several");
  }
  for (const task::Action &a : task.actions) {
    const int from = the_token(a.pre, colour);
    const int to = the_token(a.add, colour);
    const bool deletes =
        from >= 0 && std::find(a.del.begin(), a.del.end(), from) != a.del.end();
    if (from < 0 || to < 0 || !deletes || colour[from] == colour[to]) {
      throw Refused("the parity token: action '" + a.name +
                    "' does not move it to a fluent of the other colour");
    }
  }
  return (colour[start] + colour[goal]) % 2;
}

namespace {

// Where each object is at once `fluents` hold, as a permutation of the
// places; Refused unless each object is at exactly one, each place held
// once.
std::vector<int> places_of(const std::vector<int> &fluents,
                           const std::vector<std::pair<int, int>> &cell,
                           std::size_t n, const char *what) {
  std::vector<int> place(n, -1);
  std::vector<char> held(n, 0);
  for (int f : fluents) {
    const auto [o, p] = cell[f];
    if (o < 0) {
      continue;
    }
    if (place[o] >= 0 || held[p]) {
      throw Refused(std::string("the permutation: the ") + what +
                    " puts an object at two places or two at one");
    }
    place[o] = p;
    held[p] = 1;
  }
  for (int p : place) {
    if (p < 0) {
      throw Refused(std::string("the permutation: the ") + what +
                    " leaves an object without a place");
    }
  }
  return place;
}

int sign_of(std::vector<int> perm) {
  int transpositions = 0;
  for (std::size_t i = 0; i < perm.size(); ++i) {
    while (perm[i] != static_cast<int>(i)) {
      std::swap(perm[i], perm[perm[i]]);
      ++transpositions;
    }
  }
  return transpositions % 2;
}

// The action's matrix fluents: pre {(x,a),(y,b)} deleted, add {(x,b),(y,a)}.
bool swaps(const task::Action &a, const std::vector<std::pair<int, int>> &cell) {
  std::vector<std::pair<int, int>> pre, add;
  for (int f : a.pre) {
    if (cell[f].first >= 0) {
      pre.push_back(cell[f]);
    }
  }
  for (int f : a.add) {
    if (cell[f].first >= 0) {
      add.push_back(cell[f]);
    }
  }
  if (pre.size() != 2 || add.size() != 2 || pre[0].first == pre[1].first) {
    return false;
  }
  for (const auto &[o, p] : pre) {
    bool deleted = false;
    for (int f : a.del) {
      deleted = deleted || cell[f] == std::make_pair(o, p);
    }
    if (!deleted) {
      return false;
    }
  }
  const std::pair<int, int> x{pre[0].first, pre[1].second},
      y{pre[1].first, pre[0].second};
  return (add[0] == x && add[1] == y) || (add[0] == y && add[1] == x);
}

} // namespace

bool permutation_excludes(const task::Task &task, const Permutation &permutation,
                          const ParityToken &token) {
  const std::size_t n = permutation.objects.size();
  std::vector<std::pair<int, int>> cell(task.num_fluents(), {-1, -1});
  for (std::size_t o = 0; o < n; ++o) {
    if (permutation.objects[o].size() != n) {
      throw Refused("the permutation is not square");
    }
    for (std::size_t p = 0; p < n; ++p) {
      const auto it = std::find(task.fluents.begin(), task.fluents.end(),
                                permutation.objects[o][p]);
      if (it == task.fluents.end() || cell[it - task.fluents.begin()].first >= 0) {
        throw Refused("the permutation's fluent '" + permutation.objects[o][p] +
                      "' is not the instance's, or is listed twice");
      }
      cell[it - task.fluents.begin()] = {static_cast<int>(o), static_cast<int>(p)};
    }
  }
  if (n < 2) {
    throw Refused("the permutation has fewer than two objects");
  }
  const int parity = plan_parity(task, token); // the token: every action
  for (const task::Action &a : task.actions) {
    if (!swaps(a, cell)) {
      throw Refused("the permutation: action '" + a.name +
                    "' does not swap two objects' places");
    }
  }
  const int start = sign_of(places_of(task.init, cell, n, "start"));
  const int goal = sign_of(places_of(task.goal, cell, n, "goal"));
  // Each move flips the sign and the token's colour: sign + colour is
  // the same at both ends of every plan; the colours' difference is
  // `parity`.
  return (start + goal + parity) % 2 == 1;
}

} // namespace satslide::verify
