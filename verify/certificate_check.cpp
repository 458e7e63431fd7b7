#include "satslide/verify/certificate_check.hpp"
#include "satslide/verify/frontier.hpp"
#include "satslide/verify/horizon_formula.hpp"
#include "satslide/verify/layers.hpp"
#include "satslide/verify/sha256.hpp"
#include "satslide/verify/task_checks.hpp"

#include "satslide/puzzles/families.hpp"
#include "satslide/task/grouped.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

namespace satslide::verify {

namespace fs = std::filesystem;

namespace {

std::ifstream open(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Refused("cannot read '" + path.string() + "'");
  }
  return in;
}

// Every file the manifest lists is there with its size and hash, and the
// directory holds nothing else (a stray file is refused, not ignored).
void check_files(const fs::path &dir, const Manifest &m) {
  std::set<std::string> listed = {k_manifest_name};
  for (const auto &f : m.files) {
    if (!listed.insert(f.name).second) {
      throw Refused("the manifest lists '" + f.name + "' twice");
    }
    const FileDigest d = digest_file((dir / f.name).string());
    if (d.bytes != f.bytes || d.sha256 != f.sha256) {
      throw Refused("'" + f.name + "' is not the file the manifest lists "
                    "(its size or SHA-256 differs)");
    }
  }
  for (const auto &entry : fs::directory_iterator(dir)) {
    if (!listed.count(entry.path().filename().string())) {
      throw Refused("'" + entry.path().filename().string() +
                    "' is in the certificate's directory but not in its "
                    "manifest");
    }
  }
  const auto named = [&](const std::string &name) {
    if (!name.empty() && !listed.count(name)) {
      throw Refused("'" + name + "' is named but not listed with its hash");
    }
  };
  named(m.plan_file);
  for (const auto &h : m.horizons) {
    named(h.cnf);
    named(h.drat);
    named(h.layers);
  }
  for (const auto &c : m.cube_horizons) {
    named(c.cnf);
    named(c.drat);
  }
}

// The CNF `cnf_name` is the formula of `horizon` moves (within it, if
// `within`) of the manifest's puzzle (of its very instance where
// `same_instance`) in its encoding, and `drat_name` refutes it; returns
// what its comments say it is.
FormulaHeader check_refuted(const fs::path &dir, const Manifest &m,
                            const std::string &cnf_name,
                            const std::string &drat_name, int horizon,
                            bool within, bool same_instance, Verdict &v,
                            const std::function<bool()> &stop) {
  auto cnf_in = open(dir / cnf_name);
  const Cnf cnf = read_cnf(cnf_in, cnf_name);
  const FormulaHeader header = read_formula_header(cnf, cnf_name);
  if (header.instance.kind != m.instance.kind ||
      (same_instance && header.instance.params != m.instance.params) ||
      header.encoding != m.encoding || header.horizon != horizon ||
      header.within != within) {
    throw Refused(cnf_name + ": the formula of another instance, encoding "
                  "or horizon than the manifest says (horizon " +
                  std::to_string(horizon) + (within ? ", within" : "") + ")");
  }
  check_formula(cnf, header, cnf_name);
  auto proof_in = open(dir / drat_name);
  const Proof proof = read_drat(proof_in, drat_name, cnf.vars);
  const DratCheck check = check_drat(cnf, proof, stop);
  if (!check.refuted) {
    throw Refused(drat_name + ": " + check.failure);
  }
  v.lemmas += check.lemmas;
  v.checked += check.checked;
  v.check_seconds += check.seconds;
  return header;
}

// A cube's CNF and proof (check_refuted), for a puzzle of the instance's
// rules and goal restarted elsewhere; returns its start, packed.
std::string check_cube(const fs::path &dir, const Manifest &m,
                       const task::Task &task,
                       const Manifest::CubeHorizon &c, Verdict &v,
                       const std::function<bool()> &stop) {
  const FormulaHeader header =
      check_refuted(dir, m, c.cnf, c.drat, c.horizon, false, false, v, stop);
  std::unique_ptr<puzzles::Puzzle> cube;
  try {
    cube = puzzles::make_puzzle(header.instance);
  } catch (const std::exception &e) {
    throw Refused(c.cnf + ": its instance: " + e.what());
  }
  const task::Task cube_task = cube->compile();
  if (!same_rules(task, cube_task)) {
    throw Refused(c.cnf + ": a puzzle of other moves or another goal than "
                  "the manifest's instance");
  }
  ++v.cube_drats;
  const std::vector<uint8_t> start = pack(cube_task.initial_state());
  return std::string(start.begin(), start.end());
}

std::string words(const Verdict &v) {
  if (v.unsolvable) {
    return "certified: unsolvable (no plan of any length: every move swaps "
           "two pieces' places and moves the token to the other colour, and "
           "the start's permutation parity with its token's colour is not "
           "the goal's)";
  }
  std::string claim;
  if (v.plan_length >= 0) {
    claim = fmt::format("{} moves {}", v.plan_length,
                        v.optimal ? "is optimal" : "is a plan");
  } else {
    claim = fmt::format("no plan of length <= {}", v.no_plan_up_to);
  }
  std::vector<std::string> parts;
  if (v.plan_length >= 0) {
    parts.push_back("plan replayed");
  }
  if (v.no_plan_up_to >= 0) {
    std::string how;
    if (v.drat_horizons > 0) {
      how = fmt::format("{} horizon{} by {} DRAT proof{} ({} lemmas, {} "
                        "checked)",
                        v.drat_horizons, v.drat_horizons == 1 ? "" : "s",
                        v.drat_proofs,
                        v.drat_proofs == 1 ? "" : "s", grouped(v.lemmas),
                        grouped(v.checked));
    }
    if (v.layer_horizons > 0) {
      how += fmt::format("{}{} by layers ({} positions closed under the "
                         "moves, no goal among them)",
                         how.empty() ? "" : ", ", v.layer_horizons,
                         grouped(v.layer_positions));
    }
    if (v.frontier_horizons > 0) {
      how += fmt::format("{}{} through the {} positions at depth {} (every "
                         "length from them excluded by parity, by the "
                         "checker's bound or by one of {} DRAT proofs)",
                         how.empty() ? "" : ", ", v.frontier_horizons,
                         grouped(v.frontier_positions), v.frontier_depth,
                         grouped(v.cube_drats));
    }
    if (v.parity_horizons > 0) {
      how += fmt::format("{}{} by parity", how.empty() ? "" : ", ",
                         v.parity_horizons);
    }
    parts.push_back(fmt::format("no plan of length <= {}: {}",
                                v.no_plan_up_to, how));
  }
  std::string out = "certified: " + claim + " (";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    out += (i ? "; " : "") + parts[i];
  }
  return out + fmt::format("; checked in {:.2f} s)", v.check_seconds);
}

