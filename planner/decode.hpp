// The answer of an outside SAT solver to one horizon's CNF (written by
// `satslide dimacs`), turned into a PlannerResult like any run's: an UNSAT
// answer refutes that horizon; a model is checked against every clause,
// decoded into a plan and replayed by the puzzle's rules.
#pragma once

#include "satslide/planner/planner_result.hpp"

#include "satslide/solver/dimacs.hpp"

namespace satslide::planner {

// Throws solver::FormatError for an UNKNOWN answer, a model that does not
// satisfy the CNF or a map that does not fit the puzzle.
PlannerResult decode_answer(const puzzles::Puzzle &puzzle,
                            const solver::CnfFile &cnf,
                            const solver::CnfMap &map,
                            const solver::SolverAnswer &answer);

} // namespace satslide::planner
