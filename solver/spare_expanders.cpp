#include "spare_expanders.hpp"

#include <system_error>

namespace satslide::solver {

SpareExpanders::~SpareExpanders() {
  m_abandon = true;
  if (m_thread.joinable()) {
    m_thread.join();
  }
}

void SpareExpanders::start(int count, Make make) {
  if (m_started || count <= 0) {
    return;
  }
  m_started = true;
  const auto build = [this, count, make = std::move(make)] {
    for (int i = 0; i < count && !m_abandon; ++i) {
      std::unique_ptr<ReachExpander> e;
      try {
        e = make(m_abandon);
      } catch (...) { // abandoned, or failed: one solver fewer
        return;
      }
      if (!e) {
        return;
      }
      const std::lock_guard lock(m_mutex);
      m_ready.push_back(std::move(e));
    }
  };
  try {
    m_thread = std::jthread(build);
  } catch (const std::system_error &) {
  } catch (const std::bad_alloc &) {
  }
}

void SpareExpanders::take(std::vector<std::unique_ptr<ReachExpander>> &into,
                          std::size_t want) {
  const std::lock_guard lock(m_mutex);
  std::size_t used = 0;
  for (auto &e : m_ready) {
    if (into.size() >= want) {
      break;
    }
    into.push_back(std::move(e));
    ++used;
  }
  m_ready.erase(m_ready.begin(), m_ready.begin() + static_cast<long>(used));
}

} // namespace satslide::solver
