#include "block_oracle.hpp"
#include "satslide/puzzles/families.hpp"
#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/blocks/block_puzzle.hpp"
#include "satslide/puzzles/blocks/klotski_layouts.hpp"
#include "satslide/puzzles/blocks/klotski_parsing.hpp"
#include "satslide/puzzles/blocks/rushhour_parsing.hpp"
#include "satslide/search/state_space.hpp"
#include "support/test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <unordered_map>
#include <sstream>

using namespace satslide;
using namespace satslide::task;
using namespace satslide::search;
using namespace satslide::puzzles;
using namespace satslide::encoder;
using solver::SolveResult;

TEST_SUITE("puzzles::BlockPuzzle") {

  const char *const k_metrics[] = {"step", "slide", "piece"};

  std::unique_ptr<Puzzle> make(const std::string &kind, Params params) {
    return make_puzzle({kind, std::move(params)});
  }

  std::string error_of(const std::string &kind, const Params &params) {
    try {
      make(kind, params);
    } catch (const InputError &e) {
      return e.what();
    }
    return "(no error)";
  }

  // The optimum must be SAT with a plan that replays to the goal, and
  // the horizon below it UNSAT: the driver's contract, one horizon each.
  void check_optimum(const Puzzle &p, int optimal) {
    CAPTURE(p.title());
    CAPTURE(p.draw());
    const Task task = p.compile();
    REQUIRE_FALSE(task.validate().has_value());
    CHECK(p.lower_bound() <= optimal);
    Plan plan;
    const std::string encoding = find_family(p.spec().kind)->default_encoding;
    REQUIRE(test::solve_horizon(task, encoding, optimal, &plan) ==
            SolveResult::sat);
    const Replay replay = p.replay(plan);
    CHECK_FALSE(replay.error.has_value());
    CHECK(replay.solved);
    CHECK(replay.moves.size() == static_cast<std::size_t>(optimal));
    if (optimal > 0) {
      CHECK(test::solve_horizon(task, encoding, optimal - 1) ==
            SolveResult::unsat);
    }
  }

  TEST_CASE("a Klotski grid gives pieces, walls and empty cells") {
    const BlockBoard b = parse_klotski_grid("AB#\n.BB/CC.");
    CHECK(b.width == 3);
    CHECK(b.height == 3);
    CHECK(b.wall == std::vector<char>{0, 0, 1, 0, 0, 0, 0, 0, 0});
    REQUIRE(b.pieces.size() == 3);
    CHECK(b.pieces[1].letter == 'B');
    CHECK(b.pieces[1].cells == std::vector<int>{1, 4, 5});
    CHECK(b.pieces[1].horizontal);
    CHECK(b.pieces[1].vertical);
  }

  TEST_CASE("the classic is the default, with B to x=1, y=3") {
    const auto p = make("klotski", {});
    CHECK(p->draw() == "ABBC\nABBC\nDEEF\nDGHF\nI..J\n");
    const PuzzleSpec spec = p->spec();
    CHECK(spec.params.at("board") == "ABBC/ABBC/DEEF/DGHF/I..J");
    CHECK(spec.params.at("goal_piece") == "B");
    CHECK(spec.params.at("goal_at") == "1,3");
    CHECK(spec.params.at("metric") == "step");
  }

  TEST_CASE("a layout file gives name, size, grid and goal") {
    const auto p =
        make("klotski", {{"file_text", test::read_text("klotski/tla_pennant.txt")}});
    CHECK(p->draw() == "AABB\nAACC\nDE..\nFGHH\nFGII\n");
    CHECK(p->spec().params.at("goal_at") == "0,3");
    CHECK(p->title().find("Pennant") != std::string::npos);
    const auto ma = make(
        "klotski", {{"file_text", test::read_text("klotski/tla_mas_puzzle.txt")}});
    CHECK(ma->spec().params.at("goal_piece") == "BE");
    CHECK(ma->spec().params.at("goal_at") == "3,0/3,1");
  }

  TEST_CASE("a layout file's comments: semicolon anywhere, hash outside the rows") {
    const auto p = make(
        "klotski", {{"file_text", "# the exit is below\nname two ; pieces\n"
                                  "size 3 2 # columns, rows\ngrid\nAA#\n.B#\n"
                                  "# after the grid\ngoal A 0 1 # the exit\n"}});
    CHECK(p->draw() == "AA#\n.B#\n");
    CHECK(p->spec().params.at("goal_at") == "0,1");
    CHECK(p->title().find("two") != std::string::npos);
  }

  TEST_CASE("every named layout builds, and --help lists them all") {
    CHECK(klotski_layouts().size() >= 4);
    for (const KlotskiLayout &layout : klotski_layouts()) {
      CAPTURE(layout.name);
      const auto p = make("klotski", {{"layout", layout.name}});
      CHECK_FALSE(p->unsolvable_reason().has_value());
      CHECK(klotski_layouts_help().find(layout.name) != std::string::npos);
    }
  }

  TEST_CASE("--goal-piece and --goal-at override the goal") {
    const auto p =
        make("klotski",
             {{"board", "AB/.."}, {"goal_piece", "A"}, {"goal_at", "1,1"}});
    CHECK(p->spec().params.at("goal_at") == "1,1");
    const auto moved = make("klotski", {{"goal_at", "1,2"}});
    CHECK(moved->spec().params.at("goal_piece") == "B");
    CHECK(moved->spec().params.at("goal_at") == "1,2");
  }

  TEST_CASE("bad Klotski input is rejected with a clear message") {
    const auto has = [](const Params &params, const std::string &what) {
      const std::string message = error_of("klotski", params);
      CAPTURE(message);
      CHECK(message.find(what) != std::string::npos);
    };
    has({{"board", "AB/C"}}, "ragged rows");
    has({{"board", "A-/.."}}, "unknown character '-'");
    has({{"board", "A.A/..."}, {"goal_piece", "A"}, {"goal_at", "0,0"}},
        "not connected");
    has({{"board", "AB/.."}, {"goal_piece", "Z"}, {"goal_at", "0,0"}},
        "'Z' is not on the board");
    has({{"board", "AA/.."}, {"goal_piece", "A"}, {"goal_at", "1,1"}},
        "does not fit");
    has({{"board", "A#/.."}, {"goal_piece", "A"}, {"goal_at", "1,0"}},
        "does not fit");
    has({{"board", "A.#/###/..."}, {"goal_piece", "A"}, {"goal_at", "0,2"}},
        "can never reach");
    has({{"board", "AB/.."}, {"goal_piece", "A"}, {"goal_at", "1"}},
        "expected x,y");
    has({{"board", "AB/.."}, {"goal_piece", "A"}, {"goal_at", "a,1"}},
        "not a number");
    has({{"board", "AB/.."}, {"goal_piece", "A"}, {"goal_at", "5,5"}},
        "off the");
    has({{"board", "AB/.."}, {"goal_piece", "A"}}, "needs a goal position");
    has({{"board", "AB/.."}}, "no single largest piece");
    has({{"layout", "nonesuch"}}, "unknown Klotski layout 'nonesuch'");
    has({{"layout", "classic"}, {"board", "AB/.."}}, "only one of");
    has({{"metric", "hop"}}, "unknown metric 'hop'");
    has({{"file_text", "size 4 5\ngrid\nAB\n"}}, "size 4 5");
    has({{"file_text", "name x\nwidth 4\n"}}, "line 2: unknown line");
    has({{"file_text", "name x\n"}}, "no grid");
  }

  TEST_CASE("overlapping pieces are rejected") {
    BlockBoard b = parse_klotski_grid("AB/..");
    b.pieces[1].cells.push_back(0);
    b.goals = {{'A', 0, 1}};
    try {
      BlockPuzzle p(b);
      FAIL("no error");
    } catch (const InputError &e) {
      CHECK(std::string(e.what()).find("overlap") != std::string::npos);
    }
  }

  TEST_CASE("Rush Hour strings give cars along their own axis") {
    const BlockBoard b = parse_rushhour(k_rushhour_card40);
    CHECK(b.width == 6);
    CHECK(b.pieces.size() == 13);
    const auto car = [&](char c) {
      return *std::find_if(b.pieces.begin(), b.pieces.end(),
                           [&](const BlockPiece &p) { return p.letter == c; });
    };
    CHECK(car('A').horizontal);
    CHECK_FALSE(car('A').vertical);
    CHECK(car('B').vertical);
    CHECK_FALSE(car('B').horizontal);
    const auto p = make("rushhour", {});
    CHECK(p->spec().params.at("goal_at") == "4,2");
    CHECK(p->spec().params.at("board") ==
          "BCCoDo/BEFoDG/BEFAAG/HHHIoG/ooJIKK/LLJMMo");
    // The same board as rows, with '.' for empty cells, and a 4x4 board.
    const auto rows = make("rushhour", {{"board", "BCC.D./BEF.DG/BEFAAG/HHHI.G/"
                                                  "..JIKK/LLJMM."}});
    CHECK(rows->draw() == p->draw());
    CHECK(make("rushhour", {{"board", "BoooBAAoooooooxo"}})
              ->spec()
              .params.at("goal_at") == "2,1");
  }

  TEST_CASE("bad Rush Hour input is rejected with a clear message") {
    const auto has = [](const std::string &board, const std::string &what) {
      const std::string message = error_of("rushhour", {{"board", board}});
      CAPTURE(message);
      CHECK(message.find(what) != std::string::npos);
    };
    has("BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMM", "got 35");
    has("oooooooooooooooooooooooooooooooooooo", "no red car");
    has("Aoooo/Aoooo/ooooo/ooooo/ooooo", "red car 'A' is vertical");
    has(std::string(50, 'o'), "got 50");
    has("AAoB/oooo/oooo/BBBB", "longer than the board");
    has("AAoo/oooB/oooo/oooo", "has one cell");
    has("AAoo/ooBo/oBBo/oooo", "not a straight line");
    has("AAoo/oooo/BoBo/oooo", "not connected");
    has("AA?o/oooo/oooo/oooo", "unknown character '?'");
    has("AAoo/ooo/oooo/oooo", "ragged rows");
    CHECK(error_of("rushhour", {{"layout", "classic"}})
              .find("does not take 'layout' (taken by: klotski)") !=
          std::string::npos);
    CHECK(error_of("rushhour",
                   {{"board", "AAoo/oooo/oooo/oooo"}, {"goal_at", "2,2"}})
              .find("can never reach") != std::string::npos);
  }

  TEST_CASE("spec() rebuilds the same puzzle, one line per value") {
    for (const char *kind : {"klotski", "rushhour"}) {
      for (const char *metric : k_metrics) {
        const auto p = make(kind, {{"metric", metric}});
        const PuzzleSpec spec = p->spec();
        for (const auto &[key, value] : spec.params) {
          CHECK(value.find('\n') == std::string::npos);
        }
        const auto q = make_puzzle(spec);
        CHECK(q->spec().params == spec.params);
        CHECK(q->draw() == p->draw());
        const Task a = p->compile(), b = q->compile();
        CHECK(a.fluents == b.fluents);
        CHECK(a.num_actions() == b.num_actions());
      }
    }
  }

  // Reachable positions with identical pieces identified, as published.
  TEST_CASE("breadth-first search counts the published positions") {
    int counted = 0;
    for (const auto &row : test::read_rows("klotski/klotski_results.tsv")) {
      const std::string file = row.at(0);
      // row: file source name... published states opt_step ...; the
      // name has spaces, so count from the end (13 columns follow it).
      const long states = std::stol(row.at(row.size() - 13));
      if (states > 50'000) {
        continue; // keeps the suite fast
      }
      CAPTURE(file);
      const std::string path = file.rfind("fayaa_001", 0) == 0
                                   ? "klotski/classic_hengdaolima.txt"
                                   : "klotski/" + file;
      const BlockPuzzle p =
          klotski_from_params({{"file_text", test::read_text(path)}});
      const auto e = p.explore(1'000'000, false);
      CHECK(e.complete);
      CHECK(e.goal_found);
      CHECK(e.positions == states);
      ++counted;
    }
    CHECK(counted == 5); // the sample's layouts of at most 50,000 positions
  }

  TEST_CASE("on a board of more than 256 cells the own search counts what "
            "the task's counts") {
    // 17 x 16 cells: anchors take two bytes each in the own search's keys
    // (the 1x1 piece's reach 271).
    std::string rows;
    for (int y = 0; y < 16; ++y) {
      std::string row(17, '.');
      if (y < 2) {
        row.replace(0, 2, "AA");
      }
      if (y == 1) {
        row[5] = 'B';
      }
      rows += (y ? "/" : "") + row;
    }
    InstanceOptions o;
    o.board = rows;
    o.goal_piece = "A";
    o.goal_at = "15,14";
    const auto p = make_puzzle("klotski", o);
    const auto &block = dynamic_cast<const BlockPuzzle &>(*p);
    const StateSpace space = explore_space(p->compile(), {});
    const BlockPuzzle::Exploration own = block.explore(1'000'000, false);
    REQUIRE(space.complete);
    CHECK(own.complete);
    CHECK(own.goal_found);
    CHECK(own.positions == space.positions);
    CHECK(own.positions > 60'000);
    CHECK_FALSE(p->unsolvable_reason());
  }

  TEST_CASE("identical pieces share fluents unless identify is no") {
    const BlockPuzzle same = klotski_from_params({});
    const BlockPuzzle apart = klotski_from_params({{"identify", "no"}});
    CHECK(same.num_classes() == 4);
    CHECK(apart.num_classes() == 10);
    CHECK(same.compile().num_fluents() < apart.compile().num_fluents());
    CHECK(same.explore(1'000'000, false).positions == 25955);
    CHECK(apart.explore(100'000, false).positions > 25955);
    CHECK(apart.spec().params.at("identify") == "no");
  }

  TEST_CASE("explore with pieces told apart counts what the tests' own search counts, in every metric") {
    // The oracle (block_oracle.hpp) knows nothing of tasks or anchors:
    // boards are strings and every letter is its own piece.
    std::mt19937 rng(17);
    for (int round = 0; round < 6; ++round) {
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 1, 'F');
      for (const char *metric : {"step", "slide", "piece"}) {
        CAPTURE(rows);
        CAPTURE(metric);
        const test::BlockOracle oracle(test::oracle_board(rows, 'A', 2, 2, false),
                                       metric);
        std::unordered_map<std::string, int> seen{
            {test::oracle_board(rows, 'A', 2, 2, false).cells, 0}};
        std::vector<std::string> layer{seen.begin()->first};
        std::vector<long> per_depth;
        long moves = 0;
        for (int d = 0; !layer.empty(); ++d) {
          per_depth.push_back(static_cast<long>(layer.size()));
          std::vector<std::string> next;
          for (const std::string &s : layer) {
            for (const std::string &t : oracle.successors(s)) {
              ++moves;
              if (seen.emplace(t, d + 1).second) {
                next.push_back(t);
              }
            }
          }
          layer = next;
        }
        InstanceOptions o;
        o.board = rows;
        o.goal_piece = "A";
        o.goal_at = "2,2";
        o.metric = parse_metric(metric);
        o.distinct_pieces = true;
        const StateSpace space = explore_space(make_puzzle("klotski", o)->compile(), {});
        CHECK(space.complete);
        CHECK(space.per_depth == per_depth);
        CHECK(space.moves == moves);
        CHECK(space.goal_distance == oracle.distance());
      }
    }
  }

  TEST_CASE("identical pieces in one component get a count, and so do the "
            "free cells") {
    const auto counts_of = [](const Task &task) {
      std::vector<int> counts;
      for (const auto &group : task.exactly_k) {
        counts.push_back(group.count);
      }
      std::sort(counts.begin(), counts.end());
      return counts;
    };
    // Classic: four 1x1 and four 2x1 blocks (A, C, D, F) identified; the
    // 2x2 and the 1x2 are alone. Two cells are free.
    CHECK(counts_of(klotski_from_params({}).compile()) ==
          std::vector<int>{2, 4, 4});
    CHECK(klotski_from_params({{"identify", "no"}}).compile().exactly_k.empty());
    // Rush Hour cars are never identified, so never counted.
    CHECK(make("rushhour", {})->compile().exactly_k.empty());
    // Walls split the board: F is the only 1x1 on the left (an
    // exactly-one group), D and E share the right (a count of two);
    // three cells are free.
    const auto split = make("klotski", {{"board", "BBF#D./BB.#.E"},
                                        {"goal_piece", "B"},
                                        {"goal_at", "1,0"}});
    CHECK(counts_of(split->compile()) == std::vector<int>{2, 3});
  }

  TEST_CASE("the counts encoding states the counts, and only where there "
            "are some") {
    // Layer 0 and two steps, clauses and variables, per encoding.
    const auto size = [](const Task &task, const std::string &encoding) {
      auto enc = find_encoding(encoding)->make(task);
      CountingSink sink;
      enc->encode_initial(sink);
      enc->encode_step(0, sink);
      enc->encode_step(1, sink);
      return std::pair{sink.num_vars(), sink.num_clauses()};
    };
    const Task classic = klotski_from_params({}).compile();
    CHECK(size(classic, "counts").first > size(classic, "compact").first);
    CHECK(size(classic, "counts").second > size(classic, "compact").second);
    const Task card40 = make("rushhour", {})->compile();
    CHECK(size(card40, "counts") == size(card40, "compact"));
  }

  // Random walks through the task: every exactly-one and count group
  // holds, and the puzzle's own rules accept every step.
  TEST_CASE("exactly-one groups and move labels hold along random walks") {
    std::mt19937 rng(40);
    for (const char *kind : {"klotski", "rushhour"}) {
      for (const char *metric : k_metrics) {
        const auto p = make(kind, {{"metric", metric}});
        const Task task = p->compile();
        CAPTURE(kind);
        CAPTURE(metric);
        REQUIRE_FALSE(task.validate().has_value());
        State s = task.initial_state();
        Plan plan;
        // Straight moves carry labels (one per piece and offset), and a
        // label never has two moves that apply at once.
        CHECK(task.label.empty() == (std::string(metric) == "piece"));
        CHECK((task.label.empty() ||
               task.num_labels() < task.num_actions()));
        for (int step = 0; step < 300; ++step) {
          std::vector<int> usable;
          std::vector<int> per_label(task.num_labels(), 0);
          for (int a = 0; a < task.num_actions(); ++a) {
            if (task.applicable(s, a)) {
              usable.push_back(a);
              if (!task.label.empty()) {
                REQUIRE(++per_label[task.label[a]] == 1);
              }
            }
          }
          REQUIRE_FALSE(usable.empty());
          plan.push_back(usable[rng() % usable.size()]);
          s = task.apply(s, plan.back());
          const auto holding = [&s](const std::vector<int> &fluents) {
            int count = 0;
            for (int f : fluents) {
              count += s[f];
            }
            return count;
          };
          for (const auto &group : task.exactly_one) {
            REQUIRE(holding(group) == 1);
          }
          for (const auto &group : task.exactly_k) {
            REQUIRE(holding(group.fluents) == group.count);
          }
        }
        CHECK_FALSE(p->replay(plan).error.has_value());
      }
    }
  }

  TEST_CASE("moves are named by piece, direction and distance or path") {
    const auto notation = [](const std::string &metric,
                             const std::string &action) {
      const auto p = make("klotski", {{"board", "A../.B./..."},
                                      {"goal_piece", "A"},
                                      {"goal_at", "2,2"},
                                      {"metric", metric}});
      const Task task = p->compile();
      for (int a = 0; a < task.num_actions(); ++a) {
        if (task.actions[a].name == action) {
          const Replay r = p->replay({a});
          REQUIRE_FALSE(r.error.has_value());
          return r.moves.at(0).notation + " | " + r.compact + " | " +
                 r.moves.at(0).board;
        }
      }
      return std::string("(no action ") + action + ")";
    };
    CHECK(notation("step", "move piece A from 0,0 to 1,0") ==
          "A right 1 | AR1 | .A.\n.B.\n...\n");
    CHECK(notation("slide", "move piece A from 0,0 to 2,0") ==
          "A right 2 | AR2 | ..A\n.B.\n...\n");
    CHECK(notation("piece", "move piece A from 0,0 via 1,0 2,0 2,1 to 2,2")
              .substr(0, 31) == "A right,right,down,down | ARRDD");
  }

  TEST_CASE("replay rejects a move the board does not allow") {
    const auto p =
        make("klotski",
             {{"board", "AB/.."}, {"goal_piece", "A"}, {"goal_at", "0,1"}});
    const Task task = p->compile();
    int down = -1;
    for (int a = 0; a < task.num_actions(); ++a) {
      if (task.actions[a].name == "move piece A from 0,0 to 0,1") {
        down = a;
      }
    }
    REQUIRE(down >= 0);
    CHECK(p->replay({down}).solved);
    const Replay twice = p->replay({down, down});
    REQUIRE(twice.error.has_value());
    CHECK(twice.error->find("step 2") != std::string::npos);
    CHECK(p->replay({task.num_actions()}).error.has_value());
  }

  TEST_CASE("a goal no position reaches is proven unsolvable by search") {
    // The truck B can never leave the red car's row: a wall holds it.
    const auto p = make("rushhour", {{"board", "ooooBo/ooooBo/AAooBo/"
                                               "ooooxo/oooooo/oooooo"}});
    const auto reason = p->unsolvable_reason();
    REQUIRE(reason.has_value());
    CHECK(reason->find("breadth-first") != std::string::npos);
    CHECK_FALSE(make("rushhour", {})->unsolvable_reason().has_value());
  }

  // Small random Klotski boards: the SAT optimum in each metric equals
  // the test's own breadth-first search, and unsolvable boards are found.
  TEST_CASE("SAT optima match breadth-first search on random small boards") {
    std::mt19937 rng(1934);
    int checked = 0;
    for (int round = 0; round < 40; ++round) {
      // A 2x2 goal piece A and random 1x1, 1x2 and 2x1 pieces on 4x3.
      const std::string rows = test::random_block_rows(rng, 4, 3, 2, 2, 'D');
      for (const char *metric : k_metrics) {
        CAPTURE(rows);
        CAPTURE(metric);
        const auto p = make("klotski", {{"board", rows},
                                        {"goal_piece", "A"},
                                        {"goal_at", "2,1"},
                                        {"metric", metric}});
        const int d = test::BlockOracle(
                          test::oracle_board(rows, 'A', 2, 1, false), metric)
                          .distance();
        CHECK(p->unsolvable_reason().has_value() == (d < 0));
        if (d >= 0 && d <= 20) {
          check_optimum(*p, d);
          ++checked;
        }
      }
    }
    CHECK(checked >= 20);
  }

  TEST_CASE("Rush Hour database sample: slide and step optima") {
    int rows = 0;
    for (const auto &row : test::read_rows("rushhour/fogleman_sample.tsv")) {
      ++rows;
      const std::string board = row.at(2);
      CAPTURE(board);
      const int slide = std::stoi(row.at(4)), step = std::stoi(row.at(6));
      check_optimum(*make("rushhour", {{"board", board}, {"metric", "slide"}}),
                    slide);
      check_optimum(*make("rushhour", {{"board", board}, {"metric", "step"}}),
                    step);
      // The piece metric equals slide for cars that move on one line.
      check_optimum(*make("rushhour", {{"board", board}, {"metric", "piece"}}),
                    slide);
      CHECK(
          test::BlockOracle(test::oracle_board(board, 'A', 4, 2, true), "step")
              .distance() == step);
    }
    CHECK(rows == 11); // every row of the sample
  }

  TEST_CASE("original Rush Hour cards sample: slide and step optima") {
    int rows = 0;
    for (const auto &row :
         test::read_rows("rushhour/rushhour_original_sample.txt")) {
      ++rows;
      CAPTURE(row.at(0));
      const std::string board = row.at(2);
      check_optimum(*make("rushhour", {{"board", board}, {"metric", "slide"}}),
                    std::stoi(row.at(4)));
      check_optimum(*make("rushhour", {{"board", board}, {"metric", "step"}}),
                    std::stoi(row.at(5)));
    }
    CHECK(rows == 4); // cards 2, 3, 5 and 7
  }

  TEST_CASE("Klotski layouts sample: optima in all three metrics [slow]") {
    int checked = 0;
    for (const auto &row : test::read_rows("klotski/klotski_results.tsv")) {
      const std::size_t n = row.size();
      const int step = std::stoi(row.at(n - 12));
      if (step > 33) {
        continue; // the long ones belong to the benchmark
      }
      const std::string text = test::read_text("klotski/" + row.at(0));
      for (int m = 0; m < 3; ++m) {
        check_optimum(
            *make("klotski", {{"file_text", text}, {"metric", k_metrics[m]}}),
            std::stoi(row.at(n - 12 + m)));
      }
      ++checked;
    }
    CHECK(checked == 4); // the sample's layouts of at most 33 steps
  }
}
