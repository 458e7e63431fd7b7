// Solves the n-puzzle board given as the one argument through
// planner::solve, as a program that links satslide would, and prints
// "<moves> optimal" (or the status and the reason).
#include <satslide/planner/planner.hpp>
#include <satslide/puzzles/families.hpp>

#include <iostream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer BOARD\n";
    return 2;
  }
  satslide::puzzles::InstanceOptions instance;
  instance.board = argv[1];
  const auto puzzle = satslide::puzzles::make_puzzle("npuzzle", instance);
  const satslide::planner::PlannerResult result =
      satslide::planner::solve(*puzzle, satslide::planner::PlannerOptions{});
  if (result.status != satslide::planner::Status::solved) {
    std::cout << satslide::to_name(result.status) << ": " << result.reason
              << "\n";
    return 1;
  }
  std::cout << result.replay.moves.size()
            << (result.optimal ? " optimal" : " not proven optimal") << "\n";
  return 0;
}
