// Shared by the tests: the data files, an explicit breadth-first search
// over n-puzzle boards (the oracle the SAT answers are checked against),
// solving one horizon in a fresh solver, and running the binary.
#pragma once

#include "satslide/puzzles/npuzzle/npuzzle.hpp"
#include "satslide/task/task.hpp"
#include "satslide/solver/cadical_sink.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

// SATSLIDE_UNDER_ASAN: this build runs under AddressSanitizer (GCC says
// so by __SANITIZE_ADDRESS__, clang by __has_feature), for the few cases
// that need more address space than it leaves.
#if defined(__SANITIZE_ADDRESS__)
#define SATSLIDE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SATSLIDE_UNDER_ASAN 1
#endif
#endif

namespace satslide::test {

// A wall-clock limit a test checks ("refused at once", "within its
// timeout"), scaled by the sanitizers' slowdown (about 3x, and more on a
// slow day): the limit says the work is bounded, not how fast it runs.
#ifdef SATSLIDE_UNDER_ASAN
inline constexpr int k_wall_clock_scale = 4;
#else
inline constexpr int k_wall_clock_scale = 1;
#endif
inline std::chrono::seconds wall_clock(int seconds) {
  return std::chrono::seconds(seconds * k_wall_clock_scale);
}

std::string data_path(const std::string &name);

// A directory of the test's own under the system's temporary one (the
// process id in its name), removed on entry and on exit.
struct TempDir {
  std::string path;
  explicit TempDir(const std::string &name)
      : path((std::filesystem::temp_directory_path() /
              (name + std::to_string(::getpid())))
                 .string()) {
    std::filesystem::remove_all(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

// A TempDir that is the process's cache of tables (SATSLIDE_CACHE_DIR)
// while it lives: the variable's value before is put back (or the
// variable unset) when the scope ends, however the case ends, so that a
// failed REQUIRE leaves no later case with a removed cache.
struct CacheDir : TempDir {
  explicit CacheDir(const std::string &name);
  ~CacheDir();
  CacheDir(const CacheDir &) = delete;
  CacheDir &operator=(const CacheDir &) = delete;

private:
  std::optional<std::string> m_before;
};

// A file's whole text ("" if it cannot be read).
std::string read_file(const std::string &path);

// A data file's text; lines of it without '#' comments, split into words.
std::string read_text(const std::string &name);
std::vector<std::vector<std::string>> read_rows(const std::string &name);

// One line of an n-puzzle data file: "id optimal t0 t1 ...".
struct NPuzzleInstance {
  std::string id;
  int optimal;
  std::vector<int> board;
};
std::vector<NPuzzleInstance> read_npuzzle_file(const std::string &name);

// The optimal plan length by breadth-first search over boards; -1 if the
// goal is unreachable. Only for small boards (<= 9 cells) or short
// distances (limit on the depth searched).
int bfs_distance(const puzzles::NPuzzle &puzzle, int depth_limit = 100);

// Every board's distance to the puzzle's goal, by breadth-first search
// from the goal (moves are reversible): whole small spaces only.
std::map<std::vector<int>, int> all_distances(const puzzles::NPuzzle &p);

// The n-puzzle family's instance of `board` ("8 1 3 4 0 2 ...") on
// rows x cols, as the CLI would make it (puzzles::make_puzzle).
std::unique_ptr<puzzles::Puzzle> npuzzle(const std::string &board, int rows,
                                         int cols);

// A small Klotski board ("AB.C/DD.C/EE..") whose `piece` must reach the
// cell (2, 1), in the slide metric, as the CLI would make it.
std::unique_ptr<puzzles::Puzzle> klotski_slide(const std::string &board,
                                               const std::string &piece);

// A uniformly shuffled rows x cols board (solvable or not) with the
// default goal.
puzzles::NPuzzle random_board(int rows, int cols, std::mt19937 &rng);

// A board `steps` random blank moves (no immediate undo) from the goal.
std::vector<int> random_walk(int rows, int cols, int steps, std::mt19937 &rng);

// Solves horizon n alone in a fresh CaDiCaL with the named encoding; sets
// plan on SAT.
solver::SolveResult solve_horizon(const task::Task &task,
                                  const std::string &encoding, int n,
                                  task::Plan *plan = nullptr);

// Runs the satslide binary with `args`; returns its exit code and output.
struct RunResult {
  int exit_code;
  std::string out; // stdout
  std::string err; // stderr
};
RunResult run_satslide(const std::string &args);
RunResult run_command(const std::string &command);

} // namespace satslide::test
