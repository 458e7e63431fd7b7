#include "satslide/planner/certify.hpp"

#include "satslide/search/state_space.hpp"
#include "satslide/solver/proof_driver.hpp"
#include "satslide/verify/frontier.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/sha256.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <bit>
#include <cstring>

namespace satslide::planner {

namespace fs = std::filesystem;

namespace {

// The fluent of `group` among `fluents`, if exactly one is.
std::optional<int> only_one(const std::vector<int> &fluents,
                            const std::vector<char> &in_group) {
  std::optional<int> found;
  for (int f : fluents) {
    if (in_group[f]) {
      if (found) {
        return std::nullopt;
      }
      found = f;
    }
  }
  return found;
}

// Two-colours the group's fluents so that every action changes colour,
// or nullopt if some action does not move the token or no colouring is.
std::optional<std::vector<int>> token_colours(const task::Task &task,
                                              const std::vector<int> &group) {
  std::vector<char> in_group(task.num_fluents(), 0);
  for (int f : group) {
    in_group[f] = 1;
  }
  std::vector<std::vector<int>> next(task.num_fluents());
  for (const task::Action &a : task.actions) {
    const auto from = only_one(a.pre, in_group);
    const auto to = only_one(a.add, in_group);
    if (!from || !to || *from == *to ||
        std::find(a.del.begin(), a.del.end(), *from) == a.del.end()) {
      return std::nullopt;
    }
    next[*from].push_back(*to);
    next[*to].push_back(*from);
  }
  std::vector<int> colour(task.num_fluents(), -1);
  for (int root : group) {
    if (colour[root] >= 0) {
      continue;
    }
    colour[root] = 0;
    std::vector<int> todo = {root};
    while (!todo.empty()) {
      const int f = todo.back();
      todo.pop_back();
      for (int g : next[f]) {
        if (colour[g] < 0) {
          colour[g] = 1 - colour[f];
          todo.push_back(g);
        } else if (colour[g] == colour[f]) {
          return std::nullopt;
        }
      }
    }
  }
  return colour;
}

// Whether the token excludes a plan of n moves: the start's token and
// the goal's differ in colour by n's parity or not.
bool parity_excludes(const task::Task &task, const verify::ParityToken &token,
                     int n) {
  std::vector<int> colour(task.num_fluents(), -1);
  for (std::size_t i = 0; i < token.fluents.size(); ++i) {
    const auto it = std::find(task.fluents.begin(), task.fluents.end(),
                              token.fluents[i]);
    colour[it - task.fluents.begin()] = token.colours[i];
  }
  std::vector<char> in_token(task.num_fluents(), 0);
  for (int f = 0; f < task.num_fluents(); ++f) {
    in_token[f] = colour[f] >= 0;
  }
  const auto start = only_one(task.init, in_token);
  const auto goal = only_one(task.goal, in_token);
  return start && goal && (colour[*start] + colour[*goal] + n) % 2 == 1;
}

void write_text(const fs::path &path, const std::string &text) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) {
    throw CertifyIoError("cannot write '" + path.string() + "'");
  }
}

constexpr const char *k_plan_name = "plan.txt";
constexpr const char *k_layers_name = "layers.bin";

// A name certify() writes: the manifest (and its part), the plan, the
// layers, a horizon's CNF or proof.
bool certificate_file(const std::string &name) {
  const std::string manifest = verify::k_manifest_name;
  if (name == manifest || name == manifest + ".part" || name == k_plan_name ||
      name == k_layers_name) {
    return true;
  }
  // within-N.cnf, within-N.drat, horizon-N.cnf/.drat (older
  // certificates), cube-I-horizon-N.cnf/.drat
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos ||
      (name.substr(dot) != ".cnf" && name.substr(dot) != ".drat")) {
    return false;
  }
  std::string stem = name.substr(0, dot);
  const auto number_after = [&](const std::string &prefix) {
    if (stem.rfind(prefix, 0) != 0) {
      return false;
    }
    std::size_t n = prefix.size();
    while (n < stem.size() && stem[n] >= '0' && stem[n] <= '9') {
      ++n;
    }
    const bool digits = n > prefix.size();
    stem = stem.substr(n);
    return digits;
  };
  const bool cube = stem.rfind("cube-", 0) == 0;
  if (cube && !number_after("cube-")) {
    return false;
  }
  const bool within = stem.rfind("within-", 0) == 0;
  return number_after(cube ? "-horizon-" : within ? "within-" : "horizon-") &&
         stem.empty();
}

