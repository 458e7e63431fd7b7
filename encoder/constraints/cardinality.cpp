#include "satslide/encoder/constraints/cardinality.hpp"

#include <algorithm>
#include <cstddef>

namespace satslide::encoder {

namespace {

// Below this size pairwise clauses are as good: measured on the 8-puzzle
// (groups of 9), pairwise was 15-25% faster than the ladder.
constexpr std::size_t k_ladder_threshold = 10;

void pairwise(const std::vector<int> &lits, ClauseSink &sink) {
  for (std::size_t i = 0; i < lits.size(); ++i) {
    for (std::size_t j = i + 1; j < lits.size(); ++j) {
      sink.add_clause({-lits[i], -lits[j]});
    }
  }
}

// Sinz's sequential counter: s_i means "one of x_1..x_i is true".
void ladder(const std::vector<int> &lits, ClauseSink &sink) {
  const std::size_t n = lits.size();
  int prev = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const int s = sink.new_var();
    sink.add_clause({-lits[i], s});
    if (prev != 0) {
      sink.add_clause({-prev, s});
      sink.add_clause({-lits[i], -prev});
    }
    prev = s;
  }
  sink.add_clause({-lits[n - 1], -prev});
}

// Unary count of lits[lo, hi): r[j-1] is true exactly when at least j of
// them are, for j up to `cap` (r[cap-1] then means "cap or more").
std::vector<int> totalizer(const std::vector<int> &lits, std::size_t lo,
                           std::size_t hi, std::size_t cap, ClauseSink &sink) {
  if (hi - lo == 1) {
    return {lits[lo]};
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  const std::vector<int> a = totalizer(lits, lo, mid, cap, sink);
  const std::vector<int> b = totalizer(lits, mid, hi, cap, sink);
  std::vector<int> r(std::min(a.size() + b.size(), cap));
  for (int &v : r) {
    v = sink.new_var();
  }
  // a[i-1] stands for "a counts at least i": true for i = 0, false past
  // a's end (a is only cut short at the cap, where no clause needs it).
  for (std::size_t i = 0; i <= a.size(); ++i) {
    for (std::size_t j = 0; j <= b.size(); ++j) {
      const std::size_t sum = i + j;
      if (sum >= 1) { // a >= i and b >= j: r >= i + j
        std::vector<int> up;
        if (i > 0) {
          up.push_back(-a[i - 1]);
        }
        if (j > 0) {
          up.push_back(-b[j - 1]);
        }
        up.push_back(r[std::min(sum, r.size()) - 1]);
        sink.add_clause(up);
      }
      if (sum < r.size()) { // a <= i and b <= j: r <= i + j
        std::vector<int> down;
        if (i < a.size()) {
          down.push_back(a[i]);
        }
        if (j < b.size()) {
          down.push_back(b[j]);
        }
        down.push_back(-r[sum]);
        sink.add_clause(down);
      }
    }
  }
  return r;
}

} // namespace

void at_most_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink) {
  if (kind == AmoKind::pairwise || lits.size() < k_ladder_threshold) {
    pairwise(lits, sink);
  } else {
    ladder(lits, sink);
  }
}

void exactly_one(const std::vector<int> &lits, AmoKind kind, ClauseSink &sink) {
  sink.add_clause(lits);
  at_most_one(lits, kind, sink);
}

void exactly_k(const std::vector<int> &lits, int k, ClauseSink &sink) {
  if (k < 0 || static_cast<std::size_t>(k) > lits.size()) {
    sink.add_clause({}); // no assignment has k true literals
    return;
  }
  if (k == 0) {
    for (int l : lits) {
      sink.add_clause({-l});
    }
    return;
  }
  // r has min(n, k + 1) >= k outputs: at least k, and not k + 1.
  const std::vector<int> r = totalizer(lits, 0, lits.size(),
                                       static_cast<std::size_t>(k) + 1, sink);
  sink.add_clause({r[k - 1]});
  if (static_cast<std::size_t>(k) < r.size()) {
    sink.add_clause({-r[k]});
  }
}

} // namespace satslide::encoder
