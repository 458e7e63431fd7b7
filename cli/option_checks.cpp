#include "satslide/cli/option_checks.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace satslide::cli {

namespace {

// The search options against each other.
void check_search(const Options &o) {
  const planner::PlannerOptions &p = o.planner;
  if (p.min_horizon > p.max_horizon) {
    throw UsageError("--min-horizon " + std::to_string(p.min_horizon) +
                     " is above --max-horizon " +
                     std::to_string(p.max_horizon));
  }
  for (const std::string &option : p.cadical_options) {
    const std::string name = option.substr(0, option.find('='));
    if (!CaDiCaL::Solver::is_valid_option(name.c_str())) {
      throw UsageError("--cadical: CaDiCaL has no option '" + name + "'");
    }
  }
  try {
    planner::check_engine_options(p, o.command == Command::split);
  } catch (const std::invalid_argument &e) {
    throw UsageError(e.what());
  }
  if ((o.command == Command::solve || o.command == Command::batch) &&
      p.encoding &&
      !p.encoding->minimises_moves) {
    throw UsageError("--encoding " + p.encoding->name +
                     " does not minimise moves, so it cannot prove an "
                     "optimum; --any uses it by itself");
  }
  if (o.count_optimal < -1 ||
      (o.count_optimal >= 0 && o.planner.mode == planner::Mode::any)) {
    throw UsageError("--count-optimal K: K >= 0 (0 = all), without --any");
  }
}

// What each subcommand needs besides the instance.
void check_command_needs(const Options &o) {
  if (o.command == Command::dimacs && o.horizon < 0) {
    throw UsageError("dimacs needs --horizon N (N >= 0)");
  }
  if (o.command == Command::decode &&
      (o.cnf_file.empty() || o.model_file.empty())) {
    throw UsageError("decode needs --cnf FILE and --model FILE");
  }
  if (o.command == Command::export_model &&
      (o.format == ExportFormat::limboole) !=
                                                (o.horizon >= 0)) {
    throw UsageError(o.horizon < 0 ? "--format limboole needs --horizon N"
                                   : "--horizon is for --format limboole");
  }
  if (o.command == Command::check_plan &&
      o.plan_file.empty() == o.moves.empty()) {
    throw UsageError("check-plan needs --plan FILE or --moves STRING (one)");
  }
  if (o.command == Command::verify) {
    if (o.input.empty() == o.cnf_file.empty() ||
        o.cnf_file.empty() != o.proof_file.empty()) {
      throw UsageError("verify needs a certificate's directory, or --cnf "
                       "FILE and --proof FILE (not both)");
    }
    return;
  }
  const bool reads_file =
      o.command == Command::batch || o.command == Command::merge;
  if (reads_file == o.input.empty()) {
    throw UsageError(!o.input.empty()
                         ? "unexpected argument '" + o.input + "'"
                     : o.command == Command::batch
                         ? "batch needs an input file (- = stdin)"
                         : "merge needs the cubes file, then the batch "
                           "outputs of its round");
  }
  if (o.command != Command::merge && !o.answers.empty()) {
    throw UsageError("unexpected argument '" + o.answers.front() + "'");
  }
  if (o.command == Command::split && o.planner.split_depth < 0) {
    throw UsageError("split needs --split-depth K (the cubes' depth)");
  }
  if ((o.command == Command::split || o.command == Command::merge) &&
      (o.output.empty() || o.output == "-")) {
    throw UsageError(std::string(o.command == Command::split ? "split"
                                                             : "merge") +
                     " needs -o FILE: where the cubes go (a batch input)");
  }
  if (o.command == Command::batch && o.resume &&
      (o.output.empty() || o.output == "-")) {
    throw UsageError("--resume needs --output FILE (the results so far)");
  }
  if (o.certify_depth > 0 && o.certify_dir.empty()) {
    throw UsageError("--certify-depth K needs --certify DIR (the "
                     "certificate it shapes)");
  }
}

} // namespace

void check_combinations(const Options &o) {
  check_search(o);
  check_command_needs(o);
}

puzzles::Partition parse_partition(const std::string &text) {
  const auto refuse = [&text](const std::string &why) {
    return UsageError("--partition: " + why + ", e.g. 1,2,5,6/3,4,7,8 (the "
                      "patterns separated by '/', their tiles by ','); "
                      "got '" + text + "'");
  };
  puzzles::Partition set;
  std::vector<int> pattern;
  std::size_t i = 0;
  for (;;) {
    std::size_t digits = 0;
    long tile = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      tile = std::min(tile * 10 + (text[i] - '0'), 100000L);
      ++digits;
    }
    if (digits == 0) {
      throw refuse("a tile number expected at character " +
                   std::to_string(i + 1));
    }
    pattern.push_back(static_cast<int>(tile));
    if (i == text.size() || text[i] == '/') {
      set.push_back(pattern);
      pattern.clear();
    } else if (text[i] != ',') {
      throw refuse(std::string("unexpected '") + text[i] + "'");
    }
    if (i == text.size()) {
      return set;
    }
    ++i;
  }
}

void parse_shard(const std::string &text, int &shard, int &shards) {
  const auto slash = text.find('/');
  try {
    std::size_t used_k = 0, used_n = 0;
    shard = std::stoi(text.substr(0, slash), &used_k);
    shards = std::stoi(text.substr(slash + 1), &used_n);
    if (slash == std::string::npos || used_k != slash ||
        used_n != text.size() - slash - 1) {
      throw std::invalid_argument("shape");
    }
  } catch (const std::exception &) {
    throw UsageError("--shard: expected K/N, e.g. 0/4, got '" + text + "'");
  }
  if (shards < 1 || shard < 0 || shard >= shards) {
    throw UsageError("--shard K/N needs 0 <= K < N, got '" + text + "'");
  }
}

} // namespace satslide::cli
