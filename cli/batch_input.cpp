#include "satslide/cli/batch_input.hpp"

#include "satslide/puzzles/board_parsing.hpp"
#include "satslide/puzzles/families.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <istream>
#include <sstream>

namespace satslide::cli {

namespace {

// Options of the batch itself, which a line cannot set.
bool is_solve_key(const std::string &key) {
  static const char *const batch_only[] = {"jobs", "shard", "resume", "output",
                                           "input", "command", "json",
                                           "memory-limit"};
  return std::none_of(std::begin(batch_only), std::end(batch_only),
                      [&](const char *k) { return key == k; });
}

// A board given as a JSON list: tiles ([1,3,6,...], as --board
// "1,3,6,...") or grid rows (["AAB","AAB"], as --board "AAB/AAB").
void read_list_board(BatchLine &line, const std::string &key,
                     const nlohmann::json &list) {
  std::string text;
  const bool tiles = !list.empty() && list.front().is_number_integer();
  for (const auto &v : list) {
    if (tiles ? !v.is_number_integer() : !v.is_string()) {
      line.error = "\"" + key + "\": a list of whole numbers (tiles) or of "
                   "strings (grid rows)";
      return;
    }
    text += (text.empty() ? "" : tiles ? "," : "/") +
            (tiles ? v.dump() : v.get<std::string>());
  }
  line.options.push_back("--" + key);
  line.options.push_back(text);
}

// {"board": ..., "id": ..., "optimal": ...}: every other key is an option.
void read_json_line(BatchLine &line, const std::string &folder) {
  const auto j = nlohmann::json::parse(line.text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    line.error = "not a JSON object";
    return;
  }
  for (const auto &[key, value] : j.items()) {
    if (key == "id") {
      line.id = value.is_string() ? value.get<std::string>() : value.dump();
      continue;
    }
    if (key == "split_fingerprint" || key == "split_round") {
      line.tags[key] = value;
      continue;
    }
    if (key == "optimal") {
      if (!value.is_number_integer() || value.get<long>() < 0) {
        line.error = "\"optimal\" must be a whole number >= 0";
        return;
      }
      line.known[""] = value.get<int>();
      continue;
    }
    if (!is_solve_key(key)) {
      line.error = "\"" + key + "\" is an option of the batch, not of a line";
      return;
    }
    if ((key == "board" || key == "goal") && value.is_array()) {
      read_list_board(line, key, value);
      if (!line.error.empty()) {
        return;
      }
      continue;
    }
    const auto values = value.is_array() ? value : nlohmann::json::array({value});
    for (const auto &v : values) {
      if (v.is_boolean()) {
        if (v.get<bool>()) {
          line.options.push_back("--" + key);
        }
        continue;
      }
      if (v.is_null() || v.is_object() || v.is_array()) {
        line.error = "\"" + key + "\": expected text, a number or true";
        return;
      }
      std::string text = v.is_string() ? v.get<std::string>() : v.dump();
      if (key == "file") {
        text = puzzles::path_beside(text, folder);
      }
      line.options.push_back("--" + key);
      line.options.push_back(text);
    }
  }
}

} // namespace

std::vector<BatchLine> read_batch(std::istream &in, const std::string &family,
                                  const std::string &folder) {
  const puzzles::FamilyInfo *info = puzzles::find_family(family);
  std::vector<BatchLine> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') {
      text.pop_back();
    }
    if (number == 1) {
      puzzles::drop_byte_order_mark(text);
    }
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos || text[first] == '#' ||
        text[first] == ';') {
      continue;
    }
    BatchLine line;
    line.number = number;
    line.text = text;
    if (text[first] == '{') {
      read_json_line(line, folder);
    } else if (info && info->data_line) {
      puzzles::DataLine data = info->data_line(text, folder);
      line.options = std::move(data.options);
      line.id = std::move(data.id);
      line.known = std::move(data.known);
    } else {
      line.options = {"--board", text.substr(first)};
    }
    if (!line.error.empty()) {
      line.options.clear();
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

nlohmann::ordered_json instance_line(const puzzles::PuzzleSpec &spec) {
  nlohmann::ordered_json j;
  j["puzzle"] = spec.kind;
  for (const auto &[key, value] : spec.params) {
    if (key == "name") {
      continue; // a title, not an option
    }
    if (key == "identify") {
      j["distinct-pieces"] = value == "no";
      continue;
    }
    std::string option = key;
    std::replace(option.begin(), option.end(), '_', '-');
    j[option] = value;
  }
  return j;
}

int known_optimum(const BatchLine &line, const std::string &metric) {
  for (const std::string &key : {metric, std::string()}) {
    const auto it = line.known.find(key);
    if (it != line.known.end()) {
      return it->second;
    }
  }
  return -1;
}

} // namespace satslide::cli
