// The cache of pattern databases: the file's format (header, tables,
// checksums; read() refuses a file that is not exactly what write() made
// for the same board), and the directory they are kept in.
#include "satslide/search/pattern_databases.hpp"

#include "satslide/search/fnv1a.hpp"
#include "satslide/search/pattern_limits.hpp"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <istream>
#include <ostream>
#include <sstream>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace satslide::search {

using namespace pattern_limits;

namespace {

// files are then stale and rebuilt.
constexpr std::uint32_t k_file_version = 2;
constexpr char k_magic[] = "satslide pattern databases\n";


template <class T> void put(std::string &out, T value) {
  out.append(reinterpret_cast<const char *>(&value), sizeof value);
}

// Reads a T at `at`, false past the end.
template <class T> bool get(const std::string &in, std::size_t &at, T &value) {
  if (in.size() - at < sizeof value || at > in.size()) {
    return false;
  }
  std::memcpy(&value, in.data() + at, sizeof value);
  at += sizeof value;
  return true;
}

std::string hex(std::uint64_t v) {
  std::ostringstream s;
  s << std::hex << v;
  return s.str();
}

// Up to `size` bytes of `in` (fewer at its end).
std::string bytes(std::istream &in, std::size_t size) {
  std::string s(size, '\0');
  in.read(s.data(), static_cast<std::streamsize>(size));
  s.resize(static_cast<std::size_t>(in.gcount()));
  return s;
}

// A file's magic line, header length, header and the header's checksum;
// the header if all are there and agree, nullopt otherwise.
std::optional<std::string> read_header(std::istream &in) {
  const std::size_t magic = std::strlen(k_magic);
  std::uint64_t length = 0, check = 0;
  std::size_t at = magic;
  const std::string start = bytes(in, magic + sizeof length);
  if (start.size() != magic + sizeof length ||
      start.compare(0, magic, k_magic) != 0 || !get(start, at, length) ||
      length > (1u << 20)) {
    return std::nullopt;
  }
  std::string h = bytes(in, length);
  if (h.size() != length || !get(bytes(in, sizeof check), (at = 0), check) ||
      fnv1a(h) != check) {
    return std::nullopt;
  }
  return h;
}

} // namespace

std::string PatternDatabases::cache_key() const {
  return cache_key(m_rows, m_cols, m_goal, m_patterns);
}

std::string
PatternDatabases::cache_key(int rows, int cols, const std::vector<int> &goal,
                            const std::vector<std::vector<int>> &patterns) {
  std::string id, shape;
  for (int v : goal) {
    id += std::to_string(v) + ",";
  }
  for (const auto &p : patterns) {
    id += "|";
    for (int t : p) {
      id += std::to_string(t) + ",";
    }
    shape += (shape.empty() ? "" : "-") + std::to_string(p.size());
  }
  return "pdb-v" + std::to_string(k_file_version) + "-" +
         std::to_string(rows) + "x" + std::to_string(cols) + "-" + shape +
         "-" + hex(fnv1a(id)) + ".bin";
}

// The file: the magic line, the length of the header, the header
// (version, shape, goal, patterns and their table sizes), the header's
// checksum, the tables back to back, and their checksum. The header is
// checked before a table is read, so a stale file costs no table's read.
std::string PatternDatabases::header() const {
  std::string h;
  put(h, k_file_version);
  put(h, static_cast<std::int32_t>(m_rows));
  put(h, static_cast<std::int32_t>(m_cols));
  for (int v : m_goal) {
    put(h, static_cast<std::int32_t>(v));
  }
  put(h, static_cast<std::int32_t>(m_patterns.size()));
  for (const auto &pattern : m_patterns) {
    put(h, static_cast<std::int32_t>(pattern.size()));
    for (int t : pattern) {
      put(h, static_cast<std::int32_t>(t));
    }
    put(h, static_cast<std::uint64_t>(
               falling(m_rows * m_cols, static_cast<int>(pattern.size()))));
  }
  return h;
}

