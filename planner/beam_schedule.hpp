// When --any by search spends its time on beams (planner/anytime_path.cpp):
// how wide the next beam is, and when IDA*'s thread gives up raising the
// lower bound and runs beams too. Both judge by the time a timeout leaves
// and by what the last beam or threshold took; without a timeout neither
// gives anything up.
#pragma once

#include <array>
#include <cstdint>

namespace satslide::planner {

// The widths: from the first, each four times the last, at most the last
// of these.
constexpr long k_beam_first_width = 1024;
constexpr long k_beam_last_width = 1L << 22;
// With a timeout, a beam is given at most this share of the time left
// (its time taken as proportional to its width, from the last beam's): a
// beam the timeout cuts finds nothing, and a beam beside another and IDA*
// is slowed by their memory traffic (chosen on one 6x6 and one 7x7 board
// of `scramble --random --seed 9191`; benchmarks/RESULTS.md).
constexpr double k_beam_time_share = 0.6;
// IDA* gives its thread to beams where its next threshold would take more
// than this many times the time left (its nodes estimated as the last
// threshold's times the last growth, at the last one's rate). At 2, a
// 6x6 board whose next threshold was estimated at 62 s with 54 s left kept
// IDA* on it to the end, for nothing.
constexpr double k_hand_over_margin = 1.0;
// The tie salts of the prover thread's beams: none of the other thread's.
constexpr std::uint64_t k_second_beams_salt = 1ULL << 32;

// Once the widths stop growing fourfold (the next fitted to the time
// left, or past k_beam_last_width), the beams re-search the best plan's
// tail instead of the whole way again: from the position its first moves
// lead to, a beam for a shorter rest. A beam loses most in the plan's
// middle (its first and last moves are often optimal), and a tail is
// shorter, so its beam costs less than the whole one. Where each tail
// starts: these shares of the plan at hand, in turn (the prover thread's
// beams from the middle of the list). Fitted on eight 7x7 boards
// (`scramble --random --seed 4343`), 45 s each on one thread: after the
// width-65,536 beam, tails of its width gave plans 1.8% shorter on
// average than wider beams over the whole way (benchmarks/RESULTS.md).
constexpr std::array<double, 7> k_tail_starts = {0.5,  0.75, 0.25, 0.6,
                                                 0.4,  0.85, 0.1};

// Whether the beam after one of `last` should be a tail's: `next` (what
// next_beam_width gave) is not four times `last`.
bool tails_next(long last, long next);

// The tails' width after a round (one tail from each of k_tail_starts)
// of `width`: the same after a round that shortened the plan; after one
// that did not, twice that with a timeout (`left` > 0 seconds; at most
// k_beam_last_width), and 0 (the end) without one.
long next_tail_width(long width, bool gained, double left);

// The width of the next beam after one of `last` (0: none yet) that took
// `seconds`, with `left` seconds of a timeout left (0: none): four times
// the last; with a timeout, at most what fits k_beam_time_share of the
// time left, so that past the widths that fit the next is the widest that
// does (its ties broken otherwise: another beam); 0 when nothing of
// k_beam_first_width fits or, without a timeout, past k_beam_last_width.
long next_beam_width(long last, double seconds, double left);

// IDA*'s next threshold, estimated after one of `nodes` that took
// `seconds`, the one before it of `last_nodes` (0: none yet).
struct NextThreshold {
  double nodes = 0;   // 0: not estimated (no threshold before)
  double seconds = 0;
};
NextThreshold next_threshold(long last_nodes, long nodes, double seconds);

// Whether that threshold cannot end within `left` seconds of a timeout
// (0: none, so never).
bool cannot_end(const NextThreshold &next, double left);

} // namespace satslide::planner
