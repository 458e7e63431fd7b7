#include "reach_driver.hpp"

#include "reach_expander.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <exception>
#include <memory>
#include <thread>
#include <unordered_map>

namespace satslide::solver {

namespace {

// Positions found so far: packed states (a bit per fluent), their parents
// and their depth order (positions are stored layer after layer). Read by
// the expanders' threads while a layer is expanded, written only between.
class Visited {
public:
  explicit Visited(int fluents) : m_fluents(fluents) {}

  // Adds a position; false if it was known.
  bool add(const encoder::State &state, int parent) {
    const auto [it, added] =
        m_index.emplace(pack(state), static_cast<int>(m_parent.size()));
    if (added) {
      m_keys.push_back(&it->first);
      m_parent.push_back(parent);
    }
    return added;
  }
  bool known(const encoder::State &state) const {
    return m_index.count(pack(state)) != 0;
  }
  long size() const { return static_cast<long>(m_parent.size()); }
  encoder::State state(long i) const { return unpack(*m_keys[i]); }
  int parent(long i) const { return m_parent[i]; }

private:
  std::string pack(const encoder::State &s) const {
    std::string key((m_fluents + 7) / 8, '\0');
    for (int f = 0; f < m_fluents; ++f) {
      if (s[f]) {
        key[f / 8] = static_cast<char>(key[f / 8] | (1 << (f % 8)));
      }
    }
    return key;
  }
  encoder::State unpack(const std::string &key) const {
    encoder::State s(m_fluents, 0);
    for (int f = 0; f < m_fluents; ++f) {
      s[f] = (key[f / 8] >> (f % 8)) & 1;
    }
    return s;
  }

  int m_fluents;
  std::unordered_map<std::string, int> m_index;
  std::vector<const std::string *> m_keys; // node-based map: stable
  std::vector<int> m_parent;
};

// Why a layer's expansion ended early (in order of precedence).
enum class Cut { none, budget, unknown, decode_error };

// One layer being expanded: per frontier position its new successors
// (sorted, so that the table fills in the same order whatever the solver
// or the number of threads), whether it was expanded, and what the
// workers share.
struct Layer {
  long begin = 0, stop = 0;
  std::vector<std::vector<encoder::State>> found;
  std::vector<char> expanded;
  std::atomic<long> next{0};
  std::atomic<long> goal_at{LONG_MAX}; // first position with a goal move
  std::atomic<long> estimate{0};       // positions, duplicates counted
  std::atomic<int> cut{static_cast<int>(Cut::none)};

  void cut_by(Cut why) {
    int now = cut.load();
    while (now < static_cast<int>(why) &&
           !cut.compare_exchange_weak(now, static_cast<int>(why))) {
    }
  }
};

class Reach {
public:
  Reach(const encoder::Task &task, encoder::Encoding &encoding,
        const ReachOptions &options, const ProgressFn &progress)
      : m_task(task), m_encoding(encoding), m_options(options),
        m_progress(progress), m_start(std::chrono::steady_clock::now()),
        m_visited(task.num_fluents()) {}

  ReachResult run();

private:
  bool end(ReachOutcome outcome);
  // Expands positions [layer.begin, layer.stop), in `m_expanders.size()`
  // threads, each taking the next few positions not yet taken.
  void expand_layer(Layer &layer, std::size_t threads);
  // The solvers for the next layer, created as they are first needed.
  std::size_t solvers_for_layer(const encoder::StoringSink &formula);
  void work(ReachExpander &expander, Layer &layer);
  // Adds the layer's positions to the table in frontier order; true when
  // the run is over (goal, budget, or the layer was cut short).
  bool merge(Layer &layer);
  void finish_layer(int depth, const char *result, double seconds,
                    int64_t learned_before);
  encoder::Plan plan_to(long i) const;
  long sat_calls() const;
  int64_t learned() const;

