#include "report.hpp"

#include "json_writer.hpp"

#include <iomanip>
#include <ostream>

namespace satslide::cli {

namespace {

std::string indent(const std::string &text, const std::string &pad) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    out += pad + text.substr(start, end - start) + '\n';
    if (end == std::string::npos) {
      break;
    }
    start = end + 1;
  }
  return out;
}

} // namespace

void print_text(std::ostream &out, const Report &r, bool show_boards) {
  out << r.title;
  if (!r.encoding.empty()) {
    out << ", encoding " << r.encoding;
  }
  out << '\n' << indent(r.board, "  ");
  if (r.lower_bound >= 0) {
    out << "lower bound: " << r.lower_bound << " (" << r.lower_bound_name
        << ")";
    if (r.stride > 1) {
      out << "; plan lengths differ by multiples of " << r.stride
          << " (parity)";
    }
    out << '\n';
  }
  if (r.status != "solved") {
    out << r.status << ": " << r.reason << '\n';
    return;
  }
  const std::size_t n = r.replay.moves.size();
  out << "solution: " << n << (n == 1 ? " move" : " moves") << ", "
      << (r.optimal ? "optimal" : "not proven optimal");
  if (!r.optimality.empty()) {
    out << " (" << r.optimality << ")";
  }
  out << '\n';
  const int width = static_cast<int>(std::to_string(n).size());
  for (std::size_t i = 0; i < n; ++i) {
    out << "  " << std::setw(width) << i + 1 << ". "
        << r.replay.moves[i].notation << '\n';
    if (show_boards) {
      out << indent(r.replay.moves[i].board, "     ");
    }
  }
  if (!r.replay.compact.empty()) {
    out << "moves: " << r.replay.compact << '\n';
  }
}

void print_json(std::ostream &out, const Report &r, bool show_boards) {
  JsonWriter j;
  j.begin_object();
  j.field("puzzle", r.title).field("kind", r.spec.kind);
  j.key("instance").begin_object();
  for (const auto &[key, value] : r.spec.params) {
    j.field(key, value);
  }
  j.end_object();
  j.field("board", r.board);
  if (!r.encoding.empty()) {
    j.field("encoding", r.encoding);
  }
  j.field("status", r.status);
  if (!r.reason.empty()) {
    j.field("reason", r.reason);
  }
  j.field("optimal", r.optimal);
  if (r.status == "solved") {
    j.field("length", static_cast<int>(r.replay.moves.size()));
  } else {
    j.key("length").null();
  }
  if (r.lower_bound >= 0) {
    j.field("lower_bound", r.lower_bound)
        .field("lower_bound_name", r.lower_bound_name);
  }
  j.field("stride", r.stride);
  j.field("mode", r.mode);
  if (r.mode == "any") {
    j.field("stages", r.stages).field("raw_length", r.raw_length);
    if (r.tightened_from >= 0) {
      j.field("tightened_from", r.tightened_from);
    }
  }
  if (r.no_plan_up_to >= 0) {
    j.field("no_plan_up_to", r.no_plan_up_to);
  } else {
    j.key("no_plan_up_to").null();
  }
  j.key("plan").begin_array();
  for (const auto &m : r.replay.moves) {
    if (show_boards) {
      j.begin_object().field("move", m.notation).field("board", m.board);
      j.end_object();
    } else {
      j.value(m.notation);
    }
  }
  j.end_array();
  j.field("moves", r.replay.compact);
  j.key("horizons").begin_array();
  for (std::size_t i = 0; i < r.horizons.size(); ++i) {
    const solver::HorizonStats &h = r.horizons[i];
    j.begin_object();
    if (i < r.horizon_stage.size()) {
      j.field("stage", r.horizon_stage[i]);
    }
    j.field("horizon", h.horizon)
        .field("result", h.result)
        .field("variables", h.variables)
        .field("clauses", h.clauses)
        .field("seconds", h.seconds)
        .field("conflicts", h.conflicts)
        .end_object();
  }
  j.end_array();
  j.field("seconds", r.seconds);
  j.end_object();
  out << j.str() << '\n';
}

} // namespace satslide::cli
