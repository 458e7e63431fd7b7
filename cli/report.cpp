#include "satslide/cli/report.hpp"
#include "satslide/task/grouped.hpp"

#include "satslide/cli/printable.hpp"

#include "satslide/task/pddl.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace satslide::cli {

namespace {

// Keys in the order they are written, as scripts and people read them.
using Json = nlohmann::ordered_json;

std::string indent(const std::string &text, const std::string &pad) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    out += pad + text.substr(start, end - start) + '\n';
    if (end == std::string::npos) {
      break;
    }
    start = end + 1;
  }
  return out;
}

void print_bounds(std::ostream &out, const planner::PlannerResult &r) {
  if (r.lower_bound < 0) {
    return;
  }
  out << "lower bound: " << r.lower_bound << " (" << r.lower_bound_name << ")";
  if (r.stride > 1) {
    out << "; plan lengths differ by multiples of " << r.stride << " (parity)";
  }
  out << '\n';
}

void print_plan(std::ostream &out, const planner::PlannerResult &r,
                bool show_boards) {
  const std::size_t n = r.replay.moves.size();
  out << "solution: " << solution_words(r) << '\n';
  const int width = static_cast<int>(std::to_string(n).size());
  for (std::size_t i = 0; i < n; ++i) {
    out << "  " << std::setw(width) << i + 1 << ". "
        << r.replay.moves[i].notation << '\n';
    if (show_boards) {
      out << indent(r.replay.moves[i].board, "     ");
    }
  }
  if (show_boards && !r.replay.boards_drawn) {
    out << "  (boards not drawn: the plan's boards hold more than "
        << puzzles::k_replay_drawn_cells << " cells)\n";
  }
  if (!r.replay.compact.empty()) {
    out << "moves: " << r.replay.compact << '\n';
  }
}

Json plan_json(const puzzles::Replay &replay, bool show_boards) {
  Json plan = Json::array();
  for (const auto &m : replay.moves) {
    if (show_boards) {
      plan.push_back({{"move", m.notation}, {"board", m.board}});
    } else {
      plan.push_back(m.notation);
    }
  }
  return plan;
}

Json horizons_json(const planner::PlannerResult &r) {
  Json horizons = Json::array();
  for (std::size_t i = 0; i < r.horizons.size(); ++i) {
    const solver::HorizonStats &h = r.horizons[i];
    Json entry = Json::object();
    if (i < r.horizon_stage.size()) {
      entry["stage"] = r.horizon_stage[i];
    }
    entry["horizon"] = h.horizon;
    entry["result"] = h.result;
    entry["variables"] = h.variables;
    entry["clauses"] = h.clauses;
    entry["seconds"] = h.seconds;
    entry["conflicts"] = h.conflicts;
    horizons.push_back(entry);
  }
  return horizons;
}

// A spec's params as JSON, the sizes as numbers (as every report has them).
Json instance_json(const puzzles::Params &params) {
  Json j = Json::object();
  for (const auto &[key, value] : params) {
    if (key == "rows" || key == "cols") {
      j[key] = std::stoi(value);
    } else {
      j[key] = value;
    }
  }
  return j;
}

} // namespace

Json error_json(int exit_code, const std::string &kind,
                const std::string &reason) {
  Json j;
  j["status"] = "error";
  j["error"] = kind;
  j["exit_code"] = exit_code;
  j["reason"] = reason;
  return j;
}