  const encoder::Task &m_task;
  encoder::Encoding &m_encoding;
  const ReachOptions &m_options;
  const ProgressFn &m_progress;
  const std::chrono::steady_clock::time_point m_start;
  std::vector<std::unique_ptr<ReachExpander>> m_expanders;
  StopFn m_stop; // the user's stop, or one expander failed
  std::atomic<bool> m_abort{false}; // one expander failed: stop the rest
  Visited m_visited;
  ReachResult m_result;
};

bool Reach::end(ReachOutcome outcome) {
  m_result.outcome = outcome;
  m_result.positions = m_visited.size();
  m_result.sat_calls = sat_calls();
  m_result.seconds = seconds_since(m_start);
  return true;
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

encoder::Plan Reach::plan_to(long i) const {
  encoder::Plan reversed;
  for (long child = i; m_visited.parent(child) >= 0;
       child = m_visited.parent(child)) {
    const auto action = m_task.action_between(
        m_visited.state(m_visited.parent(child)), m_visited.state(child));
    if (!action) {
      return {};
    }
    reversed.push_back(*action);
  }
  return encoder::Plan(reversed.rbegin(), reversed.rend());
}

void Reach::work(ReachExpander &expander, Layer &layer) {
  const long frontier = layer.stop - layer.begin;
  const long chunk = std::clamp<long>(frontier / 16, 1, 64);
  for (;;) {
    const long first = layer.next.fetch_add(chunk);
    for (long i = first; i < std::min(first + chunk, layer.stop); ++i) {
      // Past a goal or a cut nothing more is needed.
      if (i > layer.goal_at || layer.cut != static_cast<int>(Cut::none)) {
        return;
      }
      const encoder::State s = m_visited.state(i);
      const int parent = m_visited.parent(i);
      const encoder::State came_from =
          parent >= 0 ? m_visited.state(parent) : encoder::State{};
      std::vector<encoder::State> next;
      switch (expander.expand(s, parent >= 0 ? &came_from : nullptr, next)) {
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
      std::vector<encoder::State> fresh;
      for (encoder::State &n : next) {
        if (!m_visited.known(n)) {
          goal = goal || m_task.satisfies_goal(n);
          fresh.push_back(std::move(n));
        } else if (m_options.blocking == ReachBlocking::visited) {
          layer.cut_by(Cut::decode_error); // blocked, yet found again
          m_abort = true;
          return;
        }
      }
      const long estimate = layer.estimate += static_cast<long>(fresh.size());
      layer.found[i - layer.begin] = std::move(fresh);
      layer.expanded[i - layer.begin] = 1;
      if (goal) {
        long now = layer.goal_at.load();
        while (i < now && !layer.goal_at.compare_exchange_weak(now, i)) {
        }
      }
      if (m_options.max_states > 0 && estimate >= m_options.max_states) {
        layer.cut_by(Cut::budget);
      }
    }
    if (first + chunk >= layer.stop) {
      return;
    }
  }
}

std::size_t Reach::solvers_for_layer(const encoder::StoringSink &formula) {
  // Several solvers only where nothing is added to one solver for the
  // others' sake: blocking moves.
  int want = m_options.blocking == ReachBlocking::moves
                 ? std::max(1, m_options.threads)
                 : 1;
  if (m_options.threads_for_layer && want > 1) {
    want = std::clamp(
        m_options.threads_for_layer(m_visited.size(), m_result.depth_done), 1,
        want);
  }
  while (m_expanders.size() < static_cast<std::size_t>(want)) {
    m_expanders.push_back(std::make_unique<ReachExpander>(
        m_task, m_encoding, formula, m_options, m_stop, m_start));
  }
  return static_cast<std::size_t>(want);
}

void Reach::expand_layer(Layer &layer, std::size_t solvers) {
  const long frontier = layer.stop - layer.begin;
  layer.found.assign(frontier, {});
  layer.expanded.assign(frontier, 0);
  layer.next = layer.begin;
  layer.estimate = m_visited.size();
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
  std::vector<std::thread> others;
  for (std::size_t k = 1; k < threads; ++k) {
    others.emplace_back(run, k);
  }
  run(0);
  for (std::thread &t : others) {
    t.join();
  }
  for (const std::exception_ptr &e : failed) {
    if (e) {
      std::rethrow_exception(e);
    }
  }
}

bool Reach::merge(Layer &layer) {
  for (long i = layer.begin; i < layer.stop; ++i) {
    if (!layer.expanded[i - layer.begin]) {
      break;
    }
    for (const encoder::State &n : layer.found[i - layer.begin]) {
      if (!m_visited.add(n, static_cast<int>(i))) {
        continue; // also found from an earlier position of this layer
      }
      if (m_task.satisfies_goal(n)) {
        m_result.plan = plan_to(m_visited.size() - 1);
        return end(m_result.plan.empty() ? ReachOutcome::decode_error
                                         : ReachOutcome::goal_found);
      }
      if (m_options.max_states > 0 &&
          m_visited.size() >= m_options.max_states) {
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

void Reach::finish_layer(int depth, const char *result, double seconds,
                         int64_t learned_before) {
  HorizonStats &layer = m_result.layers.emplace_back();
  layer.horizon = depth;
  layer.result = result;
  layer.variables = m_expanders.front()->num_vars();
  layer.clauses = m_expanders.front()->num_clauses();
  layer.seconds = seconds;
  layer.conflicts = learned() - learned_before;
  if (m_progress) {
    m_progress(layer);
  }
}

ReachResult Reach::run() {
  encoder::StoringSink formula;
  m_encoding.encode_initial(formula);
  m_encoding.encode_step(0, formula);
  m_stop = [this] { return m_abort || (m_options.stop && m_options.stop()); };
  m_expanders.push_back(std::make_unique<ReachExpander>(
      m_task, m_encoding, formula, m_options, m_stop, m_start));
  const encoder::State start = m_task.initial_state();
  m_visited.add(start, -1);
  m_result.per_depth.push_back(1);
  if (m_options.blocking == ReachBlocking::visited) {
    m_expanders.front()->block(start);
  }
  if (m_task.satisfies_goal(start)) {
    end(ReachOutcome::goal_found);
    return m_result;
  }
  m_result.depth_done = 0;
  // Positions are stored layer by layer: [begin, stop) is the frontier.
  long begin = 0, stop_at = 1;
  for (int depth = 0; begin < stop_at; ++depth) {
    const auto layer_start = std::chrono::steady_clock::now();
    const int64_t learned_before = learned();
    Layer layer;
    layer.begin = begin;
    layer.stop = stop_at;
    expand_layer(layer, solvers_for_layer(formula));
    if (merge(layer)) {
      finish_layer(depth + 1,
                   m_result.outcome == ReachOutcome::goal_found ? "SAT"
                                                                : "UNKNOWN",
                   seconds_since(layer_start), learned_before);
      return m_result;
    }
    finish_layer(depth + 1, "UNSAT", seconds_since(layer_start),
                 learned_before);
    m_result.depth_done = depth + 1;
    begin = stop_at;
    stop_at = m_visited.size();
    if (stop_at > begin) {
      m_result.per_depth.push_back(stop_at - begin);
    }
  }
  --m_result.depth_done; // the last layer was empty, not a depth reached
  end(ReachOutcome::exhausted);
  return m_result;
}

} // namespace

ReachResult run_reach(const encoder::Task &task, encoder::Encoding &encoding,
                      const ReachOptions &options, const ProgressFn &progress) {
  return Reach(task, encoding, options, progress).run();
}

} // namespace satslide::solver
