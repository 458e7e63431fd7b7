// The table of selectable encodings: it drives --encoding, its --help
// text, and the benchmarks' list. One row per encoding.
#pragma once

#include "encoder/encodings/encoding.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace satslide::encoder {

struct EncodingInfo {
  std::string name;
  std::string help;
  std::function<std::unique_ptr<Encoding>(const Task &)> make;
};

const std::vector<EncodingInfo> &encodings();

// The encoding used when none is named, per puzzle kind (PuzzleSpec::kind):
// the fastest measured for that family (benchmarks/RESULTS.md).
const std::string &default_encoding(const std::string &kind);

// Looks a name up in the table; nullptr if unknown.
const EncodingInfo *find_encoding(const std::string &name);

} // namespace satslide::encoder
