// A count as people read it: "25955" -> "25,955" (the reports' and the
// checker's words alike).
#pragma once

#include <string>

namespace satslide {

inline std::string grouped(long n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) {
      out += ',';
    }
    out += digits[i];
  }
  return out;
}

} // namespace satslide
