// The beams' widths and IDA*'s hand-over (beam_schedule.hpp).
#include "satslide/planner/beam_schedule.hpp"

#include <algorithm>

namespace satslide::planner {

long next_beam_width(long last, double seconds, double left) {
  if (last <= 0) {
    return k_beam_first_width;
  }
  if (left <= 0) {
    return last < k_beam_last_width ? 4 * last : 0;
  }
  const double fits = static_cast<double>(last) * k_beam_time_share * left /
                      std::max(seconds, 1e-3);
  const long width = static_cast<long>(
      std::min({4.0 * static_cast<double>(last), fits,
                static_cast<double>(k_beam_last_width)}));
  return width >= k_beam_first_width ? width : 0;
}

bool tails_next(long last, long next) { return next != 4 * last; }

long next_tail_width(long width, bool gained, double left) {
  if (gained) {
    return width;
  }
  if (left <= 0) {
    return 0;
  }
  return std::min(2 * width, k_beam_last_width);
}

NextThreshold next_threshold(long last_nodes, long nodes, double seconds) {
  if (last_nodes <= 0 || nodes <= 0 || seconds <= 0) {
    return {};
  }
  const double growth =
      static_cast<double>(nodes) / static_cast<double>(last_nodes);
  return {static_cast<double>(nodes) * growth, seconds * growth};
}

bool cannot_end(const NextThreshold &next, double left) {
  return next.nodes > 0 && left > 0 && next.seconds > k_hand_over_margin * left;
}

} // namespace satslide::planner
