#include "satslide/planner/interval.hpp"

#include "satslide/planner/planner_result.hpp"

#include <algorithm>
#include <utility>

namespace satslide::planner {

Interval::Interval(int lower, std::string lower_from, double gap)
    : m_lower(lower), m_lower_from(std::move(lower_from)), m_gap(gap) {}

void Interval::raise(int lower, const std::string &from) {
  const std::lock_guard<std::mutex> lock(m_mutex);
  if (lower > m_lower) {
    m_lower = lower;
    m_lower_from = from;
  }
  settle();
}

void Interval::offer(const task::Plan &plan, const std::string &from) {
  const std::lock_guard<std::mutex> lock(m_mutex);
  if (!m_plan || plan.size() < m_plan->size()) {
    m_plan = plan;
    m_plan_from = from;
    m_steps.emplace_back(
        from, static_cast<int>(plan.size()),
        std::chrono::duration<double>(Clock::now() - m_made).count());
  }
  settle();
}

int Interval::lower() const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  return m_lower;
}

std::optional<task::Plan> Interval::plan() const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  return m_plan;
}

int Interval::length() const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  return m_plan ? static_cast<int>(m_plan->size()) : -1;
}

void Interval::fill(PlannerResult &result) const {
  const std::lock_guard<std::mutex> lock(m_mutex);
  result.lower_bound = m_lower;
  result.lower_bound_name = m_lower_from;
  result.no_plan_up_to = std::max(result.no_plan_up_to, m_lower - 1);
  if (m_plan) {
    result.plan = *m_plan;
    result.plan_from = m_plan_from;
  }
  for (const auto &[from, length, seconds] : m_steps) {
    result.plan_steps.push_back({from, length, seconds});
  }
}

// Called with the mutex held.
void Interval::settle() {
  if (m_plan && (static_cast<int>(m_plan->size()) <= m_lower ||
                 static_cast<double>(m_plan->size()) <= m_gap * m_lower)) {
    m_decided = true;
  }
}

} // namespace satslide::planner
