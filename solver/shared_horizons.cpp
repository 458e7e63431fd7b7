#include "shared_horizons.hpp"

#include "side_by_side.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <new>
#include <set>

namespace satslide::solver {

namespace {

constexpr int k_none = std::numeric_limits<int>::max();

// What the threads know together: which horizon is next, the shortest
// satisfiable one so far, which were refuted, and whether to stop.
class Shared {
public:
  Shared(const DriverOptions &options, Split split,
         const ProgressFn &progress)
      : m_options(options), m_split(split), m_progress(progress),
        m_next(options.first_horizon) {}

  // The next horizon for a thread whose last was `last` (-1: none yet):
  // split, the next nobody has taken; portfolio, the next after `last`
  // nobody has refuted. -1 when none is left to try.
  int take(int last) {
    const std::lock_guard<std::mutex> guard(m_lock);
    int n = m_next;
    if (m_split == Split::portfolio) {
      n = last < 0 ? m_options.first_horizon : last + m_options.stride;
      while (m_refuted.count(n)) {
        n += m_options.stride;
      }
    }
    if (m_stop || n > m_options.max_horizon || n >= m_best) {
      return -1;
    }
    m_next = n + m_options.stride;
    return n;
  }

  // Horizon n still matters: no shorter plan is known, nobody refuted
  // it, the run goes on.
  bool needed(int n) const {
    if (m_stop || n >= m_best) {
      return false;
    }
    const std::lock_guard<std::mutex> guard(m_lock);
    return m_refuted.count(n) == 0;
  }
  // Refuted by any thread (its guard may be retired by all).
  bool refuted_by_any(int n) const {
    const std::lock_guard<std::mutex> guard(m_lock);
    return m_refuted.count(n) > 0;
  }
  bool stopped() const { return m_stop; }

  void record(const HorizonStats &stats) {
    const std::lock_guard<std::mutex> guard(m_lock);
    m_horizons.push_back(stats);
  }

  void refuted(int n) {
    const std::lock_guard<std::mutex> guard(m_lock);
    m_refuted.insert(n);
    finish_if_proven();
  }

  void satisfied(int n, std::optional<task::Plan> plan) {
    const std::lock_guard<std::mutex> guard(m_lock);
    if (!plan) {
      m_decode_error = true;
      m_stop = true;
      return;
    }
    if (n < m_best) {
      m_best = n;
      m_plan = std::move(*plan);
    }
    finish_if_proven();
  }

  // A timeout or cancellation: every thread stops.
  // `memory_reason`: out_of_memory because a formula was refused before
  // it was built (FormulaTooLarge's words).
  void halt(Outcome why, const std::string &memory_reason = {}) {
    const std::lock_guard<std::mutex> guard(m_lock);
    if (!m_halted) {
      m_halted = true;
      m_halt = why;
      m_memory_reason = memory_reason;
    }
    m_stop = true;
  }

  // Progress from any thread, one call at a time.
  ProgressFn progress() {
    if (!m_progress) {
      return {};
    }
    return [this](const HorizonStats &h) {
      const std::lock_guard<std::mutex> guard(m_report_lock);
      m_progress(h);
    };
  }

  DriverResult result() const {
    DriverResult r;
    const int first_open = first_not_refuted();
    if (m_options.start_proven) {
      r.no_plan_up_to = first_open - 1;
    }
    r.horizons = m_horizons;
    std::stable_sort(r.horizons.begin(), r.horizons.end(),
                     [](const HorizonStats &a, const HorizonStats &b) {
                       return a.horizon < b.horizon;
                     });
    if (m_decode_error) {
      r.outcome = Outcome::decode_error;
    } else if (m_best != k_none && m_best == first_open) {
      r.outcome = Outcome::plan_found;
      r.plan = m_plan;
      r.optimal = m_options.start_proven;
    } else if (m_halted) {
      r.outcome = m_halt;
      r.memory_reason = m_memory_reason;
    } else {
      r.outcome = Outcome::horizon_limit;
    }
    return r;
  }

private:
  int first_not_refuted() const {
    int n = m_options.first_horizon;
    while (m_refuted.count(n)) {
      n += m_options.stride;
    }
    return n;
  }

