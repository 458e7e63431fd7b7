#include "satslide/verify/layers.hpp"
#include "satslide/verify/cnf_reader.hpp"

#include <chrono>
#include <istream>
#include <ostream>
#include <string_view>
#include <unordered_map>

namespace satslide::verify {

long Layers::positions() const {
  long n = 0;
  for (const auto &layer : layers) {
    n += bytes > 0 ? static_cast<long>(layer.size()) / bytes : 0;
  }
  return n;
}

std::vector<uint8_t> pack(const task::State &state) {
  std::vector<uint8_t> out((state.size() + 7) / 8, 0);
  for (std::size_t f = 0; f < state.size(); ++f) {
    if (state[f]) {
      out[f / 8] |= static_cast<uint8_t>(1u << (f % 8));
    }
  }
  return out;
}

void apply_packed(const task::Action &a, const uint8_t *p, uint8_t *next,
                  std::size_t b) {
  std::copy(p, p + b, next);
  for (int f : a.del) {
    next[f / 8] &= static_cast<uint8_t>(~(1u << (f % 8)));
  }
  for (int f : a.add) {
    next[f / 8] |= static_cast<uint8_t>(1u << (f % 8));
  }
}

namespace {

void put64(std::ostream &out, uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    out.put(static_cast<char>((v >> (8 * i)) & 0xff));
  }
}

uint64_t get64(std::istream &in, const std::string &name) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) {
    const int c = in.get();
    if (c == EOF) {
      throw Refused(name + ": ends early (a partial file?)");
    }
    v |= static_cast<uint64_t>(c) << (8 * i);
  }
  return v;
}

} // namespace

void write_layers(std::ostream &out, const Layers &layers) {
  out << k_layers_magic << '\n';
  put64(out, static_cast<uint64_t>(layers.fluents));
  put64(out, layers.layers.size());
  for (const auto &layer : layers.layers) {
    put64(out, layer.size() / layers.bytes);
    out.write(reinterpret_cast<const char *>(layer.data()),
              static_cast<std::streamsize>(layer.size()));
  }
}

Layers read_layers(std::istream &in, const std::string &name) {
  std::string magic;
  std::getline(in, magic);
  if (magic != k_layers_magic) {
    throw Refused(name + ": not a satslide layer certificate");
  }
  const std::streampos here = in.tellg();
  in.seekg(0, std::ios::end);
  uint64_t left = static_cast<uint64_t>(in.tellg() - here);
  in.seekg(here);
  Layers layers;
  const uint64_t fluents = get64(in, name), count = get64(in, name);
  left -= 16;
  if (fluents == 0 || fluents > (1u << 24) || count == 0 ||
      count > left / 8 + 1) {
    throw Refused(name + ": a bad header");
  }
  layers.fluents = static_cast<int>(fluents);
  layers.bytes = static_cast<int>((fluents + 7) / 8);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t n = get64(in, name);
    left -= 8;
    if (n > left / layers.bytes) {
      throw Refused(name + ": layer " + std::to_string(i) + " says " +
                    std::to_string(n) + " positions, more than the file holds");
    }
    std::vector<uint8_t> layer(n * layers.bytes);
    in.read(reinterpret_cast<char *>(layer.data()),
            static_cast<std::streamsize>(layer.size()));
    left -= layer.size();
    layers.layers.push_back(std::move(layer));
  }
  if (in.peek() != EOF) {
    throw Refused(name + ": holds more than its layers");
  }
  return layers;
}

namespace {

using LayerOf = std::unordered_map<std::string_view, int>;

std::string_view bytes(const uint8_t *p, std::size_t b) {
  return std::string_view(reinterpret_cast<const char *>(p), b);
}

// Every position, by its bytes: its layer (the first that holds it).
LayerOf index_layers(const Layers &layers, std::size_t b) {
  LayerOf layer_of;
  for (std::size_t i = 0; i < layers.layers.size(); ++i) {
    const auto &layer = layers.layers[i];
    for (std::size_t k = 0; k < layer.size(); k += b) {
      layer_of.emplace(bytes(layer.data() + k, b), static_cast<int>(i));
    }
  }
  return layer_of;
}

bool meets_goal(const task::Task &task, const uint8_t *p) {
  for (int f : task.goal) {
    if (!holds(p, f)) {
      return false;
    }
  }
  return true;
}

// Every move from position p of layer i leads into a layer up to i + 1;
// `where` names the position, built only for a refusal; `next` (b bytes)
// is the successor's room, kept from one position to the next.
template <class Where>
void check_moves(const task::Task &task, const uint8_t *p, std::size_t b,
                 const LayerOf &layer_of, int i, const Where &where,
                 std::vector<uint8_t> &next) {
  for (const task::Action &a : task.actions) {
    bool applicable = true;
    for (int f : a.pre) {
      applicable = applicable && holds(p, f);
    }
    if (!applicable) {
      continue;
    }
    apply_packed(a, p, next.data(), b);
    const auto found = layer_of.find(bytes(next.data(), b));
    if (found == layer_of.end() || found->second > i + 1) {
      throw Refused(where() + ": its move '" + a.name +
                    "' leads to a position in no layer up to " +
                    std::to_string(i + 1));
    }
  }
}

} // namespace

LayerCheck check_layers(const task::Task &task, const Layers &layers,
                        const std::string &name,
                        const std::function<bool()> &stop) {
  const auto start = std::chrono::steady_clock::now();
  if (layers.fluents != task.num_fluents()) {
    throw Refused(name + ": positions of " + std::to_string(layers.fluents) +
                  " fluents; the instance has " +
                  std::to_string(task.num_fluents()));
  }
  const std::size_t b = static_cast<std::size_t>(layers.bytes);
  const LayerOf layer_of = index_layers(layers, b);
  const std::vector<uint8_t> first = pack(task.initial_state());
  const auto it = layer_of.find(bytes(first.data(), b));
  if (it == layer_of.end() || it->second != 0) {
    throw Refused(name + ": the start is not in layer 0");
  }
  const int depth = static_cast<int>(layers.layers.size()) - 1;
  long checked = 0;
  std::vector<uint8_t> next(b);
  for (int i = 0; i <= depth; ++i) {
    const auto &layer = layers.layers[i];
    for (std::size_t k = 0; k < layer.size(); k += b) {
      const uint8_t *p = layer.data() + k;
      const auto where = [&] {
        return name + ": layer " + std::to_string(i) + " position " +
               std::to_string(k / b + 1);
      };
      if (meets_goal(task, p)) {
        throw Refused(where() + " meets the goal");
      }
      if ((++checked & 0xfff) == 0 && stop && stop()) {
        throw Refused("stopped");
      }
      if (i < depth) {
        check_moves(task, p, b, layer_of, i, where, next);
      }
    }
  }
  LayerCheck c;
  c.depth = depth;
  c.positions = checked;
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start)
                  .count();
  return c;
}

} // namespace satslide::verify
