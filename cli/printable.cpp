#include "satslide/cli/printable.hpp"

#include <cstdio>

namespace satslide::cli {

namespace {

// The length of the valid UTF-8 character at text[i], or 0.
std::size_t utf8_length(const std::string &text, std::size_t i) {
  const auto byte = [&](std::size_t k) {
    return static_cast<unsigned char>(text[k]);
  };
  const unsigned char lead = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    n = 2, min = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    n = 3, min = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    n = 4, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > text.size()) {
    return 0;
  }
  unsigned code = lead & (0x3F >> (n - 1));
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      return 0;
    }
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  return code >= min && code <= 0x10FFFF && !surrogate ? n : 0;
}

std::string hex_escape(unsigned char c) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "\\x%02x", c);
  return buffer;
}

} // namespace

std::string printable(const std::string &text, std::size_t max_bytes,
                      bool keep_newlines) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && i < max_bytes) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += text[i++];
    } else if (c == '\n' && keep_newlines) {
      out += text[i++];
    } else if (c >= 0x80) {
      const std::size_t n = utf8_length(text, i);
      if (n > 0) {
        out.append(text, i, n);
        i += n;
      } else {
        out += hex_escape(c);
        ++i;
      }
    } else {
      out += hex_escape(c); // C0 controls, DEL
      ++i;
    }
  }
  if (i < text.size()) {
    out += "... (" + std::to_string(text.size() - i) + " more bytes)";
  }
  return out;
}

} // namespace satslide::cli
