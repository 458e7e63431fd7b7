// The NuSMV and TLA+ exports read back by small readers written here:
// every name declared, every move a complete transition, and satslide's
// own plan carried out by the exported transitions (as NuSMV's or TLC's
// counterexample would be) reaches the goal the specification forbids.
#include "satslide/task/model_checkers.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/planner.hpp"

#include <doctest/doctest.h>

#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace satslide;

namespace {

std::unique_ptr<puzzles::Puzzle> instance(int which) {
  puzzles::InstanceOptions o;
  if (which == 0) {
    o.board = "1 3 6 4 2 0 7 5 8";
    return puzzles::make_puzzle("npuzzle", o);
  }
  o.board = "AB.C/DD.C/EE..";
  o.goal_piece = "D";
  o.goal_at = "2,1";
  o.metric = puzzles::Metric::slide;
  return puzzles::make_puzzle("klotski", o);
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    out.push_back(l);
  }
  return out;
}

// "{"a", "b"}" -> {a, b}
std::set<std::string> tla_set(const std::string &text) {
  std::set<std::string> out;
  const std::regex item("\"([A-Za-z0-9_]+)\"");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), item);
       it != std::sregex_iterator(); ++it) {
    out.insert((*it)[1]);
  }
  return out;
}

} // namespace

TEST_SUITE("task::ModelCheckers") {
  TEST_CASE("the NuSMV model: declared names, complete moves, the plan runs") {
    for (int which : {0, 1}) {
      const auto puzzle = instance(which);
      const task::Task task = puzzle->compile();
      std::ostringstream out;
      task::write_smv(out, task, "a test");
      const auto lines = lines_of(out.str());
      std::vector<std::string> vars;
      std::map<std::string, bool> state;
      std::map<std::string, std::string> move_of; // task action -> disjunct
      std::string section, last_action, goal;
      for (const std::string &l : lines) {
        std::smatch m;
        if (std::regex_match(l, m, std::regex("(VAR|INIT|TRANS)"))) {
          section = m[1];
        } else if (section == "VAR" &&
                   std::regex_match(l, m, std::regex("  (\\w+) : boolean;"))) {
          vars.push_back(m[1]);
        } else if (section == "INIT" &&
                   std::regex_match(l, m, std::regex("  [ &] (!?)(\\w+)"))) {
          CHECK(state.emplace(m[2], m[1] != "!").second);
        } else if (section == "TRANS" &&
                   std::regex_match(l, m, std::regex("  [ |] -- (.*)"))) {
          last_action = m[1];
        } else if (section == "TRANS" &&
                   std::regex_match(l, m, std::regex("      \\((.*)\\)"))) {
          move_of[last_action] = m[1];
        } else if (std::regex_match(l, m,
                                    std::regex("INVARSPEC !\\((.*)\\);"))) {
          goal = m[1];
        }
      }
      REQUIRE(vars.size() == task.fluents.size());
      CHECK(state.size() == vars.size()); // INIT fixes every variable
      CHECK(move_of.size() == task.actions.size());
      CHECK(out.str().find("CTLSPEC !EF (" + goal + ");") != std::string::npos);
      const std::set<std::string> declared(vars.begin(), vars.end());
      const auto plan = planner::solve(*puzzle, {});
      REQUIRE(plan.status == planner::Status::solved);
      for (int a : plan.plan) {
        const std::string &t = move_of.at(task.actions[a].name);
        std::map<std::string, bool> next;
        std::istringstream conj(t);
        for (std::string part; std::getline(conj, part, '&');) {
          std::smatch m;
          part = std::regex_replace(part, std::regex("^ +| +$"), "");
          if (std::regex_match(part, m, std::regex("next\\((\\w+)\\) = (\\w+)"))) {
            CHECK(m[1] == m[2]);
            next[m[1]] = state.at(m[2]);
          } else if (std::regex_match(part, m, std::regex("(!?)next\\((\\w+)\\)"))) {
            next[m[2]] = m[1] != "!";
          } else {
            REQUIRE_MESSAGE(declared.count(part), part);
            CHECK_MESSAGE(state.at(part), "precondition " << part);
          }
        }
        CHECK(next.size() == vars.size()); // every variable's next value
        state = next;
      }
      std::istringstream g(goal);
      for (std::string part; std::getline(g, part, '&');) {
        part = std::regex_replace(part, std::regex("^ +| +$"), "");
        CHECK_MESSAGE(state.at(part), "goal " << part);
      }
    }
  }

  TEST_CASE("the TLA+ module: declared moves, Next, the plan reaches !NotSolved") {
    for (int which : {0, 1}) {
      const auto puzzle = instance(which);
      const task::Task task = puzzle->compile();
      std::ostringstream out, cfg;
      task::write_tla(out, task, "Test", "a test");
      task::write_tla_config(cfg);
      CHECK(cfg.str() == "INIT Init\nNEXT Next\nINVARIANT NotSolved\n");
      const std::string text = out.str();
      CHECK(text.rfind("---- MODULE Test ----\n", 0) == 0);
      CHECK(text.substr(text.size() - 5) == "====\n");
      std::smatch m;
      REQUIRE(std::regex_search(text, m, std::regex("Init == on = (\\{.*\\})")));
      std::set<std::string> on = tla_set(m[1]);
      CHECK(on.size() == task.init.size());
      struct Move {
        std::set<std::string> pre, removed, added;
      };
      std::map<std::string, Move> moves; // by the task action's name
      const auto lines = lines_of(text);
      for (std::size_t k = 0; k + 3 < lines.size(); ++k) {
        std::smatch name, pre, eff;
        if (std::regex_match(lines[k], name, std::regex("\\\\\\* (.*)")) &&
            std::regex_match(lines[k + 2], pre,
                             std::regex("  /\\\\ (\\{.*\\}) \\\\subseteq on")) &&
            std::regex_match(lines[k + 3], eff,
                             std::regex("  /\\\\ on' = \\(on \\\\ (\\{.*\\})\\) "
                                        "\\\\cup (\\{.*\\})"))) {
          moves[name[1]] = {tla_set(pre[1]), tla_set(eff[1]), tla_set(eff[2])};
          // Each move is a disjunct of Next.
          const std::string id = lines[k + 1].substr(0, lines[k + 1].find(' '));
          CHECK(text.find("  \\/ " + id + "\n") != std::string::npos);
        }
      }
      CHECK(moves.size() == task.actions.size());
      const auto plan = planner::solve(*puzzle, {});
      REQUIRE(plan.status == planner::Status::solved);
      for (int a : plan.plan) {
        const Move &mv = moves.at(task.actions[a].name);
        for (const std::string &p : mv.pre) {
          CHECK_MESSAGE(on.count(p), p);
        }
        for (const std::string &f : mv.removed) {
          on.erase(f);
        }
        on.insert(mv.added.begin(), mv.added.end());
      }
      REQUIRE(std::regex_search(text, m,
                                std::regex("NotSolved == ~\\((\\{.*\\}) ")));
      for (const std::string &g : tla_set(m[1])) {
        CHECK_MESSAGE(on.count(g), "goal " << g);
      }
    }
  }
}