namespace {

// A split proof's depth, cubes and, where it ran in process, its rounds.
Json split_json(const planner::PlannerResult &r) {
  Json split = {{"depth", r.split_depth},
                {"cubes", r.cubes},
                {"refuted_by_bound", r.cubes_by_bound}};
  if (!r.cube_solver || !r.cube_order) {
    return split; // merged from separate runs
  }
  split["solver"] = to_name(*r.cube_solver);
  split["order"] = to_name(*r.cube_order);
  if (r.stronger_bound_from >= 0) {
    split["stronger_bound_from"] = r.stronger_bound_from;
  }
  Json rounds = Json::array();
  for (const auto &w : r.cube_rounds) {
    rounds.push_back({{"horizon", w.horizon},
                      {"calls", w.calls},
                      {"call_seconds", w.seconds},
                      {"longest_call_seconds", w.longest}});
  }
  split["rounds"] = rounds;
  return split;
}

// --any: how the plan came about (its stages, its length before
// tightening).
void any_json(const planner::PlannerResult &r, Json &j) {
  j["stages"] = r.stages;
  j["raw_length"] = r.raw_length;
  if (r.tightened_from >= 0) {
    j["tightened_from"] = r.tightened_from;
  }
  if (!r.plan_from.empty()) {
    j["plan_from"] = r.plan_from;
  }
  if (!r.plan_steps.empty()) { // what each phase gained, in order
    Json steps = Json::array();
    for (const auto &s : r.plan_steps) {
      steps.push_back(
          {{"from", s.from}, {"length", s.length}, {"seconds", s.seconds}});
    }
    j["plan_steps"] = steps;
  }
  // The interval the optimum lies in: [lower_bound, length], each end
  // with where it came from, and the ratio of the two.
  if (r.lower_bound >= 0) {
    j["bound_from"] = r.lower_bound_name;
  }
  if (r.status == planner::Status::solved && r.lower_bound > 0) {
    j["gap"] = static_cast<double>(r.replay.moves.size()) / r.lower_bound;
  }
}

// --engine ida's nodes, and its iterations: each threshold and the nodes
// it generated.
void nodes_json(const planner::PlannerResult &r, Json &j) {
  if (r.nodes >= 0) {
    j["nodes"] = r.nodes;
  }
  if (r.iterations.empty()) {
    return;
  }
  Json iterations = Json::array();
  for (const planner::PlannerResult::Iteration &i : r.iterations) {
    iterations.push_back({{"threshold", i.threshold}, {"nodes", i.nodes}});
  }
  j["iterations"] = iterations;
}

// Everything but the plan and the work: what was asked and proven.
Json head_json(const Report &report) {
  const planner::PlannerResult &r = report.result;
  Json j = Json::object();
  j["puzzle"] = report.title;
  j["kind"] = report.spec.kind;
  j["instance"] = instance_json(report.spec.params);
  j["board"] = report.board;
  if (!r.encoding.empty()) {
    j["encoding"] = r.encoding;
  }
  j["status"] = to_name(r.status);
  if (!r.reason.empty()) {
    j["reason"] = r.reason;
  }
  j["optimal"] = r.optimal;
  if (!r.optimality.empty()) {
    j["optimality"] = r.optimality; // the proof in words, as the text says
  }
  // A run stopped with a plan kept (--witness ida) has its length too.
  j["length"] = r.status == planner::Status::solved || !r.replay.moves.empty()
                    ? Json(static_cast<int>(r.replay.moves.size()))
                    : Json(nullptr);
  if (r.lower_bound >= 0) {
    j["lower_bound"] = r.lower_bound;
    j["lower_bound_name"] = r.lower_bound_name;
  }
  j["stride"] = r.stride;
  j["mode"] = to_name(r.mode);
  if (r.path != planner::Path::none) {
    j["path"] = std::string(to_name(r.path)) + (r.witnessed ? "+witness" : "");
  }
  j["engine"] = to_name(planner::proven_by(r));
  if (r.auto_choice) {
    j["auto"] = {{"choice", to_name(*r.auto_choice)},
                 {"reason", r.auto_reason}};
  }
  if (r.positions >= 0) {
    j["positions"] = r.positions;
    j["sat_calls"] = r.sat_calls;
  }
  if (r.split_depth >= 0) {
    j["split"] = split_json(r);
  }
  if (r.witness_length >= 0) {
    j["witness"] = {{"engine", to_name(planner::Witness::ida)},
                    {"length", r.witness_length},
                    {"seconds", r.witness_seconds}};
  }
  nodes_json(r, j);
  if (r.mode == planner::Mode::any) {
    any_json(r, j);
  }
  j["no_plan_up_to"] =
      r.no_plan_up_to >= 0 ? Json(r.no_plan_up_to) : Json(nullptr);
  return j;
}

} // namespace

std::string solution_words(const planner::PlannerResult &r) {
  const std::size_t n = r.replay.moves.size();
  std::string words = std::to_string(n) + (n == 1 ? " move" : " moves") +
                      ", " + (r.optimal ? "optimal" : "not proven optimal");
  if (!r.optimality.empty()) {
    words += " (" + r.optimality + ")";
  }
  return words;
}

Report report_for(const puzzles::Puzzle &puzzle) {
  Report report;
  report.title = puzzle.title();
  report.board = puzzle.draw();
  report.spec = puzzle.spec();
  report.puzzle = &puzzle;
  return report;
}

void print_ipc(std::ostream &out, const Report &report) {
  const task::Task task = report.puzzle->compile();
  out << task::ipc_plan(task::pddl_names(task), report.result.plan);
}

