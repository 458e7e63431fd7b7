// satslide export: the instance for another tool. PDDL: the task as a
// grounded STRIPS domain and problem; Fast Downward's or Madagascar's plan
// comes back through `satslide check-plan --plan`.
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

#include "encoder/puzzles/families.hpp"
#include "encoder/task/model_checkers.hpp"
#include "encoder/task/pddl.hpp"
#include "planner/planner.hpp"
#include "solver/limboole.hpp"

#include <spdlog/spdlog.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace satslide::cli {

namespace {

std::string header(const encoder::Puzzle &puzzle, const std::string &prefix) {
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

void write_file(const std::string &path, const std::string &text) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) {
    throw IoError("cannot write '" + path + "'");
  }
  spdlog::info("wrote {}", path);
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

int run_export(const Options &o) {
  const auto puzzle = encoder::make_puzzle(o.family, read_instance(o));
  const encoder::Task task = puzzle->compile();
  const bool to_stdout = o.output.empty() || o.output == "-";
  const std::string about = puzzle->title() + ", written by satslide " +
                            SATSLIDE_VERSION + ".\nStart:\n" + puzzle->draw();
  if (o.format == "smv") {
    const std::string file =
        to_stdout ? "FILE.smv" : output_stem(o.output, {".smv"}) + ".smv";
    std::ostringstream text;
    encoder::write_smv(
        text, task,
        about + "A counterexample to either spec is a plan:\n"
                "  NuSMV " + file + "   (BDD: the shortest plan)\n"
                "Bounded model checking proves the invariant false only with\n"
                "an induction-free algorithm: NuSMV -int " + file + ", then\n"
                "  go_bmc\n  check_invar_bmc -a een-sorensson\n"
                "(plain 'NuSMV -bmc' tries induction, which fails here).\n");
    to_stdout ? void(std::cout << text.str()) : write_file(file, text.str());
    return code(ExitCode::plan_found);
  }
  if (o.format == "tla") {
    // TLC wants the module's name as the file's: letters, digits, '_'.
    const std::filesystem::path asked(
        to_stdout ? "Puzzle" : output_stem(o.output, {".tla", ".cfg"}));
    std::string module = asked.filename().string();
    for (char &ch : module) {
      ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    }
    const std::string prefix = (asked.parent_path() / module).string();
    if (!to_stdout && module != asked.filename().string()) {
      spdlog::warn("a TLA+ module name is letters, digits and '_': writing "
                   "{}.tla and {}.cfg",
                   prefix, prefix);
    }
    std::ostringstream tla, cfg;
    encoder::write_tla(tla, task, module,
                       about + "TLC's counterexample to NotSolved is a "
                               "shortest plan:\n  java -jar tla2tools.jar "
                               "-config " + module + ".cfg " + module + ".tla\n");
    encoder::write_tla_config(cfg);
    if (to_stdout) {
      std::cout << tla.str() << "\n" << module << ".cfg:\n" << cfg.str();
    } else {
      write_file(prefix + ".tla", tla.str());
      write_file(prefix + ".cfg", cfg.str());
    }
    return code(ExitCode::plan_found);
  }
  if (o.format == "limboole") {
    const encoder::EncodingInfo &info =
        planner::encoding_for(*puzzle, o.planner.encoding);
    const auto encoding = info.make(task);
    std::ostringstream text;
    solver::write_horizon_limboole(text, *encoding, o.horizon,
                                   puzzle->title() + ", encoding " +
                                       info.name);
    if (to_stdout) {
      std::cout << text.str();
    } else {
      write_file(output_stem(o.output, {".limboole"}) + ".limboole",
                 text.str());
    }
    return code(ExitCode::plan_found);
  }
  const encoder::PddlNames names = encoder::pddl_names(task);
  const std::string domain = "satslide-" + puzzle->spec().kind;
  const bool to_files = !to_stdout;
  const std::string stem = output_stem(
      o.output, {"-domain.pddl", "-problem.pddl", ".pddl"});
  std::ostringstream d, p;
  encoder::write_pddl_domain(d, task, names, domain,
                             header(*puzzle, to_files ? stem : ""));
  encoder::write_pddl_problem(p, task, names, domain, "start");
  if (!to_files) {
    std::cout << d.str() << '\n' << p.str();
    return code(ExitCode::plan_found);
  }
  write_file(stem + "-domain.pddl", d.str());
  write_file(stem + "-problem.pddl", p.str());
  return code(ExitCode::plan_found);
}

} // namespace satslide::cli
