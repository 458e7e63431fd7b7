#include "planner/decode.hpp"

namespace satslide::planner {

PlannerResult decode_answer(const encoder::Puzzle &puzzle,
                            const solver::CnfFile &cnf,
                            const solver::CnfMap &map,
                            const solver::SolverAnswer &answer) {
  PlannerResult result;
  result.mode = "decode";
  result.encoding = map.encoding;
  if (answer.status == solver::AnswerStatus::unsat) {
    result.status = Status::no_plan_at_horizon;
    result.reason = "the solver refuted horizon " +
                    std::to_string(map.horizon) + ": no plan of exactly " +
                    std::to_string(map.horizon) + " moves";
    return result;
  }
  if (answer.status == solver::AnswerStatus::unknown) {
    throw solver::FormatError("the solver's answer is UNKNOWN: nothing to "
                              "decode");
  }
  const encoder::Task task = puzzle.compile();
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
