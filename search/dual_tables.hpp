// Dual lookups (Felner, Zahavi, Schaeffer & Holte 2005) in the sliding-
// tile puzzle's additive pattern databases: a second, inconsistent bound
// from the same tables, which IDA* propagates with bidirectional pathmax.
//
// Relabel a position s so that the goal is the identity on cells: cell v
// holds the goal cell of its tile. The inverse permutation, the dual, is
// as far from the goal: a plan's moves, as swaps of cells, taken in
// reverse order solve it. As a board of tiles: for every cell v, the tile
// whose goal is v stands on the goal cell of the tile s has on v. The
// dual's blank is the tile whose goal is s's blank cell b; it stands on
// the goal blank's cell z, and its own goal is b. Tile 0 (the goal
// blank's label) is an ordinary tile of the dual, at home on z.
//
// So the dual is solved toward the goal with its blank on b instead of z,
// and the dual's bound is the tables' sum over it, with two changes: the
// pattern holding the dual's blank tile is looked up without that tile,
// in a table built for the goal with the blank on that tile's cell (one
// table a tile: this class), and tile 0 counts its Manhattan distance.
// The other patterns' tables were built for the blank on z; they hold for
// a goal blank on b where b and z lie in one region of the board outside
// the pattern's goal cells. Where a pattern's goal cells wall regions off
// (the 24-puzzle's first 2x3 block walls in the blank's corner), this
// class holds the pattern's table once more for each region without z,
// built with the goal blank in it.
#pragma once

#include "satslide/search/pattern_databases.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace satslide::search {

class DualTables {
public:
  // Built here, no cache (tests, small boards).
  explicit DualTables(const PatternDatabases &db);
  // From the cache, each table built and saved if missing; cached_only:
  // nullopt if any is missing. `messages` hear one line for the build.
  // Throws PatternDatabases::Stopped if `stop` ends a build.
  static std::optional<DualTables>
  load(const PatternDatabases &db, const CacheMessages &messages,
       const std::function<bool()> &stop = {}, bool cached_only = false);

  // Tile's pattern without it, its goal blank on tile's goal cell
  // (nullptr: a pattern of that tile alone, or of none).
  const PatternDatabases *without(int tile) const {
    const int t = m_without[tile];
    return t >= 0 ? m_tables[t].get() : nullptr;
  }
  // Pattern p's table (pattern 0 of the one returned) for the dual whose
  // blank is `tile`, p not holding it: nullptr where the databases' own
  // table p holds (the tile's goal cell in the goal blank's region).
  const PatternDatabases *region_table(int tile, int p) const {
    const int t = m_region[static_cast<std::size_t>(tile * m_patterns + p)];
    return t >= 0 ? m_tables[t].get() : nullptr;
  }
  // The databases' cache key these tables belong to.
  const std::string &databases_key() const { return m_key; }
  // "24 tables of up to 5 tiles and 1 of 6"
  std::string shape() const;
  // Whether every table for `db` is in the cache (not read).
  static bool cached(const PatternDatabases &db);

private:
  DualTables() = default;
  // A table to build: a pattern, the goal it is built for, and where it
  // is used: as tile's pattern without it (region -1), or as pattern
  // `pattern_index` for the dual blanks in region `region` of its walls.
  struct Spec {
    int tile = -1, pattern_index = -1, region = -1;
    std::vector<int> goal;
    std::vector<int> pattern;
  };
  static std::vector<Spec> specs(const PatternDatabases &db);
  static std::string shape_of(const std::vector<Spec> &all);
  // m_without and m_region from the specs, the tables in their order.
  void index(const PatternDatabases &db, const std::vector<Spec> &all);

  std::vector<std::shared_ptr<const PatternDatabases>> m_tables;
  std::vector<int> m_without; // by tile: m_tables' index, -1 none
  std::vector<int> m_region;  // by tile and pattern: index, -1 the db's
  int m_patterns = 0;
  std::string m_key;
};

// The dual's bound on `board` (row-major, 0 the blank), from scratch.
int dual_bound(const PatternDatabases &db, const DualTables &dual,
               const std::vector<int> &board);

} // namespace satslide::search
