#include "satslide/planner/hint.hpp"

#include "satslide/planner/planner.hpp"

#include <fmt/format.h>

namespace satslide::planner {

namespace {

Hint hint_from(const PlannerResult &r, const std::string &engine) {
  Hint h;
  h.engine = engine;
  h.positions = r.positions;
  if (r.status != Status::solved || !r.optimal) {
    h.message = r.reason;
    return h;
  }
  h.found = true;
  h.distance = static_cast<int>(r.plan.size());
  for (const auto &m : r.replay.moves) {
    h.plan.push_back(m.notation);
  }
  h.message = h.plan.empty()
                  ? std::string("solved")
                  : fmt::format("{} ({} moves to the goal, proven by {})",
                                h.plan[0], h.distance, engine);
  return h;
}

} // namespace

Hint hint(const puzzles::Puzzle &here, const HintOptions &options) {
  PlannerOptions o;
  const double known = here.reachable_positions();
  if (known == 0 || known <= static_cast<double>(options.max_states)) {
    o.engine = Engine::bfs;
    o.max_states = options.max_states;
    const PlannerResult bfs = solve(here, o);
    if (bfs.status != Status::horizon_limit) {
      return hint_from(bfs, "breadth-first search");
    }
  }
  if (!options.sat) {
    Hint h;
    h.message = "the space is too large for breadth-first search";
    return h;
  }
  o.engine = Engine::automatic;
  o.max_states = 0;
  o.timeout_seconds = options.sat_timeout;
  Hint h = hint_from(solve(here, o), "SAT");
  if (!h.found) {
    h.message = fmt::format("no hint within {:g} s: {}", options.sat_timeout,
                            h.message);
  }
  return h;
}

} // namespace satslide::planner
