#include "satslide/verify/sha256.hpp"
#include "satslide/verify/cnf_reader.hpp"

#include <nettle/sha2.h>

#include <fstream>
#include <vector>

namespace satslide::verify {

FileDigest digest_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Refused("cannot read '" + path + "'");
  }
  sha256_ctx ctx;
  sha256_init(&ctx);
  FileDigest d;
  std::vector<char> buffer(1 << 16);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    sha256_update(&ctx, got, reinterpret_cast<const uint8_t *>(buffer.data()));
    d.bytes += got;
  }
  if (in.bad()) {
    throw Refused("error while reading '" + path + "'");
  }
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
  static constexpr char k_hex[] = "0123456789abcdef";
  for (uint8_t byte : digest) {
    d.sha256 += k_hex[byte >> 4];
    d.sha256 += k_hex[byte & 15];
  }
  return d;
}

} // namespace satslide::verify