// Empties `dir` if every entry of it is a regular file certify() writes
// (a certificate a stopped run left unfinished); else leaves it.
void discard_unfinished(const fs::path &dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) {
    return;
  }
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(dir, error)) {
    if (!entry.is_regular_file(error) ||
        !certificate_file(entry.path().filename().string())) {
      return;
    }
    files.push_back(entry.path());
  }
  for (const auto &file : files) {
    fs::remove(file, error);
  }
}

void make_empty_dir(const fs::path &dir) {
  std::error_code error;
  if (fs::exists(dir, error) &&
      (!fs::is_directory(dir, error) || !fs::is_empty(dir, error))) {
    throw CertifyIoError("--certify " + dir.string() +
                         ": exists and is not an empty directory (a "
                         "certificate is never written over another)");
  }
  fs::create_directories(dir, error);
  if (error) {
    throw CertifyIoError("--certify " + dir.string() + ": " +
                         error.message());
  }
}

std::string plan_text(const task::Task &task, const task::Plan &plan) {
  std::string text;
  for (int a : plan) {
    text += task.actions[a].name + "\n";
  }
  return text;
}

struct Refuting {
  const puzzles::Puzzle &puzzle;
  const task::Task &task;
  const encoder::EncodingInfo &encoding;
  const CertifyOptions &options;
  std::chrono::steady_clock::time_point deadline;
};

// `task`'s horizon n (the instance `spec`; `within`: every plan of n,
// n - 2, ... moves) refuted by a fresh solver with its proof, into the
// files named; nullopt (the files removed) if stopped.
std::optional<solver::ProvenHorizon>
prove(const Refuting &r, const task::Task &task,
      const puzzles::PuzzleSpec &spec, int n, bool within,
      const std::string &cnf, const std::string &drat) {
  const fs::path dir(r.options.dir);
  const solver::ProvenHorizon proven = solver::prove_horizon(
      task, r.encoding, n, within, spec, (dir / cnf).string(),
      (dir / drat).string(), r.deadline, r.options.stop);
  if (proven.result == solver::SolveResult::sat) {
    throw std::logic_error(fmt::format(
        "horizon {} has a plan, which the run refuted", n));
  }
  if (proven.result != solver::SolveResult::unsat) {
    fs::remove(dir / cnf);
    fs::remove(dir / drat);
    return std::nullopt;
  }
  return proven;
}

// Horizons n, n - 2, ... refuted by one formula (the encoding's within
// n) with its proof, into the manifest; false if stopped.
bool refute_within(const Refuting &r, int n, verify::Manifest &m,
                   CertificateSummary &summary) {
  const std::string cnf = fmt::format("within-{}.cnf", n);
  const std::string drat = fmt::format("within-{}.drat", n);
  const auto proven = prove(r, r.task, r.puzzle.spec(), n, true, cnf, drat);
  if (!proven) {
    return false;
  }
  m.horizons.push_back({n, verify::HorizonProof::within, cnf, drat, ""});
  summary.drat_horizons += n / 2 + 1;
  ++summary.drat_proofs;
  summary.conflicts += proven->conflicts;
  summary.solve_seconds += proven->solve_seconds;
  if (r.options.progress) {
    Progress p;
    p.path = "certify";
    p.text = fmt::format("certify: horizons {}, {}, ... refuted by one "
                         "formula with its DRAT proof ({} conflicts, "
                         "{:.2f} s)",
                         n, n - 2, proven->conflicts, proven->seconds);
    r.options.progress(p);
  }
  return true;
}

// Every horizon 0..m: those of the parity the token excludes by parity,
// the others by one formula within the longest of each parity left (of
// one parity where there is a token, else of both); the claim cut to what
// is shown where the time ran out.
void cover_horizons(const Refuting &r, int m, verify::Manifest &m_out,
                    CertificateSummary &summary, int claim) {
  const auto token = find_parity_token(r.task);
  if (token) {
    m_out.parity = *token;
  }
  std::vector<char> shown(std::max(m + 1, 0), 0);
  for (int n = 0; n <= m; ++n) {
    if (token && parity_excludes(r.task, *token, n)) {
      m_out.horizons.push_back({n, verify::HorizonProof::parity, "", "", ""});
      ++summary.parity_horizons;
      shown[n] = 1;
    }
  }
  std::optional<int> stopped;
  for (int top = m - 1; top <= m && !stopped; ++top) {
    if (top < 0 || shown[top]) {
      continue;
    }
    if (!refute_within(r, top, m_out, summary)) {
      stopped = top;
      break;
    }
    for (int n = top; n >= 0; n -= 2) {
      shown[n] = 1;
    }
  }
  m_out.no_plan_up_to = static_cast<int>(
      std::find(shown.begin(), shown.end(), 0) - shown.begin() - 1);
  if (stopped) {
    m_out.not_certified.push_back(
        {fmt::format("no plan of length <= {}", claim),
         fmt::format("the refutation within horizon {} was stopped; the "
                     "certificate shows no plan of length <= {}",
                     *stopped, m_out.no_plan_up_to)});
  }
}