namespace {

void print_result(std::ostream &out, const Report &report, bool show_boards) {
  const planner::PlannerResult &r = report.result;
  out << printable(report.title);
  if (!r.encoding.empty()) {
    out << ", encoding " << r.encoding;
  }
  out << '\n' << indent(report.board, "  ");
  print_bounds(out, r);
  if (r.status != planner::Status::solved) {
    out << to_name(r.status) << ": " << printable(r.reason, 4000) << '\n';
    if (!r.replay.moves.empty()) { // a plan kept, not proven optimal
      print_plan(out, r, show_boards);
    }
    return;
  }
  print_plan(out, r, show_boards);
  if (const auto &c = report.optimal_plans) {
    out << "optimal plans: " << (c->complete ? "" : "at least ") << c->count
        << (c->complete ? "" : " (stopped: " + c->stopped + ")")
        << ", counted in " << std::fixed << std::setprecision(2) << c->seconds
        << std::defaultfloat << " s\n";
    for (const std::string &m : c->moves) {
      out << "  " << m << '\n';
    }
    if (c->count > static_cast<long>(c->moves.size())) {
      out << "  ...\n";
    }
  }
}

// merge --verify: what the checker showed of the round's claim.
void print_certified(std::ostream &out, int up_to) {
  if (up_to >= 0) {
    out << "certified by verify: no plan of length <= " << up_to << '\n';
  } else {
    out << "certified by verify: nothing (no parity token, or no claim)\n";
  }
}

Json certified_json(int up_to) { return up_to >= 0 ? Json(up_to) : Json(nullptr); }

// What the certificate shows, and what it leaves uncertified.
void print_certificate(std::ostream &out, const planner::CertificateSummary &c) {
  out << "certificate: " << printable(c.dir) << " (";
  if (c.plan_length >= 0) {
    out << "the plan of " << c.plan_length << " moves; ";
  }
  if (c.unsolvable) {
    out << "no plan at all: the permutation's parity; ";
  }
  if (c.no_plan_up_to >= 0) {
    out << "no plan of length <= " << c.no_plan_up_to << ": ";
    if (c.layer_horizons > 0) {
      out << "the " << grouped(c.layer_positions)
          << " positions within depth " << c.no_plan_up_to << ", layer by "
          << "layer (" << grouped(static_cast<long>(c.proof_bytes))
          << " bytes); ";
    } else {
      out << c.drat_horizons
          << (c.drat_horizons == 1 ? " horizon by " : " horizons by ")
          << c.drat_proofs
          << (c.drat_proofs == 1 ? " formula" : " formulas")
          << " with DRAT proofs ("
          << grouped(static_cast<long>(c.proof_bytes)) << " bytes), "
          << c.parity_horizons << " by parity; ";
    }
    if (c.frontier_depth >= 0) {
      out << "from " << c.frontier_depth << " on through the "
          << grouped(c.frontier_positions) << " positions at that depth ("
          << grouped(c.cube_drats) << " lengths from them by DRAT proofs, "
          << "the rest by parity or the checker's bound); ";
    }
  }
  out << std::fixed << std::setprecision(2) << c.seconds << std::defaultfloat
      << " s); check it with: satslide verify " << printable(c.dir) << '\n';
  for (const auto &u : c.not_certified) {
    out << "  not certified: " << printable(u.what) << ": " << printable(u.why)
        << '\n';
  }
}

Json certificate_json(const planner::CertificateSummary &c) {
  Json not_certified = Json::array();
  for (const auto &u : c.not_certified) {
    not_certified.push_back({{"what", u.what}, {"why", u.why}});
  }
  return {{"dir", c.dir},
          {"plan_length", c.plan_length},
          {"no_plan_up_to", c.no_plan_up_to},
          {"unsolvable", c.unsolvable},
          {"drat_horizons", c.drat_horizons},
          {"drat_proofs", c.drat_proofs},
          {"parity_horizons", c.parity_horizons},
          {"layer_horizons", c.layer_horizons},
          {"layer_positions", c.layer_positions},
          {"frontier_depth", c.frontier_depth},
          {"frontier_positions", c.frontier_positions},
          {"cube_drats", c.cube_drats},
          {"conflicts", c.conflicts},
          {"solve_seconds", c.solve_seconds},
          {"proof_bytes", c.proof_bytes},
          {"seconds", c.seconds},
          {"not_certified", not_certified},
          {"manifest_sha256", c.manifest_sha256}};
}

} // namespace

void print_text(std::ostream &out, const Report &report, bool show_boards) {
  print_result(out, report, show_boards);
  // (an unsolvable run's report returns early in print_result: the
  // certificate's line comes here for every status)
  if (report.certificate) {
    print_certificate(out, *report.certificate);
  }
  if (report.certified_up_to) {
    print_certified(out, *report.certified_up_to);
  }
}

