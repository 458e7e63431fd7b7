// A frontier certificate: "no plan of length d..m" shown through the
// positions at distance exactly d from the start, which the checker finds
// itself, breadth first over the task's moves. A shortest plan of length
// L in d..m passes, after d moves, through one of them (a shortest path's
// first d moves are a shortest path), and its other L - d moves are a
// shortest plan from there; so every position p of that layer must have
// every length j = 0..m-d excluded: by the parity token's colours at p,
// by the checker's own admissible bound at p (MoveBound), or by a DRAT
// proof of the CNF of exactly j moves from p (the instance restarted at
// p: a cube of the split, its formula rebuilt and compared as any
// horizon's is). The checks of one cube's CNF and proof stay in
// certificate_check.cpp; this file finds the layer, bounds and colours
// its positions, and asks that every length of every position be shown.
#pragma once

#include "satslide/verify/manifest.hpp"
#include "satslide/verify/move_bound.hpp"
#include "satslide/task/task.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace satslide::verify {

// The parity of every plan's length from a position: the colours of the
// token there and in the goal. Throws Refused unless plan_parity accepts
// the token over the task (every move flips its colour).
class LengthParity {
public:
  LengthParity(const task::Task &task, const ParityToken &token);
  int at(const uint8_t *p) const; // 0 or 1, of a position packed
  const std::vector<int> &colours() const { return m_colour; }

private:
  std::vector<int> m_colour;
  int m_goal_colour = 0;
};

// The most positions the checker holds while it finds a frontier (within
// its depth): about 100 bytes each.
constexpr long k_frontier_max_positions = 20'000'000;

// The positions at distance exactly `depth` from the start, packed, by
// the checker's own move generation. With `goal_depth`, sets it to the
// least distance below `depth` at which a position meets the goal, -1
// if none does. Throws Refused past k_frontier_max_positions or when
// `stop` says so.
std::vector<std::string> positions_at(const task::Task &task, int depth,
                                      const std::function<bool()> &stop,
                                      int *goal_depth = nullptr);

// Whether `other` is `task` with another start: the same fluents, goal
// and actions.
bool same_rules(const task::Task &task, const task::Task &other);

struct FrontierCheck {
  long positions = 0;                // at the frontier's depth
  long by_parity = 0, by_bound = 0;  // (position, length) pairs
  long by_drat = 0;
};

// Checks that every position of the frontier at m.frontier_depth has
// every length 0..lengths excluded. `cube_refuted` checks one of
// m.cube_horizons (its CNF and proof) and returns its position, packed;
// it throws Refused if they fail.
FrontierCheck check_frontier(
    const task::Task &task, const Manifest &m, int lengths,
    const std::function<std::string(const Manifest::CubeHorizon &)>
        &cube_refuted,
    const std::function<bool()> &stop);

} // namespace satslide::verify
