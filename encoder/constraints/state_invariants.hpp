// What every state layer of an encoding says about one state, whatever
// the actions: the task's exactly-one groups (Kautz & Selman add such
// invariants as redundant axioms; they also make the one-hot state
// explicit) and, if asked, its count groups.
#pragma once

#include "satslide/encoder/constraints/cardinality.hpp"
#include "satslide/encoder/constraints/clause_sink.hpp"
#include "satslide/task/task.hpp"

#include <vector>

namespace satslide::encoder {

// `vars[f]` is the layer's variable of fluent f. Count groups make every
// layer a well-formed position (as many identified pieces and free cells
// as at the start); without them a layer of Klotski may hold three 1x1
// blocks or five, which only the chain of frame axioms back to the start
// rules out.
void encode_state_invariants(const task::Task &task,
                             const std::vector<int> &vars, AmoKind group_amo,
                             bool counts, ClauseSink &sink);

} // namespace satslide::encoder
