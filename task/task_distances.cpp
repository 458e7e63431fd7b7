#include "satslide/task/task_distances.hpp"

#include <algorithm>
#include <deque>

namespace satslide::task {

namespace {

using Graph = std::vector<std::vector<int>>; // fluent -> successor fluents

// Breadth-first distances over `graph` from every fluent in `sources`.
std::vector<int> bfs(const Graph &graph, const std::vector<int> &sources) {
  std::vector<int> dist(graph.size(), TaskDistances::k_unreachable);
  std::deque<int> queue;
  for (int s : sources) {
    dist[s] = 0;
    queue.push_back(s);
  }
  while (!queue.empty()) {
    const int f = queue.front();
    queue.pop_front();
    for (int g : graph[f]) {
      if (dist[g] > dist[f] + 1) {
        dist[g] = dist[f] + 1;
        queue.push_back(g);
      }
    }
  }
  return dist;
}

} // namespace

TaskDistances TaskDistances::compute(const Task &task) {
  const int nf = task.num_fluents();
  TaskDistances result;
  result.from_init.assign(nf, 0);
  result.to_goal.assign(nf, 0);

  std::vector<int> group_of(nf, -1);
  const State s0 = task.initial_state();
  std::vector<char> in_goal(nf, 0);
  for (int f : task.goal) {
    in_goal[f] = 1;
  }
  for (const auto &group : task.exactly_one) {
    std::vector<char> member(nf, 0);
    for (int f : group) {
      member[f] = 1;
    }
    Graph forward(nf), backward(nf);
    for (const Action &a : task.actions) {
      for (int f : a.del) {
        if (!member[f]) {
          continue;
        }
        for (int g : a.add) {
          if (member[g] && g != f) {
            forward[f].push_back(g);
            backward[g].push_back(f);
          }
        }
      }
    }
    std::vector<int> starts, goals;
    for (int f : group) {
      if (s0[f]) {
        starts.push_back(f);
      }
      if (in_goal[f]) {
        goals.push_back(f);
      }
    }
    const std::vector<int> d_init = bfs(forward, starts);
    // The goal may say nothing about this group: then every member is 0.
    const std::vector<int> d_goal =
        goals.empty() ? std::vector<int>(nf, 0) : bfs(backward, goals);
    auto &own_init = result.group_from_init.emplace_back();
    auto &own_goal = result.group_to_goal.emplace_back();
    for (int f : group) {
      result.from_init[f] = std::max(result.from_init[f], d_init[f]);
      result.to_goal[f] = std::max(result.to_goal[f], d_goal[f]);
      own_init.push_back(d_init[f]);
      own_goal.push_back(d_goal[f]);
    }
  }
  return result;
}

int TaskDistances::initial_bound(const Task &task) const {
  int bound = 0;
  for (int f : task.init) {
    bound = std::max(bound, to_goal[f]);
  }
  return bound;
}

} // namespace satslide::task
