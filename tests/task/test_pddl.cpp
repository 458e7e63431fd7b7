// The PDDL export read back by a small s-expression reader written here:
// the grammar (balanced, define domain / problem, every atom declared),
// and the semantics: the exported actions, simulated as STRIPS by the
// test itself, carry the start to the goal along satslide's own plan
// (written as an IPC plan file and read back).
#include "satslide/task/pddl.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/planner/planner.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>

using namespace satslide;

namespace {

struct Sexp {
  std::string atom; // a leaf when list is empty and atom is set
  std::vector<Sexp> list;
};

// Parses one s-expression from `text` at `pos`; ';' comments skipped.
Sexp parse(const std::string &text, std::size_t &pos) {
  const auto skip = [&] {
    while (pos < text.size()) {
      if (text[pos] == ';') {
        pos = text.find('\n', pos);
        pos = pos == std::string::npos ? text.size() : pos;
      } else if (std::isspace(static_cast<unsigned char>(text[pos]))) {
        ++pos;
      } else {
        break;
      }
    }
  };
  skip();
  REQUIRE(pos < text.size());
  Sexp s;
  if (text[pos] == '(') {
    ++pos;
    for (skip(); pos < text.size() && text[pos] != ')'; skip()) {
      s.list.push_back(parse(text, pos));
    }
    REQUIRE(pos < text.size()); // balanced
    ++pos;
    return s;
  }
  REQUIRE(text[pos] != ')');
  while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos])) &&
         text[pos] != '(' && text[pos] != ')') {
    s.atom += text[pos++];
  }
  return s;
}

const Sexp *section(const Sexp &s, const std::string &key) {
  for (const Sexp &x : s.list) {
    if (!x.list.empty() && x.list[0].atom == key) {
      return &x;
    }
  }
  return nullptr;
}

// (and (p) (q) (not (r))) -> {p, q}, {r}
void literals(const Sexp &s, std::set<std::string> &pos,
              std::set<std::string> &neg) {
  REQUIRE(!s.list.empty());
  if (s.list[0].atom == "and") {
    for (std::size_t k = 1; k < s.list.size(); ++k) {
      literals(s.list[k], pos, neg);
    }
  } else if (s.list[0].atom == "not") {
    neg.insert(s.list[1].list.at(0).atom);
  } else {
    REQUIRE(s.list.size() == 1); // 0-ary
    pos.insert(s.list[0].atom);
  }
}

struct Strips {
  std::set<std::string> predicates;
  struct Op {
    std::set<std::string> pre, add, del;
  };
  std::map<std::string, Op> ops;
  std::set<std::string> init, goal;
};

Strips read_pddl(const std::string &domain, const std::string &problem) {
  Strips t;
  std::size_t pos = 0;
  const Sexp d = parse(domain, pos);
  REQUIRE(d.list.size() >= 3);
  CHECK(d.list[0].atom == "define");
  CHECK(d.list[1].list.at(0).atom == "domain");
  const Sexp *req = section(d, ":requirements");
  REQUIRE(req);
  CHECK(req->list.at(1).atom == ":strips");
  const Sexp *preds = section(d, ":predicates");
  REQUIRE(preds);
  for (std::size_t k = 1; k < preds->list.size(); ++k) {
    CHECK(preds->list[k].list.size() == 1);
    t.predicates.insert(preds->list[k].list.at(0).atom);
  }
  for (const Sexp &x : d.list) {
    if (x.list.empty() || x.list[0].atom != ":action") {
      continue;
    }
    Strips::Op op;
    std::set<std::string> none;
    for (std::size_t k = 2; k + 1 < x.list.size(); k += 2) {
      const std::string &key = x.list[k].atom;
      if (key == ":precondition") {
        literals(x.list[k + 1], op.pre, none);
      } else if (key == ":effect") {
        literals(x.list[k + 1], op.add, op.del);
      } else {
        CHECK(key == ":parameters");
        CHECK(x.list[k + 1].list.empty());
      }
    }
    CHECK(none.empty());
    CHECK(t.ops.emplace(x.list[1].atom, op).second); // names unique
  }
  pos = 0;
  const Sexp p = parse(problem, pos);
  CHECK(p.list.at(1).list.at(0).atom == "problem");
  CHECK(section(p, ":domain")->list.at(1).atom == d.list[1].list.at(1).atom);
  for (std::size_t k = 1; k < section(p, ":init")->list.size(); ++k) {
    t.init.insert(section(p, ":init")->list[k].list.at(0).atom);
  }
  std::set<std::string> none;
  literals(section(p, ":goal")->list.at(1), t.goal, none);
  // Every atom used is declared.
  std::set<std::string> used = t.init;
  used.insert(t.goal.begin(), t.goal.end());
  for (const auto &[name, op] : t.ops) {
    for (const auto *set : {&op.pre, &op.add, &op.del}) {
      used.insert(set->begin(), set->end());
    }
  }
  for (const std::string &a : used) {
    CHECK_MESSAGE(t.predicates.count(a), a << " is not declared");
  }
  return t;
}

} // namespace

