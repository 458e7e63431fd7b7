// What the checker shows over the task itself, by its own reading of the
// actions (add wins over delete, as task.hpp says): a plan's replay, and
// the parity a token's colours impose on a plan's length.
#pragma once

#include "satslide/verify/manifest.hpp"
#include "satslide/task/task.hpp"

#include <string>
#include <vector>

namespace satslide::verify {

// The plan of `text` (one action's name a line) replayed from the start:
// every action applicable in turn and the goal reached at the end; throws
// Refused, naming the line, otherwise. Returns the actions.
task::Plan replay_plan(const task::Task &task, const std::string &text,
                       const std::string &name);

// Each fluent's colour in `token` (-1: not the token's); throws Refused
// where a fluent is not the task's, is listed twice or has no colour.
std::vector<int> token_colours(const task::Task &task, const ParityToken &token);

// The parity of every plan's length that `token` shows, 0 or 1: exactly
// one of its fluents holds at the start, every action needs one, deletes
// it and adds one of the other colour, and the goal names one. Throws
// Refused, saying which condition fails, otherwise.
int plan_parity(const task::Task &task, const ParityToken &token);

// Whether `permutation` and `token` show that no plan exists: every
// object at exactly one place at the start and in the goal, every action
// a swap of two objects' places (besides moving the token, which
// plan_parity checks), and the start's sign times its token colour not
// the goal's. Throws Refused, saying which condition fails.
bool permutation_excludes(const task::Task &task, const Permutation &permutation,
                          const ParityToken &token);

} // namespace satslide::verify
