// The cells next to a cell of a rows x cols grid, row-major: above,
// below, left, right (the order every n-puzzle search expands in), the
// distance between two cells, and which way a move between two of them
// goes. One definition for the
// n-puzzle's rules, its pattern databases' build and their checks, and
// IDA*.
#pragma once

#include <array>
#include <cstdlib>
#include <vector>

namespace satslide::search {

inline std::vector<int> grid_neighbours(int rows, int cols, int cell) {
  const int r = cell / cols, c = cell % cols;
  std::vector<int> result;
  if (r > 0) {
    result.push_back(cell - cols);
  }
  if (r + 1 < rows) {
    result.push_back(cell + cols);
  }
  if (c > 0) {
    result.push_back(cell - 1);
  }
  if (c + 1 < cols) {
    result.push_back(cell + 1);
  }
  return result;
}

// The same into `out`, without allocating (the inner loops of the
// constructive plan, the windows' IDA* and beam search); their count.
inline int grid_neighbours(int rows, int cols, int cell,
                           std::array<int, 4> &out) {
  const int r = cell / cols, c = cell % cols;
  int n = 0;
  if (r > 0) {
    out[n++] = cell - cols;
  }
  if (r + 1 < rows) {
    out[n++] = cell + cols;
  }
  if (c > 0) {
    out[n++] = cell - 1;
  }
  if (c + 1 < cols) {
    out[n++] = cell + 1;
  }
  return n;
}

// The grid (Manhattan) distance between two cells.
inline int grid_distance(int cols, int a, int b) {
  return std::abs(a / cols - b / cols) + std::abs(a % cols - b % cols);
}

// The blank's four moves, in the order that decides between strings of
// moves of one length (search/duplicate_paths.hpp).
enum Direction : int { k_up = 0, k_left = 1, k_right = 2, k_down = 3 };
constexpr int k_directions = 4;

// The way from `from` to `to`, a cell next to it.
inline int grid_direction(int cols, int from, int to) {
  return to == from - cols ? k_up
         : to == from - 1  ? k_left
         : to == from + 1  ? k_right
                           : k_down;
}

} // namespace satslide::search
