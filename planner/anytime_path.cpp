// The any-plan path by search (--any on boards past the SAT engines'
// reach: the 24-puzzle and larger n-puzzles). The family's constructive
// plan comes first, at once (the n-puzzle: line by line), shortened by
// re-solving its windows (Puzzle::shorten_plan); then weighted IDA* over
// the family's pattern databases, where it has them, with falling
// weights, each time only for a shorter plan, or past the 24-puzzle beam
// search; beside it, in a thread of its own (--threads: that many), IDA*
// raises the proven lower bound threshold by threshold; beside beams and
// with a timeout, until its next threshold cannot end in time, when it
// runs beams too, their ties broken otherwise (planner/beam_schedule.hpp).
// Past the tables, where no IDA* proves anything, that thread runs beams
// of a second order, far tiles first, which stall elsewhere than the
// first. The run
// ends when the plan is within --gap of the bound, is proven optimal, or
// at --timeout, and the report states the interval [lower bound, plan]
// (planner/interval.hpp) and where each end came from. Explicit search,
// not SAT.
#include "satslide/planner/beam_schedule.hpp"
#include "satslide/planner/interval.hpp"
#include "satslide/planner/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <thread>

namespace satslide::planner {

namespace {

// The weights of the successive weighted IDA* searches, in percent of the
// bound: the first plan within 2x the optimum, each later one shorter
// than the plan at hand and within its weight.
constexpr std::array<int, 7> k_weights = {200, 150, 130, 120, 115, 110, 105};

// Past this many positions (the 24-puzzle's 7.8e24: the 35-puzzle and
// larger), beam search rather than weighted IDA*, of the widths
// beam_schedule.hpp gives.
constexpr double k_beam_positions = 1e26;

// Whether --any improves the plan by beams (and IDA* may hand its thread
// to them) rather than by weighted IDA*: past k_beam_positions.
bool plans_by_beams(const Run &run) {
  return run.puzzle.reachable_positions() > k_beam_positions;
}

// The least plan length at or above `bound` that the parity allows.
int at_stride(int bound, const PlannerResult &result) {
  const int residue =
      ((result.lower_bound - bound) % result.stride + result.stride) %
      result.stride;
  return bound + residue;
}

// IDA* (weight 1) on --threads threads, raising the lower bound after
// every threshold; its plan, if it finds one before the run is decided, is
// optimal. With `hand_over` (beside beams, with a timeout) it gives up
// where its next threshold cannot end in time (cannot_end) and says so;
// true in `handed_over` then.
long prove_lower(const Run &run, const puzzles::HeuristicSearchOptions &base,
                 const PlannerResult &result, Interval &interval,
                 bool hand_over, bool &handed_over) {
  puzzles::HeuristicSearchOptions o = base;
  o.threads = std::max(1, run.options.threads);
  std::atomic<bool> give_up{false};
  long last_nodes = 0;
  auto last_end = Run::Clock::now();
  o.stop = [&] { return give_up || base.stop(); };
  o.on_threshold = [&](int threshold, long nodes, long total) {
    const int lower = at_stride(threshold + 1, result);
    interval.raise(lower, fmt::format("IDA*: no plan of length <= {}",
                                      threshold));
    run.phase("search",
              fmt::format("IDA*: no plan of length <= {} ({} nodes, {} in "
                          "all); the optimum lies in [{}, {}]",
                          threshold, nodes, total, lower,
                          interval.length() < 0
                              ? std::string("no plan yet")
                              : std::to_string(interval.length())));
    const NextThreshold next = next_threshold(
        last_nodes, nodes, solver::seconds_since(last_end));
    last_nodes = nodes;
    last_end = Run::Clock::now();
    if (hand_over && cannot_end(next, run.seconds_left())) {
      give_up = true;
      run.phase("search",
                fmt::format("IDA*: the next threshold (about {:.1e} nodes, "
                            "{:.0f} s) cannot end in the {:.0f} s left; "
                            "its thread turns to beams",
                            next.nodes, next.seconds, run.seconds_left()));
    }
  };
  const auto s = run.puzzle.heuristic_search(o);
  handed_over = give_up && !base.stop();
  if (s && s->found) {
    interval.offer(s->plan, "IDA* (optimal)");
    interval.raise(static_cast<int>(s->plan.size()),
                   fmt::format("IDA*: no plan of length <= {}",
                               s->no_plan_up_to));
  }
  return s ? s->nodes : 0;
}

// The plan at hand shortened by the family's own means (re-solved
// windows), each shorter plan offered; the nodes its searches generated.
long shorten(const Run &run, const puzzles::HeuristicSearchOptions &base,
             Interval &interval) {
  const std::optional<task::Plan> plan = interval.plan();
  if (!plan) {
    return 0;
  }
  puzzles::ShortenOptions o;
  o.stop = base.stop;
  const std::size_t had = plan->size();
  const auto t0 = Run::Clock::now();
  o.on_plan = [&](const task::Plan &p, const std::string &how) {
    interval.offer(p, "windows of the plan re-solved by IDA*");
    run.phase("search",
              fmt::format("{}: a plan of {} moves ({:.2f} s); the optimum "
                          "lies in [{}, {}]",
                          how, p.size(), solver::seconds_since(t0),
                          interval.lower(), interval.length()));
  };
  const auto s = run.puzzle.shorten_plan(*plan, o);
  if (s) {
    run.phase("search", fmt::format("windows: {} -> {} moves, {} of {} "
                                    "windows shorter, {} nodes",
                                    had, s->plan.size(), s->shortened,
                                    s->windows, s->nodes));
  }
  return s ? s->nodes : 0;
}

// One beam search of `width` for a plan shorter than `shorter_than`
// (-1: any): over the tables where the family has them, else over the
// bound the family needs no tables for (Puzzle::beam_plan); nullopt
// where it has neither.
std::optional<puzzles::BeamPlan>
one_beam(const Run &run, const puzzles::HeuristicSearchOptions &base,
         long width, int shorter_than, bool far_first, std::uint64_t salt,
         const task::Plan &after = {}) {
  if (!run.puzzle.has_heuristic_search()) {
    puzzles::BeamPlanOptions o;
    o.width = static_cast<int>(width);
    o.shorter_than = shorter_than;
    o.stop = base.stop;
    o.far_first = far_first;
    o.tie_salt = salt;
    auto b = run.puzzle.beam_plan(o);
    if (b) {
      b->how = fmt::format("{}, width {}", b->how, width);
    }
    return b;
  }
  puzzles::HeuristicSearchOptions o = base;
  o.beam_width = static_cast<int>(width);
  o.beam_tie_salt = salt;
  o.shorter_than = shorter_than;
  o.beam_after = after;
  const auto s = run.puzzle.heuristic_search(o);
  if (!s) {
    return std::nullopt;
  }
  puzzles::BeamPlan b;
  b.found = s->found;
  b.plan = s->plan;
  b.nodes = s->nodes;
  b.stopped = s->stopped;
  b.how = after.empty()
              ? fmt::format("beam search, width {}", width)
              : fmt::format("beam search over the plan's last {} moves, "
                            "width {}",
                            shorter_than - static_cast<int>(after.size()),
                            width);
  return b;
}

// A beam's plan, if shorter than the one at hand, offered and its
// windows re-solved; whether it was.
bool offer_beam(const Run &run, const puzzles::HeuristicSearchOptions &base,
                Interval &interval, const puzzles::BeamPlan &beam,
                double seconds, long &nodes) {
  nodes += beam.nodes;
  if (!beam.found || (interval.length() >= 0 &&
                      static_cast<int>(beam.plan.size()) >= interval.length())) {
    return false;
  }
  interval.offer(beam.plan, beam.how);
  run.phase("search", fmt::format("{}: a plan of {} moves ({:.1f} s, {} "
                                  "nodes); the optimum lies in [{}, {}]",
                                  beam.how, beam.plan.size(), seconds,
                                  beam.nodes, interval.lower(),
                                  interval.length()));
  nodes += shorten(run, base, interval);
  return true;
}

// Rounds of beams over the plan's tails (k_tail_starts), each from where
// a share of the plan at hand leads, of the widths next_tail_width gives,
// ties broken by `salts` + k; `from_middle` (the prover thread's) from the
// middle of the list.
long tail_beams(const Run &run, const puzzles::HeuristicSearchOptions &base,
                Interval &interval, long width, std::uint64_t salts,
                bool from_middle) {
  long nodes = 0;
  const std::size_t first = from_middle ? k_tail_starts.size() / 2 : 0;
  for (std::uint64_t k = 0; width > 0 && !base.stop();) {
    bool gained = false;
    for (std::size_t i = 0; i < k_tail_starts.size() && !base.stop();
         ++i, ++k) {
      const std::optional<task::Plan> plan = interval.plan();
      if (!plan) {
        return nodes;
      }
      const double share = k_tail_starts[(first + i) % k_tail_starts.size()];
      const auto at = static_cast<std::ptrdiff_t>(
          share * static_cast<double>(plan->size()));
      const auto t0 = Run::Clock::now();
      const auto s = one_beam(run, base, width,
                              static_cast<int>(plan->size()), false,
                              salts + k,
                              task::Plan(plan->begin(), plan->begin() + at));
      if (!s) {
        return nodes;
      }
      gained |= offer_beam(run, base, interval, *s,
                           solver::seconds_since(t0), nodes);
    }
    width = next_tail_width(width, gained, run.seconds_left());
  }
  return nodes;
}

// Beam searches (one_beam) of the widths next_beam_width gives, each plan
// shorter than the one at hand offered and its windows re-solved; over
// the tables, once the widths stop growing fourfold (tails_next), beams
// over the plan's tails (tail_beams); until the run is decided or
// stopped. `far_first`: past the tables, the family's second order
// (BeamPlanOptions::far_first). The k-th beam breaks ties by salt
// `salts` + k, so that two threads' beams differ.
long beam_plans(const Run &run, const puzzles::HeuristicSearchOptions &base,
                Interval &interval, bool far_first = false,
                std::uint64_t salts = 0) {
  const bool tails = run.puzzle.has_heuristic_search();
  long nodes = 0;
  for (long width = next_beam_width(0, 0, 0), k = 0;
       width > 0 && !base.stop(); ++k) {
    const auto t0 = Run::Clock::now();
    const auto s = one_beam(run, base, width, interval.length(), far_first,
                            salts + static_cast<std::uint64_t>(k));
    const double seconds = solver::seconds_since(t0);
    if (!s) {
      break;
    }
    offer_beam(run, base, interval, *s, seconds, nodes);
    const long next = next_beam_width(width, seconds, run.seconds_left());
    if (tails && tails_next(width, next)) {
      return nodes + tail_beams(run, base, interval, width,
                                salts + static_cast<std::uint64_t>(k) + 1,
                                salts != 0);
    }
    width = next;
  }
  return nodes;
}

// The constructive plan, its windows, then weighted IDA* with falling
// weights on one thread, each search only for a plan shorter than the
// one at hand. One that ends without a shorter plan under its cap proves
// the plan at hand optimal.
long improve_plan(const Run &run, const puzzles::HeuristicSearchOptions &base,
                  Interval &interval) {
  long nodes = shorten(run, base, interval);
  if (!run.puzzle.has_heuristic_search()) {
    return nodes + beam_plans(run, base, interval); // without tables
  }
  if (plans_by_beams(run)) {
    return nodes + beam_plans(run, base, interval);
  }
  for (const int weight : k_weights) {
    puzzles::HeuristicSearchOptions o = base;
    o.weight_percent = weight;
    o.shorter_than = interval.length();
    const auto s = run.puzzle.heuristic_search(o);
    if (!s) {
      break;
    }
    nodes += s->nodes;
    const std::string by =
        fmt::format("weighted IDA*, weight {:.2f}", weight / 100.0);
    if (s->found) {
      interval.offer(s->plan, by);
      run.phase("search", fmt::format("{}: a plan of {} moves; the optimum "
                                      "lies in [{}, {}]",
                                      by, s->plan.size(), interval.lower(),
                                      interval.length()));
    } else if (s->limit && o.shorter_than >= 0) {
      interval.raise(o.shorter_than,
                     fmt::format("{}: no plan shorter than {}", by,
                                 o.shorter_than));
    }
    if (s->stopped || interval.decided()) {
      break;
    }
  }
  return nodes;
}

// The two searches side by side, the prover in threads of its own (past
// the tables, where it has nothing to prove with, the far-first beams;
// where the other thread runs beams, beams too once IDA*'s next
// threshold cannot end in time); their nodes together. An exception of
// either stops both and is rethrown.
long search_both(const Run &run, const puzzles::HeuristicSearchOptions &base,
                 const PlannerResult &result, Interval &interval) {
  std::atomic<long> nodes{0};
  std::exception_ptr failed;
  const bool beams = plans_by_beams(run);
  std::thread prover([&] {
    try {
      if (!run.puzzle.has_heuristic_search()) {
        nodes += beam_plans(run, base, interval, true);
        return;
      }
      bool handed_over = false;
      nodes += prove_lower(run, base, result, interval, beams, handed_over);
      if (handed_over) {
        nodes += beam_plans(run, base, interval, false, k_second_beams_salt);
      }
    } catch (...) {
      failed = std::current_exception();
      interval.abandon();
    }
  });
  try {
    nodes += improve_plan(run, base, interval);
  } catch (...) {
    interval.abandon();
    prover.join();
    throw;
  }
  prover.join();
  if (failed) {
    std::rethrow_exception(failed);
  }
  return nodes;
}

// The family's constructive plan into the interval, if it has one.
void offer_constructive(const Run &run, Interval &interval) {
  const auto t0 = Run::Clock::now();
  const std::optional<task::Plan> plan = run.puzzle.constructive_plan();
  if (!plan) {
    return;
  }
  interval.offer(*plan, "the constructive plan (line by line)");
  run.phase("search",
            fmt::format("the constructive plan (line by line, the last "
                        "3 x 3 cells optimally): {} moves in {:.3f} s",
                        plan->size(), solver::seconds_since(t0)));
}

// The interval's lower end raised by the family's bounds on the start:
// its quick bound, and its tables' (read or built once, before the
// threads share them); whether the tables are at hand (false: none, or
// stopped while built).
bool raise_on_start(const Run &run,
                    const puzzles::HeuristicSearchOptions &base,
                    const PlannerResult &result, Interval &interval) {
  if (const auto quick = run.puzzle.quick_bound()) {
    interval.raise(at_stride(quick->first, result), quick->second);
  }
  if (!run.puzzle.has_heuristic_search()) {
    return false;
  }
  if (base.pattern_tiles == 0 && !run.allowed_table_tiles().empty()) {
    run.phase("search", run.stronger_tables_hint());
  }
  const puzzles::StateBound bound = run.puzzle.state_bound(base);
  if (bound) {
    interval.raise(at_stride(bound(run.task.initial_state()), result),
                   "the pattern databases' bound on the start");
  }
  return static_cast<bool>(bound);
}

// What the two threads will do, said once before they start.
std::string search_plan_text(const Run &run, bool tables, int lower) {
  if (!tables) {
    return fmt::format("--any by search: windows and beams (where the "
                       "family has a bound for them: in the Manhattan "
                       "order and, on the other thread, far tiles first) "
                       "the plan shortened; the lower bound {} (no IDA* "
                       "without tables); explicit search, not SAT",
                       lower);
  }
  return fmt::format("--any by search: windows and {} the plan shortened, "
                     "IDA* for the lower bound ({}); explicit search, not "
                     "SAT",
                     plans_by_beams(run)
                         ? "beams"
                         : "weighted IDA*",
                     lower);
}

} // namespace

void solve_by_search(const Run &run, PlannerResult &result,
                     const solver::StopFn &stop) {
  result.path = Path::search;
  result.encoding = "none (explicit states)";
  puzzles::HeuristicSearchOptions base = run.search_options("search", stop);
  base.pattern_tiles = run.table_tiles();
  const auto stopped_by = [&stop] {
    return stop && stop() ? solver::Outcome::cancelled
                          : solver::Outcome::timeout;
  };
  // The constructive plan first: a stop while the tables are built still
  // ends with a plan.
  Interval interval(result.lower_bound, result.lower_bound_name,
                    run.options.any_gap);
  offer_constructive(run, interval);
  const bool tables = raise_on_start(run, base, result, interval);
  base.threads = 1;
  base.stop = [&run, &interval, stop] {
    return interval.decided() || run.stopped(stop);
  };
  if (tables || !run.puzzle.has_heuristic_search()) {
    run.phase("search", search_plan_text(run, tables, interval.lower()));
    result.nodes = search_both(run, base, result, interval);
  }
  interval.fill(result);
  const std::string proven =
      fmt::format("; proven: no plan of length <= {} ({})",
                  result.lower_bound - 1, result.lower_bound_name);
  if (result.plan_from.empty()) {
    end_without_plan(result, stopped_by(), run, proven, "");
    return;
  }
  result.status = Status::solved;
  if (static_cast<int>(result.plan.size()) <= result.lower_bound) {
    end_with_optimal_plan(result, result.plan, Proof::exhausted_thresholds,
                          fmt::format("--any by search (explicit search, "
                                      "not SAT): the plan of {}, and {}",
                                      result.plan_from,
                                      result.lower_bound_name));
    return;
  }
  result.optimality = fmt::format(
      "--any by search (explicit search, not SAT): the plan of {}; the "
      "lower bound from {}",
      result.plan_from, result.lower_bound_name);
}

} // namespace satslide::planner
