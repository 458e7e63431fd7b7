#include "satslide/verify/manifest.hpp"
#include "satslide/verify/cnf_reader.hpp"

#include <nlohmann/json.hpp>

#include <iterator>

namespace satslide::verify {

using Json = nlohmann::ordered_json;

std::string manifest_json(const Manifest &m) {
  Json j;
  j["format"] = k_manifest_format;
  j["satslide"] = m.satslide_version;
  j["instance"] = {{"puzzle", m.instance.kind}, {"params", Json::object()}};
  for (const auto &[key, value] : m.instance.params) {
    j["instance"]["params"][key] = value;
  }
  j["title"] = m.title;
  j["encoding"] = m.encoding;
  j["claim"] = {{"plan_length", m.plan_length},
                {"plan", m.plan_file},
                {"no_plan_up_to", m.no_plan_up_to},
                {"unsolvable", m.unsolvable}};
  j["horizons"] = Json::array();
  for (const auto &h : m.horizons) {
    Json row = {{"horizon", h.horizon}, {"proof", to_name(h.proof)}};
    if (h.proof == HorizonProof::drat || h.proof == HorizonProof::within) {
      row["cnf"] = h.cnf;
      row["drat"] = h.drat;
    } else if (h.proof == HorizonProof::layers) {
      row["layers"] = h.layers;
    }
    j["horizons"].push_back(row);
  }
  if (m.frontier_depth >= 0) {
    j["frontier"] = {{"depth", m.frontier_depth}, {"cubes", Json::array()}};
    for (const auto &c : m.cube_horizons) {
      j["frontier"]["cubes"].push_back(
          {{"horizon", c.horizon}, {"cnf", c.cnf}, {"drat", c.drat}});
    }
  }
  j["parity"] = {{"fluents", m.parity.fluents}, {"colours", m.parity.colours}};
  j["permutation"] = {{"objects", m.permutation.objects}};
  j["not_certified"] = Json::array();
  for (const auto &u : m.not_certified) {
    j["not_certified"].push_back({{"what", u.what}, {"why", u.why}});
  }
  j["files"] = Json::array();
  for (const auto &f : m.files) {
    j["files"].push_back(
        {{"name", f.name}, {"bytes", f.bytes}, {"sha256", f.sha256}});
  }
  return j.dump(2) + "\n";
}

namespace {

// A field of an object, of the type asked; Refused naming it otherwise.
template <typename T>
T field(const Json &j, const char *key, const std::string &where) {
  if (!j.is_object() || !j.contains(key)) {
    throw Refused(where + ": no \"" + key + "\"");
  }
  try {
    return j.at(key).get<T>();
  } catch (const nlohmann::json::exception &) {
    throw Refused(where + ": \"" + key + "\" is not of its type");
  }
}

// A file the certificate names: a plain name in its directory.
std::string file_name(const Json &j, const char *key, const std::string &where) {
  const auto name = field<std::string>(j, key, where);
  if (name.empty() || name.find('/') != std::string::npos || name == "." ||
      name == ".." || name.size() > 255) {
    throw Refused(where + ": \"" + key + "\" must name a file in the "
                  "certificate's directory, not '" + name + "'");
  }
  return name;
}

void read_horizons(const Json &j, const std::string &where, Manifest &m) {
  const Json rows = field<Json>(j, "horizons", where);
  if (!rows.is_array()) {
    throw Refused(where + ": \"horizons\" is not a list");
  }
  for (const Json &row : rows) {
    Manifest::Horizon h;
    h.horizon = field<int>(row, "horizon", where + " horizons");
    const auto proof = from_name<HorizonProof>(
        field<std::string>(row, "proof", where + " horizons"));
    if (!proof) {
      throw Refused(where + ": horizon " + std::to_string(h.horizon) +
                    ": unknown proof kind");
    }
    h.proof = *proof;
    if (h.proof == HorizonProof::drat || h.proof == HorizonProof::within) {
      h.cnf = file_name(row, "cnf", where);
      h.drat = file_name(row, "drat", where);
    } else if (h.proof == HorizonProof::layers) {
      h.layers = file_name(row, "layers", where);
    }
    m.horizons.push_back(h);
  }
}

// The optional "frontier": its depth and the cubes' proofs.
void read_frontier(const Json &j, const std::string &where, Manifest &m) {
  if (!j.contains("frontier")) {
    return;
  }
  const Json f = field<Json>(j, "frontier", where);
  m.frontier_depth = field<int>(f, "depth", where + " frontier");
  const Json cubes = field<Json>(f, "cubes", where + " frontier");
  if (m.frontier_depth < 0 || !cubes.is_array()) {
    throw Refused(where + ": the frontier's depth is negative or its "
                  "\"cubes\" is not a list");
  }
  for (const Json &row : cubes) {
    m.cube_horizons.push_back(
        {field<int>(row, "horizon", where + " frontier cubes"),
         file_name(row, "cnf", where + " frontier cubes"),
         file_name(row, "drat", where + " frontier cubes")});
  }
}

void read_files(const Json &j, const std::string &where, Manifest &m) {
  const Json rows = field<Json>(j, "files", where);
  if (!rows.is_array()) {
    throw Refused(where + ": \"files\" is not a list");
  }
  for (const Json &row : rows) {
    Manifest::File f;
    f.name = file_name(row, "name", where + " files");
    f.bytes = field<uint64_t>(row, "bytes", where + " files");
    f.sha256 = field<std::string>(row, "sha256", where + " files");
    m.files.push_back(f);
  }
}

} // namespace

Manifest read_manifest(std::istream &in, const std::string &name) {
  std::string text;
  char c;
  while (in.get(c)) {
    if (static_cast<long>(text.size()) == k_manifest_max_bytes) {
      throw Refused(name + ": larger than a manifest can be (" +
                    std::to_string(k_manifest_max_bytes >> 20) + " MB)");
    }
    text.push_back(c);
  }
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    throw Refused(name + ": not JSON (a partial or foreign file?)");
  }
  if (field<std::string>(j, "format", name) != k_manifest_format) {
    throw Refused(name + ": not a \"" + std::string(k_manifest_format) +
                  "\" manifest");
  }
  Manifest m;
  m.satslide_version = field<std::string>(j, "satslide", name);
  const Json instance = field<Json>(j, "instance", name);
  m.instance.kind = field<std::string>(instance, "puzzle", name + " instance");
  const Json params = field<Json>(instance, "params", name + " instance");
  for (const auto &[key, value] : params.items()) {
    if (!value.is_string()) {
      throw Refused(name + ": instance parameter \"" + key + "\" is not text");
    }
    m.instance.params[key] = value.get<std::string>();
  }
  m.title = field<std::string>(j, "title", name);
  m.encoding = field<std::string>(j, "encoding", name);
  const Json claim = field<Json>(j, "claim", name);
  m.plan_length = field<int>(claim, "plan_length", name + " claim");
  m.plan_file = m.plan_length >= 0 ? file_name(claim, "plan", name + " claim") : "";
  m.no_plan_up_to = field<int>(claim, "no_plan_up_to", name + " claim");
  m.unsolvable = field<bool>(claim, "unsolvable", name + " claim");
  read_horizons(j, name, m);
  read_frontier(j, name, m);
  const Json parity = field<Json>(j, "parity", name);
  m.parity.fluents = field<std::vector<std::string>>(parity, "fluents", name);
  m.parity.colours = field<std::vector<int>>(parity, "colours", name);
  m.permutation.objects = field<std::vector<std::vector<std::string>>>(
      field<Json>(j, "permutation", name), "objects", name);
  const Json uncertified = field<Json>(j, "not_certified", name);
  if (!uncertified.is_array()) {
    throw Refused(name + ": \"not_certified\" is not a list");
  }
  for (const Json &row : uncertified) {
    m.not_certified.push_back({field<std::string>(row, "what", name),
                               field<std::string>(row, "why", name)});
  }
  read_files(j, name, m);
  return m;
}

} // namespace satslide::verify
