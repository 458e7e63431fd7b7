#include "test_support.hpp"

#include "satslide/encoder/encodings/encodings.hpp"
#include "satslide/puzzles/families.hpp"

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace satslide::test {

std::string data_path(const std::string &name) {
  return std::string(SATSLIDE_TEST_DATA) + "/" + name;
}

namespace {
constexpr const char *k_cache_variable = "SATSLIDE_CACHE_DIR";
} // namespace

CacheDir::CacheDir(const std::string &name) : TempDir(name) {
  if (const char *before = std::getenv(k_cache_variable)) {
    m_before = before;
  }
  setenv(k_cache_variable, path.c_str(), 1);
}

CacheDir::~CacheDir() {
  if (m_before) {
    setenv(k_cache_variable, m_before->c_str(), 1);
  } else {
    unsetenv(k_cache_variable);
  }
}

std::string read_text(const std::string &name) {
  std::ifstream in(data_path(name));
  if (!in) {
    throw std::runtime_error("cannot read test data " + name);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::vector<std::string>> read_rows(const std::string &name) {
  std::istringstream in(read_text(name));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') {
      continue;
    }
    std::istringstream words(line);
    auto &row = rows.emplace_back();
    for (std::string w; words >> w;) {
      row.push_back(w);
    }
  }
  return rows;
}

std::vector<NPuzzleInstance> read_npuzzle_file(const std::string &name) {
  std::ifstream in(data_path(name));
  if (!in) {
    throw std::runtime_error("missing test data " + name);
  }
  std::vector<NPuzzleInstance> result;
  std::string line;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    NPuzzleInstance inst;
    if (!(fields >> inst.id >> inst.optimal)) {
      continue;
    }
    int v;
    while (fields >> v) {
      inst.board.push_back(v);
    }
    result.push_back(inst);
  }
  return result;
}

int bfs_distance(const puzzles::NPuzzle &puzzle, int depth_limit) {
  using Board = std::vector<int>;
  std::map<Board, int> dist{{puzzle.board(), 0}};
  std::deque<Board> queue{puzzle.board()};
  while (!queue.empty()) {
    const Board b = queue.front();
    queue.pop_front();
    const int d = dist[b];
    if (b == puzzle.goal()) {
      return d;
    }
    if (d >= depth_limit) {
      continue;
    }
    int blank = 0;
    while (b[blank] != 0) {
      ++blank;
    }
    for (int n : puzzle.neighbours(blank)) {
      Board next = b;
      std::swap(next[blank], next[n]);
      if (dist.emplace(next, d + 1).second) {
        queue.push_back(next);
      }
    }
  }
  return -1;
}

std::map<std::vector<int>, int> all_distances(const puzzles::NPuzzle &p) {
  using Board = std::vector<int>;
  std::map<Board, int> dist{{p.goal(), 0}};
  std::deque<Board> queue{p.goal()};
  while (!queue.empty()) {
    const Board b = queue.front();
    queue.pop_front();
    const int blank =
        static_cast<int>(std::find(b.begin(), b.end(), 0) - b.begin());
    for (int n : p.neighbours(blank)) {
      Board next = b;
      std::swap(next[blank], next[n]);
      if (dist.emplace(next, dist[b] + 1).second) {
        queue.push_back(next);
      }
    }
  }
  return dist;
}

std::unique_ptr<puzzles::Puzzle> npuzzle(const std::string &board, int rows,
                                         int cols) {
  puzzles::InstanceOptions o;
  o.board = board;
  o.rows = rows;
  o.cols = cols;
  return puzzles::make_puzzle("npuzzle", o);
}

std::unique_ptr<puzzles::Puzzle> klotski_slide(const std::string &board,
                                               const std::string &piece) {
  puzzles::InstanceOptions o;
  o.board = board;
  o.goal_piece = piece;
  o.goal_at = "2,1";
  o.metric = puzzles::Metric::slide;
  return puzzles::make_puzzle("klotski", o);
}

puzzles::NPuzzle random_board(int rows, int cols, std::mt19937 &rng) {
  std::vector<int> board(rows * cols);
  for (int c = 0; c < rows * cols; ++c) {
    board[c] = c;
  }
  std::shuffle(board.begin(), board.end(), rng);
  return puzzles::NPuzzle(rows, cols, board,
                          puzzles::NPuzzle::default_goal(rows, cols));
}

std::vector<int> random_walk(int rows, int cols, int steps, std::mt19937 &rng) {
  const puzzles::NPuzzle shape(rows, cols,
                               puzzles::NPuzzle::default_goal(rows, cols),
                               puzzles::NPuzzle::default_goal(rows, cols));
  std::vector<int> board = shape.goal();
  int blank = rows * cols - 1, previous = -1;
  for (int i = 0; i < steps; ++i) {
    std::vector<int> options;
    for (int n : shape.neighbours(blank)) {
      if (n != previous) {
        options.push_back(n);
      }
    }
    const int next = options[rng() % options.size()];
    std::swap(board[blank], board[next]);
    previous = blank;
    blank = next;
  }
  return board;
}

solver::SolveResult solve_horizon(const task::Task &task,
                                  const std::string &encoding, int n,
                                  task::Plan *plan) {
  const auto enc = encoder::find_encoding(encoding)->make(task);
  solver::CadicalSink sink;
  enc->encode_initial(sink);
  for (int t = 0; t < n; ++t) {
    enc->encode_step(t, sink);
  }
  enc->encode_goal(n, 0, sink);
  const solver::SolveResult result = sink.solve({});
  if (result == solver::SolveResult::sat && plan) {
    *plan = encoder::decode_plan(*enc, n, [&](int v) {
              return sink.value(v);
            }).value_or(task::Plan{});
  }
  return result;
}

std::string read_file(const std::string &path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

RunResult run_command(const std::string &command) {
  static int counter = 0;
  const std::string base = "satslide_test_" + std::to_string(::getpid()) + "_" +
                           std::to_string(counter++);
  const std::string out = base + ".out", err = base + ".err";
  const int status =
      std::system(("(" + command + ") >" + out + " 2>" + err).c_str());
  RunResult result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out),
                   read_file(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

RunResult run_satslide(const std::string &args) {
  return run_command(std::string(SATSLIDE_BINARY) + " " + args);
}

} // namespace satslide::test
