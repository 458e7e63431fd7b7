// A small streaming JSON writer: enough for satslide's reports, with
// correct string escaping and comma placement.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace satslide::cli {

class JsonWriter {
public:
  JsonWriter &begin_object();
  JsonWriter &end_object();
  JsonWriter &begin_array();
  JsonWriter &end_array();
  JsonWriter &key(const std::string &name);
  JsonWriter &value(const std::string &s);
  JsonWriter &value(const char *s) { return value(std::string(s)); }
  JsonWriter &value(int64_t n);
  JsonWriter &value(int n) { return value(static_cast<int64_t>(n)); }
  JsonWriter &value(double x);
  JsonWriter &value(bool b);
  JsonWriter &null();

  // key(name).value(v) in one call.
  template <typename T> JsonWriter &field(const std::string &name, T v) {
    return key(name).value(v);
  }

  const std::string &str() const { return m_out; }

private:
  void before_value();
  std::string m_out;
  std::vector<bool> m_first; // per open container: no element yet
  bool m_after_key = false;
};

std::string json_escape(const std::string &s);

} // namespace satslide::cli
