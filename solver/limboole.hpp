// One horizon's formula in limboole's syntax (as the seed 8-puzzle
// encoding was written for limboole): the same clauses as the DIMACS of
// `satslide dimacs`, each a parenthesised disjunction, joined by '&', over
// readable variable names (t3_tile_6_at_r1c2). `limboole -s FILE` says
// whether a plan of exactly n moves exists.
#pragma once

#include "satslide/encoder/encodings/encoding.hpp"
#include "satslide/puzzles/puzzle.hpp"

#include <iosfwd>
#include <string>

namespace satslide::solver {

void write_horizon_limboole(std::ostream &out, encoder::Encoding &encoding,
                            int n, const std::string &title);

} // namespace satslide::solver
