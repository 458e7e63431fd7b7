#include "json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace satslide::cli {

std::string json_escape(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

void JsonWriter::before_value() {
  if (m_after_key) {
    m_after_key = false;
    return;
  }
  if (!m_first.empty()) {
    if (!m_first.back()) {
      m_out += ',';
    }
    m_first.back() = false;
  }
}

JsonWriter &JsonWriter::begin_object() {
  before_value();
  m_out += '{';
  m_first.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::end_object() {
  m_out += '}';
  m_first.pop_back();
  return *this;
}

JsonWriter &JsonWriter::begin_array() {
  before_value();
  m_out += '[';
  m_first.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::end_array() {
  m_out += ']';
  m_first.pop_back();
  return *this;
}

JsonWriter &JsonWriter::key(const std::string &name) {
  before_value();
  m_out += json_escape(name) + ':';
  m_after_key = true;
  return *this;
}

JsonWriter &JsonWriter::value(const std::string &s) {
  before_value();
  m_out += json_escape(s);
  return *this;
}

JsonWriter &JsonWriter::value(int64_t n) {
  before_value();
  m_out += std::to_string(n);
  return *this;
}

JsonWriter &JsonWriter::value(double x) {
  before_value();
  if (!std::isfinite(x)) {
    m_out += "null";
    return *this;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  m_out += buf;
  return *this;
}

JsonWriter &JsonWriter::value(bool b) {
  before_value();
  m_out += b ? "true" : "false";
  return *this;
}

JsonWriter &JsonWriter::null() {
  before_value();
  m_out += "null";
  return *this;
}

} // namespace satslide::cli