  // Every horizon below the shortest plan refuted: the others can stop.
  void finish_if_proven() {
    if (m_best != k_none && first_not_refuted() == m_best) {
      m_stop = true;
    }
  }

  const DriverOptions &m_options;
  const Split m_split;
  const ProgressFn &m_progress;
  mutable std::mutex m_lock;
  std::mutex m_report_lock;
  int m_next;
  std::atomic<int> m_best{k_none};
  std::atomic<bool> m_stop{false};
  std::set<int> m_refuted;
  task::Plan m_plan;
  bool m_decode_error = false, m_halted = false;
  Outcome m_halt = Outcome::timeout;
  std::string m_memory_reason;
  std::vector<HorizonStats> m_horizons;
};

// One thread: its own formula, horizons taken in increasing order (so its
// formula only grows), each refuted one retired by its guard.
void work(Formula &formula, Shared &shared, const DriverOptions &options,
          std::chrono::steady_clock::time_point deadline) {
  std::atomic<int> current{-1};
  formula.sink->set_stop([&] {
    return (options.stop && options.stop()) || !shared.needed(current);
  });
  const ProgressFn progress = shared.progress();
  for (int n = -1; (n = shared.take(n)) >= 0;) {
    current = n;
    const auto limit = [&] {
      return limit_reached(options.stop, options.timeout_seconds, deadline);
    };
    const int guard =
        open_horizon(formula, n, [&] { return limit() || !shared.needed(n); });
    if (guard == 0) {
      if (const auto why = limit()) {
        shared.halt(*why);
      }
      continue; // no longer needed, or halted (take() then says so)
    }
    if (shared.refuted_by_any(n)) {
      formula.sink->add_clause({-guard}); // another solver's proof
      continue;
    }
    HorizonStats stats;
    const SolveResult answer =
        solve_timed(*formula.sink, guard, n, stats, progress);
    shared.record(stats);
    if (progress) {
      progress(stats);
    }
    if (answer == SolveResult::unknown) {
      if (shared.refuted_by_any(n)) {
        formula.sink->add_clause({-guard}); // another solver's proof
      } else if (shared.needed(n)) {
        shared.halt(interrupted(options.stop));
      }
      continue;
    }
    if (answer == SolveResult::sat) {
      shared.satisfied(n, formula.encoding->decode(n, [&](int var) {
        return formula.sink->value(var);
      }));
      continue;
    }
    formula.sink->add_clause({-guard});
    shared.refuted(n);
  }
  formula.sink->set_stop({}); // it refers to this frame
}

} // namespace

DriverResult run_shared_horizons(const EncodingFactory &make_encoding,
                                 const DriverOptions &options, int threads,
                                 Split split, const ProgressFn &progress) {
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = deadline_after(start, options.timeout_seconds);
  Shared shared(options, split, progress);
  // The formulas are opened here, one after the other: the factory need
  // not be thread-safe.
  std::vector<Formula> formulas;
  for (int t = 0; t < std::max(threads, 1); ++t) {
    if (const auto why = limit_reached(options.stop, options.timeout_seconds,
                                       deadline)) {
      shared.halt(*why);
      break;
    }
    // A portfolio's solvers differ: their own seed, every other one
    // starting from phase false.
    std::vector<std::string> tuned = options.solver_options;
    if (split == Split::portfolio && t > 0) {
      tuned.push_back("seed=" + std::to_string(t));
      tuned.push_back("phase=" + std::to_string(t % 2 == 0 ? 1 : 0));
    }
    try {
      formulas.push_back(open_formula(make_encoding, options.solver_config,
                                      tuned, options.timeout_seconds,
                                      deadline));
    } catch (const std::bad_alloc &) {
      shared.halt(Outcome::out_of_memory);
      break;
    }
  }
  side_by_side(static_cast<int>(formulas.size()), [&](int t) {
    try {
      work(formulas[static_cast<std::size_t>(t)], shared, options, deadline);
    } catch (const std::bad_alloc &e) {
      // Every thread stops; what was refuted before stands.
      formulas[static_cast<std::size_t>(t)] = {};
      shared.halt(Outcome::out_of_memory, refused_formula(e));
    }
  });
  DriverResult result = shared.result();
  result.seconds = seconds_since(start);
  return result;
}

} // namespace satslide::solver
