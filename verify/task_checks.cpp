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

int plan_parity(const task::Task &task, const ParityToken &token) {
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

} // namespace satslide::verify
