#include "satslide/planner/run.hpp"

#include "satslide/solver/memory_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace satslide::planner {

double Run::seconds_left() const {
  if (options.timeout_seconds <= 0) {
    return 0;
  }
  return std::max(options.timeout_seconds - solver::seconds_since(started),
                  1e-3);
}

bool Run::stopped(const solver::StopFn &stop) const {
  return (stop && stop()) ||
         (options.timeout_seconds > 0 && seconds_left() <= 1e-3);
}

solver::DriverOptions Run::driver_options(const PlannerResult &result,
                                          const solver::StopFn &stop) const {
  solver::DriverOptions d;
  d.first_horizon =
      first_horizon(result.lower_bound, result.stride, options.min_horizon);
  d.stride = result.stride;
  d.start_proven = options.min_horizon <= result.lower_bound;
  d.max_horizon = options.max_horizon;
  d.timeout_seconds = seconds_left();
  d.solver_config = options.solver_config;
  d.solver_options = options.cadical_options;
  d.incremental = !options.fresh_solver;
  d.stop = stop;
  return d;
}

void Run::report(const Progress &p) const {
  if (options.progress) {
    std::lock_guard<std::mutex> lock(m_progress);
    options.progress(p);
  }
}

puzzles::HeuristicSearchOptions
Run::search_options(const std::string &path, const solver::StopFn &stop) const {
  puzzles::HeuristicSearchOptions o;
  o.max_length = options.max_horizon;
  o.stop = [this, stop] { return stopped(stop); };
  o.note = [this, path](const std::string &text) { phase(path, text); };
  o.warn = [this, path](const std::string &text) {
    Progress p;
    p.kind = Progress::Kind::warning;
    p.path = path;
    p.text = text;
    report(p);
  };
  o.pattern_tiles = options.pattern_tiles;
  o.partitions = options.partitions;
  o.dual_lookups = options.dual_lookups;
  return o;
}

int Run::table_tiles() const {
  if (options.pattern_tiles != 0) {
    return options.pattern_tiles;
  }
  for (const int tiles : allowed_table_tiles()) {
    if (puzzle.databases_at_hand(tiles)) {
      return tiles;
    }
  }
  return 0;
}

std::vector<int> Run::allowed_table_tiles() const {
  std::vector<int> allowed;
  for (const int tiles : k_any_table_tiles) {
    try {
      puzzle.check_pattern_tiles(tiles);
      if (puzzle.stronger_tables(tiles)) {
        allowed.push_back(tiles);
      }
    } catch (const std::invalid_argument &) {
      // too large for this board
    }
  }
  return allowed;
}

// The largest allowed are the strongest (the family's own stop at 6e7
// placements a table, larger sizes at 5e9).
std::string Run::stronger_tables_hint() const {
  const std::vector<int> allowed = allowed_table_tiles();
  if (allowed.empty()) {
    return "the family's tables are the largest this board allows";
  }
  return fmt::format("stronger tables, fewer nodes: --pattern-tiles {} "
                     "builds them once into the cache, and then every run "
                     "uses them (docs/engines.md: their build time and size)",
                     allowed.front());
}

void Run::phase(const std::string &path, const std::string &text) const {
  Progress p;
  p.path = path;
  p.text = text;
  report(p);
}

solver::ProgressFn Run::horizons(const std::string &path, bool depths) const {
  return [this, path, depths](const solver::HorizonStats &h) {
    Progress p;
    p.kind = Progress::Kind::horizon;
    p.path = path;
    p.depth = depths;
    p.horizon = h;
    report(p);
  };
}

int first_horizon(int bound, int stride, int user_min) {
  return solver::round_up_to_stride(std::max(bound, user_min), bound, stride);
}

void end_with_optimal_plan(PlannerResult &result, const task::Plan &plan,
                           Proof proof, const std::string &how) {
  result.status = Status::solved;
  result.plan = plan;
  result.optimal = true;
  result.proof = plan.empty() ? Proof::start_is_goal : proof;
  result.optimality = plan.empty() ? "the start is the goal" : how;
}

void end_out_of_memory(PlannerResult &result, const Run &run,
                       const std::bad_alloc &e) {
  result.status = Status::memory_limit;
  result.plan.clear();
  result.optimal = false;
  const std::string refused = solver::refused_formula(e);
  const std::string hint =
      result.split_depth >= 0 ? "; a smaller --split-depth needs less"
      : result.path == Path::bfs ? "; --max-states stores fewer positions"
                              : "";
  result.reason =
      (!refused.empty() ? refused
                        : fmt::format("ran out of memory after {:.1f} s",
                                      solver::seconds_since(run.started))) +
      (result.no_plan_up_to >= 0
           ? fmt::format("; proven: no plan of length <= {}",
                         result.no_plan_up_to)
           : std::string()) +
      hint;
}

void end_without_plan(PlannerResult &result, solver::Outcome outcome,
                      const Run &run, const std::string &limit,
                      const std::string &bug) {
  switch (outcome) {
  case solver::Outcome::horizon_limit:
    result.status = Status::horizon_limit;
    result.reason = fmt::format("reached the horizon limit {}{}",
                                run.options.max_horizon, limit);
    return;
  case solver::Outcome::timeout:
    result.status = Status::timeout;
    result.reason = fmt::format("reached the timeout after {:.1f} s{}",
                                solver::seconds_since(run.started), limit);
    return;
  case solver::Outcome::cancelled:
    result.status = Status::cancelled;
    result.reason = fmt::format("stopped after {:.1f} s{}",
                                solver::seconds_since(run.started), limit);
    return;
  case solver::Outcome::out_of_memory:
    result.status = Status::memory_limit;
    result.reason = fmt::format("ran out of memory after {:.1f} s{}",
                                solver::seconds_since(run.started), limit);
    return;
  default:
    result.status = Status::internal_error;
    result.reason = bug;
  }
}

} // namespace satslide::planner
