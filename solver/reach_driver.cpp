#include "reach_driver.hpp"

#include "reach_expander.hpp"
#include "reach_positions.hpp"
#include "side_by_side.hpp"
#include "spare_expanders.hpp"

#include "satslide/search/state_space.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <exception>
#include <memory>
#include <optional>

namespace satslide::solver {

namespace {

using reach_search::Cut;
using reach_search::Layer;
using reach_search::Side;
using reach_search::Visited;

class Reach {
public:
  Reach(const task::Task &task, encoder::Encoding &encoding,
        const ReachOptions &options, const ProgressFn &progress)
      : m_task(task), m_encoding(encoding), m_options(options),
        m_progress(progress), m_start(std::chrono::steady_clock::now()) {}

  ReachResult run();

private:
  bool end(ReachOutcome outcome);
  // The first expander over the one-step formula, the start's side (and
  // the goal's, from both ends); true if the start is a goal.
  bool start_search();
  // Whether to search from both ends: the goal is one position and
  // excluding a step variable excludes one move into a position.
  std::optional<task::State> goal_position() const;
  // Expands the layer's frontier in `threads` threads, each taking the
  // next few positions not yet taken.
  void expand_layer(Layer &layer, std::size_t threads);
  void work(ReachExpander &expander, Layer &layer);
  bool meets(const Layer &layer, const task::State &s) const;
  // Adds the layer's positions to the table in frontier order; true when
  // the run is over (goal, budget, or the layer was cut short).
  bool merge(Layer &layer);
  // How many solvers the next layer uses: the first, and the spares set
  // up so far (their set-up starts when a layer first wants them).
  std::size_t solvers_for_layer(long frontier);
  void finish_layer(const char *result, double seconds, int64_t learned_before);
  // The plan through position i of `side` (from both ends: to the goal).
  task::Plan plan_through(const Side &side, long i) const;
  std::optional<task::Plan> half_plan(const Side &side, long i) const;
  long positions() const;
  long sat_calls() const;
  int64_t learned() const;

