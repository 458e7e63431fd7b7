// The parallel (∀-step) encoding of a Task (Kautz & Selman 1996; Rintanen,
// Heljanko & Niemelä 2006): a step is a set of actions none of which
// deletes what another needs or adds, so they can run in any order, and a
// step may also be empty. A horizon counts steps, not moves: fewer layers
// for the same plan where pieces move independently (Rush Hour cars far
// apart), and plans of every length up to the horizon (empty steps), so a
// satisfiable horizon stays satisfiable above. For --any only: the number
// of moves is not what it minimises.
#pragma once

#include "satslide/encoder/constraints/cardinality.hpp"
#include "satslide/encoder/encodings/encoding.hpp"

#include <vector>

namespace satslide::encoder {

class ParallelEncoding : public Encoding {
public:
  explicit ParallelEncoding(const task::Task &task);

  void encode_initial(ClauseSink &sink) override;
  void encode_step(int t, ClauseSink &sink) override;
  void encode_goal(int n, int guard, ClauseSink &sink) override;
  int fluent_var(int t, int f) const override;
  int steps() const override { return static_cast<int>(m_action.size()); }

  // Reads each step's actions (in task order, which the ∀-step condition
  // makes as good as any) and checks that they lead through the model's
  // states.
  std::optional<task::Plan>
  decode(int n, const std::function<bool(int)> &value) const override;

private:
  void new_layer(ClauseSink &sink);

  std::vector<std::vector<int>> m_adders, m_deleters; // per fluent: actions
  std::vector<std::vector<int>> m_users;  // per fluent: actions needing or
                                          // adding it without deleting it
  std::vector<std::vector<int>> m_fluent; // [t][f] -> var
  std::vector<std::vector<int>> m_action; // [t][a] -> var
};

} // namespace satslide::encoder
