// The command line, declared once: parsing yields a plain Options struct
// that the rest of satslide reads; only options.cpp sees program_options.
#pragma once

#include "encoder/puzzles/puzzle.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace satslide::cli {

// A bad command line; main() maps it to ExitCode::bad_usage.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class Command { solve, dimacs, decode, help, version };

struct Options {
  Command command = Command::solve;
  // The instance.
  std::string puzzle; // 8|15|24|npuzzle|klotski|rushhour; "" = square n-puzzle
  std::string board;  // the start board
  std::string goal;   // the goal board (optional)
  int rows = 0, cols = 0;       // n-puzzle shape (0 = from --puzzle/board)
  std::string layout;           // block puzzles: a named opening
  std::string file;             // block puzzles: a layout file to read
  std::string goal_piece;       // Klotski: the piece to bring home
  std::string goal_at;          // Klotski: "x,y" of its top-left cell
  std::string metric = "step";  // block puzzles: step | slide | piece
  bool distinct_pieces = false; // block puzzles: do not identify pieces
  // The search.
  std::string encoding;   // name from encoder::encodings()
  int min_horizon = 0;    // first horizon tried (0 = lower bound)
  int max_horizon = 1000; // last horizon tried
  double timeout = 0;     // seconds, 0 = none
  std::string solver_config = "default";
  std::vector<std::string> cadical_options; // expert: "name=value"
  bool fresh_solver = false;    // a new solver per horizon (for comparison)
  bool textbook_driver = false; // horizons 0, 1, 2, ... each in a fresh solver
  bool any = false;             // any plan, by a goal agenda; not optimal
  bool tighten = false;         // --any: then shorten windows of the plan
  // Output.
  bool json = false;
  bool show_boards = false;
  double animate = -1; // seconds per move; < 0: no animation
  std::string log_level = "info";
  // dimacs / decode.
  int horizon = -1;
  std::string output; // dimacs: file to write ("-" = stdout)
  std::string cnf_file, model_file;

  std::string help_text; // filled by parse_options
};

// Parses argv; throws UsageError naming the bad option.
Options parse_options(int argc, const char *const argv[]);

// Turns the instance options into a puzzle spec (reading --file); throws
// UsageError, or encoder::InputError if --file cannot be read.
encoder::PuzzleSpec puzzle_spec(const Options &options);

} // namespace satslide::cli
