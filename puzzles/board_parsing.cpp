#include "satslide/puzzles/board_parsing.hpp"

#include "satslide/puzzles/puzzle.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <filesystem>
#include <sstream>

namespace satslide::puzzles {

int parse_int(const std::string &text, const std::string &what) {
  if (text.empty()) {
    throw task::InputError(what + ": an empty value where a number belongs");
  }
  const bool digits =
      std::all_of(text.begin(), text.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
      });
  if (!digits) {
    const bool negative =
        text.size() > 1 && text[0] == '-' &&
        std::all_of(text.begin() + 1, text.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c)) != 0;
        });
    throw task::InputError(
        what + ": '" + text + "' is " +
        (negative ? "negative: values start at 0" : "not a number"));
  }
  if (text.size() > 9) {
    throw task::InputError(what + ": '" + text + "' is too large");
  }
  return std::stoi(text);
}

std::vector<std::string> split_fields(const std::string &text) {
  std::istringstream in(text);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) {
    fields.push_back(f);
  }
  return fields;
}

bool is_whole_number(const std::string &text) {
  return !text.empty() && text.size() < 10 &&
         std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::isdigit(c); });
}

std::string path_beside(const std::string &path, const std::string &folder) {
  namespace fs = std::filesystem;
  if (fs::exists(path) || fs::path(path).is_absolute() || folder.empty()) {
    return path;
  }
  const fs::path beside = fs::path(folder) / path;
  return fs::exists(beside) ? beside.string() : path;
}

void drop_byte_order_mark(std::string &text) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    text.erase(0, 3);
  }
}

std::vector<int> parse_int_list(const std::string &text,
                                const std::string &what) {
  std::string body = text;
  const auto first = body.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && body[first] == '[') {
    const auto last = body.find_last_not_of(" \t\r\n");
    if (body[last] != ']') {
      throw task::InputError(what + ": '[' without a closing ']'");
    }
    body = body.substr(first + 1, last - first - 1);
  }
  std::vector<int> values;
  std::string token;
  bool after_comma = true; // a comma needs a value before it
  auto flush = [&] {
    if (!token.empty()) {
      values.push_back(parse_int(token, what));
      token.clear();
      after_comma = false;
    }
  };
  for (char c : body) {
    if (c == ',') {
      flush();
      if (after_comma) {
        throw task::InputError(what + ": an empty value before a comma");
      }
      after_comma = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      token += c;
    }
  }
  flush();
  if (after_comma && !values.empty()) {
    throw task::InputError(what + ": a comma without a value after it");
  }
  if (values.empty()) {
    throw task::InputError(what + ": no numbers given");
  }
  return values;
}

} // namespace satslide::puzzles