// The positions within depth m, layer by layer (search::layers_within);
// nullopt past `max_positions` or when stopped. A goal among them
// contradicts the run's claim: a bug.
std::optional<verify::Layers> find_layers(const task::Task &task, int m,
                                          long max_positions,
                                          const solver::StopFn &stop) {
  const auto found = search::layers_within(task, m, max_positions, stop);
  if (!found) {
    return std::nullopt;
  }
  if (found->goal_depth >= 0) {
    throw std::logic_error(fmt::format(
        "a goal at depth {}, which the run refuted", found->goal_depth));
  }
  verify::Layers layers;
  layers.fluents = task.num_fluents();
  layers.bytes = (layers.fluents + 7) / 8;
  // A key's words, little-endian, are the position's bytes (fluent f is
  // bit f % 8 of byte f / 8) and then zeros.
  static_assert(std::endian::native == std::endian::little);
  std::size_t begin = 0;
  for (const std::size_t end : found->layer_end) {
    std::vector<uint8_t> layer((end - begin) * layers.bytes);
    for (std::size_t i = begin; i < end; ++i) {
      std::memcpy(layer.data() + (i - begin) * layers.bytes, found->keys[i],
                  layers.bytes);
    }
    layers.layers.push_back(std::move(layer));
    begin = end;
  }
  return layers;
}

// Horizons 0..m by the layers within depth m, if they are few enough
// (not tried where the family knows its space is larger: the 15-puzzle's
// first two million positions took 26 s and 1.3 GB to find and discard).
bool cover_by_layers(const Refuting &r, int m, verify::Manifest &out,
                     CertificateSummary &summary) {
  const double known = r.puzzle.reachable_positions();
  if (m < 0 || known > static_cast<double>(r.options.max_layer_positions)) {
    return false;
  }
  const auto layers =
      find_layers(r.task, m, r.options.max_layer_positions, r.options.stop);
  if (!layers) {
    return false;
  }
  const std::string name = k_layers_name;
  std::ofstream file(fs::path(r.options.dir) / name, std::ios::binary);
  verify::write_layers(file, *layers);
  file.close();
  if (!file) {
    throw CertifyIoError("cannot write '" + name + "'");
  }
  out.no_plan_up_to = m;
  for (int n = 0; n <= m; ++n) {
    out.horizons.push_back({n, verify::HorizonProof::layers, "", "", name});
  }
  summary.layer_horizons = m + 1;
  summary.layer_positions = layers->positions();
  return true;
}

// Length j from the frontier's position `path` leads to (cube i)
// refuted with its proof, into the manifest; false if stopped.
bool refute_cube(const Refuting &r, const task::Plan &path, std::size_t i,
                 int j, verify::Manifest &out, CertificateSummary &summary) {
  const auto cube = r.puzzle.after(path);
  if (!cube) {
    throw std::logic_error("the puzzle cannot restart at a frontier position");
  }
  const std::string cnf = fmt::format("cube-{}-horizon-{}.cnf", i, j);
  const std::string drat = fmt::format("cube-{}-horizon-{}.drat", i, j);
  const auto proven =
      prove(r, cube->compile(), cube->spec(), j, false, cnf, drat);
  if (!proven) {
    return false;
  }
  out.cube_horizons.push_back({j, cnf, drat});
  ++summary.cube_drats;
  summary.conflicts += proven->conflicts;
  summary.solve_seconds += proven->solve_seconds;
  return true;
}

void frontier_progress(const Refuting &r, int j, long refuted, long cubes) {
  if (r.options.progress) {
    Progress p;
    p.path = "certify";
    p.text = fmt::format("certify: {} moves from the frontier: {} of its {} "
                         "positions refuted by DRAT proofs, the rest by "
                         "parity or the checker's bound",
                         j, refuted, cubes);
    r.options.progress(p);
  }
}

// The positions at distance exactly d, each with a shortest path to it;
// `space` says where the time or k_frontier_max_positions stopped it.
search::Frontier find_frontier(const Refuting &r, int d) {
  search::SpaceOptions so;
  so.max_states = verify::k_frontier_max_positions;
  so.poll = [&](int, long) {
    return (r.options.stop && r.options.stop()) ||
           std::chrono::steady_clock::now() > r.deadline;
  };
  search::Frontier f = search::frontier_at(r.task, d, so);
  if (f.goal_plan) {
    throw std::logic_error("a plan shorter than the frontier's depth, which "
                           "the run refuted");
  }
  return f;
}