  const task::Task &m_task;
  encoder::Encoding &m_encoding;
  const ReachOptions &m_options;
  const ProgressFn &m_progress;
  const std::chrono::steady_clock::time_point m_start;
  std::vector<std::unique_ptr<ReachExpander>> m_expanders;
  StopFn m_stop; // the user's stop, or one expander failed
  std::atomic<bool> m_abort{false}; // one expander failed: stop the rest
  std::vector<std::unique_ptr<Side>> m_sides; // forward, then backward
  ReachResult m_result;
  encoder::StoringSink m_formula; // the one-step formula every solver loads
  SpareExpanders m_spares; // after what their set-up reads: joined first
};

bool Reach::end(ReachOutcome outcome) {
  m_result.outcome = outcome;
  m_result.positions = positions();
  m_result.sat_calls = sat_calls();
  m_result.seconds = seconds_since(m_start);
  return true;
}

long Reach::positions() const {
  long n = 0;
  for (const auto &side : m_sides) {
    n += side->visited.size();
  }
  return n;
}

long Reach::sat_calls() const {
  long calls = 0;
  for (const auto &e : m_expanders) {
    calls += e->sat_calls();
  }
  return calls;
}

int64_t Reach::learned() const {
  int64_t learned = 0;
  for (const auto &e : m_expanders) {
    learned += e->learned();
  }
  return learned;
}

// Along the parent links to the root: forward, the moves from the start
// to position i; backward, from position i to the goal (each position's
// move into its parent). nullopt if a link is no move (a bug).
std::optional<task::Plan> Reach::half_plan(const Side &side, long i) const {
  const Visited &v = side.visited;
  task::Plan moves;
  for (long child = i; v.parent(child) >= 0; child = v.parent(child)) {
    const task::State parent = v.state(v.parent(child));
    const task::State here = v.state(child);
    const auto action = side.backward ? m_task.action_between(here, parent)
                                      : m_task.action_between(parent, here);
    if (!action) {
      return std::nullopt;
    }
    moves.push_back(*action);
  }
  if (!side.backward) {
    std::reverse(moves.begin(), moves.end());
  }
  return moves;
}

task::Plan Reach::plan_through(const Side &side, long i) const {
  if (m_sides.size() == 1) {
    return half_plan(side, i).value_or(task::Plan{});
  }
  // From both ends: the meeting position's two halves.
  const Side &other = *m_sides[side.backward ? 0 : 1];
  const long j = other.visited.find(side.visited.state(i));
  if (j < 0) {
    return {};
  }
  const Side &forward = side.backward ? other : side;
  const Side &backward = side.backward ? side : other;
  auto plan = half_plan(forward, side.backward ? j : i);
  const auto tail = half_plan(backward, side.backward ? i : j);
  if (!plan || !tail) {
    return {};
  }
  plan->insert(plan->end(), tail->begin(), tail->end());
  return *plan;
}

bool Reach::meets(const Layer &layer, const task::State &s) const {
  return layer.other ? layer.other->visited.known(s)
                     : m_task.satisfies_goal(s);
}

void Reach::work(ReachExpander &expander, Layer &layer) {
  Side &side = layer.side;
  const long frontier = side.stop - side.begin;
  const long chunk = std::clamp<long>(frontier / 16, 1, 64);
  for (;;) {
    const long first = layer.next.fetch_add(chunk);
    for (long i = first; i < std::min(first + chunk, side.stop); ++i) {
      // Past a goal or a cut nothing more is needed.
      if (i > layer.goal_at || layer.cut != static_cast<int>(Cut::none)) {
        return;
      }
      const task::State s = side.visited.state(i);
      const int parent = side.visited.parent(i);
      const task::State came_from =
          parent >= 0 ? side.visited.state(parent) : task::State{};
      std::vector<task::State> next;
      switch (expander.expand(s, parent >= 0 ? &came_from : nullptr, next,
                              side.backward)) {
      case ReachExpander::Status::done:
        break;
      case ReachExpander::Status::unknown:
        layer.cut_by(Cut::unknown);
        m_abort = true;
        return;
      case ReachExpander::Status::decode_error:
        layer.cut_by(Cut::decode_error);
        m_abort = true;
        return;
      }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      bool goal = false;
      std::vector<task::State> fresh;
      for (task::State &n : next) {
        if (!side.visited.known(n)) {
          goal = goal || meets(layer, n);
          fresh.push_back(std::move(n));
        } else if (m_options.blocking == ReachBlocking::visited) {
          layer.cut_by(Cut::decode_error); // blocked, yet found again
          m_abort = true;
          return;
        }
      }
      const long estimate = layer.estimate += static_cast<long>(fresh.size());
      layer.found[i - side.begin] = std::move(fresh);
      layer.expanded[i - side.begin] = 1;
      if (goal) {
        long now = layer.goal_at.load();
        while (i < now && !layer.goal_at.compare_exchange_weak(now, i)) {
        }
      }
      if (m_options.max_states > 0 && estimate >= m_options.max_states) {
        layer.cut_by(Cut::budget);
      }
    }
    if (first + chunk >= side.stop) {
      return;
    }
  }
}

void Reach::expand_layer(Layer &layer, std::size_t solvers) {
  const long frontier = layer.side.stop - layer.side.begin;
  layer.found.assign(frontier, {});
  layer.expanded.assign(frontier, 0);
  layer.next = layer.side.begin;
  layer.estimate = positions();
  const std::size_t threads =
      std::min<std::size_t>(solvers, static_cast<std::size_t>(frontier));
  std::vector<std::exception_ptr> failed(threads);
  const auto run = [&](std::size_t k) {
    try {
      work(*m_expanders[k], layer);
    } catch (...) {
      failed[k] = std::current_exception();
      layer.cut_by(Cut::decode_error);
      m_abort = true;
    }
  };
  side_by_side(static_cast<int>(threads),
               [&](int k) { run(static_cast<std::size_t>(k)); });
  for (const std::exception_ptr &e : failed) {
    if (e) {
      std::rethrow_exception(e);
    }
  }
}

bool Reach::merge(Layer &layer) {
  Side &side = layer.side;
  for (long i = side.begin; i < side.stop; ++i) {
    if (!layer.expanded[i - side.begin]) {
      break;
    }
    for (const task::State &n : layer.found[i - side.begin]) {
      if (!side.visited.add(n, static_cast<int>(i))) {
        continue; // also found from an earlier position of this layer
      }
      if (meets(layer, n)) {
        m_result.plan = plan_through(side, side.visited.size() - 1);
        return end(m_result.plan.empty() ? ReachOutcome::decode_error
                                         : ReachOutcome::goal_found);
      }
      if (m_options.max_states > 0 && positions() >= m_options.max_states) {
        return end(ReachOutcome::state_limit);
      }
    }
  }
  switch (static_cast<Cut>(layer.cut.load())) {
  case Cut::none:
    return false;
  case Cut::budget:
    return end(ReachOutcome::state_limit);
  case Cut::unknown:
    return end(m_options.stop && m_options.stop() ? ReachOutcome::cancelled
                                                  : ReachOutcome::timeout);
  case Cut::decode_error:
    return end(ReachOutcome::decode_error);
  }
  return false;
}

std::size_t Reach::solvers_for_layer(long frontier) {
  // Several solvers only where nothing is added to one solver for the
  // others' sake: blocking moves.
  int want = m_options.blocking == ReachBlocking::moves
                 ? std::max(1, m_options.threads)
                 : 1;
  if (m_options.threads_for_layer && want > 1) {
    want = std::clamp(
        m_options.threads_for_layer(positions(), frontier,
                                    m_result.depth_done),
        1,
        want);
  }
  if (want > 1) {
    m_spares.start(m_options.threads - 1, [this](const std::atomic<bool> &a) {
      return std::make_unique<ReachExpander>(m_task, m_encoding, m_formula,
                                             m_options, m_stop, m_start, &a);
    });
    m_spares.take(m_expanders, static_cast<std::size_t>(want));
  }
  return std::min(static_cast<std::size_t>(want), m_expanders.size());
}

void Reach::finish_layer(const char *result, double seconds,
                         int64_t learned_before) {
  HorizonStats &layer = m_result.layers.emplace_back();
  layer.horizon = static_cast<int>(m_result.layers.size());
  layer.result = result;
  layer.variables = m_expanders.front()->num_vars();
  layer.clauses = m_expanders.front()->num_clauses();
  layer.seconds = seconds;
  layer.conflicts = learned() - learned_before;
  if (m_progress) {
    m_progress(layer);
  }
}

std::optional<task::State> Reach::goal_position() const {
  if (!m_options.both_ends || m_options.blocking != ReachBlocking::moves ||
      !m_expanders.front()->backward_exclusive()) {
    return std::nullopt;
  }
  return search::single_goal_state(m_task);
}

bool Reach::start_search() {
  encoder::StoringSink &formula = m_formula;
  m_encoding.encode_initial(formula);
  m_encoding.encode_step(0, formula);
  m_stop = [this] { return m_abort || (m_options.stop && m_options.stop()); };
  m_expanders.push_back(std::make_unique<ReachExpander>(
      m_task, m_encoding, formula, m_options, m_stop, m_start));
  const task::State start = m_task.initial_state();
  m_sides.push_back(std::make_unique<Side>(m_task.num_fluents(), false));
  m_sides[0]->visited.add(start, -1);
  m_result.per_depth.push_back(1);
  if (m_options.blocking == ReachBlocking::visited) {
    m_expanders.front()->block(start);
  }
  if (m_task.satisfies_goal(start)) {
    return end(ReachOutcome::goal_found);
  }
  if (const auto goal = goal_position()) {
    m_sides.push_back(std::make_unique<Side>(m_task.num_fluents(), true));
    m_sides[1]->visited.add(*goal, -1);
    m_result.both_ends = true;
  }
  m_result.depth_done = 0;
  return false;
}

ReachResult Reach::run() {
  if (start_search()) {
    return m_result;
  }
  for (;;) {
    // From both ends, the side with the smaller frontier goes next.
    Side &side = m_sides.size() == 2 && m_sides[1]->stop - m_sides[1]->begin <
                                            m_sides[0]->stop - m_sides[0]->begin
                     ? *m_sides[1]
                     : *m_sides[0];
    const Side *other =
        m_sides.size() == 2 ? m_sides[&side == m_sides[0].get() ? 1 : 0].get()
                            : nullptr;
    if (m_options.max_depth >= 0 && m_result.depth_done >= m_options.max_depth) {
      end(ReachOutcome::depth_limit);
      return m_result;
    }
    const auto layer_start = std::chrono::steady_clock::now();
    const int64_t learned_before = learned();
    Layer layer(side, other);
    expand_layer(layer, solvers_for_layer(side.stop - side.begin));
    if (merge(layer)) {
      finish_layer(m_result.outcome == ReachOutcome::goal_found ? "SAT"
                                                                : "UNKNOWN",
                   seconds_since(layer_start), learned_before);
      return m_result;
    }
    finish_layer("UNSAT", seconds_since(layer_start), learned_before);
    side.begin = side.stop;
    side.stop = side.visited.size();
    if (side.begin == side.stop) {
      // Every position reachable from this side's root was found (from
      // the start, or that can reach the goal), none on the other side.
      end(ReachOutcome::exhausted);
      return m_result;
    }
    ++side.depth;
    if (!side.backward) {
      m_result.per_depth.push_back(side.stop - side.begin);
    }
    // Within depth a of the start and b of the goal every position was
    // found, and none on both sides: no plan of length a + b or less.
    m_result.depth_done = m_sides[0]->depth +
                          (m_sides.size() == 2 ? m_sides[1]->depth : 0);
  }
}

} // namespace

ReachResult run_reach(const task::Task &task, encoder::Encoding &encoding,
                      const ReachOptions &options, const ProgressFn &progress) {
  return Reach(task, encoding, options, progress).run();
}

} // namespace satslide::solver