void PatternDatabases::write(std::ostream &out) const {
  std::string head = k_magic;
  const std::string h = header();
  put(head, static_cast<std::uint64_t>(h.size()));
  head += h;
  put(head, fnv1a(h));
  out.write(head.data(), static_cast<std::streamsize>(head.size()));
  std::uint64_t sum = k_fnv_basis;
  for (const auto &table : m_tables) {
    out.write(reinterpret_cast<const char *>(table.data()),
              static_cast<std::streamsize>(table.size()));
    sum = fnv1a_words(sum, table.data(), table.size());
  }
  out.write(reinterpret_cast<const char *>(&sum), sizeof sum);
}

std::optional<PatternDatabases>
PatternDatabases::read(std::istream &in, int rows, int cols,
                       const std::vector<int> &goal,
                       const std::vector<std::vector<int>> &patterns,
                       std::string &why) {
  const std::optional<std::string> h = read_header(in);
  std::uint32_t version = 0;
  std::size_t at = 0;
  if (!h) {
    why = "not a pattern database file, or corrupted (checksum)";
    return std::nullopt;
  }
  if (!get(*h, at, version) || version != k_file_version) {
    why = "written by another version";
    return std::nullopt;
  }
  PatternDatabases db;
  db.m_rows = rows;
  db.m_cols = cols;
  db.m_goal = goal;
  db.m_patterns = patterns;
  if (*h != db.header()) {
    why = "made for another board, goal or partition";
    return std::nullopt;
  }
  std::uint64_t sum = k_fnv_basis;
  for (const auto &pattern : patterns) {
    auto &table = db.m_tables.emplace_back(static_cast<std::size_t>(
        falling(rows * cols, static_cast<int>(pattern.size()))));
    in.read(reinterpret_cast<char *>(table.data()),
            static_cast<std::streamsize>(table.size()));
    if (static_cast<std::size_t>(in.gcount()) != table.size()) {
      why = "cut short";
      return std::nullopt;
    }
    sum = fnv1a_words(sum, table.data(), table.size());
  }
  const std::string tail = bytes(in, sizeof sum + 1);
  std::uint64_t check = 0;
  if (tail.size() != sizeof check || !get(tail, (at = 0), check) ||
      check != sum) {
    why = "corrupted (checksum)";
    return std::nullopt;
  }
  db.index_tiles();
  if (!db.check(why)) {
    return std::nullopt;
  }
  return db;
}

std::string pattern_cache_directory() {
  if (const char *dir = std::getenv("SATSLIDE_CACHE_DIR"); dir && *dir) {
    return dir;
  }
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/satslide";
  }
  if (const char *home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.cache/satslide";
  }
  return "";
}

