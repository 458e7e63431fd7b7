// satslide dimacs / decode: one horizon's CNF out to another solver, and
// that solver's answer back in as a replayed plan.
#include "commands.hpp"
#include "exit_codes.hpp"
#include "report.hpp"

#include "encoder/encodings/encodings.hpp"
#include "solver/dimacs.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>

namespace satslide::cli {

namespace {

class IoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

std::ifstream open_input(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    throw IoError("cannot read '" + path + "'");
  }
  return in;
}

} // namespace

int run_dimacs(const Options &o) {
  const auto puzzle = encoder::make_puzzle(puzzle_spec(o));
  if (auto reason = puzzle->unsolvable_reason()) {
    spdlog::warn("the instance is unsolvable, so the CNF is unsatisfiable: "
                 "{}",
                 *reason);
  }
  const encoder::Task task = puzzle->compile();
  const std::string name = encoding_name(o, *puzzle);
  const auto encoding = encoder::find_encoding(name)->make(task);
  if (o.output.empty() || o.output == "-") {
    solver::write_horizon_dimacs(std::cout, *encoding, o.horizon,
                                 puzzle->spec(), name);
    return code(ExitCode::plan_found);
  }
  std::ofstream out(o.output);
  if (!out) {
    spdlog::error("cannot write '{}'", o.output);
    return code(ExitCode::io_error);
  }
  solver::write_horizon_dimacs(out, *encoding, o.horizon, puzzle->spec(), name);
  out.close();
  if (!out) {
    spdlog::error("error while writing '{}'", o.output);
    return code(ExitCode::io_error);
  }
  spdlog::info("wrote horizon {} of {} to {}", o.horizon, puzzle->title(),
               o.output);
  return code(ExitCode::plan_found);
}

int run_decode(const Options &o) {
  solver::CnfFile cnf;
  solver::SolverAnswer answer;
  try {
    auto cnf_in = open_input(o.cnf_file);
    cnf = solver::read_cnf(cnf_in);
    auto model_in = open_input(o.model_file);
    answer = solver::read_answer(model_in);
  } catch (const IoError &e) {
    spdlog::error("{}", e.what());
    return code(ExitCode::io_error);
  }
  const solver::CnfMap map = solver::read_map(cnf);
  const auto puzzle = encoder::make_puzzle(map.spec);
  const encoder::Task task = puzzle->compile();
  Report report;
  report.title = puzzle->title();
  report.board = puzzle->draw();
  report.spec = puzzle->spec();
  report.encoding = map.encoding;
  report.mode = "decode";
  if (answer.status == solver::AnswerStatus::unsat) {
    report.status = "no_plan_at_horizon";
    report.reason = "the solver refuted horizon " +
                    std::to_string(map.horizon) + ": no plan of exactly " +
                    std::to_string(map.horizon) + " moves";
    print_text(std::cout, report, false);
    return code(ExitCode::no_plan_at_horizon);
  }
  if (answer.status == solver::AnswerStatus::unknown) {
    throw solver::FormatError("the solver's answer is UNKNOWN: nothing to "
                              "decode");
  }
  const encoder::Plan plan = solver::decode_answer(cnf, map, answer, task);
  report.replay = puzzle->replay(plan);
  if (report.replay.error || !report.replay.solved) {
    spdlog::error("the decoded plan does not replay: {}",
                  report.replay.error.value_or("it ends off the goal"));
    return code(ExitCode::internal_error);
  }
  report.status = "solved";
  report.optimality = "one horizon was solved; shorter ones were not "
                      "checked";
  if (o.json) {
    print_json(std::cout, report, o.show_boards);
  } else {
    print_text(std::cout, report, o.show_boards);
  }
  return code(ExitCode::plan_found);
}

} // namespace satslide::cli
