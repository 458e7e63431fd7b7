// An explicit layer certificate: the positions within depth D of the
// start, layer by layer, each position the set of the task's fluents that
// hold, packed a bit a fluent. It shows "no plan of length <= D" to a
// checker that closes the layers under the moves itself: the start is in
// layer 0, every move from a position of layer i < D lands in a layer
// <= i + 1, and no position of any layer meets the goal. The file format
// lives here, for the writer (planner/certify.cpp) and the checker alike.
#pragma once

#include "satslide/task/task.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace satslide::verify {

constexpr const char *k_layers_magic = "satslide layers 1";

struct Layers {
  int fluents = 0;
  int bytes = 0; // a position's, (fluents + 7) / 8
  // Every layer's positions, one after another, `bytes` each.
  std::vector<std::vector<uint8_t>> layers;
  long positions() const;
};

// A state packed as a layer holds it.
std::vector<uint8_t> pack(const task::State &state);
// Whether fluent f holds in a position packed so.
inline bool holds(const uint8_t *p, int f) { return (p[f / 8] >> (f % 8)) & 1; }
// `next` (b bytes) set to the position action a leads to from p (packed
// so, b bytes; add wins over delete); a's preconditions not checked.
void apply_packed(const task::Action &a, const uint8_t *p, uint8_t *next,
                  std::size_t b);

void write_layers(std::ostream &out, const Layers &layers);
// Throws Refused naming `name` on a foreign, partial or inconsistent file;
// a layer's size is checked against the bytes left before it is read.
Layers read_layers(std::istream &in, const std::string &name);

struct LayerCheck {
  int depth = -1; // the layers show no plan of length <= depth
  long positions = 0;
  double seconds = 0;
};
// Checks the layers over `task` by the checker's own move generation;
// throws Refused naming the first position that fails, or "stopped".
LayerCheck check_layers(const task::Task &task, const Layers &layers,
                        const std::string &name,
                        const std::function<bool()> &stop = {});

} // namespace satslide::verify
