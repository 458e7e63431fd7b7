#include "satslide/encoder/constraints/commute_order.hpp"

#include <algorithm>

namespace satslide::encoder {

CommuteOrder::CommuteOrder(int num_fluents,
                           std::vector<std::vector<int>> footprints)
    : m_footprints(std::move(footprints)), m_touching(num_fluents) {
  for (int c = 0; c < static_cast<int>(m_footprints.size()); ++c) {
    auto &fp = m_footprints[c];
    std::sort(fp.begin(), fp.end());
    fp.erase(std::unique(fp.begin(), fp.end()), fp.end());
    for (int f : fp) {
      m_touching[f].push_back(c);
    }
  }
}

// With touched(f) "the previous step touched f" (true only if it did) and
// at_least(k) "the previous step's choice is >= k" (true if it is):
//   choice b now  ->  not at_least(b+1)  or  touched(f) for an f of b.
void CommuteOrder::encode_step(const std::vector<int> &choices,
                               ClauseSink &sink) {
  const int count = static_cast<int>(choices.size());
  if (!m_at_least.empty()) {
    for (int b = 0; b + 1 < count; ++b) {
      std::vector<int> clause{-choices[b], -m_at_least[b + 1]};
      for (int f : m_footprints[b]) {
        clause.push_back(m_touched[f]);
      }
      sink.add_clause(clause);
    }
  }
  m_touched.assign(m_touching.size(), 0);
  for (std::size_t f = 0; f < m_touching.size(); ++f) {
    if (m_touching[f].empty()) {
      continue;
    }
    m_touched[f] = sink.new_var();
    std::vector<int> clause{-m_touched[f]};
    for (int c : m_touching[f]) {
      clause.push_back(choices[c]);
    }
    sink.add_clause(clause);
  }
  m_at_least.assign(count, 0);
  for (int k = 0; k < count; ++k) {
    m_at_least[k] = sink.new_var();
    sink.add_clause({-choices[k], m_at_least[k]});
    if (k > 0) {
      sink.add_clause({-m_at_least[k], m_at_least[k - 1]});
    }
  }
}

} // namespace satslide::encoder