Json to_json(const Report &report, bool show_boards) {
  const planner::PlannerResult &r = report.result;
  Json j = head_json(report);
  j["plan"] = plan_json(r.replay, show_boards);
  j["moves"] = r.replay.compact;
  j["horizons"] = horizons_json(r);
  j["seconds"] = r.seconds;
  if (const auto &c = report.optimal_plans) {
    j["optimal_plans"] = {{"count", c->count},
                          {"complete", c->complete},
                          {"stopped", c->stopped},
                          {"moves", c->moves},
                          {"seconds", c->seconds}};
  }
  if (report.certificate) {
    j["certificate"] = certificate_json(*report.certificate);
  }
  if (report.certified_up_to) {
    j["certified_up_to"] = certified_json(*report.certified_up_to);
  }
  return j;
}

void print_json(std::ostream &out, const Report &report, bool show_boards) {
  const Json j = to_json(report, show_boards);
  out << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

namespace {

std::string summary(const search::StateSpace &s, long limit, double estimate) {
  if (s.complete) {
    return "every reachable position";
  }
  std::string text = s.stopped ? std::string("stopped by a signal after ") +
                                     std::to_string(s.depth) +
                                     " complete layers"
                               : "stopped at the positions limit " +
                                     grouped(limit);
  if (estimate > 0) {
    text += fmt::format(" of an estimated {:.4g} reachable", estimate);
  }
  return text + (s.stopped ? std::string()
                           : std::string("; raise --max-states to count "
                                         "further"));
}

} // namespace

void print_text(std::ostream &out, const SpaceReport &r) {
  const search::StateSpace &s = r.space;
  out << printable(r.title) << '\n';
  out << "positions: " << grouped(s.positions) << " ("
      << summary(s, r.max_states, r.estimate) << ")\n";
  out << "moves: " << grouped(s.moves)
            << " (from every position found, each way)\n";
  out << "depth: " << s.depth
            << (s.complete ? " (the start's eccentricity)" : " so far")
            << '\n';
  out << "goal positions: " << grouped(s.goal_positions) << '\n';
  if (s.goal_distance >= 0) {
    out << "nearest goal: " << s.goal_distance
              << (s.goal_distance == 1 ? " move" : " moves")
              << " (the optimum, by breadth-first search)\n";
  } else {
    out << "nearest goal: "
              << (s.complete ? "none reachable: the instance is unsolvable"
                             : "not within the positions found")
              << '\n';
  }
  out << "positions per depth:\n";
  const long widest =
      *std::max_element(s.per_depth.begin(), s.per_depth.end());
  for (std::size_t d = 0; d < s.per_depth.size(); ++d) {
    const int bar = static_cast<int>(50.0 * s.per_depth[d] / widest + 0.5);
    out << fmt::format("  {:>4} {:>12} {}\n", d,
                             grouped(s.per_depth[d]),
                             std::string(std::max(bar, 1), '#'));
  }
  out << fmt::format("{:.2f} s\n", r.seconds);
}

void print_json(std::ostream &out, const SpaceReport &r) {
  const search::StateSpace &s = r.space;
  Json j;
  j["puzzle"] = r.title;
  j["kind"] = r.spec.kind;
  j["instance"] = instance_json(r.spec.params);
  j["board"] = r.board;
  j["positions"] = s.positions;
  j["complete"] = s.complete;
  j["max_states"] = r.max_states;
  if (r.estimate > 0) {
    j["reachable_estimate"] = r.estimate;
  }
  j["moves"] = s.moves;
  j["depth"] = s.depth;
  j["goal_positions"] = s.goal_positions;
  j["goal_distance"] = s.goal_distance >= 0 ? Json(s.goal_distance)
                                            : Json(nullptr);
  j["per_depth"] = s.per_depth;
  j["seconds"] = r.seconds;
  out << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}


void print_text(std::ostream &out, const RoundReport &r) {
  out << printable(r.title) << '\n' << indent(r.board, "  ");
  if (r.answers >= 0) {
    out << fmt::format("merged: {} answers, {:.1f} s of solving in all, the "
                       "longest cube {:.1f} s\n",
                       r.answers, r.cpu_seconds, r.longest_seconds);
  }
  out << fmt::format("lower bound: {} ({})\n", r.round.lower_bound,
                     r.round.lower_bound_name);
  if (r.no_plan_up_to >= 0) {
    out << fmt::format("proven so far: no plan of length <= {}\n",
                       r.no_plan_up_to);
  }
  if (r.certified_up_to) {
    print_certified(out, *r.certified_up_to);
  }
  if (r.round.witness_length >= 0) {
    out << fmt::format("witness: a plan of {} moves found by IDA* (not SAT); "
                       "the rounds refute the lengths below it\n",
                       r.round.witness_length);
  }
  const bool missing = r.status == "cubes_missing";
  out << fmt::format(
      "round {}: {} of {} cubes at depth {} {}, plans up to {} moves from "
      "the start ({} from a cube)\n",
      r.round.round, r.to_solve, r.cubes, r.round.depth,
      missing ? "still to answer" : "to solve", r.round.cap,
      r.round.cap - r.round.depth);
  out << "written: " << printable(r.output) << '\n'
      << "next: satslide batch " << printable(r.output)
      << " -o answers.jsonl   (or --shard K/N on many machines)\n"
      << "then: satslide merge " << printable(r.output)
      << " answers*.jsonl -o next.jsonl\n";
}

void print_json(std::ostream &out, const RoundReport &r) {
  Json j;
  j["puzzle"] = r.title;
  j["kind"] = r.round.start.kind;
  j["instance"] = instance_json(r.round.start.params);
  j["board"] = r.board;
  j["status"] = r.status;
  j["round"] = r.round.round;
  j["depth"] = r.round.depth;
  j["cubes"] = r.cubes;
  j["to_solve"] = r.to_solve;
  j["cap"] = r.round.cap;
  j["no_plan_up_to"] = r.no_plan_up_to >= 0 ? Json(r.no_plan_up_to)
                                            : Json(nullptr);
  j["lower_bound"] = r.round.lower_bound;
  j["lower_bound_name"] = r.round.lower_bound_name;
  j["output"] = r.output;
  if (r.round.witness_length >= 0) {
    j["witness_length"] = r.round.witness_length;
  }
  if (r.answers >= 0) {
    j["answers"] = r.answers;
    j["cpu_seconds"] = r.cpu_seconds;
    j["longest_seconds"] = r.longest_seconds;
  }
  if (r.certified_up_to) {
    j["certified_up_to"] = certified_json(*r.certified_up_to);
  }
  out << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

namespace {

// The optimum check-plan proved, or -1.
int proven_optimum(const PlanCheckReport &report) {
  const planner::PlannerResult &best = report.best;
  return best.status == planner::Status::solved && best.optimal
             ? static_cast<int>(best.plan.size())
             : -1;
}

bool valid(const PlanCheckReport &report) {
  return report.check.verdict == planner::PlanCheck::Verdict::valid;
}

} // namespace

void print_json(std::ostream &out, const PlanCheckReport &report) {
  const planner::PlanCheck &check = report.check;
  const int optimum = proven_optimum(report);
  Json j;
  j["puzzle"] = report.title;
  j["verdict"] = to_name(check.verdict);
  j["format"] = check.format;
  j["moves"] = check.moves_read;
  j["legal_moves"] = check.legal_moves;
  if (!check.reason.empty()) {
    j["reason"] = check.reason;
  }
  j["optimum"] = optimum >= 0 ? Json(optimum) : Json(nullptr);
  j["excess"] = optimum >= 0 && valid(report)
                    ? Json(check.moves_read - optimum)
                    : Json(nullptr);
  out << j.dump() << '\n';
}

void print_text(std::ostream &out, const PlanCheckReport &report) {
  const planner::PlanCheck &check = report.check;
  const planner::PlannerResult &best = report.best;
  const int optimum = proven_optimum(report);
  const int length = check.moves_read;
  out << printable(report.title) << '\n'
      << "plan: " << length << " moves (" << check.format << "), "
      << (valid(report) ? "valid: every move legal, the goal reached"
                        : to_name(check.verdict) +
                              std::string(": ") + printable(check.reason))
      << '\n';
  if (optimum >= 0) {
    out << "optimum: " << optimum << " moves (" << best.optimality << ")";
    if (valid(report)) {
      out << (length == optimum ? "; this plan is optimal"
                                : "; this plan is " +
                                      std::to_string(length - optimum) +
                                      " moves longer");
    }
    out << '\n';
  } else if (best.status == planner::Status::unsolvable) {
    out << "optimum: none, the instance is unsolvable (" << best.reason
        << ")\n";
  } else {
    out << "optimum: not proven within " << report.timeout_seconds << " s ("
        << best.reason << ")\n";
  }
}

} // namespace satslide::cli
