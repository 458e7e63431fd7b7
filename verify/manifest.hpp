// A certificate's manifest (manifest.json): the instance, what the run
// claims, what each claim rests on, and every file with its SHA-256. Both
// the writer (planner/certify.cpp) and the checker read this one format.
#pragma once

#include "satslide/task/enum_names.hpp"
#include "satslide/puzzles/puzzle.hpp"

#include <array>
#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace satslide::verify {

constexpr const char *k_manifest_format = "satslide certificate 1";
constexpr const char *k_manifest_name = "manifest.json";
// The largest manifest read: a certificate of a 200-move proof lists a
// few hundred files.
constexpr long k_manifest_max_bytes = 16L << 20;

// How one horizon's "no plan of exactly this length" is shown.
enum class HorizonProof {
  drat,   // its CNF (what `satslide dimacs` writes) refuted by a DRAT proof
  parity, // every move flips the token's colour (ParityToken)
  layers, // the positions within a depth >= it, closed (verify/layers.hpp)
  frontier, // through the positions at the frontier's depth, each with
            // every length left shown (verify/frontier.hpp)
  within,   // this horizon and every shorter one of its parity: the
            // encoding's formula within it (`satslide dimacs --within`)
            // refuted by a DRAT proof
};
constexpr std::array<EnumName<HorizonProof>, 5> names(HorizonProof) {
  return {{{HorizonProof::drat, "drat"},
           {HorizonProof::parity, "parity"},
           {HorizonProof::layers, "layers"},
           {HorizonProof::frontier, "frontier"},
           {HorizonProof::within, "within"}}};
}

// Fluents of the task of which exactly one holds at the start, each with a
// colour: the checker shows that every action moves the one that holds to
// a fluent of the other colour (the n-puzzle's blank, its cells coloured
// as a chessboard's), so a plan's length has the parity of the colours of
// the start's token and the goal's.
struct ParityToken {
  std::vector<std::string> fluents;
  std::vector<int> colours; // 0 or 1, one a fluent
};

// Fluents "object o at place p" as a square matrix (rows: objects, in
// the order of their places): the checker shows that every action swaps
// two objects' places (a transposition, the permutation's sign flipped)
// while the parity token changes colour, so the sign times the token's
// colour never changes: where the start's and the goal's differ, no plan
// exists (the n-puzzle's unsolvable boards).
struct Permutation {
  std::vector<std::vector<std::string>> objects;
};

struct Manifest {
  std::string satslide_version;
  puzzles::PuzzleSpec instance;
  std::string title;
  std::string encoding; // of every CNF
  // The claims: a plan of this length (-1: none) in plan_file, one action
  // of the task a line; no plan of length <= no_plan_up_to (-1: none).
  int plan_length = -1;
  std::string plan_file;
  int no_plan_up_to = -1;
  bool unsolvable = false; // claimed: no plan of any length (permutation)
  Permutation permutation;
  struct Horizon {
    int horizon = 0;
    HorizonProof proof = HorizonProof::drat;
    std::string cnf, drat; // files, for drat and within
    std::string layers;    // the file, for layers
  };
  std::vector<Horizon> horizons;
  // For frontier horizons: the frontier's depth (-1: none), and the DRAT
  // proofs of the lengths from its positions that neither the parity nor
  // the checker's own bound excludes; each CNF names its position (the
  // instance restarted there) in its comments.
  int frontier_depth = -1;
  struct CubeHorizon {
    int horizon = 0; // moves from the cube
    std::string cnf, drat;
  };
  std::vector<CubeHorizon> cube_horizons;
  ParityToken parity; // for parity
  // What the run claimed that the certificate does not show, and why.
  struct Uncertified {
    std::string what, why;
  };
  std::vector<Uncertified> not_certified;
  struct File {
    std::string name, sha256;
    uint64_t bytes = 0;
  };
  std::vector<File> files;
};

std::string manifest_json(const Manifest &m);
// Throws Refused (cnf_reader.hpp) on anything but a manifest of this
// format: a missing or mistyped field, a file named with a directory,
// more than k_manifest_max_bytes.
Manifest read_manifest(std::istream &in, const std::string &name);

} // namespace satslide::verify
