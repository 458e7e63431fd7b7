// satslide batch: one instance per input line, each solved as `satslide
// solve` would with the batch's options and the line's own, -j at a time
// in one process; one JSON line per instance (the solve report, the line
// number and the input text), flushed as it is done so that --resume can
// skip what an interrupted run already answered.
#include "satslide/cli/batch_input.hpp"
#include "satslide/cli/batch_tally.hpp"
#include "satslide/cli/commands.hpp"
#include "satslide/cli/output.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/solver/side_by_side.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>


namespace satslide::cli {

namespace {

using Json = nlohmann::ordered_json;

std::vector<BatchLine> read_lines(const Options &o) {
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  const std::string name = family ? family->name : o.family;
  if (o.input == "-") {
    return read_batch(std::cin, name, "");
  }
  std::ifstream in(o.input);
  if (!in || std::filesystem::is_directory(o.input)) {
    throw IoError("cannot read batch file '" + o.input + "'");
  }
  return read_batch(in, name,
                    std::filesystem::path(o.input).parent_path().string());
}

// The line numbers a previous run answered (any status but cancelled);
// a last line cut short by a kill is removed from the file.
std::set<int> answered_lines(const std::string &path) {
  std::set<int> answered;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return answered; // nothing yet
  }
  std::string text((std::istreambuf_iterator<char>(in)), {});
  in.close();
  const auto end = text.rfind('\n');
  const std::size_t complete = end == std::string::npos ? 0 : end + 1;
  if (complete < text.size()) {
    std::filesystem::resize_file(path, complete);
    text.resize(complete);
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto j = Json::parse(line, nullptr, false);
    if (j.is_object() && j.contains("line") && j["line"].is_number_integer() &&
        j.value("status", "") != "cancelled") {
      answered.insert(j["line"].get<int>());
    }
  }
  return answered;
}

// The metric name a line's known optima are keyed by ("" if the family
// has one metric).
std::string metric_of(const Options &o) {
  const puzzles::FamilyInfo *family = puzzles::find_family(o.family);
  if (!family || !family->accepts_field(puzzles::InstanceField::metric)) {
    return "";
  }
  return to_name(o.instance.metric.value_or(puzzles::Metric::step));
}

struct Answer {
  Json json; // the line's document, as written
  std::optional<planner::PlannerResult> result; // none: the line failed
  int known = -1; // the line's known optimum in the run's metric

  std::string status() const {
    return result ? to_name(result->status) : "error";
  }
  bool optimal() const { return result && result->optimal; }
  int length() const {
    return result && result->status == planner::Status::solved
               ? static_cast<int>(result->replay.moves.size())
               : -1;
  }
};

// Solves one line as `satslide solve <batch options> <line options>`.
Answer solve_line(const BatchLine &line, const std::vector<const char *> &argv,
                  const solver::StopFn &stop) {
  Answer a;
  a.json["line"] = line.number;
  if (!line.id.empty()) {
    a.json["id"] = line.id;
  }
  a.json["input"] = line.text;
  try {
    if (!line.error.empty()) {
      throw task::InputError("line " + std::to_string(line.number) + ": " +
                             line.error);
    }
    Options o = parse_options(static_cast<int>(argv.size()), argv.data(),
                              line.options);
    o.command = Command::solve;
    const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
    planner::PlannerOptions p = o.planner;
    p.stop = stop;
    Report report = report_for(*puzzle);
    report.result = planner::solve(*puzzle, p);
    if (!o.certify_dir.empty()) { // a directory a line
      report.certificate = certify_answer(
          *puzzle, report.result,
          o.certify_dir + "/line-" + std::to_string(line.number), p,
          o.certify_depth, o.resume);
    }
    a.known = known_optimum(line, metric_of(o));
    a.json.update(to_json(report, false));
    if (a.known >= 0) {
      a.json["known_optimal"] = a.known;
    }
    a.result = std::move(report.result);
  } catch (...) {
    const Failure f = current_failure();
    a.json.update(error_json(static_cast<int>(f.code), f.kind, f.message));
  }
  a.json.update(line.tags); // nothing the report says overwrites them
  return a;
}

// The lines of this shard still to solve (with --resume, those the
// output file has no answer for); `skipped` counts the others.
std::vector<const BatchLine *> lines_to_solve(const std::vector<BatchLine> &lines,
                                              const Options &o, int &skipped) {
  const std::set<int> answered =
      o.resume ? answered_lines(o.output) : std::set<int>();
  std::vector<const BatchLine *> todo;
  skipped = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (static_cast<int>(i % o.shards) != o.shard) {
      continue;
    }
    if (answered.count(lines[i].number)) {
      ++skipped;
    } else {
      todo.push_back(&lines[i]);
    }
  }
  return todo;
}

