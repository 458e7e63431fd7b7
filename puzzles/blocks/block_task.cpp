// A block puzzle as a planning task.
#include "satslide/puzzles/blocks/block_puzzle.hpp"

#include <algorithm>
#include <map>

namespace satslide::puzzles {

// Fluents: "cell c free" per open cell and "a piece of class k has its
// anchor at a" per reachable anchor, so interchangeable pieces give one
// fluent per place, never one per piece. Exactly-one groups, all true
// invariants:
//  - per open cell: free, or covered by one placement (pieces never
//    overlap, and two pieces of one class never share an anchor);
//  - per class component holding a single piece: its anchors. Components
//    of several identified pieces get no per-piece group (none exists)
//    but a count (Task::exactly_k), below.
// Each move deletes the old anchor and adds the new one, and per cell
// swaps free and covered, so the groups' transition graphs contain every
// change and TaskDistances stays sound.
task::Task BlockPuzzle::compile() const {
  task::Task task;
  const Fluents f = add_fluents(task);
  const std::vector<char> covered = add_start_and_goal(task, f);
  add_exactly_one_groups(task, f);
  add_count_groups(task, f, covered);
  add_actions(task, f);
  label_moves(task);
  return task;
}

BlockPuzzle::Fluents BlockPuzzle::add_fluents(task::Task &task) const {
  const int n = m_board.width * m_board.height;
  Fluents f;
  f.free.assign(n, -1);
  for (int c = 0; c < n; ++c) {
    if (!m_board.wall[c]) {
      f.free[c] = task.num_fluents();
      task.fluents.push_back("cell " + cell_name(c) + " free");
    }
  }
  f.at.assign(num_classes(), std::vector<int>(n, -1));
  for (int k = 0; k < num_classes(); ++k) {
    for (int a : m_classes[k].anchors) {
      f.at[k][a] = task.num_fluents();
      task.fluents.push_back(class_name(k) + " at " + cell_name(a));
    }
  }
  return f;
}

// The initial state and the goal; returns which cells the pieces cover.
std::vector<char> BlockPuzzle::add_start_and_goal(task::Task &task,
                                                  const Fluents &f) const {
  const int n = m_board.width * m_board.height;
  std::vector<char> covered(n, 0);
  for (std::size_t i = 0; i < m_board.pieces.size(); ++i) {
    task.init.push_back(f.at[m_class_of[i]][anchor_of(m_board.pieces[i])]);
    for (int c : m_board.pieces[i].cells) {
      covered[c] = 1;
    }
  }
  for (int c = 0; c < n; ++c) {
    if (f.free[c] >= 0 && !covered[c]) {
      task.init.push_back(f.free[c]);
    }
  }
  for (const BlockGoal &g : m_board.goals) {
    for (std::size_t i = 0; i < m_board.pieces.size(); ++i) {
      if (m_board.pieces[i].letter == g.letter) {
        task.goal.push_back(f.at[m_class_of[i]][g.y * m_board.width + g.x]);
      }
    }
  }
  return covered;
}

// Per open cell: free, or one placement covering it; per single-piece
// component: one anchor.
void BlockPuzzle::add_exactly_one_groups(task::Task &task,
                                         const Fluents &f) const {
  const int n = m_board.width * m_board.height;
  std::vector<std::vector<int>> by_cell(n);
  for (int c = 0; c < n; ++c) {
    if (f.free[c] >= 0) {
      by_cell[c].push_back(f.free[c]);
    }
  }
  for (int k = 0; k < num_classes(); ++k) {
    for (int a : m_classes[k].anchors) {
      for (int c : m_classes[k].cells_at[a]) {
        by_cell[c].push_back(f.at[k][a]);
      }
    }
  }
  for (int c = 0; c < n; ++c) {
    if (!by_cell[c].empty()) {
      task.exactly_one.push_back(by_cell[c]);
    }
  }
  for (int k = 0; k < num_classes(); ++k) {
    for (const auto &component : m_classes[k].components) {
      auto &group = task.exactly_one.emplace_back();
      for (int a : component) {
        group.push_back(f.at[k][a]);
      }
    }
  }
}

// Count invariants where identified pieces share a component (the
// classic Klotski's four 1x1 and four 2x1 blocks): as many of them in
// the component as at the start, and as many free cells. Where every
// piece has its own exactly-one group the free cells' count follows
// from the groups, and stating it costs time (Rush Hour #40, step
// metric: 13.3 s against 10.6 s).
void BlockPuzzle::add_count_groups(task::Task &task, const Fluents &f,
                                   const std::vector<char> &covered) const {
  const int n = m_board.width * m_board.height;
  for (int k = 0; k < num_classes(); ++k) {
    for (const auto &[anchors, pieces] : m_classes[k].crowded) {
      task::Task::CountGroup &group = task.exactly_k.emplace_back();
      group.count = pieces;
      for (int a : anchors) {
        group.fluents.push_back(f.at[k][a]);
      }
    }
  }
  if (!task.exactly_k.empty()) {
    task::Task::CountGroup &group = task.exactly_k.emplace_back();
    for (int c = 0; c < n; ++c) {
      if (f.free[c] >= 0) {
        group.fluents.push_back(f.free[c]);
        group.count += !covered[c];
      }
    }
  }
}

// One action per move: the anchor moves, the cells it leaves become free
// and those it enters stop being free; the cells it sweeps must be free.
task::Action BlockPuzzle::action_for(const Move &m, const Fluents &f) const {
  const ShapeClass &k = m_classes[m.cls];
  const std::vector<int> &old_cells = k.cells_at[m.from()];
  const std::vector<int> &new_cells = k.cells_at[m.to()];
  task::Action a;
  a.name = "move " + class_name(m.cls) + " from " + cell_name(m.from());
  if (m_board.metric == Metric::piece) {
    for (std::size_t i = 1; i + 1 < m.path.size(); ++i) {
      a.name += (i == 1 ? " via " : " ") + cell_name(m.path[i]);
    }
  }
  a.name += " to " + cell_name(m.to());
  a.pre.push_back(f.at[m.cls][m.from()]);
  for (int c : m.swept) {
    a.pre.push_back(f.free[c]);
  }
  a.del.push_back(f.at[m.cls][m.from()]);
  a.add.push_back(f.at[m.cls][m.to()]);
  for (int c : new_cells) {
    if (!std::binary_search(old_cells.begin(), old_cells.end(), c)) {
      a.del.push_back(f.free[c]);
    }
  }
  for (int c : old_cells) {
    if (!std::binary_search(new_cells.begin(), new_cells.end(), c)) {
      a.add.push_back(f.free[c]);
    }
  }
  return a;
}

void BlockPuzzle::add_actions(task::Task &task, const Fluents &f) const {
  std::map<std::tuple<int, int, int>, int> first_move;
  for (const Move &m : m_moves) {
    first_move.emplace(std::make_tuple(m.cls, m.from(), m.to()),
                       task.num_actions());
    task.actions.push_back(action_for(m, f));
  }
  // Any move straight back undoes a move (whatever path it takes), so
  // the first one found serves as the inverse for no-undo.
  for (const Move &m : m_moves) {
    const auto it = first_move.find(std::make_tuple(m.cls, m.to(), m.from()));
    task.inverse.push_back(it == first_move.end() ? -1 : it->second);
  }
}

// Move labels for the compact encodings: a piece alone in its component
// moves in a straight line by an offset, wherever it stands ("car C right
// 1"), and the state says from where. Straight moves only (step and slide
// metric), so that at most one move of a label applies in any position.
// Moves of identified pieces keep a label each.
void BlockPuzzle::label_moves(task::Task &task) const {
  if (m_board.metric == Metric::piece) {
    return;
  }
  const int w = m_board.width;
  const auto offset_name = [w](const Move &m) { // "dx,dy"
    return std::to_string(m.to() % w - m.from() % w) + "," +
           std::to_string(m.to() / w - m.from() / w);
  };
  // (class, anchor) -> the single-piece component holding it, or -1.
  std::map<std::pair<int, int>, int> component_of;
  std::vector<char> letter; // per component: its piece
  for (int k = 0; k < num_classes(); ++k) {
    for (const auto &component : m_classes[k].components) {
      for (int a : component) {
        component_of[{k, a}] = static_cast<int>(letter.size());
      }
      letter.push_back('?');
      for (int i : m_classes[k].pieces) {
        const int a = anchor_of(m_board.pieces[i]);
        if (std::find(component.begin(), component.end(), a) !=
            component.end()) {
          letter.back() = m_board.pieces[i].letter;
        }
      }
    }
  }
  std::map<std::pair<int, int>, int> label_of; // (component, offset)
  std::vector<std::pair<int, int>> key_of;
  for (std::size_t i = 0; i < m_moves.size(); ++i) {
    const Move &m = m_moves[i];
    const auto found = component_of.find({m.cls, m.from()});
    const int offset = m.to() - m.from();
    key_of.push_back(found == component_of.end()
                         ? std::make_pair(-1 - static_cast<int>(i), 0)
                         : std::make_pair(found->second, offset));
    const auto [it, fresh] = label_of.emplace(key_of[i], task.num_labels());
    if (fresh) {
      task.label_names.push_back(found == component_of.end()
                                     ? task.actions[i].name
                                     : std::string("move ") +
                                           letter[found->second] + " by " +
                                           offset_name(m));
    }
    task.label.push_back(it->second);
  }
  task.label_inverse.assign(task.num_labels(), -1);
  for (std::size_t i = 0; i < m_moves.size(); ++i) {
    const auto [component, offset] = key_of[i];
    const auto back = label_of.find({component, -offset});
    if (component >= 0 && back != label_of.end()) {
      task.label_inverse[task.label[i]] = back->second;
    }
  }
}

} // namespace satslide::puzzles
