// satslide dimacs / decode: one horizon's CNF out to another solver, and
// that solver's answer back in as a replayed plan.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/output.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/decode.hpp"
#include "satslide/solver/dimacs.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>

namespace satslide::cli {

namespace {

std::ifstream open_input(const std::string &path) {
  std::ifstream in(path);
  if (!in) {
    throw IoError("cannot read '" + path + "'");
  }
  return in;
}

} // namespace

int run_dimacs(const Options &o) {
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  if (auto reason = puzzle->unsolvable_reason()) {
    spdlog::warn("the instance is unsolvable, so the CNF is unsatisfiable: "
                 "{}",
                 *reason);
  }
  const task::Task task = puzzle->compile();
  const encoder::EncodingInfo &info =
      planner::encoding_for(*puzzle, o.planner.encoding);
  if (o.within && !info.make_within) {
    throw task::InputError("--within: the encoding " + info.name +
                           " has no formula within a horizon (a "
                           "sequential encoding has)");
  }
  const auto encoding = o.within ? info.make_within(task) : info.make(task);
  if (o.output.empty() || o.output == "-") {
    solver::write_horizon_dimacs(std::cout, *encoding, o.horizon,
                                 puzzle->spec(), info.name, o.within);
    return code(ExitCode::plan_found);
  }
  // Encoded first: a formula too large to write leaves no file behind.
  solver::DimacsSink sink;
  solver::encode_horizon(*encoding, o.horizon, sink);
  const std::string file = output_stem(o.output, {".cnf"}) + ".cnf";
  std::ofstream out(file);
  if (!out) {
    throw IoError("cannot write '" + file + "'");
  }
  solver::write_dimacs(out, sink, o.horizon, puzzle->spec(), info.name,
                       o.within);
  out.close();
  if (!out) {
    throw IoError("error while writing '" + file + "'");
  }
  spdlog::info("wrote horizon {} of {} to {}", o.horizon, puzzle->title(),
               file);
  return code(ExitCode::plan_found);
}

int run_decode(const Options &o) {
  auto cnf_in = open_input(o.cnf_file);
  const solver::CnfFile cnf = solver::read_cnf(cnf_in);
  auto model_in = open_input(o.model_file);
  const solver::SolverAnswer answer = solver::read_answer(model_in);
  const solver::CnfMap map = solver::read_map(cnf);
  std::unique_ptr<puzzles::Puzzle> puzzle;
  try {
    puzzle = puzzles::make_puzzle(map.spec);
  } catch (const task::InputError &e) {
    // The instance came from the CNF's header: the file is what is bad.
    throw solver::FormatError(std::string("the CNF's header: ") + e.what());
  }
  Report report = report_for(*puzzle);
  report.result = planner::decode_answer(*puzzle, cnf, map, answer);
  return finish(report, o);
}

} // namespace satslide::cli