// The plan the manifest names, replayed by the task and by the puzzle's
// own rules, of the length it claims and longer than every length refuted.
void check_plan(const fs::path &dir, const Manifest &m,
                const puzzles::Puzzle &puzzle, const task::Task &task) {
  auto in = open(dir / m.plan_file);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  const task::Plan plan = replay_plan(task, text, m.plan_file);
  const puzzles::Replay replay = puzzle.replay(plan);
  if (replay.error || !replay.solved ||
      static_cast<int>(plan.size()) != m.plan_length) {
    throw Refused(m.plan_file + ": the puzzle's own replay refuses it, or "
                  "it is not " + std::to_string(m.plan_length) + " moves");
  }
  if (m.plan_length <= m.no_plan_up_to) {
    throw Refused("the manifest claims a plan of " +
                  std::to_string(m.plan_length) + " moves and none of " +
                  "length <= " + std::to_string(m.no_plan_up_to));
  }
}

// What the horizons share: each layer file is checked once, the parity
// computed once.
struct Shared {
  std::map<std::string, int> layers_depth;
  std::optional<int> parity;
};

void check_layers_horizon(const fs::path &dir, const task::Task &task,
                          const Manifest::Horizon &h, Shared &shared,
                          Verdict &v, const std::function<bool()> &stop) {
  if (!shared.layers_depth.count(h.layers)) {
    auto in = open(dir / h.layers);
    const LayerCheck c =
        check_layers(task, read_layers(in, h.layers), h.layers, stop);
    shared.layers_depth[h.layers] = c.depth;
    v.layer_positions += c.positions;
    v.check_seconds += c.seconds;
  }
  if (h.horizon > shared.layers_depth[h.layers]) {
    throw Refused(fmt::format("horizon {}: {} holds the layers to depth {} "
                              "only",
                              h.horizon, h.layers,
                              shared.layers_depth[h.layers]));
  }
  ++v.layer_horizons;
}

