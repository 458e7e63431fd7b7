// satslide export: the instance for another tool. PDDL: the task as a
// grounded STRIPS domain and problem; Fast Downward's or Madagascar's plan
// comes back through `satslide check-plan --plan`.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/exit_codes.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/task/model_checkers.hpp"
#include "satslide/task/pddl.hpp"
#include "satslide/planner/planner.hpp"
#include "satslide/solver/limboole.hpp"

#include <spdlog/spdlog.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace satslide::cli {

namespace {

std::string header(const puzzles::Puzzle &puzzle, const std::string &prefix) {
  const std::string domain = prefix.empty() ? "domain.pddl"
                                            : prefix + "-domain.pddl";
  const std::string problem = prefix.empty() ? "problem.pddl"
                                             : prefix + "-problem.pddl";
  return puzzle.title() + ", written by satslide " + SATSLIDE_VERSION +
         " as grounded STRIPS: one predicate per fluent, one action per "
         "move.\nStart:\n" + puzzle.draw() +
         "Run, e.g.: fast-downward.py " + domain + " " + problem +
         " --search \"astar(blind())\"\nthen check the plan: satslide "
         "check-plan <the same instance options> --plan sas_plan\n";
}

} // namespace

std::string output_stem(const std::string &output,
                        const std::vector<std::string> &extensions) {
  for (const std::string &e : extensions) {
    if (output.size() > e.size() &&
        output.compare(output.size() - e.size(), e.size(), e) == 0) {
      return output.substr(0, output.size() - e.size());
    }
  }
  return output;
}

namespace {

// What every export shares: the instance, its task, where it goes, and
// the comment that opens each file.
struct Export {
  const puzzles::Puzzle &puzzle;
  const task::Task &task;
  const Options &options;
  bool to_stdout;
  std::string about;
};

void export_smv(const Export &e) {
  const std::string file =
      e.to_stdout ? "FILE.smv" : output_stem(e.options.output, {".smv"}) + ".smv";
  std::ostringstream text;
  task::write_smv(
      text, e.task,
      e.about +
          "A counterexample to either spec is a plan:\n"
          "  NuSMV " +
          file +
          "   (BDD: the shortest plan)\n"
          "Bounded model checking proves the invariant false only with\n"
          "an induction-free algorithm: NuSMV -int " +
          file +
          ", then\n"
          "  go_bmc\n  check_invar_bmc -a een-sorensson\n"
          "(plain 'NuSMV -bmc' tries induction, which fails here).\n");
  e.to_stdout ? void(std::cout << text.str()) : write_file(file, text.str());
}

void export_tla(const Export &e) {
  // TLC wants the module's name as the file's: letters, digits, '_'.
  const std::filesystem::path asked(
      e.to_stdout ? "Puzzle" : output_stem(e.options.output, {".tla", ".cfg"}));
  std::string module = asked.filename().string();
  for (char &ch : module) {
    ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  }
  const std::string prefix = (asked.parent_path() / module).string();
  if (!e.to_stdout && module != asked.filename().string()) {
    spdlog::warn("a TLA+ module name is letters, digits and '_': writing "
                 "{}.tla and {}.cfg",
                 prefix, prefix);
  }
  std::ostringstream tla, cfg;
  task::write_tla(tla, e.task, module,
                  e.about +
                      "TLC's counterexample to NotSolved is a "
                      "shortest plan:\n  java -jar tla2tools.jar "
                      "-config " +
                      module + ".cfg " + module + ".tla\n");
  task::write_tla_config(cfg);
  if (e.to_stdout) {
    std::cout << tla.str() << "\n" << module << ".cfg:\n" << cfg.str();
  } else {
    write_file(prefix + ".tla", tla.str());
    write_file(prefix + ".cfg", cfg.str());
  }
}

void export_limboole(const Export &e) {
  const encoder::EncodingInfo &info =
      planner::encoding_for(e.puzzle, e.options.planner.encoding);
  const auto encoding = info.make(e.task);
  std::ostringstream text;
  solver::write_horizon_limboole(text, *encoding, e.options.horizon,
                                 e.puzzle.title() + ", encoding " + info.name);
  if (e.to_stdout) {
    std::cout << text.str();
  } else {
    write_file(output_stem(e.options.output, {".limboole"}) + ".limboole",
               text.str());
  }
}

void export_pddl(const Export &e) {
  const task::PddlNames names = task::pddl_names(e.task);
  const std::string domain = "satslide-" + e.puzzle.spec().kind;
  const std::string stem = output_stem(
      e.options.output, {"-domain.pddl", "-problem.pddl", ".pddl"});
  std::ostringstream d, p;
  task::write_pddl_domain(d, e.task, names, domain,
                          header(e.puzzle, e.to_stdout ? "" : stem));
  task::write_pddl_problem(p, e.task, names, domain, "start");
  if (e.to_stdout) {
    std::cout << d.str() << '\n' << p.str();
    return;
  }
  write_file(stem + "-domain.pddl", d.str());
  write_file(stem + "-problem.pddl", p.str());
}

} // namespace

int run_export(const Options &o) {
  const auto puzzle = puzzles::make_puzzle(o.family, read_instance(o));
  const task::Task task = puzzle->compile();
  const Export e{*puzzle, task, o, o.output.empty() || o.output == "-",
                 puzzle->title() + ", written by satslide " +
                     SATSLIDE_VERSION + ".\nStart:\n" + puzzle->draw()};
  switch (o.format) {
  case ExportFormat::smv:
    export_smv(e);
    break;
  case ExportFormat::tla:
    export_tla(e);
    break;
  case ExportFormat::limboole:
    export_limboole(e);
    break;
  case ExportFormat::pddl:
    export_pddl(e);
    break;
  }
  return code(ExitCode::plan_found);
}

} // namespace satslide::cli