// What the summary and the log say of an answer written: counted, and a
// line whose known optimum disagrees named.
void tally_answer(BatchTally &tally, const Answer &a, int line) {
  const std::string status = a.status();
  const int length = a.length();
  tally.add(status, a.optimal(), length, a.known);
  if (status == "solved" && a.known >= 0 && a.optimal() && length != a.known) {
    spdlog::error("line {}: optimal length {}, but the input says {}", line,
                  length, a.known);
  }
  if (status == "unsolvable" && a.known >= 0) {
    spdlog::error("line {}: unsolvable, but the input says an optimum of "
                  "{} (is the goal right? see --goal)",
                  line, a.known);
  }
  tally.show_progress();
}

// The summary and the exit code; `solved`: --until-solved stopped the
// batch at a plan, so the lines left, and their limits, are moot.
int finish(BatchTally &tally, bool interrupted, bool solved) {
  tally.print_summary(interrupted);
  if (!solved || interrupted) {
    return code(tally.exit_code(interrupted));
  }
  std::fprintf(stderr, "  stopped at the first plan (--until-solved): the "
                       "lines not answered are solved again by --resume or "
                       "asked again by merge\n");
  const ExitCode c = tally.exit_code(false);
  return code(c == ExitCode::timeout ? ExitCode::plan_found : c);
}

} // namespace

int run_batch(const Options &o) {
  const std::vector<BatchLine> lines = read_lines(o);
  int skipped = 0;
  const std::vector<const BatchLine *> todo = lines_to_solve(lines, o, skipped);
  std::ofstream file;
  if (!o.output.empty() && o.output != "-") {
    file.open(o.output, o.resume ? std::ios::app : std::ios::trunc);
    if (!file) {
      throw IoError("cannot write '" + o.output + "'");
    }
  }
  std::ostream &out = file.is_open() ? file : std::cout;

  std::vector<const char *> argv;
  for (const std::string &arg : o.args) {
    argv.push_back(arg.c_str());
  }
  const solver::StopFn signalled = stop_on_signal();
  BatchTally tally(static_cast<int>(todo.size()), skipped);
  std::mutex lock;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> unwritable{false}; // no line is solved for nothing
  std::atomic<bool> solved{false};     // --until-solved: a plan written
  const solver::StopFn stop = [&] { return signalled() || solved; };
  const auto work = [&] {
    for (std::size_t k; !stop() && !unwritable && (k = next++) < todo.size();) {
      const Answer a = solve_line(*todo[k], argv, stop);
      if (a.status() == "cancelled") {
        return; // interrupted, or dropped after a plan: solved again later
      }
      const std::lock_guard<std::mutex> guard(lock);
      out << a.json.dump(-1, ' ', false, Json::error_handler_t::replace)
          << '\n'
          << std::flush;
      if (!out) {
        unwritable = true;
        return;
      }
      tally_answer(tally, a, todo[k]->number);
      if (o.until_solved && a.status() == "solved") {
        solved = true;
      }
    }
  };
  solver::side_by_side(o.jobs, [&](int) { work(); });
  if (!out) {
    throw IoError(file.is_open() ? "error while writing '" + o.output + "'"
                                 : std::string("error while writing to "
                                               "standard output"));
  }
  return finish(tally, signalled(), solved);
}

} // namespace satslide::cli
