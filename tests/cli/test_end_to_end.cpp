// End-to-end tests of the satslide binary: a table of (arguments, exit
// code, plan length), error messages, JSON shape and the DIMACS round trip
// through Debian's SAT solver binaries.
#include "support/test_support.hpp"

#include "satslide/cli/help.hpp"
#include "satslide/cli/option_table.hpp"

#include <nlohmann/json.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using satslide::test::run_command;
using satslide::test::run_satslide;

namespace {

// The plan length printed in the text output, or -1.
int printed_length(const std::string &out) {
  std::smatch m;
  if (std::regex_search(out, m, std::regex("solution: (\\d+) move"))) {
    return std::stoi(m[1]);
  }
  return -1;
}

// The binary with its pattern-database cache in `dir` (the tests' own,
// relative to the build directory).
satslide::test::RunResult with_cache(const std::string &dir,
                                     const std::string &args) {
  return run_command("SATSLIDE_CACHE_DIR=" + dir + " " +
                     std::string(SATSLIDE_BINARY) + " " + args);
}

struct Case {
  const char *args;
  int exit_code;
  int length; // -1: no plan expected
};

} // namespace

TEST_SUITE("cli::EndToEnd") {

  TEST_CASE("the instances of the 8-puzzle write-up and the 31-movers") {
    const Case cases[] = {
        {"--puzzle 8 --board \"[1,2,3,4,5,6,7,0,8]\"", 0, 1},
        {"--puzzle 8 --board \"[1,2,3,4,0,6,7,5,8]\"", 0, 2},
        {"--puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\"", 0, 5},
        {"--board \"1 2 3 4 5 6 7 8 0\"", 0, 0},
        {"--puzzle 8 --board \"[8,6,7,2,5,4,3,0,1]\"", 0, 31},
        {"--puzzle 8 --board \"[6,4,7,8,5,0,3,2,1]\"", 0, 31},
        {"--puzzle npuzzle --rows 2 --cols 3 --board \"1 2 0 4 5 3\"", 0, 1},
        {"--puzzle 15 --board \"1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\"", 0, 1},
        {"--puzzle 8 --board \"0 1 2 3 4 5 6 7 8\" --goal \"1 0 2 3 4 5 6 7 "
         "8\"",
         0, 1},
    };
    for (const Case &c : cases) {
      const std::string args = c.args;
      CAPTURE(args);
      const auto r = run_satslide(args + " -q");
      CHECK(r.exit_code == c.exit_code);
      CHECK(printed_length(r.out) == c.length);
      // By either SAT engine (3x3 and smaller: reach from both ends).
      CHECK(r.out.find(c.length == 0
                           ? std::string("optimal (the start is the goal)")
                           : "no plan of length <= " +
                                 std::to_string(c.length - 1)) !=
            std::string::npos);
    }
  }

  TEST_CASE("progress goes to stderr, one line per horizon") {
    // The default engine searches positions: a line per depth.
    const auto r = run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\"");
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("depth     5: SAT") != std::string::npos);
    CHECK(r.err.find("horizon") == std::string::npos);
    const auto h =
        run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --engine horizons");
    CHECK(h.err.find("horizon   5: SAT") != std::string::npos);
    CHECK(r.out.find("moves: ULDDR") != std::string::npos);
    CHECK(r.out.find("1. 6 down") != std::string::npos);
  }

  TEST_CASE("bad input gets a clear message and its exit code") {
    const struct {
      const char *args;
      int exit_code;
      const char *message;
    } cases[] = {
        {"--board \"1 2 3 4 5 6 7 8\"", 31, "not a square"},
        {"--puzzle 8 --board \"1 2 3 4 5 6 7 8\"", 31, "has 8 values"},
        {"--puzzle 8 --board \"1 2 3 4 5 6 7 8 0 9\"", 31, "has 10 values"},
        {"--board \"1 2 3 4 5 6 7 8 8\"", 31, "more than once"},
        {"--board \"1 2 3 4 5 6 7 8 9\"", 31, "out of range"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --goal \"1 2 3\"", 31, "goal has 3"},
        {"--puzzle 9 --board \"1 2 3 4 5 6 7 8 0\"", 32, "unknown puzzle"},
        {"--puzzle 8 --rows 4 --board \"1 2 3 4 5 6 7 8 0\"", 31,
         "the 8-puzzle is 3x3, not 4x3"},
        {"--puzzle 8 --board \"1 2 3 4 5 6 7 8 0\" --metric piece", 32,
         "--metric does not apply to --puzzle 8 (it is for: klotski, "
         "rushhour)"},
        {"--puzzle rushhour --rows 6", 32,
         "--rows does not apply to --puzzle rushhour (it is for: npuzzle)"},
        {"--puzzle klotski --goal \"1 2\"", 32,
         "--goal does not apply to --puzzle klotski"},
        {"--puzzle klotski --encoding nope", 32, "unknown encoding 'nope'"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --horizon 3", 32,
         "--horizon does not apply to solve (it is for: dimacs, export)"},
        {"--board \"1 2 3 4 5 6 7 8 0\" -o x.cnf", 32,
         "--output does not apply to solve (it is for: dimacs, batch, export, scramble, split, merge)"},
        {"decode --cnf a --model b --puzzle 8", 32,
         "--puzzle does not apply to decode"},
        {"dimacs --board \"1 2 3 4 5 6 7 8 0\" --horizon 2 --any", 32,
         "--any does not apply to dimacs (it is for: solve, batch, split)"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --encoding forall-step", 32,
         "does not minimise moves"},
        {"--puzzle klotski --file /nonexistent", 34, "cannot read"},
        {"--puzzle klotski --engine sat", 32, "--engine: expected auto"},
        // Found by trying what a new user would (issue 13).
        {"--puzzle klotski --board ....", 31, "the board has no pieces"},
        {"--puzzle klotski --board '#'", 31, "no pieces"},
        {"--puzzle klotski --board ''", 32, "--board is empty"},
        {"--puzzle rushhour --board ''", 32, "--board is empty"},
        {"--board 1,,2,3,4,5,6,7,0", 31, "an empty value before a comma"},
        {"--board 1,2,3,4,5,6,7,8,0,", 31, "a comma without a value"},
        {"--board 1,2,3,4,5,6,7,8,0 --min-horizon 30 --max-horizon 10", 32,
         "--min-horizon 30 is above --max-horizon 10"},
        {"--board 1,2,3,4,5,6,7,8,0 --animate=nan", 32, "--animate"},
        {"--board 1,2,3,4,5,6,7,8,0 --animate=-1", 32, "--animate"},
        {"--board 1,2,3,4,5,6,7,8,0 --cadical elim=1x", 32, "integer value"},
        {"--puzzle klotski --engine reach --min-horizon 3", 32,
         "searches positions, not horizons"},
        {"--puzzle klotski --max-states -1", 32, "--max-states must be"},
        {"--puzzle klotski --reach-from goal", 32,
         "--reach-from: expected both or start"},
        {"--puzzle klotski --reach-formula textbook", 32,
         "--reach-formula: expected seed, labels or compact"},
        {"--puzzle klotski --file /", 34, "cannot read"},
        {"--puzzle klotski --file /dev/null", 31, "is empty"},
        {"--frobnicate", 32, "unrecognised option"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --encoding nope", 32,
         "unknown encoding"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --timeout -1", 32, "--timeout"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --cadical nosuch=1", 32,
         "no option 'nosuch'"},
        {"--board \"1 2 3 4 5 6 7 8 0\" --cadical elim=banana", 32,
         "integer value"},
        {"", 32, "Usage:"},
        {"--puzzle 8", 31, "needs a board"},
        {"dimacs --board \"1 2 3 4 5 6 7 8 0\"", 32, "--horizon"},
        {"decode --cnf /nonexistent.cnf --model /nonexistent.txt", 34,
         "cannot read"},
    };
    for (const auto &c : cases) {
      const std::string args = c.args;
      CAPTURE(args);
      const auto r = run_satslide(args);
      CAPTURE(r.err);
      CHECK(r.exit_code == c.exit_code);
      CHECK(r.err.find(c.message) != std::string::npos);
      CHECK(r.err.find("internal error") == std::string::npos);
    }
  }

  TEST_CASE("an unsolvable board is reported at once, with its reason") {
    const auto r = run_satslide("--board \"[2,1,3,4,5,6,7,8,0]\" --json");
    CHECK(r.exit_code == 10);
    CHECK(r.out.find("\"status\":\"unsolvable\"") != std::string::npos);
    CHECK(r.out.find("\"horizons\":[]") != std::string::npos);
    CHECK(r.out.find("transposition") != std::string::npos);
    const auto wide = run_satslide(
        "--puzzle npuzzle --rows 2 --cols 4 --board \"2 1 3 4 5 6 7 0\"");
    CHECK(wide.exit_code == 10);
  }

  TEST_CASE("limits report what was refuted") {
    const auto limit = run_satslide("--board \"[8,6,7,2,5,4,3,0,1]\" "
                                    "--engine horizons --max-horizon 25 -q");
    CHECK(limit.exit_code == 20);
    CHECK(limit.out.find("no plan of length <= 26") != std::string::npos);
    // The default engine on the 8-puzzle (reach) keeps the limit too.
    const auto reach_limit =
        run_satslide("--board \"[8,6,7,2,5,4,3,0,1]\" --max-horizon 25 -q");
    CHECK(reach_limit.exit_code == 20);
    CHECK(reach_limit.out.find("reached the horizon limit 25; proven: no "
                               "plan of length <= 25") != std::string::npos);
    const auto timeout =
        run_satslide("--board \"[8,6,7,2,5,4,3,0,1]\" --engine horizons "
                     "--encoding seed --timeout 0.5 -q");
    CHECK(timeout.exit_code == 21);
    CHECK(timeout.out.find("timeout") != std::string::npos);
    CHECK(timeout.out.find("proven: no plan of length <=") !=
          std::string::npos);
    // The set-up counts: a 24-puzzle's encoding takes longer than 1 ms to
    // build, so no horizon is even tried.
    const auto setup = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle 24 --board \"[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"
        "17,18,19,20,21,22,0,23,24]\" --engine horizons --timeout 0.001 "
        "--json -q | python3 -c"
        " \"import json,sys; d=json.load(sys.stdin); "
        "print(d['status'], len(d['horizons']))\"");
    CHECK(setup.out == "timeout 0\n");
  }

  TEST_CASE("--min-horizon above the optimum: the plan is not called optimal") {
    const auto r =
        run_satslide("--board \"[1,2,3,4,5,6,7,0,8]\" --min-horizon 2 "
                     "--encoding windows -q");
    CHECK(r.exit_code == 0);
    CHECK(printed_length(r.out) == 3);
    CHECK(r.out.find("not proven optimal") != std::string::npos);
  }

  TEST_CASE("JSON output has the documented fields") {
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --board \"[1,3,6,4,2,0,7,5,8]\" --json -q | python3 -c \""
        "import json,sys; d=json.load(sys.stdin); "
        "assert d['optimal'] is True; assert d['length']==5; "
        "assert d['plan']==['6 down','3 right','2 up','5 up','8 left'] or "
        "len(d['plan'])==5; "
        "assert d['horizons'][-1]['result']=='SAT'; "
        "assert set(d['horizons'][0])=={'horizon','result','variables',"
        "'clauses','seconds','conflicts'}; "
        "assert d['status']=='solved'; print('ok')\"");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "ok\n");
  }

  TEST_CASE("the textbook driver tries every horizon from 0") {
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --board \"[1,3,6,4,2,0,7,5,8]\" --encoding seed --textbook-driver"
        " --json -q | python3 -c \"import json,sys; d=json.load(sys.stdin); "
        "print(d['length'], d['optimal'], "
        "[h['horizon'] for h in d['horizons']])\"");
    CHECK(r.out == "5 True [0, 1, 2, 3, 4, 5]\n");
  }

  TEST_CASE("--any --any-path first: stages or parallel steps, optimal "
            "only at the bound") {
    // A 15-puzzle (16 moves): stages in the JSON, every call tagged with
    // its stage; their plan is longer than the bound, so not optimal.
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle 15 --board \"[5,1,3,4,9,2,6,8,14,11,7,10,13,0,15,12]\""
        " --any --any-path first --json -q | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['optimal'] is False; "
        "assert d['mode']=='any' and d['stages']==8; "
        "assert d['length']>=d['lower_bound'] and "
        "d['length']<=d['raw_length']; "
        "assert all('stage' in h for h in d['horizons']); print('ok')\"");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "ok\n");
    const auto text = run_satslide(
        "--puzzle 15 --board \"[5,1,3,4,9,2,6,8,14,11,7,10,13,0,15,12]\" "
        "--any --any-path first");
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("not proven optimal (--any: 8 stages") !=
          std::string::npos);
    CHECK(text.err.find("stage 1/8: tile 1 at r0c0") != std::string::npos);
    // No agenda (the 8-puzzle, the block puzzles): parallel steps under a
    // horizon schedule, optimal only where the plan meets the bound.
    const auto small = run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --any --any-path first -q");
    CHECK(small.exit_code == 0);
    CHECK(printed_length(small.out) == 5);
    CHECK(small.out.find("5 moves, optimal (--any: ") != std::string::npos);
    CHECK(small.out.find(" parallel steps") != std::string::npos);
    CHECK(small.out.find("the plan meets the lower bound (Manhattan)") !=
          std::string::npos);
    const auto rush = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle rushhour --metric slide --board "
        "BBBooEooDooEAADooEoooooooCCooooooooo --any --any-path first --tighten --json -q | "
        "python3 -c \"import json,sys; d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['optimal'] is False; "
        "assert d['mode']=='any' and d['length']>=1; "
        "assert d['encoding']=='forall-step; windows: counts'; "
        "assert d['length']<=d['tightened_from']<=d['raw_length']; "
        "print('ok')\"");
    CHECK(rush.out == "ok\n");
    // Limits name the stage; --any picks its own horizons.
    const auto limit = run_satslide(
        "--puzzle 15 --board \"[5,1,3,4,9,2,6,8,14,11,7,10,13,0,15,12]\" "
        "--any --any-path first --max-horizon 1 -q");
    CHECK(limit.exit_code == 20);
    CHECK(limit.out.find("in stage 1 of 8 of the goal agenda") !=
          std::string::npos);
    CHECK(run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --any "
                       "--min-horizon 4 -q")
              .exit_code == 32);
    CHECK(run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --tighten -q")
              .exit_code == 32);
    const auto tight = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle 15 --board \"[5,1,3,4,9,2,6,8,14,11,7,10,13,0,15,12]\""
        " --any --any-path first --tighten --json -q | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['optimal'] is False; "
        "assert d['length']<=d['tightened_from']<=d['raw_length']; "
        "print('ok')\"");
    CHECK(tight.out == "ok\n");
  }

  TEST_CASE("errors under --json are JSON too") {
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --json --board '1 2 3' | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['status']=='error' and d['error']=='bad_input'; "
        "assert d['exit_code']==31 and 'square' in d['reason']; "
        "print('ok')\"");
    CHECK(r.out == "ok\n");
    const auto usage = run_command(
        std::string(SATSLIDE_BINARY) +
        " --json --frobnicate | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); assert d['exit_code']==32; print('ok')\"");
    CHECK(usage.out == "ok\n");
    const auto rows = run_command(
        std::string(SATSLIDE_BINARY) +
        " --json -q --board '1 2 3 4 5 6 7 8 0' | python3 -c \"import "
        "json,sys; d=json.load(sys.stdin); "
        "assert d['instance']['rows']==3 and d['instance']['cols']==3; "
        "print('ok')\"");
    CHECK(rows.out == "ok\n");
  }

  TEST_CASE("SIGINT ends a run with its report and exit 22") {
    // The horizon driver needs half an hour on the classic; interrupted
    // after 2 s it still prints what it refuted.
    const auto r = run_command(
        "timeout --preserve-status -s INT 2 " + std::string(SATSLIDE_BINARY) +
        " --puzzle klotski --metric slide --engine horizons --json -q; "
        "echo \"exit $?\"");
    const auto json_end = r.out.find('\n');
    REQUIRE(json_end != std::string::npos);
    CHECK(r.out.substr(json_end + 1) == "exit 22\n");
    const auto parsed = run_command(
        "printf '%s' '" + r.out.substr(0, json_end) +
        "' | python3 -c \"import json,sys; d=json.load(sys.stdin); "
        "assert d['status']=='cancelled' and d['length'] is None; "
        "assert d['no_plan_up_to']>=2 and 'stopped after' in d['reason']; "
        "print('ok')\"");
    CHECK(parsed.out == "ok\n");
  }

  TEST_CASE("layout files take '#' comments outside the grid") {
    std::ofstream("comment_layout.txt")
        << "# a small layout\nname tiny\nsize 4 3\n# the grid follows\n"
           "grid\nAB.C\nDD.C\nEE..\ngoal D 2 1 ; where D must go\n";
    const auto r = run_satslide("--puzzle klotski --file comment_layout.txt -q");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Klotski tiny") != std::string::npos);
    std::remove("comment_layout.txt");
  }

  TEST_CASE("--animate does not pause when stdout is not a terminal") {
    const auto start = std::chrono::steady_clock::now();
    // One move at 60 s a frame would take two minutes if it paused.
    const auto r = run_satslide("--board '1 2 3 4 5 6 7 0 8' --animate 60 -q");
    CHECK(r.exit_code == 0);
    CHECK(std::chrono::steady_clock::now() - start <
          satslide::test::wall_clock(30));
  }

  TEST_CASE("explore counts the reachable space as TLC and ProB do") {
    const auto classic = run_command(
        std::string(SATSLIDE_BINARY) +
        " explore --puzzle klotski --json | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['positions']==25955 and d['complete'] is True; "
        "assert sum(d['per_depth'])==d['positions']; "
        "assert len(d['per_depth'])==d['depth']+1; "
        "print(d['goal_distance'])\"");
    CHECK(classic.exit_code == 0);
    // The same positions in every metric (the moves differ), and the same
    // count as BlockPuzzle's own search (test_block_puzzle.cpp).
    for (const char *metric : {"slide", "piece"}) {
      const auto other = run_command(
          std::string(SATSLIDE_BINARY) + " explore --puzzle klotski --metric " +
          metric + " --json | python3 -c \"import json,sys; "
          "d=json.load(sys.stdin); print(d['positions'], d['complete'])\"");
      CHECK(other.out == "25955 True\n");
    }
    // The nearest goal is the optimum the SAT engine proves.
    const auto sat = run_satslide("--puzzle klotski --json -q");
    CHECK(sat.out.find("\"length\":" + std::string(classic.out, 0,
                                                    classic.out.size() - 1)) !=
          std::string::npos);
    const auto card = run_command(
        std::string(SATSLIDE_BINARY) +
        " explore --puzzle rushhour --metric slide --json | python3 -c "
        "\"import json,sys; d=json.load(sys.stdin); "
        "assert d['positions']==4780 and d['goal_distance']==51; "
        "print('ok')\"");
    CHECK(card.out == "ok\n");
    // Memory-bounded: a limit says what was counted and what is known.
    const auto big = run_satslide(
        "explore --puzzle npuzzle --rows 3 --cols 4 "
        "--board '1 2 3 4 5 6 7 8 9 10 0 11' --max-states 1000");
    CHECK(big.exit_code == 20);
    CHECK(big.out.find("stopped at the positions limit 1,000 of an "
                       "estimated 2.395e+08 reachable") != std::string::npos);
    CHECK(run_satslide("explore --board '1 2 3 4 5 6 7 8 0' --horizon 3")
              .exit_code == 32);
  }

  TEST_CASE("a long SAT run on a small space hints at the explicit search, once") {
    const auto r = run_satslide("--puzzle klotski --engine horizons --timeout 12");
    CHECK(r.exit_code == 21);
    const std::string hint = "hint: the reachable space has only 25955 positions";
    CHECK(r.err.find(hint) != std::string::npos);
    CHECK(r.err.find(hint) == r.err.rfind(hint));
    // --engine bfs needs no such hint; it answers at once, and says so.
    const auto bfs = run_satslide("--puzzle klotski --engine bfs --json -q");
    CHECK(bfs.err.find("hint:") == std::string::npos);
    CHECK(bfs.out.find("\"engine\":\"bfs\"") != std::string::npos);
    const auto sat = run_satslide("--board '1 2 3 4 5 6 0 7 8' --json -q");
    CHECK(sat.out.find("\"engine\":\"sat\"") != std::string::npos);
  }

  TEST_CASE("JSON says what the automatic engine chose and why") {
    // A small space: the rule picks reach on both threads.
    const auto chosen = run_satslide("--board '1 2 3 4 5 6 0 7 8' --json -q");
    CHECK(chosen.out.find("\"auto\":{\"choice\":\"reach\",\"reason\":\"")
          != std::string::npos);
    // An engine the user named: no rule ran, nothing to say.
    const auto named = run_satslide(
        "--board '1 2 3 4 5 6 0 7 8' --engine horizons --json -q");
    CHECK(named.exit_code == 0);
    CHECK(named.out.find("\"auto\":") == std::string::npos);
  }

  TEST_CASE("--engine bfs: the explicit search, optimal, and named so") {
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle rushhour --metric slide --engine bfs --json -q | "
        "python3 -c \"import json,sys; d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['optimal'] is True; "
        "assert d['path']=='bfs' and d['length']==51; "
        "assert d['sat_calls']==0 and d['positions']>1000; print('ok')\"");
    CHECK(r.out == "ok\n");
    const auto text = run_satslide("--board '1 2 3 4 5 6 0 7 8' --engine bfs -q");
    CHECK(text.out.find("breadth-first search from both ends (explicit "
                        "states, not SAT)") != std::string::npos);
    // A block puzzle's goal is no single position: forward only.
    const auto klotski = run_satslide("--puzzle klotski --metric slide --engine bfs -q");
    CHECK(klotski.out.find("90 moves, optimal (breadth-first search (explicit "
                           "states, not SAT)") != std::string::npos);
    // A budget the user sets holds for the search from both ends, and
    // the report says what that search proved.
    const auto small = run_satslide(
        "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine bfs --max-states 300");
    CHECK(small.exit_code == 20);
    CHECK(small.out.find("reached the positions limit 300; proven: no plan "
                         "of length <= 12") != std::string::npos);
  }

  TEST_CASE("--engine reach proves card #40 by positions, and says so") {
    const auto r = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle rushhour --metric slide --engine reach --json -q | "
        "python3 -c \"import json,sys; d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['optimal'] is True; "
        "assert d['path']=='reach' and d['length']==51; "
        "assert d['no_plan_up_to']==50 and d['positions']>1000; "
        "assert d['sat_calls']>=d['positions']-1; "
        "assert len(d['horizons'])==51; print('ok')\"");
    CHECK(r.out == "ok\n");
    const auto text = run_satslide("--puzzle rushhour --metric slide -q");
    CHECK(text.out.find("breadth-first by SAT: no goal position within "
                        "depth 50") != std::string::npos);
    // Two solvers: the same plan, said the same way.
    const auto two =
        run_satslide("--puzzle rushhour --metric slide -q --engine reach "
                     "--threads 2");
    CHECK(two.exit_code == 0);
    const auto moves_of = [](const std::string &out) {
      return out.substr(out.find("moves:"));
    };
    const auto one =
        run_satslide("--puzzle rushhour --metric slide -q --engine reach");
    CHECK(moves_of(two.out) == moves_of(one.out));
  }

  TEST_CASE("--engine reach on the n-puzzle searches from both ends") {
    const auto both = run_satslide(
        "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine reach -q");
    CHECK(both.exit_code == 0);
    CHECK(both.out.find("solution: 31 moves, optimal (breadth-first by SAT "
                        "from the start and from the goal: no plan of "
                        "length <= 30") != std::string::npos);
    const auto forward = run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                                      "--engine reach --reach-from start -q");
    CHECK(forward.out.find("solution: 31 moves, optimal (breadth-first by "
                           "SAT: no goal position within depth 30; 181440 "
                           "positions") != std::string::npos);
  }

  TEST_CASE("--any races the optimal driver and names the path that won") {
    // A small board: the default engine proves 5 moves in milliseconds,
    // within its head start (planner::k_any_head_start, 0.3 s), so the
    // fast path never starts: the optimal plan, as plain solve's.
    const auto small = run_command(
        std::string(SATSLIDE_BINARY) +
        " --board \"[1,3,6,4,2,0,7,5,8]\" --any --json -q | python3 -c "
        "\"import json,sys; d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['mode']=='any'; "
        "assert d['optimal'] == (d['path']=='optimal'); "
        "assert d['length']>=5; print(d['path'], d['length'], d['engine'])\"");
    CHECK(small.exit_code == 0);
    CHECK(small.out == "optimal 5 sat\n");
    // A board the agenda solves at once: whichever wins, the plan replays.
    const auto big = run_command(
        std::string(SATSLIDE_BINARY) +
        " --puzzle 15 --board \"[5,1,2,4,9,6,3,8,13,10,7,11,0,14,15,12]\""
        " --any --json -q | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['status']=='solved' and d['path'] in ('optimal','agenda'); "
        "assert d['optimal'] == (d['path']=='optimal' or "
        "d['length']==d['lower_bound']); print('ok')\"");
    CHECK(big.out == "ok\n");
  }

  TEST_CASE("--distinct-pieces keeps the optimum, and says so in the JSON") {
    // A and B are interchangeable 1x1 pieces unless told apart.
    const std::string board =
        "--puzzle klotski --board \"AB.C/DD.C/EE..\" --goal-piece D "
        "--goal-at 2,1 --metric step -q --json";
    const auto same = run_satslide(board);
    const auto apart = run_satslide(board + " --distinct-pieces");
    REQUIRE(same.exit_code == 0);
    REQUIRE(apart.exit_code == 0);
    const auto length = [](const std::string &json) {
      std::smatch m;
      REQUIRE(std::regex_search(json, m, std::regex("\"length\": ?(\\d+)")));
      return std::stoi(m[1]);
    };
    CHECK(length(same.out) == length(apart.out));
    CHECK(apart.out.find("\"identify\"") != std::string::npos);
    CHECK(same.out.find("\"identify\"") == std::string::npos);
  }

  TEST_CASE("--animate plays the solution frame by frame, then prints it") {
    const auto r = run_satslide(
        "--puzzle klotski --board \"AB.C/DD.C/EE..\" --goal-piece D "
        "--goal-at 2,1 --animate 0 -q");
    CHECK(r.exit_code == 0);
    const int length = printed_length(r.out);
    REQUIRE(length > 0);
    CHECK(r.out.find(": start\nAB.C\nDD.C\nEE..\n") != std::string::npos);
    const std::string last =
        "move " + std::to_string(length) + "/" + std::to_string(length) + "  ";
    CHECK(r.out.find(last) != std::string::npos);
    CHECK(r.out.find("\033[2J") == std::string::npos); // not a terminal
    CHECK(run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --animate 61 -q")
              .exit_code == 32);
    CHECK(run_satslide("--board \"[1,3,6,4,2,0,7,5,8]\" --animate -2 -q")
              .exit_code == 32);
  }

  TEST_CASE("help teaches and version answers") {
    const auto help = run_satslide("--help");
    CHECK(help.exit_code == 0);
    const auto full = run_satslide("help options");
    CHECK(full.exit_code == 0);
    CHECK(full.out.find("Exit codes") != std::string::npos);
    CHECK(full.out.find("seed") != std::string::npos); // the encodings
    for (const char *command : {"dimacs", "decode", "explore", "batch",
                                "export", "check-plan", "scramble", "play",
                                "split", "merge"}) {
      CHECK(help.out.find(std::string("\n  ") + command + " ") !=
            std::string::npos);
      CHECK(full.out.find(std::string("\n  satslide ") + command) !=
            std::string::npos);
    }
    for (const char *format : {"Fast Downward", "NuSMV", "TLC", "limboole"}) {
      CHECK(help.out.find(format) != std::string::npos);
    }
    const auto version = run_satslide("--version");
    CHECK(version.exit_code == 0);
    CHECK(version.out.find("satslide ") == 0);
  }

  TEST_CASE("--help fits a screen, and `help options` explains every "
            "option") {
    const auto help = run_satslide("--help");
    const auto full = run_satslide("help options");
    const auto lines = [](const std::string &text) {
      return std::count(text.begin(), text.end(), '\n');
    };
    CHECK(lines(help.out) <= 60);
    std::istringstream help_lines(help.out);
    int options = 0;
    for (std::string line; std::getline(help_lines, line);) {
      CHECK(line.size() <= 80);
      options += line.rfind("  -", 0) == 0 || line.rfind("      --", 0) == 0;
    }
    CHECK(options == 10); // the options most runs need
    int explained = 0;
    for (const auto &row : satslide::cli::option_table()) {
      CAPTURE(row.long_name());
      CHECK(full.out.find("--" + row.long_name() + " ") != std::string::npos);
      // Its help's first words, as the table has them.
      CHECK(full.out.find(row.help.substr(0, 12)) != std::string::npos);
      ++explained;
    }
    CHECK(explained > 50);
    CHECK(run_satslide("help dimacs").out == run_satslide("dimacs --help").out);
    CHECK(run_satslide("help").out == help.out);
    CHECK(run_satslide("help exit-codes").out.find("34  a file could not") !=
          std::string::npos);
    CHECK(run_satslide("help families").out.find("rushhour: ") !=
          std::string::npos);
    const auto bogus = run_satslide("help bogus");
    CHECK(bogus.exit_code == 32);
    CHECK(bogus.err.find("unknown help topic 'bogus'") != std::string::npos);
  }

  TEST_CASE("--html: a page per plan, for solve and check-plan, and a file "
            "that cannot be written is exit 34") {
    const std::string b = "--puzzle 8 --board \"1 2 3 4 5 6 7 0 8\" ";
    std::remove("solved.html");
    CHECK(run_satslide(b + "--html solved.html -q").exit_code == 0);
    const std::string solved = satslide::test::read_file("solved.html");
    CHECK(solved.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(solved.find("1 move, optimal") != std::string::npos);
    CHECK(solved.find("<li>8 left</li>") != std::string::npos);
    // Nothing fetched: no script, style or image from elsewhere.
    CHECK(solved.find("src=") == std::string::npos);
    CHECK(solved.find("<link") == std::string::npos);
    CHECK(solved.find("url(") == std::string::npos);
    std::remove("checked.html");
    CHECK(run_satslide("check-plan " + b + "--moves R --html checked.html -q")
              .exit_code == 0);
    const std::string checked = satslide::test::read_file("checked.html");
    CHECK(checked.find("valid: every move legal") != std::string::npos);
    CHECK(checked.find("this plan is optimal") != std::string::npos);
    CHECK(run_satslide(b + "--html /nonexistent/dir/page.html -q").exit_code ==
          34);
  }

  TEST_CASE("the man page and the bash completion hold every option of the "
            "table, and complete a choice with the words the parser takes") {
    const auto man = run_satslide("help man");
    const auto completion = run_satslide("help bash-completion");
    REQUIRE(man.exit_code == 0);
    REQUIRE(completion.exit_code == 0);
    CHECK(man.out.rfind(".TH SATSLIDE 1", 0) == 0);
    int rows = 0;
    for (const auto &row : satslide::cli::option_table()) {
      const std::string name = row.long_name();
      CAPTURE(name);
      std::string escaped = "\\-\\-"; // roff's hyphens
      for (const char c : name) {
        escaped += c == '-' ? std::string("\\-") : std::string(1, c);
      }
      CHECK(man.out.find("\\fB" + escaped + "\\fR") != std::string::npos);
      CHECK(std::regex_search(completion.out,
                              std::regex("--" + name + "[ \")|]")));
      ++rows;
      // A choice: the words completed are the words the parser lists
      // when given one it does not know.
      const std::vector<std::string> words =
          satslide::cli::option_words(name);
      if (words.empty() || name == "puzzle" || name == "encoding" ||
          name == "layout") {
        continue; // their errors name them another way
      }
      const auto bad = run_satslide("--" + name + " bogus");
      CHECK(bad.exit_code == 32);
      std::string expected;
      for (std::size_t i = 0; i < words.size(); ++i) {
        expected += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") +
                    words[i];
      }
      CHECK(bad.err.find(expected) != std::string::npos);
    }
    CHECK(rows == static_cast<int>(satslide::cli::option_table().size()));
    for (const auto &c : satslide::cli::command_table()) {
      const std::string word = std::regex_replace(c.name, std::regex("-"),
                                                  "\\-");
      CHECK(man.out.find("\\fB" + word + "\\fR") != std::string::npos);
      CHECK(completion.out.find(std::string("    ") + c.name + ") opts=") !=
            std::string::npos);
    }
  }

  TEST_CASE("--split-depth: the proof over cubes, in the report and JSON") {
    const std::string b = "--puzzle 8 --board \"8 6 7 2 5 4 3 0 1\" ";
    const auto text = run_satslide(b + "--split-depth 4 -q");
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("solution: 31 moves, optimal (by SAT over cubes: no "
                        "plan of length <= 30: every one of 14 frontier "
                        "positions at depth 4 refuted") != std::string::npos);
    const auto json = run_satslide(b + "--split-depth 4 --json -q");
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j.at("split").at("depth") == 4);
    CHECK(j.at("split").at("cubes") == 14);
    CHECK(j.at("path") == "split");
    CHECK(j.at("split").at("solver") == "shared"); // the default
    CHECK(j.at("split").at("order") == "bound");   // the default
    // Each round's solver calls, named by its last horizon (a round a
    // horizon here): what split_workers.py shares out among workers.
    const auto &rounds = j.at("split").at("rounds");
    REQUIRE(rounds.size() == j.at("horizons").size());
    long calls = 0;
    for (std::size_t i = 0; i < rounds.size(); ++i) {
      CHECK(rounds[i].at("horizon") == j.at("horizons")[i].at("horizon"));
      CHECK(rounds[i].at("longest_call_seconds").get<double>() <=
            rounds[i].at("call_seconds").get<double>());
      CHECK((rounds[i].at("calls") > 0) ==
            (rounds[i].at("call_seconds").get<double>() > 0));
      calls += rounds[i].at("calls").get<long>();
    }
    CHECK(calls > 0);
    CHECK(rounds.back().at("horizon") == 31);
    const auto fresh =
        run_satslide(b + "--split-depth 4 --cube-solver fresh --json -q");
    CHECK(nlohmann::json::parse(fresh.out).at("split").at("solver") ==
          "fresh");
    CHECK(nlohmann::json::parse(fresh.out).at("length") == 31);
    const auto bfs_order =
        run_satslide(b + "--split-depth 4 --cube-order frontier --json -q");
    CHECK(nlohmann::json::parse(bfs_order.out).at("split").at("order") ==
          "frontier");
    CHECK(nlohmann::json::parse(bfs_order.out).at("length") == 31);
    CHECK(run_satslide(b + "--split-depth 4 --cube-order best").exit_code ==
          32);
    const auto bad = run_satslide(b + "--split-depth 4 --cube-solver both");
    CHECK(bad.exit_code == 32);
    CHECK(bad.err.find("cube-solver") != std::string::npos);
    CHECK(run_satslide(b + "--split-depth -1 -q").exit_code == 32);
    CHECK(run_satslide(b + "--split-depth 41 -q").exit_code == 32);
    const auto window = run_satslide(b + "--split-depth 2 --split-window 0");
    CHECK(window.exit_code == 32);
    CHECK(window.err.find("--split-window") != std::string::npos);
    CHECK(run_satslide(b + "--split-depth 3 --engine reach -q").exit_code ==
          32);
  }

  TEST_CASE("each subcommand's --help shows it and only the options it "
            "takes") {
    const auto has = [](const std::string &text, const std::string &what) {
      return text.find(what) != std::string::npos;
    };
    const auto dimacs = run_satslide("dimacs --help");
    CHECK(dimacs.exit_code == 0);
    CHECK(has(dimacs.out, "satslide dimacs "));
    CHECK(has(dimacs.out, "--horizon"));
    CHECK(has(dimacs.out, "--encoding"));
    CHECK_FALSE(has(dimacs.out, "--count-optimal"));
    CHECK_FALSE(has(dimacs.out, "--walk"));
    CHECK_FALSE(has(dimacs.out, "satslide decode"));
    const auto decode = run_satslide("decode --help");
    CHECK(has(decode.out, "--model"));
    CHECK_FALSE(has(decode.out, "--puzzle")); // the CNF says the instance
    CHECK_FALSE(has(decode.out, "Klotski layouts"));
    const auto solve = run_satslide("solve --help");
    CHECK(has(solve.out, "--count-optimal"));
    CHECK_FALSE(has(solve.out, "--resume"));
    CHECK(solve.out.size() < run_satslide("help options").out.size());
    CHECK(run_satslide("bogus --help").exit_code == 32);
  }

  // The block puzzles go through the same DIMACS round trip: the horizon
  // satslide solves is written out, solved by picosat, decoded, replayed.
  TEST_CASE("DIMACS round trip for Rush Hour and Klotski") {
    const char *instances[] = {
        "--puzzle rushhour --metric slide --board "
        "BBBooEooDooEAADooEoooooooCCooooooooo",
        "--puzzle rushhour --metric step --board "
        "oooBoooooBooAAoBoooooooooooooooooooo",
        "--puzzle klotski --metric piece --board \"AB../AB../CC..\" "
        "--goal-piece C --goal-at 2,0",
    };
    for (const char *instance : instances) {
      const std::string args = instance;
      CAPTURE(args);
      const auto solved = run_satslide(args + " -q");
      REQUIRE(solved.exit_code == 0);
      const int length = printed_length(solved.out);
      REQUIRE(length > 0);
      REQUIRE(run_satslide("dimacs " + args + " -q -o block_test.cnf -n " +
                           std::to_string(length))
                  .exit_code == 0);
      CHECK(
          run_command("picosat block_test.cnf > block_answer.txt").exit_code ==
          10);
      const auto decoded =
          run_satslide("decode --cnf block_test.cnf --model block_answer.txt");
      CAPTURE(decoded.err);
      CHECK(decoded.exit_code == 0);
      CHECK(printed_length(decoded.out) == length);
      REQUIRE(run_satslide("dimacs " + args + " -q -o block_test.cnf -n " +
                           std::to_string(length - 1))
                  .exit_code == 0);
      run_command("picosat block_test.cnf > block_answer.txt");
      CHECK(run_satslide("decode --cnf block_test.cnf --model "
                         "block_answer.txt")
                .exit_code == 11);
    }
    std::remove("block_test.cnf");
    std::remove("block_answer.txt");
  }

  // satslide dimacs -> external solver -> satslide decode.
  TEST_CASE("DIMACS round trip through Debian's SAT solvers") {
    const std::string cnf = "roundtrip_test.cnf";
    const auto written = run_satslide(
        "dimacs --puzzle 8 --board \"[1,3,6,4,2,0,7,5,8]\" --horizon 5 -o " +
        cnf);
    REQUIRE(written.exit_code == 0);
    const struct {
      const char *name;
      std::string command; // writes the answer to answer.txt
    } solvers[] = {
        {"minisat", "minisat " + cnf + " answer.txt"},
        {"picosat", "picosat " + cnf + " > answer.txt"},
        {"cryptominisat5", "cryptominisat5 --verb 0 " + cnf + " > answer.txt"},
        {"cadical", "cadical -q " + cnf + " > answer.txt"},
    };
    for (const auto &s : solvers) {
      const std::string name = s.name;
      CAPTURE(name);
      const auto solved = run_command(s.command);
      CHECK(solved.exit_code == 10);
      const auto decoded =
          run_satslide("decode --cnf " + cnf + " --model answer.txt");
      CAPTURE(decoded.err);
      CHECK(decoded.exit_code == 0);
      CHECK(printed_length(decoded.out) == 5);
      CHECK(decoded.out.find("not proven optimal") != std::string::npos);
    }
    // JSON says where the plan came from, and never calls it optimal.
    const auto json = run_command(
        std::string(SATSLIDE_BINARY) + " decode --cnf " + cnf +
        " --model answer.txt --json | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['mode']=='decode' and d['optimal'] is False; "
        "assert d['length']==5; print('ok')\"");
    CHECK(json.out == "ok\n");
    // Horizon 3 is refuted by the solver: decode says so.
    REQUIRE(
        run_satslide("dimacs --board \"[1,3,6,4,2,0,7,5,8]\" -n 3 -o " + cnf)
            .exit_code == 0);
    run_command("picosat " + cnf + " > answer.txt");
    const auto refuted =
        run_satslide("decode --cnf " + cnf + " --model answer.txt");
    CHECK(refuted.exit_code == 11);
    CHECK(refuted.out.find("no plan of exactly 3 moves") != std::string::npos);
    // ... and in JSON too, as every outcome is.
    const auto refuted_json = run_command(
        std::string(SATSLIDE_BINARY) + " decode --cnf " + cnf +
        " --model answer.txt --json | python3 -c \"import json,sys; "
        "d=json.load(sys.stdin); "
        "assert d['status']=='no_plan_at_horizon' and d['length'] is None; "
        "assert d['mode']=='decode' and d['plan']==[]; print('ok')\"");
    CHECK(refuted_json.out == "ok\n");
    // A malformed answer and a model that breaks the CNF.
    std::ofstream("answer.txt") << "s SATISFIABLE\nv 1 2 oops 0\n";
    CHECK(
        run_satslide("decode --cnf " + cnf + " --model answer.txt").exit_code ==
        33);
    std::ofstream("answer.txt") << "s SATISFIABLE\nv -1 -2 -3 0\n";
    const auto wrong =
        run_satslide("decode --cnf " + cnf + " --model answer.txt");
    CHECK(wrong.exit_code == 33);
    CHECK(wrong.err.find("does not satisfy") != std::string::npos);
    std::remove(cnf.c_str());
    std::remove("answer.txt");
  }

  TEST_CASE("degenerate boards get a clear answer each") {
    const struct {
      const char *args;
      int exit_code;
      const char *text; // in stdout or stderr
    } cases[] = {
        {"--rows 1 --cols 4 --board '1 0 2 3'", 31, "between 2 and 128"},
        {"--rows 4 --cols 1 --board '0 1 2 3'", 31, "between 2 and 128"},
        {"--rows 129 --cols 2 --board 1", 31, "between 2 and 128"},
        {"scramble --puzzle npuzzle --rows 17 --cols 17 --walk 5", 32,
         "too large for a task to walk on: use --random"},
        {"--rows 17 --cols 17 --board \"$(seq -s ' ' 1 288) 0\"", 31,
         "only --any solves it"},
        {"--puzzle klotski --board 'AB/CD' --goal-piece A --goal-at 1,1", 10,
         "all 1 reachable positions"},
        {"--puzzle klotski --board 'AB.C/DD.C/EE..' --goal-piece D "
         "--goal-at 0,1",
         0, "optimal (the start is the goal)"},
        {"--puzzle klotski --board 'AB\xe4\xb8\xad/...'", 31,
         "outside ASCII"},
        {"--puzzle klotski --board 'A~/..'", 31,
         "pieces: A-Z a-z 0-9 !$%&*+=?@"},
    };
    for (const auto &c : cases) {
      const std::string args = c.args;
      CAPTURE(args);
      const auto r =
          run_command(std::string(SATSLIDE_BINARY) + " " + args + " -q 2>&1");
      CHECK(r.exit_code == c.exit_code);
      CHECK(r.out.find(c.text) != std::string::npos);
    }
  }

  TEST_CASE("more pieces than letters: lower case, digits and symbols") {
    // 32 pieces; the optimum checked against the explicit search.
    const std::string board =
        "--puzzle klotski --board 'ABCDEF/GHIJKL/MNOPQR/STUVWX/Yz0123/"
        "4@*%..' --goal-piece A --goal-at 1,0 -q";
    const auto sat = run_satslide(board + " --engine horizons");
    const auto bfs = run_satslide(board + " --engine bfs");
    CHECK(sat.exit_code == 0);
    CHECK(bfs.exit_code == 0);
    CHECK(printed_length(sat.out) > 0);
    CHECK(printed_length(sat.out) == printed_length(bfs.out));
  }

  TEST_CASE("the largest n-puzzle boards answer within --timeout") {
    std::string one_move;
    for (int v = 1; v <= 254; ++v) {
      one_move += std::to_string(v) + " ";
    }
    one_move += "0 255";
    const auto solved =
        run_satslide("--rows 16 --cols 16 --board '" + one_move + "' -q");
    CHECK(solved.exit_code == 0);
    CHECK(printed_length(solved.out) == 1);
    std::mt19937 rng(16);
    std::string far;
    for (int v : satslide::test::random_walk(16, 16, 400, rng)) {
      far += std::to_string(v) + " ";
    }
    const auto start = std::chrono::steady_clock::now();
    const auto limited = run_satslide("--rows 16 --cols 16 --board '" + far +
                                      "' --timeout 5 -q");
    // Its bound (242 moves) asks for a formula larger than memory: refused
    // before it is built (it once ran into the timeout while encoding).
    CHECK(limited.exit_code == 23);
    CHECK(limited.out.find("would need at least about") != std::string::npos);
    CHECK(limited.out.find("proven: no plan of length <=") !=
          std::string::npos);
    // Set-up included: once hours and gigabytes (pair databases).
    CHECK(std::chrono::steady_clock::now() - start <
          satslide::test::wall_clock(60));
  }

  TEST_CASE("--memory-limit ends with exit 23 and a clear message") {
#if defined(SATSLIDE_UNDER_ASAN)
    MESSAGE("skipped under AddressSanitizer, which needs a huge address space");
#else
    // The 3x4 space's rank arrays (240 MB) do not fit in 100 MB.
    const auto r = run_satslide(
        "explore --rows 3 --cols 4 --board '1 2 3 4 5 6 7 8 9 10 0 11' "
        "--memory-limit 100 --json -q");
    CHECK(r.exit_code == 23);
    CHECK(r.out.find("\"error\":\"memory_limit\"") != std::string::npos);
    CHECK(r.err.find("reached its memory limit") != std::string::npos);
    CHECK(run_satslide("--board '1 2 3 4 5 6 7 8 0' --memory-limit -1")
              .exit_code == 32);
#endif
  }

  TEST_CASE("--engine ida: IDA* over pattern databases, not SAT, the same "
            "optima") {
    // A cache of the tests' own: built here once, then read back.
    const auto r =
        with_cache("ida-cache", "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                                "--engine ida --json");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("\"engine\":\"ida\"") != std::string::npos);
    CHECK(r.out.find("\"length\":31") != std::string::npos);
    CHECK(r.out.find("\"optimal\":true") != std::string::npos);
    CHECK(r.out.find("\"nodes\":") != std::string::npos);
    // One iteration: the table of every tile is exact.
    CHECK(r.out.find("\"iterations\":[{\"threshold\":31,\"nodes\":") !=
          std::string::npos);
    CHECK(r.out.find("\"lower_bound_name\":\"additive pattern databases 8")
          != std::string::npos);
    CHECK(r.err.find("building the pattern databases") != std::string::npos);
    // The 15-puzzle: IDA* and the SAT engines agree, and the tables come
    // from the cache the second time.
    for (const char *board : {"2 9 3 4 1 7 8 11 13 14 10 0 6 5 15 12",
                              "3 5 2 8 6 0 4 12 1 14 13 7 9 11 10 15"}) {
      CAPTURE(board);
      const std::string instance =
          std::string("--puzzle 15 --board '") + board + "'";
      const auto ida = with_cache("ida-cache", instance + " --engine ida");
      const auto sat = run_satslide(instance + " -q");
      CHECK(ida.exit_code == 0);
      CHECK(sat.exit_code == 0);
      CHECK(printed_length(ida.out) == printed_length(sat.out));
      CHECK(ida.out.find("IDA* over additive pattern databases 6-6-3") !=
            std::string::npos);
    }
    const auto again =
        with_cache("ida-cache", "--puzzle 15 --board '2 9 3 4 1 7 8 11 13 "
                                "14 10 0 6 5 15 12' --engine ida");
    CHECK(again.err.find("building") == std::string::npos);
    // Limits, each refutation said to be IDA*'s, not SAT's: the 8-puzzle's
    // exact table proves it alone (the bound is 31); --max-horizon 0 is a
    // limit of 0 moves, not "no limit"; on 3x4 IDA* searches up to 44.
    struct Limit {
      std::string instance;
      int max_horizon;
      int refuted;
    };
    const Limit limits[] = {{"--puzzle 8 --board '8 6 7 2 5 4 3 0 1'", 25, 30},
                            {"--puzzle 8 --board '8 6 7 2 5 4 3 0 1'", 0, 30},
                            {"--rows 3 --cols 4 --board '4 3 6 1 8 7 2 5 0 "
                             "11 10 9'",
                             40, 44}};
    for (const Limit &l : limits) {
      CAPTURE(l.max_horizon);
      const auto limited =
          with_cache("ida-cache", l.instance + " --engine ida --max-horizon " +
                                      std::to_string(l.max_horizon));
      CHECK(limited.exit_code == 20);
      CHECK(limited.out.find("proven by IDA* (explicit search, not SAT): no "
                             "plan of length <= " +
                             std::to_string(l.refuted)) != std::string::npos);
    }
    const auto klotski = run_satslide("--puzzle klotski --layout classic "
                                      "--engine ida");
    CHECK(klotski.exit_code == 32);
    CHECK(klotski.err.find("no heuristic search") != std::string::npos);
    CHECK(run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine ida "
                       "--textbook-driver")
              .exit_code == 32);
    run_command("rm -rf ida-cache");
  }

  TEST_CASE("--witness ida: the plan by IDA* first, SAT refutes below it") {
    const std::string b = "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' ";
    const auto text = with_cache("witness-cache", b + "--witness ida");
    CHECK(text.exit_code == 0);
    CHECK(printed_length(text.out) == 31);
    CHECK(text.out.find("optimal (by SAT: no plan of length <= 30; the plan "
                        "found first by IDA*") != std::string::npos);
    CHECK(text.err.find("IDA* found a plan of 31 moves") != std::string::npos);
    const auto json = with_cache(
        "witness-cache", b + "--witness ida --engine horizons --json -q");
    CHECK(json.exit_code == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j.at("path") == "horizons+witness");
    CHECK(j.at("engine") == "sat");
    CHECK(j.at("witness").at("engine") == "ida");
    CHECK(j.at("witness").at("length") == 31);
    CHECK(j.at("no_plan_up_to") == 30);
    CHECK(j.at("horizons").back().at("horizon") == 29); // no SAT horizon 31
    // A limit below the plan: IDA* stops there, nothing is claimed.
    const auto limited =
        with_cache("witness-cache", b + "--witness ida --max-horizon 25");
    CHECK(limited.exit_code == 20);
    CHECK(printed_length(limited.out) == -1);
    CHECK(run_satslide(b + "--witness ida --any").exit_code == 32);
    CHECK(run_satslide(b + "--witness bfs").exit_code == 32);
    const auto klotski = run_satslide("--puzzle klotski --layout classic "
                                      "--witness ida");
    CHECK(klotski.exit_code == 32);
    CHECK(klotski.err.find("no heuristic search") != std::string::npos);
    run_command("rm -rf witness-cache");
  }

  TEST_CASE("a cache path that is no regular file is said and passed by, "
            "never opened") {
    const std::string b = "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine ida";
    run_command("rm -rf odd-cache");
    REQUIRE(with_cache("odd-cache", b + " -q").exit_code == 0);
    const std::string listed = run_command("ls odd-cache/*.bin").out;
    const std::string file = listed.substr(0, listed.find('\n'));
    REQUIRE(!file.empty());
    // A FIFO would block an open for ever (and outlive one SIGTERM); -q
    // keeps the warning.
    run_command("rm " + file + " && mkfifo " + file);
    const auto start = std::chrono::steady_clock::now();
    const auto fifo = run_command("SATSLIDE_CACHE_DIR=odd-cache timeout 20 " +
                                  std::string(SATSLIDE_BINARY) + " " + b +
                                  " -q");
    CHECK(std::chrono::steady_clock::now() - start <
          satslide::test::wall_clock(15));
    CHECK(fifo.exit_code == 0);
    CHECK(fifo.err.find("is not a regular file: rebuilding it") !=
          std::string::npos);
    // A directory there: the table cannot be put in its place, and the
    // reason is said.
    run_command("rm -f " + file + " && mkdir " + file);
    const auto dir = with_cache("odd-cache", b + " -q");
    CHECK(dir.exit_code == 0);
    CHECK(dir.err.find("cannot put the pattern database cache at") !=
          std::string::npos);
    CHECK(dir.err.find("Is a directory") != std::string::npos);
    run_command("rm -rf odd-cache");
  }

  TEST_CASE("--witness ida: a stopped run keeps IDA*'s plan, with the "
            "interval") {
    // A 3x4 board 53 moves from the goal: IDA* finds the plan at once, the
    // SAT proof below it takes far longer than the timeout.
    const std::string b = "--rows 3 --cols 4 --board '4 3 6 1 8 7 2 5 0 11 "
                          "10 9' --witness ida --timeout 8 ";
    const auto text = with_cache("witness-stop-cache", b);
    CHECK(text.exit_code == 21);
    CHECK(text.out.find("timeout: reached the timeout") != std::string::npos);
    CHECK(text.out.find("solution: 53 moves, not proven optimal (found by "
                        "IDA*, not proven optimal by SAT: the optimum lies "
                        "between ") != std::string::npos);
    CHECK(printed_length(text.out) == 53);
    const auto json = with_cache("witness-stop-cache", b + "--json -q");
    CHECK(json.exit_code == 21);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j.at("status") == "timeout");
    CHECK(j.at("length") == 53);
    CHECK(j.at("plan").size() == 53);
    CHECK(j.at("optimal") == false);
    // The goal board: 0 moves at once, no tables built for it.
    const auto goal = run_satslide("--puzzle 24 --board "
                                   "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,"
                                   "18,19,20,21,22,23,24,0 --witness ida");
    CHECK(goal.exit_code == 0);
    CHECK(goal.out.find("solution: 0 moves, optimal (the start is the goal)") !=
          std::string::npos);
    CHECK(goal.err.find("pattern database") == std::string::npos);
    // A first horizon above the lower bound proves nothing below IDA*'s
    // plan: refused, not "reached the horizon limit" of a limit never set.
    const auto min = run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                                  "--witness ida --min-horizon 33");
    CHECK(min.exit_code == 32);
    CHECK(min.err.find("it takes no --min-horizon") != std::string::npos);
    run_command("rm -rf witness-stop-cache");
  }

  TEST_CASE("--pattern-tiles: larger patterns, the same optima, a partition "
            "too large refused") {
    // The 8-puzzle in two patterns of four instead of one of eight.
    const auto four = with_cache("pattern-tiles-cache",
                                 "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                                 "--engine ida --pattern-tiles 4 --json");
    CHECK(four.exit_code == 0);
    CHECK(four.out.find("\"lower_bound_name\":\"additive pattern databases "
                        "4-4") != std::string::npos);
    CHECK(four.out.find("\"length\":31") != std::string::npos);
    CHECK(four.out.find("\"optimal\":true") != std::string::npos);
    // Each table of a build says when it is done (the 24-puzzle's take
    // minutes each).
    CHECK(four.err.find("pattern database 1 of 2 (4 tiles) built in") !=
          std::string::npos);
    CHECK(four.err.find("pattern database 2 of 2 (4 tiles) built in") !=
          std::string::npos);
    // The split's cube bounds from 4-4-3 on a 3x4 board: breadth-first
    // search's optimum.
    const std::string board =
        "--puzzle npuzzle --rows 3 --cols 4 --board '5 1 3 2 0 11 8 7 6 9 10 4'";
    const auto bfs = run_satslide(board + " --engine bfs -q");
    const auto split = with_cache(
        "pattern-tiles-cache", board + " --split-depth 6 --pattern-tiles 4 -q");
    REQUIRE(bfs.exit_code == 0);
    CHECK(split.exit_code == 0);
    CHECK(printed_length(split.out) == printed_length(bfs.out));
    CHECK(split.out.find("optimal") != std::string::npos);
    // Too large for this board (9 of 16 cells), or out of range.
    const auto large = with_cache(
        "pattern-tiles-cache",
        "--puzzle 15 --board '2 9 3 4 1 7 8 11 13 14 10 0 6 5 15 12' "
        "--engine ida --pattern-tiles 9");
    CHECK(large.exit_code == 32);
    CHECK(large.err.find("patterns of 9 tiles on 16 cells") !=
          std::string::npos);
    CHECK(run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine ida "
                       "--pattern-tiles 10")
              .exit_code == 32);
    // Refused before any engine runs, also by one that reads no tables,
    // and by a family that has none.
    const auto reach = run_satslide("--puzzle 15 --board '2 9 3 4 1 7 8 11 13 "
                                    "14 10 0 6 5 15 12' --engine reach "
                                    "--pattern-tiles 9");
    CHECK(reach.exit_code == 32);
    CHECK(reach.err.find("patterns of 9 tiles on 16 cells") !=
          std::string::npos);
    const auto rush = run_satslide("--puzzle rushhour --pattern-tiles 4");
    CHECK(rush.exit_code == 32);
    CHECK(rush.err.find("no pattern databases") != std::string::npos);
    run_command("rm -rf pattern-tiles-cache");
  }

  TEST_CASE("--partition: the user's patterns, two sets maxed, the same "
            "optimum in fewer nodes, bad sets refused") {
    // The 8-puzzle (31 moves) in pairs of tiles by rows and by columns.
    const std::string b = "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                          "--engine ida --json ";
    const std::string rows = "--partition 1,2/3,4/5,6/7,8 ";
    const std::string cols = "--partition 1,4/2,5/3,6/7,8 ";
    const auto by_rows = with_cache("partition-cache", b + rows);
    const auto by_cols = with_cache("partition-cache", b + cols);
    const auto both = with_cache("partition-cache", b + rows + cols);
    // The dual's lookups in the first set's tables, beside the max.
    const auto dual = with_cache("partition-cache",
                                 b + rows + cols + "--dual-lookups build");
    std::vector<long> nodes;
    for (const auto *r : {&by_rows, &by_cols, &both, &dual}) {
      REQUIRE(r->exit_code == 0);
      const auto j = nlohmann::json::parse(r->out);
      CHECK(j.at("length") == 31);
      CHECK(j.at("optimal") == true);
      nodes.push_back(j.at("nodes").get<long>());
    }
    CHECK(by_rows.out.find("\"lower_bound_name\":\"additive pattern "
                           "databases 2-2-2-2, max") != std::string::npos);
    CHECK(both.out.find("\"lower_bound_name\":\"additive pattern "
                        "databases, the max of 2-2-2-2 and 2-2-2-2, each max "
                        "with the transposed board") != std::string::npos);
    CHECK(both.err.find("--partition") != std::string::npos);
    CHECK(nodes[2] < std::min(nodes[0], nodes[1]));
    CHECK(dual.out.find("each max with the transposed board, dual lookups "
                        "with pathmax") != std::string::npos);
    // The set read from the cache the second time: no build said.
    const auto again = with_cache("partition-cache", b + cols + rows);
    CHECK(again.exit_code == 0);
    CHECK(again.err.find("building") == std::string::npos);
    // Bad text, bad tiles, too many sets, other engines and options.
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"--partition 1,2/3,x", "a tile number expected at character 7"},
        {"--partition 1,2/", "a tile number expected at character 5"},
        {"--partition 1,2/2,3", "--partition 1 of 1: pattern databases: "
                                "patterns are disjoint sets of tiles"},
        {rows + "--partition 1,9", "--partition 2 of 2:"},
        {"--partition 0,1", "disjoint sets of tiles 1 .. RC-1"},
        {rows + cols + rows, "or two whose bounds are maxed"},
        {rows + "--pattern-tiles 4", "not with --pattern-tiles"},
        {rows + "--any", "it cannot be combined with --any"},
    };
    for (const auto &row : refused) {
      // Not a structured binding: clang 14 cannot capture one in
      // CAPTURE's lambda.
      const std::string &args = row.first;
      const std::string &says = row.second;
      CAPTURE(args);
      const auto r = with_cache("partition-cache", b + args);
      CHECK(r.exit_code == 32);
      CHECK(r.err.find(says) != std::string::npos);
    }
    const auto horizons = run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 "
                                       "1' --engine horizons " + rows);
    CHECK(horizons.exit_code == 32);
    CHECK(horizons.err.find("of --engine ida") != std::string::npos);
    const auto rush = run_satslide("--puzzle rushhour --engine ida " + rows);
    CHECK(rush.exit_code == 32);
    CHECK(rush.err.find("no pattern databases") != std::string::npos);
    run_command("rm -rf partition-cache");
  }

  TEST_CASE("--engine ida honours the timeout, even while it builds its "
            "tables") {
    const auto r = with_cache(
        "ida-cache-timeout",
        "--puzzle 24 --board '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 "
        "18 19 20 21 22 23 24' --goal '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
        "16 17 18 19 20 21 22 23 24 0' --engine ida --timeout 0.5");
    CHECK(r.exit_code == 21);
    CHECK(r.out.find("timeout") != std::string::npos);
    run_command("rm -rf ida-cache-timeout");
  }

  TEST_CASE("--threads 2: the same optimum, each shorter horizon refuted") {
    const auto one = run_satslide(
        "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --engine horizons -q");
    const auto two = run_satslide("--puzzle 8 --board '8 6 7 2 5 4 3 0 1' "
                                  "--engine horizons --threads 2 -q");
    CHECK(two.exit_code == 0);
    CHECK(printed_length(two.out) == 31);
    CHECK(printed_length(one.out) == 31);
    CHECK(two.out.find("optimal (by SAT: no plan of length <= 30)") !=
          std::string::npos);
    CHECK(run_satslide("--board '1 2 3 4 5 6 7 8 0' --threads 0").exit_code ==
          32);
  }

  TEST_CASE("check-plan: satslide's own plans pass, every corruption is caught") {
    const std::string b8 = "--puzzle 8 --board '[1,3,6,4,2,0,7,5,8]'";
    const std::string bin = SATSLIDE_BINARY;
    // Its own plans in all three forms.
    CHECK(run_command(bin + " " + b8 + " -q --plan-format ipc > own.ipc")
              .exit_code == 0);
    for (const std::string &plan :
         {std::string("--plan own.ipc"), std::string("--moves ULDDR")}) {
      const auto r = run_satslide("check-plan " + b8 + " " + plan);
      CHECK(r.exit_code == 0);
      CHECK(r.out.find("valid: every move legal, the goal reached") !=
            std::string::npos);
      CHECK(r.out.find("this plan is optimal") != std::string::npos);
    }
    const auto printed = run_command(bin + " " + b8 + " -q | " + bin +
                                     " check-plan " + b8 + " --plan -");
    CHECK(printed.exit_code == 0);
    CHECK(printed.out.find("5 moves (numbered)") != std::string::npos);
    // Corruptions.
    const struct {
      const char *moves;
      const char *says;
    } bad[] = {
        {"ULDD", "not_at_goal: after all 4 moves"},
        {"ULUDR", "illegal_move: move 3 'U': no legal move"},
        {"RLDDR", "illegal_move: move 1 'R'"},
        {"ULDDRX", "move 6 'X'"},
    };
    for (const auto &c : bad) {
      CAPTURE(c.moves);
      const auto r =
          run_satslide("check-plan " + b8 + " --moves " + c.moves);
      CHECK(r.exit_code == 12);
      CHECK(r.out.find(c.says) != std::string::npos);
    }
    run_command("sed -i 2d own.ipc");
    const auto dropped = run_satslide("check-plan " + b8 + " --plan own.ipc");
    CHECK(dropped.exit_code == 12);
    CHECK(dropped.out.find("move 2 'move-tile-2-from-r1c1-to-r0c1': not "
                           "applicable: 'blank at r0c1' does not hold") !=
          std::string::npos);
    run_command("printf '(no-such-move)\\n' > own.ipc");
    CHECK(run_satslide("check-plan " + b8 + " --plan own.ipc").out.find(
              "move 1 'no-such-move': no such action") != std::string::npos);
    // Longer than optimal, and block puzzles' move strings.
    const auto longer = run_satslide("check-plan " + b8 + " --moves ULDDRLR");
    CHECK(longer.out.find("this plan is 2 moves longer") != std::string::npos);
    const auto rush = run_satslide(
        "check-plan --puzzle rushhour --metric slide --board "
        "ooBoooooBoooAABooooooooooooooooooooo --moves 'BD3 AR4' --json");
    CHECK(rush.exit_code == 0);
    CHECK(rush.out.find("\"verdict\":\"valid\"") != std::string::npos);
    CHECK(rush.out.find("\"excess\":0") != std::string::npos);
    CHECK(run_satslide("check-plan " + b8).exit_code == 32);
    std::remove("own.ipc");
  }

  TEST_CASE("export --format pddl writes a domain and a problem") {
    const auto r = run_satslide(
        "export --puzzle klotski --board 'AB.C/DD.C/EE..' --goal-piece D "
        "--goal-at 2,1 -o exported -q");
    CHECK(r.exit_code == 0);
    const auto files = run_command(
        "grep -c ':action' exported-domain.pddl; grep -c '(:goal' "
        "exported-problem.pddl; head -1 exported-domain.pddl");
    CHECK(files.out.find("1\n; Klotski") != std::string::npos);
    CHECK(run_satslide("export --puzzle 8 --board '1 2 3 4 5 6 7 8 0' "
                       "--format xyz")
              .exit_code == 32);
    // The model checkers' files, named after -o.
    CHECK(run_satslide("export --puzzle rushhour --metric slide --format tla "
                       "-o Card40 -q")
              .exit_code == 0);
    CHECK(run_command("head -1 Card40.tla; cat Card40.cfg").out ==
          "---- MODULE Card40 ----\nINIT Init\nNEXT Next\nINVARIANT "
          "NotSolved\n");
    CHECK(run_satslide("export --puzzle 8 --board '1 2 3 4 5 6 7 8 0' "
                       "--format smv -o eight.smv -q")
              .exit_code == 0);
    CHECK(run_command("grep -c 'INVARSPEC' eight.smv").out == "1\n");
    std::remove("Card40.tla");
    std::remove("Card40.cfg");
    std::remove("eight.smv");
    std::remove("exported-domain.pddl");
    std::remove("exported-problem.pddl");
  }

  TEST_CASE("--count-optimal counts the optimal plans, or says at least K") {
    const auto all = run_satslide(
        "--puzzle 8 --board '[1,3,6,4,2,0,7,5,8]' --count-optimal -q");
    CHECK(all.exit_code == 0);
    CHECK(all.out.find("optimal plans: 1, counted in") != std::string::npos);
    const auto some = run_satslide(
        "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --count-optimal=2 --json -q");
    CHECK(some.out.find("\"optimal_plans\":{\"count\":2,\"complete\":false,"
                        "\"stopped\":\"limit\"") != std::string::npos);
    CHECK(run_satslide("--board '1 2 3 4 5 6 7 8 0' --count-optimal=-3")
              .exit_code == 32);
    // --all-optimal lists what it counts: three plans, each 31 moves.
    const auto listed = run_satslide(
        "--puzzle 8 --board '8 6 7 2 5 4 3 0 1' --all-optimal=3 -q");
    const auto at = listed.out.find("optimal plans: at least 3");
    REQUIRE(at != std::string::npos);
    std::istringstream plans(listed.out.substr(at));
    std::string line;
    std::getline(plans, line);
    int count = 0;
    while (std::getline(plans, line)) {
      CHECK(line.size() == 2 + 31); // "  " and 31 letters
      ++count;
    }
    CHECK(count == 3);
  }

  TEST_CASE("--board - and --file - read the instance from stdin") {
    const std::string bin = SATSLIDE_BINARY;
    const auto board = run_command("echo '[1,3,6,4,2,0,7,5,8]' | " + bin +
                                   " --puzzle 8 --board - -q");
    CHECK(board.exit_code == 0);
    CHECK(printed_length(board.out) == 5);
    const auto file = run_command(
        "cat " + satslide::test::data_path("klotski/tla_pennant.txt") + " | " +
        bin + " --puzzle klotski --file - --engine bfs -q");
    CHECK(file.exit_code == 0);
    CHECK(file.out.find("Klotski") != std::string::npos);
    CHECK(run_command("printf '' | " + bin + " --puzzle 8 --board - -q")
              .exit_code == 31);
  }

  TEST_CASE("export --format limboole: SAT at the optimum, UNSAT two below") {
    // The limboole text read back here (its clauses, its names), written as
    // DIMACS and given to the cadical binary.
    const auto to_dimacs = [](const std::string &limboole) {
      std::map<std::string, int> var;
      std::vector<std::vector<int>> clauses;
      std::istringstream lines(limboole);
      for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '%') {
          continue;
        }
        const auto open = line.find('('), close = line.rfind(')');
        REQUIRE(open != std::string::npos);
        REQUIRE(close != std::string::npos);
        std::istringstream words(line.substr(open + 1, close - open - 1));
        std::vector<int> clause;
        for (std::string w; words >> w;) {
          if (w == "|") {
            continue;
          }
          if (w == "&") { // "(x & !x)": the empty clause, as two units
            clauses.push_back(clause);
            clause.clear();
            continue;
          }
          const bool negative = w[0] == '!';
          const std::string id = negative ? w.substr(1) : w;
          REQUIRE(id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
                                       "KLMNOPQRSTUVWXYZ0123456789_") ==
                  std::string::npos);
          const int v = var.emplace(id, static_cast<int>(var.size()) + 1)
                            .first->second;
          clause.push_back(negative ? -v : v);
        }
        clauses.push_back(clause);
      }
      std::string cnf = "p cnf " + std::to_string(var.size()) + " " +
                        std::to_string(clauses.size()) + "\n";
      for (const auto &c : clauses) {
        for (int l : c) {
          cnf += std::to_string(l) + " ";
        }
        cnf += "0\n";
      }
      return cnf;
    };
    const struct {
      const char *instance;
      int optimum;
    } cases[] = {{"--puzzle 8 --board '[1,3,6,4,2,0,7,5,8]'", 5},
                 {"--puzzle klotski --board 'AB.C/DD.C/EE..' --goal-piece D "
                  "--goal-at 2,1 --metric slide",
                  -1}};
    for (const auto &c : cases) {
      CAPTURE(c.instance);
      int optimum = c.optimum;
      if (optimum < 0) {
        optimum = printed_length(run_satslide(std::string(c.instance) + " -q").out);
      }
      REQUIRE(optimum >= 2);
      for (int n : {optimum, optimum - 2}) {
        const auto text = run_satslide("export " + std::string(c.instance) +
                                       " --format limboole -n " +
                                       std::to_string(n) + " -q");
        REQUIRE(text.exit_code == 0);
        CHECK(text.out.rfind("% ", 0) == 0);
        std::ofstream("limboole.dimacs") << to_dimacs(text.out);
        const auto solved = run_command("cadical -q limboole.dimacs > /dev/null");
        CHECK(solved.exit_code == (n == optimum ? 10 : 20));
      }
    }
    CHECK(run_satslide("export --puzzle 8 --board '1 2 3 4 5 6 7 8 0' "
                       "--format limboole")
              .exit_code == 32); // needs --horizon
    std::remove("limboole.dimacs");
  }

  TEST_CASE("--svg draws one frame per move, each piece in one colour") {
    const auto r = run_satslide(
        "--puzzle klotski --board 'AB.C/DD.C/EE..' --goal-piece D --goal-at "
        "2,1 --metric slide --svg plan.svg -q");
    REQUIRE(r.exit_code == 0);
    const int moves = printed_length(r.out);
    // Parsed as XML; per piece letter the set of fills must be one.
    const auto check = run_command(
        "python3 -c \"import xml.etree.ElementTree as E\n"
        "ns='{http://www.w3.org/2000/svg}'\n"
        "root=E.parse('plan.svg').getroot()\n"
        "frames=[g for g in root.iter(ns+'g') if g.get('class')=='frame']\n"
        "fills={}\n"
        "for g in frames:\n"
        "  kids=list(g)\n"
        "  for a,b in zip(kids,kids[1:]):\n"
        "    if a.tag==ns+'rect' and b.tag==ns+'text':\n"
        "      fills.setdefault(b.text,set()).add(a.get('fill'))\n"
        "print(len(frames), max(len(v) for v in fills.values()))\"");
    CHECK(check.out == std::to_string(moves + 1) + " 1\n");
    std::remove("plan.svg");
  }
}