// Horizons 0..d-1 as cover_horizons shows them, and d..m through the
// positions at distance exactly d (verify/frontier.hpp): every length
// j = 0..m-d from each, ascending, by parity, by the checker's own bound
// or by the cube's CNF refuted with its proof; the claim cut to the last
// length every position has where the time runs out.
void cover_by_frontier(const Refuting &r, int d, int m, verify::Manifest &out,
                       CertificateSummary &summary) {
  cover_horizons(r, d - 1, out, summary, m);
  if (out.no_plan_up_to < d - 1) {
    return;
  }
  const search::Frontier f = find_frontier(r, d);
  const auto cut = [&](int shown, const std::string &why) {
    if (shown < d) { // nothing goes through the frontier: none of its files
      for (const auto &c : out.cube_horizons) {
        fs::remove(fs::path(r.options.dir) / c.cnf);
        fs::remove(fs::path(r.options.dir) / c.drat);
      }
      out.cube_horizons.clear();
      out.frontier_depth = summary.frontier_depth = -1;
      summary.cube_drats = 0;
    }
    out.not_certified.push_back(
        {fmt::format("no plan of length <= {}", m),
         fmt::format("{}; the certificate shows no plan of length <= {}",
                     why, shown)});
    out.no_plan_up_to = shown;
  };
  if (f.space.limit_reached || f.space.stopped) {
    cut(d - 1, fmt::format("the frontier at depth {} was not found (stopped, "
                           "or more than {} positions)",
                           d, verify::k_frontier_max_positions));
    return;
  }
  const verify::LengthParity parity(r.task, out.parity);
  const verify::MoveBound bound(r.task, parity.colours());
  std::vector<int> residue, least;
  for (std::size_t i = 0; i < f.states.size(); ++i) {
    const std::vector<uint8_t> p = verify::pack(f.states[i]);
    residue.push_back(parity.at(p.data()));
    least.push_back(bound.at(p.data()));
  }
  out.frontier_depth = d;
  summary.frontier_depth = d;
  summary.frontier_positions = static_cast<long>(f.states.size());
  for (int j = 0; j <= m - d; ++j) {
    long refuted = 0;
    for (std::size_t i = 0; i < f.states.size(); ++i) {
      if (j % 2 != residue[i] || j < least[i]) {
        continue;
      }
      if (!refute_cube(r, f.paths[i], i, j, out, summary)) {
        cut(d + j - 1, fmt::format("the refutation of {} moves from a "
                                   "frontier position was stopped", j));
        return;
      }
      ++refuted;
    }
    out.horizons.push_back({d + j, verify::HorizonProof::frontier, "", "", ""});
    out.no_plan_up_to = d + j;
    frontier_progress(r, j, refuted, summary.frontier_positions);
  }
}

void list_files(const fs::path &dir, verify::Manifest &m,
                CertificateSummary &summary) {
  std::vector<std::string> names;
  if (!m.plan_file.empty()) {
    names.push_back(m.plan_file);
  }
  for (const auto &h : m.horizons) {
    if (h.proof == verify::HorizonProof::drat ||
        h.proof == verify::HorizonProof::within) {
      names.push_back(h.cnf);
      names.push_back(h.drat);
      summary.proof_bytes += fs::file_size(dir / h.drat);
    } else if (h.proof == verify::HorizonProof::layers &&
               std::find(names.begin(), names.end(), h.layers) == names.end()) {
      names.push_back(h.layers);
      summary.proof_bytes += fs::file_size(dir / h.layers);
    }
  }
  for (const auto &c : m.cube_horizons) {
    names.push_back(c.cnf);
    names.push_back(c.drat);
    summary.proof_bytes += fs::file_size(dir / c.drat);
  }
  for (const auto &name : names) {
    const verify::FileDigest d = verify::digest_file((dir / name).string());
    m.files.push_back({name, d.sha256, d.bytes});
  }
}

