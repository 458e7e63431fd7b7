// SHA-256 of a file, as `sha256sum` prints it (Nettle's): what the
// certificate's manifest records of every file, so that a file changed by
// accident is refused. (A forged file is refused by its check, not by its
// hash: whoever forges a file can rewrite the manifest.)
#pragma once

#include <cstdint>
#include <string>

namespace satslide::verify {

struct FileDigest {
  std::string sha256; // 64 lowercase hexadecimal digits
  uint64_t bytes = 0;
};

// Throws Refused (cnf_reader.hpp) if the file cannot be read.
FileDigest digest_file(const std::string &path);

} // namespace satslide::verify
