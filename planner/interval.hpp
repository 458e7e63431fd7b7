// The interval --any by search narrows from both ends (planner/
// anytime_path.cpp): the proven lower bound, raised by IDA*'s exhausted
// thresholds, and the best plan, shortened by weighted IDA*, each with
// where it came from. Shared by the two searches' threads.
#pragma once

#include "satslide/task/task.hpp"

#include <atomic>
#include <chrono>
#include <tuple>
#include <vector>
#include <mutex>
#include <optional>
#include <string>

namespace satslide::planner {

struct PlannerResult;

class Interval {
public:
  // The bound at the start, where it came from, and the factor within
  // which a plan ends the run (1: only an optimal one).
  Interval(int lower, std::string lower_from, double gap);
  using Clock = std::chrono::steady_clock;

  // A higher lower bound (a lower one is ignored).
  void raise(int lower, const std::string &from);
  // A plan, kept if shorter than the one at hand.
  void offer(const task::Plan &plan, const std::string &from);

  // Once the plan is optimal or within the gap: both searches stop.
  bool decided() const { return m_decided; }
  // One search failed: the other stops too.
  void abandon() { m_decided = true; }

  int lower() const;
  // The plan's length, or -1.
  int length() const;
  // The plan at hand, if any (a copy: the other search may replace it).
  std::optional<task::Plan> plan() const;
  // The interval into the report: the bound, the plan, and their sources.
  void fill(PlannerResult &result) const;

private:
  void settle();

  mutable std::mutex m_mutex;
  int m_lower;
  std::string m_lower_from;
  std::optional<task::Plan> m_plan;
  std::string m_plan_from;
  // Each plan kept: what found it, its length, the seconds since m_made.
  std::vector<std::tuple<std::string, int, double>> m_steps;
  Clock::time_point m_made = Clock::now();
  double m_gap;
  std::atomic<bool> m_decided{false};
};

} // namespace satslide::planner