// The objects' rows of the exactly-one groups as a square matrix: the
// groups of the token's size disjoint from one another (the tiles, the
// blank the token's), each ordered by the group crossing it (its cell);
// nullopt where the groups do not form one.
std::optional<verify::Permutation>
find_permutation(const task::Task &task, const verify::ParityToken &token) {
  const std::size_t n = token.fluents.size();
  std::vector<int> place(task.num_fluents(), -1); // by the token's groups
  std::vector<std::vector<int>> rows, columns;
  for (const auto &group : task.exactly_one) {
    if (group.size() != n) {
      continue;
    }
    int crossing = 0;
    for (int f : group) {
      crossing += std::find(token.fluents.begin(), token.fluents.end(),
                            task.fluents[f]) != token.fluents.end();
    }
    (crossing == 1 ? columns : rows).push_back(group);
  }
  if (rows.size() != n || columns.size() != n) {
    return std::nullopt;
  }
  for (std::size_t c = 0; c < n; ++c) {
    for (int f : columns[c]) {
      place[f] = static_cast<int>(c);
    }
  }
  verify::Permutation p;
  for (const auto &row : rows) {
    std::vector<std::string> names(n);
    for (int f : row) {
      if (place[f] < 0 || !names[place[f]].empty()) {
        return std::nullopt;
      }
      names[place[f]] = task.fluents[f];
    }
    p.objects.push_back(names);
  }
  return p;
}

// "Unsolvable" shown by the permutation's parity (the n-puzzle's), or
// listed as not certified.
void certify_unsolvable(const task::Task &task, verify::Manifest &m) {
  const auto token = find_parity_token(task);
  const auto permutation = token ? find_permutation(task, *token) : std::nullopt;
  if (!permutation) {
    m.not_certified.push_back(
        {"unsolvable", "no permutation parity found in the task (only the "
                       "n-puzzle's unsolvability is certified)"});
    return;
  }
  m.unsolvable = true;
  m.parity = *token;
  m.permutation = *permutation;
}

} // namespace

std::optional<verify::ParityToken> find_parity_token(const task::Task &task) {
  for (const auto &group : task.exactly_one) {
    const auto colour = token_colours(task, group);
    if (!colour) {
      continue;
    }
    verify::ParityToken token;
    for (int f : group) {
      token.fluents.push_back(task.fluents[f]);
      token.colours.push_back((*colour)[f]);
    }
    return token;
  }
  return std::nullopt;
}

CertificateSummary certify(const puzzles::Puzzle &puzzle,
                           const PlannerResult &result,
                           const CertifyOptions &options) {
  const auto start = std::chrono::steady_clock::now();
  const fs::path dir(options.dir);
  if (options.rewrite_unfinished) {
    discard_unfinished(dir);
  }
  make_empty_dir(dir);
  const task::Task task = puzzle.compile();
  const encoder::EncodingInfo &encoding = encoding_for(puzzle, options.encoding);
  verify::Manifest m;
  m.satslide_version = options.version;
  m.instance = puzzle.spec();
  m.title = puzzle.title();
  m.encoding = encoding.name;
  CertificateSummary summary;
  summary.dir = options.dir;
  if (result.status == Status::solved) {
    m.plan_length = static_cast<int>(result.plan.size());
    m.plan_file = k_plan_name;
    write_text(dir / m.plan_file, plan_text(task, result.plan));
  }
  const int claimed =
      result.optimal ? static_cast<int>(result.plan.size()) - 1
                     : result.no_plan_up_to;
  if (result.status == Status::unsolvable) {
    certify_unsolvable(task, m);
  }
  const Refuting r{puzzle, task, encoding, options,
                   options.timeout_seconds > 0
                       ? start + std::chrono::duration_cast<
                                     std::chrono::steady_clock::duration>(
                                     std::chrono::duration<double>(
                                         options.timeout_seconds))
                       : std::chrono::steady_clock::time_point::max()};
  const bool through_frontier = options.frontier_depth > 0 &&
                                claimed >= options.frontier_depth &&
                                find_parity_token(task);
  if (through_frontier) { // asked for: before the layers
    cover_by_frontier(r, options.frontier_depth, claimed, m, summary);
  } else if (!cover_by_layers(r, claimed, m, summary)) {
    cover_horizons(r, claimed, m, summary, claimed);
  }
  list_files(dir, m, summary);
  write_text(dir / (std::string(verify::k_manifest_name) + ".part"),
             verify::manifest_json(m));
  fs::rename(dir / (std::string(verify::k_manifest_name) + ".part"),
             dir / verify::k_manifest_name);
  summary.manifest_sha256 =
      verify::digest_file((dir / verify::k_manifest_name).string()).sha256;
  summary.plan_length = m.plan_length;
  summary.unsolvable = m.unsolvable;
  summary.no_plan_up_to = m.no_plan_up_to;
  summary.not_certified = m.not_certified;
  summary.seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  return summary;
}

} // namespace satslide::planner
