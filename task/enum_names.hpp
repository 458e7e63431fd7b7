// One way to name the values of an enum that users type or read (an
// engine, a metric, a format, a status in JSON): each such enum lists its
// names once, in a function `names(E)` declared beside it and found by
// argument-dependent lookup,
//
//   constexpr std::array<EnumName<Engine>, 2> names(Engine) {
//     return {{{Engine::horizons, "horizons"}, {Engine::reach, "reach"}}};
//   }
//
// and to_name, from_name and name_choices read that table: the option
// parser, the help, the reports and the errors all say the same words.
// Header-only; every room may include it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satslide {

template <typename E> struct EnumName {
  E value;
  const char *name;
};

// The name of `value` in its table ("?" if the table lacks it).
template <typename E> const char *to_name(E value) {
  for (const EnumName<E> &n : names(E{})) {
    if (n.value == value) {
      return n.name;
    }
  }
  return "?";
}

// The value named `text`; nullopt if no name matches.
template <typename E> std::optional<E> from_name(std::string_view text) {
  for (const EnumName<E> &n : names(E{})) {
    if (text == n.name) {
      return n.value;
    }
  }
  return std::nullopt;
}

// Words as a choice, in their order: "a, b or c".
inline std::string or_list(const std::vector<std::string> &words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += i == 0 ? "" : i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

// Every name as a choice in words, in table order: "a, b or c".
template <typename E> std::string name_choices() {
  std::vector<std::string> words;
  for (const EnumName<E> &n : names(E{})) {
    words.push_back(n.name);
  }
  return or_list(words);
}

} // namespace satslide