void check_parity_horizon(const Manifest &m, const task::Task &task,
                          const Manifest::Horizon &h, Shared &shared,
                          Verdict &v) {
  if (!shared.parity) {
    shared.parity = plan_parity(task, m.parity);
  }
  if (h.horizon % 2 == *shared.parity) {
    throw Refused(fmt::format("horizon {}: the parity does not exclude it",
                              h.horizon));
  }
  ++v.parity_horizons;
}

// The frontier's horizons: every one from its depth, and each of them
// shown through the frontier (frontier.hpp) once every shorter horizon is
// shown otherwise (a shortest plan shorter than the depth would pass
// through no position of it).
void check_frontier_horizons(const fs::path &dir, const Manifest &m,
                             const task::Task &task, int longest,
                             const std::set<int> &shown, Verdict &v,
                             const std::function<bool()> &stop) {
  const int d = m.frontier_depth;
  if (d < 0) {
    throw Refused("a horizon is shown through the frontier, but the "
                  "manifest has none");
  }
  for (const auto &h : m.horizons) {
    if (h.proof == HorizonProof::frontier && h.horizon < d) {
      throw Refused(fmt::format("horizon {} is shown through the frontier "
                                "at depth {}, which no plan that short "
                                "reaches", h.horizon, d));
    }
  }
  for (int n = 0; n < d; ++n) {
    if (!shown.count(n)) {
      throw Refused(fmt::format("the frontier at depth {} needs horizon {} "
                                "shown otherwise; nothing shows it", d, n));
    }
  }
  const FrontierCheck c = check_frontier(
      task, m, longest - d,
      [&](const Manifest::CubeHorizon &cube) {
        return check_cube(dir, m, task, cube, v, stop);
      },
      stop);
  v.frontier_depth = d;
  v.frontier_positions = c.positions;
  v.frontier_by_bound = c.by_bound;
}

