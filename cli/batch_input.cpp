#include "cli/batch_input.hpp"

#include "encoder/puzzles/board_parsing.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <istream>
#include <sstream>

namespace satslide::cli {

namespace {

bool is_number(const std::string &text) {
  return !text.empty() && text.size() < 10 &&
         std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::isdigit(c); });
}

std::vector<std::string> fields_of(const std::string &text) {
  std::istringstream in(text);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) {
    fields.push_back(f);
  }
  return fields;
}

// Options of the batch itself, which a line cannot set.
bool is_solve_key(const std::string &key) {
  static const char *const batch_only[] = {"jobs", "shard", "resume", "output",
                                           "input", "command", "json",
                                           "memory-limit"};
  return std::none_of(std::begin(batch_only), std::end(batch_only),
                      [&](const char *k) { return key == k; });
}

// A layout path as given if it exists there, else relative to `folder`.
std::string layout_path(const std::string &path, const std::string &folder) {
  namespace fs = std::filesystem;
  if (fs::exists(path) || fs::path(path).is_absolute() || folder.empty()) {
    return path;
  }
  const fs::path beside = fs::path(folder) / path;
  return fs::exists(beside) ? beside.string() : path;
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
        text = layout_path(text, folder);
      }
      line.options.push_back("--" + key);
      line.options.push_back(text);
    }
  }
}

// `id optimal t0 t1 ...` (the tiles a permutation of 0..N-1), else tiles.
void read_npuzzle_line(BatchLine &line) {
  const auto f = fields_of(line.text);
  bool with_id = f.size() >= 4 && is_number(f[1]);
  std::vector<int> tiles;
  for (std::size_t k = 2; with_id && k < f.size(); ++k) {
    with_id = is_number(f[k]);
    if (with_id) {
      tiles.push_back(std::stoi(f[k]));
    }
  }
  std::sort(tiles.begin(), tiles.end());
  for (std::size_t k = 0; with_id && k < tiles.size(); ++k) {
    with_id = tiles[k] == static_cast<int>(k);
  }
  if (!with_id) {
    line.options = {"--board", line.text};
    return;
  }
  line.id = f[0];
  line.known[""] = std::stoi(f[1]);
  std::string board;
  for (std::size_t k = 2; k < f.size(); ++k) {
    board += (k > 2 ? " " : "") + f[k];
  }
  line.options = {"--board", board};
}

// The first 36-character field is the board; the data files' optima are
// told apart by where it stands (see the header).
void read_rushhour_line(BatchLine &line) {
  const auto f = fields_of(line.text);
  const auto board = std::find_if(f.begin(), f.end(), [](const auto &s) {
    return s.size() == 36;
  });
  if (board == f.end()) {
    line.options = {"--board", line.text};
    return;
  }
  line.options = {"--board", *board};
  const auto at = board - f.begin();
  const auto number = [&](std::size_t k) {
    return k < f.size() && is_number(f[k]) ? std::stoi(f[k]) : -1;
  };
  const bool card = at == 2 && f.size() > 3 && f[3].size() == 36;
  if (at == 1 && number(0) >= 0) { // moves board cluster
    line.known["slide"] = number(0);
  } else if (at == 2 && !card && number(4) >= 0 && number(6) >= 0) {
    line.id = f[0]; // idx moves board cluster slide states step ...
    line.known["slide"] = number(4);
    line.known["step"] = number(6);
  } else if (card && number(4) >= 0 && number(5) >= 0) {
    line.id = f[0]; // card published board alt slide step ...
    line.known["slide"] = number(4);
    line.known["step"] = number(5);
  }
}

} // namespace

std::vector<BatchLine> read_batch(std::istream &in, const std::string &family,
                                  const std::string &folder) {
  std::vector<BatchLine> lines;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.back() == '\r') {
      text.pop_back();
    }
    if (number == 1) {
      encoder::drop_byte_order_mark(text);
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
    } else if (family == "npuzzle") {
      read_npuzzle_line(line);
    } else if (family == "rushhour") {
      read_rushhour_line(line);
    } else if (family == "klotski") {
      const auto last = text.find_last_not_of(" \t");
      line.options = {"--file",
                      layout_path(text.substr(first, last + 1 - first), folder)};
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

nlohmann::ordered_json instance_line(const encoder::PuzzleSpec &spec) {
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
