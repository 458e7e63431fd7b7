#include "satslide/planner/decode.hpp"

#include "satslide/encoder/encodings/encodings.hpp"

namespace satslide::planner {

namespace {

// The header names the instance, the encoding and the horizon; the model
// is read through the formula those give. A CNF whose clauses are not
// that formula (an edited header or body, another version's encoding) is
// bad input, not a plan that fails to replay: encode it again and compare.
void check_unedited(const task::Task &task, const solver::CnfFile &cnf,
                    const solver::CnfMap &map) {
  const encoder::EncodingInfo *info = encoder::find_encoding(map.encoding);
  if (!info) {
    throw solver::FormatError("the CNF names an unknown encoding '" +
                              map.encoding + "'");
  }
  if (map.within && !info->make_within) {
    throw solver::FormatError("the CNF says 'within', which the encoding '" +
                              map.encoding + "' has no formula for");
  }
  const auto encoding = map.within ? info->make_within(task) : info->make(task);
  solver::DimacsSink expected;
  solver::encode_horizon(*encoding, map.horizon, expected);
  if (expected.num_vars() != cnf.vars || !expected.clauses().same_as(cnf.clauses)) {
    throw solver::FormatError(
        "the CNF's clauses are not the formula its header describes (" +
        map.encoding + ", horizon " + std::to_string(map.horizon) +
        "): it was edited or written by another version of satslide; "
        "write it again with satslide dimacs");
  }
}

} // namespace

PlannerResult decode_answer(const puzzles::Puzzle &puzzle,
                            const solver::CnfFile &cnf,
                            const solver::CnfMap &map,
                            const solver::SolverAnswer &answer) {
  PlannerResult result;
  result.mode = Mode::decode;
  result.encoding = map.encoding;
  if (answer.status == solver::AnswerStatus::unsat) {
    result.status = Status::no_plan_at_horizon;
    result.reason =
        "the solver refuted horizon " + std::to_string(map.horizon) +
        (map.within ? ": no plan of " + std::to_string(map.horizon) +
                          ", " + std::to_string(map.horizon) +
                          " - 2, ... moves"
                    : ": no plan of exactly " + std::to_string(map.horizon) +
                          " moves");
    return result;
  }
  if (answer.status == solver::AnswerStatus::unknown) {
    throw solver::FormatError("the solver's answer is UNKNOWN: nothing to "
                              "decode");
  }
  const task::Task task = puzzle.compile();
  check_unedited(task, cnf, map);
  result.plan = solver::decode_answer(cnf, map, answer, task);
  result.replay = puzzle.replay(result.plan);
  if (result.replay.error || !result.replay.solved) {
    result.status = Status::internal_error;
    result.reason = "the decoded plan does not replay: " +
                    result.replay.error.value_or("it ends off the goal");
    result.replay.moves.clear();
    return result;
  }
  result.status = Status::solved;
  result.optimality = "one horizon was solved; shorter ones were not "
                      "checked";
  return result;
}

} // namespace satslide::planner
