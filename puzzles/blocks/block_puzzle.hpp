// One model for the block-sliding puzzles, Klotski and Rush Hour: pieces
// of any 4-connected shape on a W x H board with walls, each moving along
// both axes or only its own, and a goal that puts named pieces at anchors.
// Pieces of equal shape and mobility that no goal names are
// interchangeable: the task never tells them apart.
#pragma once

#include "satslide/puzzles/instance_options.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace satslide::puzzles {

struct BlockPiece {
  char letter = 0;
  std::vector<int> cells; // y * width + x
  bool horizontal = true; // may move left and right
  bool vertical = true;   // may move up and down
};

// A goal: the piece's anchor (top-left of its bounding box) at x, y.
struct BlockGoal {
  char letter = 0;
  int x = 0, y = 0;
};

// How a family of block puzzles is named and written.
struct BlockStyle {
  std::string family = "klotski"; // its row in families()
  std::string title = "Klotski";
  char wall = '#';       // a wall cell, drawn and in specs
  char spec_empty = '.'; // an empty cell in specs ('.' when drawn)
};

struct BlockBoard {
  BlockStyle style;
  std::string name;             // optional, for the title
  int width = 0, height = 0;
  std::vector<char> wall; // per cell
  std::vector<BlockPiece> pieces;
  std::vector<BlockGoal> goals;
  Metric metric = Metric::step;
  bool identify = true; // identical pieces are interchangeable
};

class BlockPuzzle : public Puzzle {
public:
  // Validates pieces and goals; throws InputError.
  explicit BlockPuzzle(BlockBoard board);

  PuzzleSpec spec() const override;
  std::string title() const override;
  std::string draw() const override;
  task::Task compile() const override;
  std::optional<std::string>
  unsolvable_reason(const std::function<bool()> &stop = {}) const override;
  int lower_bound() const override;
  std::string lower_bound_name() const override {
    return "exactly-one group distances";
  }
  Replay replay(const task::Plan &plan) const override;
  std::unique_ptr<Puzzle> after(const task::Plan &plan) const override;
  Metric metric() const override { return m_board.metric; }

  const BlockBoard &board() const { return m_board; }
  int num_classes() const { return static_cast<int>(m_classes.size()); }
  int num_moves() const { return static_cast<int>(m_moves.size()); }

  // Breadth-first search over positions (identical pieces identified),
  // by unit steps, which reach the same positions as any metric.
  struct Exploration {
    long positions = 0;    // positions seen
    bool complete = false; // every reachable position was seen
    bool goal_found = false;
  };
  Exploration explore(long limit, bool stop_at_goal,
                      const std::function<bool()> &stop = {}) const;

  // The board with the pieces at the given anchors (one per piece).
  std::string draw_anchors(const std::vector<int> &anchors) const;

private:
  // Pieces of one shape and mobility, interchangeable unless the goal
  // names one of them.
  struct ShapeClass {
    std::vector<int> pieces;                // indices into m_board.pieces
    std::vector<std::pair<int, int>> shape; // (dx, dy) from the anchor
    bool horizontal = true, vertical = true;
    std::vector<std::vector<int>> cells_at; // per anchor cell; empty if
                                            // the shape does not fit
    std::vector<int> anchors;               // anchors reachable from some piece
    std::vector<std::vector<int>> components; // anchors by component,
                                              // with one piece each
    // The other components: anchors, and how many pieces each holds.
    std::vector<std::pair<std::vector<int>, int>> crowded;
  };
  struct Move {
    int cls = 0;
    std::vector<int> path;  // anchors, from first to last
    std::vector<int> swept; // cells that must be free, besides its own
    int from() const { return path.front(); }
    int to() const { return path.back(); }
  };

  void validate() const;
  void place_piece(int i, std::vector<int> &owner) const;
  void build_classes();
  std::vector<std::pair<int, int>> shape_of(const BlockPiece &piece) const;
  std::vector<std::vector<int>>
  cells_at(const std::vector<std::pair<int, int>> &shape) const;
  void find_components(ShapeClass &k) const;
  void add_moves_for(int cls); // block_moves.cpp
  void add_paths_from(int cls, int anchor, int free_cells);
  void generate_moves();
  void label_moves(task::Task &task) const; // block_task.cpp
  // The task's fluent ids (block_task.cpp): per cell its "free" fluent
  // (-1 on walls), per class and anchor its placement (-1 where none).
  struct Fluents {
    std::vector<int> free;
    std::vector<std::vector<int>> at;
  };
  Fluents add_fluents(task::Task &task) const;
  std::vector<char> add_start_and_goal(task::Task &task,
                                       const Fluents &f) const;
  void add_exactly_one_groups(task::Task &task, const Fluents &f) const;
  void add_count_groups(task::Task &task, const Fluents &f,
                        const std::vector<char> &covered) const;
  task::Action action_for(const Move &m, const Fluents &f) const;
  void add_actions(task::Task &task, const Fluents &f) const;
  class Occupancy; // block_replay.cpp
  int piece_at(const std::vector<int> &anchors, const Move &m) const;
  struct PositionKeys; // block_search.cpp
  PositionKeys position_keys() const;
  std::vector<std::uint64_t> start_key(const PositionKeys &keys) const;
  void successors(const PositionKeys &keys, const std::uint64_t *key,
                  std::vector<char> &occupied,
                  std::vector<std::uint64_t> &out) const;
  std::optional<std::string> walk(const Move &m, int p, Occupancy &occupied,
                                  std::string &dirs, std::string &names) const;
  int anchor_of(const BlockPiece &piece) const;
  std::string cell_name(int cell) const;
  std::string class_name(int cls) const;
  std::vector<int> initial_anchors() const;
  bool goal_reached(const std::vector<int> &anchors) const;

  BlockBoard m_board;
  std::vector<int> m_class_of; // per piece
  std::vector<ShapeClass> m_classes;
  std::vector<Move> m_moves; // action id -> move
};

} // namespace satslide::puzzles