namespace {

// The cache file of the board's databases under `dir` ("" if dir is).
std::string cache_file(const std::string &dir, int rows, int cols,
                       const std::vector<int> &goal,
                       const std::vector<std::vector<int>> &patterns) {
  return dir.empty() ? ""
                     : dir + "/" +
                           PatternDatabases::cache_key(rows, cols, goal,
                                                       patterns);
}

// The databases from `file` if it holds them; a file there that does not
// is complained of, with what follows (`then`); "" or a missing file:
// nullopt, silently.
std::optional<PatternDatabases>
read_cached(const std::string &file, int rows, int cols,
            const std::vector<int> &goal,
            const std::vector<std::vector<int>> &patterns,
            const CacheMessages &messages, const std::string &then) {
  if (file.empty()) {
    return std::nullopt;
  }
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (status.type() == std::filesystem::file_type::not_found) {
    return std::nullopt; // not built yet: silently
  }
  if (status.type() != std::filesystem::file_type::regular) {
    // A FIFO would block the open for ever; a directory is no table.
    messages.complain("pattern database cache " + file +
                      " is not a regular file: " + then);
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    messages.complain(
        "pattern database cache " + file + " cannot be read (" +
        std::error_code(errno, std::generic_category()).message() +
        "): " + then);
    return std::nullopt;
  }
  std::string why;
  if (auto db = PatternDatabases::read(in, rows, cols, goal, patterns, why)) {
    return db;
  }
  messages.complain("pattern database cache " + file + " is unusable (" +
                    why + "): " + then);
  return std::nullopt;
}

// The databases written to `file` in `dir`: aside and renamed, so that a
// concurrent run never reads half a file (and a crash leaves none); what
// fails is complained of (the tables are built again next time).
void save(const PatternDatabases &db, const std::string &dir,
          const std::string &file, const CacheMessages &messages) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(dir, error);
  // One name per process and thread (batch -j runs several at once).
  const std::string part =
      file + ".part" + std::to_string(::getpid()) + "-" +
      std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()));
  {
    std::ofstream out(part, std::ios::binary);
    db.write(out);
    out.close();
    if (!out) {
      const std::string why =
          std::error_code(errno, std::generic_category()).message();
      fs::remove(part, error);
      messages.complain("cannot write the pattern database cache in " + dir +
                        " (" + why + "; built again next time)");
      return;
    }
  }
  fs::rename(part, file, error);
  if (error) {
    messages.complain("cannot put the pattern database cache at " + file +
                      " (" + error.message() + "; built again next time)");
    fs::remove(part, error);
  }
}

} // namespace

std::optional<PatternDatabases>
cached_tables(int rows, int cols, const std::vector<int> &goal,
              const std::vector<std::vector<int>> &patterns,
              const CacheMessages &messages, const std::function<bool()> &stop,
              bool cached_only) {
  const std::string dir = pattern_cache_directory();
  const std::string file = cache_file(dir, rows, cols, goal, patterns);
  if (auto db = read_cached(file, rows, cols, goal, patterns, messages,
                            cached_only
                                ? "not used (built only where asked for)"
                                : "rebuilding it")) {
    return db;
  }
  if (cached_only) {
    return std::nullopt;
  }
  messages.say("building the pattern databases " +
               PatternDatabases::cache_key(rows, cols, goal, patterns) +
               (file.empty() ? std::string(" (no cache directory)")
                             : " once, cached in " + dir));
  const auto began = std::chrono::steady_clock::now();
  try {
    PatternDatabases db(rows, cols, goal, patterns, stop, 0, messages.note);
    if (!file.empty()) {
      save(db, dir, file, messages);
    }
    return db;
  } catch (const PatternDatabases::Stopped &) {
    const std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - began;
    std::ostringstream line;
    line.precision(1);
    line << std::fixed << "the pattern databases' build was stopped after "
         << took.count()
         << " s; nothing of it is kept: the next run that needs them builds "
            "them again";
    messages.say(line.str());
    throw;
  }
}

bool tables_cached(int rows, int cols, const std::vector<int> &goal,
                   const std::vector<std::vector<int>> &patterns) {
  const std::string file =
      cache_file(pattern_cache_directory(), rows, cols, goal, patterns);
  std::error_code error;
  return !file.empty() && std::filesystem::exists(file, error);
}

std::optional<PatternDatabases>
read_cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                              int max_tiles, const CacheMessages &messages) {
  return cached_tables(
      rows, cols, goal,
      PatternDatabases::partition(rows, cols, goal, max_tiles), messages, {},
      true);
}

bool pattern_databases_cached(int rows, int cols,
                              const std::vector<int> &goal, int max_tiles) {
  return tables_cached(
      rows, cols, goal,
      PatternDatabases::partition(rows, cols, goal, max_tiles));
}

PatternDatabases
cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                         const CacheMessages &messages,
                         const std::function<bool()> &stop, int max_tiles) {
  return std::move(*cached_tables(
      rows, cols, goal,
      PatternDatabases::partition(rows, cols, goal, max_tiles), messages,
      stop, false));
}

} // namespace satslide::search
