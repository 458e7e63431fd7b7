#include "satslide/puzzles/instance_options.hpp"

#include "satslide/puzzles/board_parsing.hpp"

namespace satslide::puzzles {

Metric parse_metric(const std::string &text) {
  if (text.empty()) {
    return Metric::step;
  }
  if (const auto metric = from_name<Metric>(text)) {
    return *metric;
  }
  throw task::InputError("unknown metric '" + text + "' (expected " +
                         name_choices<Metric>() + ")");
}

const char *field_name(InstanceField field) {
  switch (field) {
  case InstanceField::board:
    return "board";
  case InstanceField::goal:
    return "goal";
  case InstanceField::rows:
    return "rows";
  case InstanceField::cols:
    return "cols";
  case InstanceField::layout:
    return "layout";
  case InstanceField::file:
    return "file";
  case InstanceField::goal_piece:
    return "goal-piece";
  case InstanceField::goal_at:
    return "goal-at";
  case InstanceField::metric:
    return "metric";
  case InstanceField::distinct_pieces:
    return "distinct-pieces";
  }
  return "?";
}

std::vector<InstanceField> InstanceOptions::given() const {
  std::vector<InstanceField> out;
  const auto add = [&](bool set, InstanceField f) {
    if (set) {
      out.push_back(f);
    }
  };
  add(!board.empty(), InstanceField::board);
  add(!goal.empty(), InstanceField::goal);
  add(rows != 0, InstanceField::rows);
  add(cols != 0, InstanceField::cols);
  add(!layout.empty(), InstanceField::layout);
  add(!file_text.empty(), InstanceField::file);
  add(!goal_piece.empty(), InstanceField::goal_piece);
  add(!goal_at.empty(), InstanceField::goal_at);
  add(metric.has_value(), InstanceField::metric);
  add(distinct_pieces, InstanceField::distinct_pieces);
  return out;
}

InstanceOptions options_from_params(const Params &params) {
  InstanceOptions o;
  for (const auto &[key, value] : params) {
    if (key == "board") {
      o.board = value;
    } else if (key == "goal") {
      o.goal = value;
    } else if (key == "rows") {
      o.rows = parse_int(value, "rows");
    } else if (key == "cols") {
      o.cols = parse_int(value, "cols");
    } else if (key == "layout") {
      o.layout = value;
    } else if (key == "file_text") {
      o.file_text = value;
    } else if (key == "goal_piece") {
      o.goal_piece = value;
    } else if (key == "goal_at") {
      o.goal_at = value;
    } else if (key == "metric") {
      o.metric = parse_metric(value);
    } else if (key == "name") {
      o.name = value;
    } else if (key == "identify") {
      if (value != "yes" && value != "no") {
        throw task::InputError("identify must be yes or no, got '" + value +
                               "'");
      }
      o.distinct_pieces = value == "no";
    } else {
      throw task::InputError("unknown instance parameter '" + key + "'");
    }
  }
  return o;
}

} // namespace satslide::puzzles
