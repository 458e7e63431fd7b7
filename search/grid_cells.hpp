// The cells next to a cell of a rows x cols grid, row-major: above,
// below, left, right (the order every n-puzzle search expands in). One
// definition for the n-puzzle's rules, its pattern databases' build and
// their checks.
#pragma once

#include <vector>

namespace satslide::encoder {

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

} // namespace satslide::encoder
