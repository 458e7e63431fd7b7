#include "encoding.hpp"

namespace satslide::encoder {

std::optional<Plan> decode_plan(const Encoding &encoding, int n,
                                const std::function<bool(int)> &value) {
  Plan plan;
  for (int t = 0; t < n; ++t) {
    int chosen = -1;
    for (int a = 0; a < encoding.task().num_actions(); ++a) {
      const int v = encoding.action_var(t, a);
      if (v != 0 && value(v)) {
        if (chosen >= 0) {
          return std::nullopt;
        }
        chosen = a;
      }
    }
    if (chosen < 0) {
      return std::nullopt;
    }
    plan.push_back(chosen);
  }
  return plan;
}

} // namespace satslide::encoder