TEST_SUITE("task::Pddl") {
  TEST_CASE("exported PDDL is STRIPS whose actions carry out satslide's plan") {
    const struct {
      const char *family, *board, *metric;
    } cases[] = {
        {"npuzzle", "1 3 6 4 2 0 7 5 8", nullptr},
        {"klotski", "AB.C/DD.C/EE..", "slide"},
        {"rushhour", "ooBoooooBoooAABooooooooooooooooooooo", "step"},
    };
    for (const auto &c : cases) {
      CAPTURE(c.board);
      puzzles::InstanceOptions o;
      o.board = c.board;
      if (c.metric) {
        o.metric = puzzles::parse_metric(c.metric);
      }
      if (std::string(c.family) == "klotski") {
        o.goal_piece = "D";
        o.goal_at = "2,1";
      }
      const auto puzzle = puzzles::make_puzzle(c.family, o);
      const task::Task task = puzzle->compile();
      const task::PddlNames names = task::pddl_names(task);
      std::ostringstream domain, problem;
      task::write_pddl_domain(domain, task, names, "d", "a test");
      task::write_pddl_problem(problem, task, names, "d", "p");
      const Strips strips = read_pddl(domain.str(), problem.str());
      CHECK(strips.ops.size() == task.actions.size());

      const planner::PlannerResult r = planner::solve(*puzzle, {});
      REQUIRE(r.status == planner::Status::solved);
      REQUIRE(!r.plan.empty());
      std::istringstream ipc(task::ipc_plan(names, r.plan));
      const std::vector<std::string> steps = task::read_ipc_plan(ipc);
      REQUIRE(steps.size() == r.plan.size());
      std::set<std::string> state = strips.init;
      for (const std::string &step : steps) {
        const auto &op = strips.ops.at(step);
        for (const std::string &p : op.pre) {
          REQUIRE_MESSAGE(state.count(p), step << " needs " << p);
        }
        for (const std::string &f : op.del) {
          state.erase(f);
        }
        state.insert(op.add.begin(), op.add.end());
      }
      for (const std::string &g : strips.goal) {
        CHECK(state.count(g));
      }
      // One move less does not reach the goal (the plan is optimal).
      std::set<std::string> short_of = strips.init;
      bool reached = true;
      for (std::size_t k = 0; k + 1 < steps.size(); ++k) {
        const auto &op = strips.ops.at(steps[k]);
        for (const std::string &f : op.del) {
          short_of.erase(f);
        }
        short_of.insert(op.add.begin(), op.add.end());
      }
      for (const std::string &g : strips.goal) {
        reached = reached && short_of.count(g);
      }
      CHECK(!reached);
    }
  }

  TEST_CASE("names are PDDL identifiers, unique, and bad plan lines named") {
    task::Task t;
    t.fluents = {"Tile 1 at r0c0", "tile 1 at r0c0!", "2x1 piece", "---"};
    t.actions = {{"move (1)", {0}, {1}, {0}}, {"Move 1", {1}, {0}, {1}}};
    const task::PddlNames n = task::pddl_names(t);
    CHECK(n.fluents == std::vector<std::string>{"tile-1-at-r0c0",
                                                "tile-1-at-r0c0-2",
                                                "fluent-2x1-piece", "fluent"});
    CHECK(n.actions == std::vector<std::string>{"move-1", "move-1-2"});
    std::istringstream bad("(move-1)\nmove-1\n");
    CHECK_THROWS_WITH_AS(task::read_ipc_plan(bad),
                         "plan line 2: expected (action-name)",
                         task::InputError);
  }
}