void check_claims(const fs::path &dir, const Manifest &m, Verdict &v,
                  const std::function<bool()> &stop) {
  std::unique_ptr<puzzles::Puzzle> puzzle;
  try {
    puzzle = puzzles::make_puzzle(m.instance);
  } catch (const std::exception &e) {
    throw Refused(std::string("the manifest's instance: ") + e.what());
  }
  const task::Task task = puzzle->compile();
  if (m.plan_length >= 0) {
    check_plan(dir, m, *puzzle, task);
  }
  if (m.unsolvable) {
    if (m.plan_length >= 0 ||
        !permutation_excludes(task, m.permutation, m.parity)) {
      throw Refused("the manifest claims no plan exists, but the "
                    "permutation's parity does not show it");
    }
    v.unsolvable = true;
  }
  std::set<int> shown;
  Shared shared;
  int through_frontier = -1; // the longest horizon the frontier shows
  for (const auto &h : m.horizons) {
    if (h.proof == HorizonProof::layers) {
      check_layers_horizon(dir, task, h, shared, v, stop);
    } else if (h.proof == HorizonProof::parity) {
      check_parity_horizon(m, task, h, shared, v);
    } else if (h.proof == HorizonProof::frontier) {
      through_frontier = std::max(through_frontier, h.horizon);
      ++v.frontier_horizons;
    } else { // a DRAT proof: of the horizon alone, or within it
      const bool within = h.proof == HorizonProof::within;
      check_refuted(dir, m, h.cnf, h.drat, h.horizon, within, true, v, stop);
      ++v.drat_proofs;
      const int lowest = within ? h.horizon % 2 : h.horizon;
      for (int n = h.horizon; n >= lowest; n -= 2) {
        v.drat_horizons += shown.insert(n).second;
      }
    }
    shown.insert(h.horizon);
  }
  if (through_frontier < 0 && !m.cube_horizons.empty()) {
    throw Refused("the manifest lists the frontier's proofs, but no horizon "
                  "rests on the frontier");
  }
  if (through_frontier >= 0) {
    check_frontier_horizons(dir, m, task, through_frontier, shown, v, stop);
  }
  for (int n = 0; n <= m.no_plan_up_to; ++n) {
    if (!shown.count(n)) {
      throw Refused(fmt::format("no plan of length <= {} is claimed, but "
                                "nothing shows horizon {}",
                                m.no_plan_up_to, n));
    }
  }
}

} // namespace

Verdict verify_certificate(const std::string &dir,
                           const std::function<bool()> &stop) {
  Verdict v;
  try {
    auto in = open(fs::path(dir) / k_manifest_name);
    const Manifest m = read_manifest(in, k_manifest_name);
    check_files(dir, m);
    check_claims(dir, m, v, stop);
    v.plan_length = m.plan_length;
    v.no_plan_up_to = m.no_plan_up_to;
    v.optimal = m.plan_length >= 0 && m.plan_length == m.no_plan_up_to + 1;
    v.not_certified = m.not_certified;
    v.instance = m.instance;
    v.certified = true;
    v.words = words(v);
  } catch (const Refused &e) {
    v.refusal = e.what();
  } catch (const fs::filesystem_error &e) {
    v.refusal = e.what();
  }
  return v;
}

Verdict verify_refutation(const std::string &cnf_path,
                          const std::string &proof_path,
                          const std::function<bool()> &stop) {
  Verdict v;
  try {
    auto cnf_in = open(cnf_path);
    const Cnf cnf = read_cnf(cnf_in, cnf_path);
    const FormulaHeader header = read_formula_header(cnf, cnf_path);
    check_formula(cnf, header, cnf_path);
    auto proof_in = open(proof_path);
    const Proof proof = read_drat(proof_in, proof_path, cnf.vars);
    const DratCheck check = check_drat(cnf, proof, stop);
    if (!check.refuted) {
      throw Refused(proof_path + ": " + check.failure);
    }
    v.drat_horizons = header.within ? header.horizon / 2 + 1 : 1;
    v.drat_proofs = 1;
    v.lemmas = check.lemmas;
    v.checked = check.checked;
    v.check_seconds = check.seconds;
    v.certified = true;
    // A pruning encoding (no immediate undo) leaves out plans that have
    // a shorter one of the same parity: only every horizon refuted (a
    // certificate) says no plan of a length at all.
    const std::string plans =
        header.within
            ? fmt::format("{}, {} - 2, ... moves", header.horizon,
                          header.horizon)
            : fmt::format("exactly {} moves", header.horizon);
    v.words = fmt::format("certified: horizon {}'s formula{} is "
                          "unsatisfiable ({}, {}: no plan of {} that the "
                          "encoding admits; DRAT proof, {} lemmas, {} "
                          "checked, in {:.2f} s)",
                          header.horizon, header.within ? " within" : "",
                          header.instance.kind, header.encoding, plans,
                          grouped(check.lemmas), grouped(check.checked),
                          check.seconds);
  } catch (const Refused &e) {
    v.refusal = e.what();
  }
  return v;
}

} // namespace satslide::verify
