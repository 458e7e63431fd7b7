// The checker's reader of a clausal proof in DRAT, text or binary (what
// CaDiCaL's trace_proof and drat-trim write and read): lemmas added and
// clauses deleted, in order.
#pragma once

#include "satslide/verify/cnf_reader.hpp"

#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <vector>

namespace satslide::verify {

struct Proof {
  bool binary = false;
  std::vector<int> literals; // every item's literals, each ended by 0
  struct Item {
    int64_t start = 0; // in literals
    bool deletion = false;
  };
  std::vector<Item> items;

  std::span<const int> clause(std::size_t i) const;
  long lemmas() const; // the items that add a clause
};

// Reads a DRAT proof over a formula of `vars` variables. Binary when the
// first bytes hold one outside printable text (a binary item ends in a
// zero byte; text never holds one), text otherwise ("d" for a deletion,
// "c" comments). Throws Refused, naming `name` and the item, on a
// malformed item, a literal beyond `vars` (satslide's proofs introduce no
// variables) or a last item left unended (a truncated proof).
Proof read_drat(std::istream &in, const std::string &name, int vars);

} // namespace satslide::verify
