// The dual lookups' tables (one a tile: its pattern without it, for the
// goal with the blank on that tile's cell), where the dual's bound holds,
// and the bound from scratch.
#include "satslide/search/dual_tables.hpp"

#include "satslide/search/grid_cells.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

namespace satslide::search {

namespace {

// Each cell's region of the board outside `walls` (-1 on a wall).
std::vector<int> regions(int rows, int cols, const std::vector<char> &walls) {
  const int n = rows * cols;
  std::vector<int> region(n, -1);
  int next = 0;
  for (int c = 0; c < n; ++c) {
    if (walls[c] || region[c] >= 0) {
      continue;
    }
    std::vector<int> todo{c};
    region[c] = next;
    while (!todo.empty()) {
      const int at = todo.back();
      todo.pop_back();
      for (const int to : grid_neighbours(rows, cols, at)) {
        if (!walls[to] && region[to] < 0) {
          region[to] = next;
          todo.push_back(to);
        }
      }
    }
    ++next;
  }
  return region;
}

std::vector<int> goal_cells(const PatternDatabases &db) {
  std::vector<int> cell(db.goal().size());
  for (std::size_t c = 0; c < db.goal().size(); ++c) {
    cell[db.goal()[c]] = static_cast<int>(c);
  }
  return cell;
}

} // namespace

// Each cell's region outside pattern p's goal cells (-1 on them).
std::vector<int> pattern_regions(const PatternDatabases &db, std::size_t p,
                                 const std::vector<int> &cell) {
  std::vector<char> walls(db.goal().size(), 0);
  for (const int t : db.patterns()[p]) {
    walls[cell[t]] = 1;
  }
  return regions(db.rows(), db.cols(), walls);
}

std::vector<DualTables::Spec> DualTables::specs(const PatternDatabases &db) {
  const std::vector<int> cell = goal_cells(db);
  std::vector<Spec> out;
  for (const auto &pattern : db.patterns()) {
    if (pattern.size() < 2) {
      continue;
    }
    for (const int tile : pattern) {
      Spec s;
      s.tile = tile;
      s.goal = db.goal();
      std::swap(s.goal[cell[0]], s.goal[cell[tile]]);
      for (const int t : pattern) {
        if (t != tile) {
          s.pattern.push_back(t);
        }
      }
      out.push_back(std::move(s));
    }
  }
  // The regions a pattern walls off from the goal blank's: its table
  // again, the goal blank on the region's first cell.
  for (std::size_t p = 0; p < db.patterns().size(); ++p) {
    const std::vector<int> region = pattern_regions(db, p, cell);
    std::vector<char> seen(db.goal().size(), 0);
    seen[region[cell[0]]] = 1;
    for (std::size_t c = 0; c < region.size(); ++c) {
      if (region[c] >= 0 && !seen[region[c]]) {
        seen[region[c]] = 1;
        Spec s;
        s.pattern_index = static_cast<int>(p);
        s.region = region[c];
        s.goal = db.goal();
        std::swap(s.goal[cell[0]], s.goal[c]);
        s.pattern = db.patterns()[p];
        out.push_back(std::move(s));
      }
    }
  }
  return out;
}

void DualTables::index(const PatternDatabases &db,
                       const std::vector<Spec> &all) {
  const int n = db.rows() * db.cols();
  const std::vector<int> cell = goal_cells(db);
  m_key = db.cache_key();
  m_patterns = static_cast<int>(db.patterns().size());
  m_without.assign(n, -1);
  m_region.assign(static_cast<std::size_t>(n * m_patterns), -1);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Spec &s = all[i];
    if (s.region < 0) {
      m_without[s.tile] = static_cast<int>(i);
      continue;
    }
    const std::vector<int> region = pattern_regions(db, s.pattern_index, cell);
    for (int tile = 1; tile < n; ++tile) {
      if (region[cell[tile]] == s.region) {
        m_region[static_cast<std::size_t>(tile * m_patterns +
                                          s.pattern_index)] =
            static_cast<int>(i);
      }
    }
  }
}

DualTables::DualTables(const PatternDatabases &db) {
  const std::vector<Spec> all = specs(db);
  for (const Spec &s : all) {
    m_tables.push_back(std::make_shared<const PatternDatabases>(
        db.rows(), db.cols(), s.goal,
        std::vector<std::vector<int>>{s.pattern}));
  }
  index(db, all);
}

std::optional<DualTables> DualTables::load(const PatternDatabases &db,
                                           const CacheMessages &messages,
                                           const std::function<bool()> &stop,
                                           bool cached_only) {
  DualTables dual;
  const std::vector<Spec> all = specs(db);
  // One line for the build, not one a table: only warnings pass.
  const CacheMessages quiet{{}, [&](const std::string &text) {
                              messages.complain(text);
                            }};
  bool announced = false;
  const auto began = std::chrono::steady_clock::now();
  for (const Spec &s : all) {
    const std::vector<std::vector<int>> patterns{s.pattern};
    if (!cached_only && !announced &&
        !tables_cached(db.rows(), db.cols(), s.goal, patterns)) {
      messages.say("building the dual lookups' tables (" + dual.shape_of(all) +
                   ") once, cached in " + pattern_cache_directory());
      announced = true;
    }
    auto table = cached_tables(db.rows(), db.cols(), s.goal, patterns, quiet,
                               stop, cached_only);
    if (!table) {
      return std::nullopt;
    }
    dual.m_tables.push_back(
        std::make_shared<const PatternDatabases>(std::move(*table)));
  }
  if (announced) {
    const std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - began;
    std::ostringstream line;
    line.precision(1);
    line << std::fixed << "the dual lookups' tables built in " << took.count()
         << " s";
    messages.say(line.str());
  }
  dual.index(db, all);
  return dual;
}

std::string DualTables::shape_of(const std::vector<Spec> &all) {
  std::size_t largest = 0, regions = 0, region_tiles = 0;
  for (const Spec &s : all) {
    if (s.region < 0) {
      largest = std::max(largest, s.pattern.size());
    } else {
      ++regions;
      region_tiles = std::max(region_tiles, s.pattern.size());
    }
  }
  std::string text = std::to_string(all.size() - regions) +
                     " tables of up to " + std::to_string(largest) + " tiles";
  if (regions > 0) {
    text += " and " + std::to_string(regions) + " of up to " +
            std::to_string(region_tiles);
  }
  return text;
}

std::string DualTables::shape() const {
  std::vector<Spec> all(m_tables.size());
  for (std::size_t i = 0; i < m_tables.size(); ++i) {
    all[i].pattern = m_tables[i]->patterns()[0];
    all[i].region = 0;
  }
  for (const int i : m_without) {
    if (i >= 0) {
      all[static_cast<std::size_t>(i)].region = -1;
    }
  }
  return shape_of(all);
}

int dual_bound(const PatternDatabases &db, const DualTables &dual,
               const std::vector<int> &board) {
  const int n = db.rows() * db.cols();
  const std::vector<int> cell = goal_cells(db);
  const int blank = static_cast<int>(
      std::find(board.begin(), board.end(), 0) - board.begin());
  const int dual_blank = db.goal()[blank];
  // Where each tile stands in the dual: the goal cell of the tile the
  // board has on its own goal cell.
  std::vector<int> at(n, -1);
  for (int tile = 0; tile < n; ++tile) {
    if (tile != dual_blank) {
      at[tile] = cell[board[cell[tile]]];
    }
  }
  int sum = 0;
  for (std::size_t p = 0; p < db.patterns().size(); ++p) {
    std::vector<int> cells;
    for (const int t : db.patterns()[p]) {
      if (t != dual_blank) {
        cells.push_back(at[t]);
      }
    }
    const int count = static_cast<int>(cells.size());
    const PatternDatabases *table =
        count < static_cast<int>(db.patterns()[p].size())
            ? dual.without(dual_blank)
            : dual.region_table(dual_blank, static_cast<int>(p));
    if (count == static_cast<int>(db.patterns()[p].size()) && !table) {
      sum += db.entry(static_cast<int>(p), db.rank(cells.data(), count));
    } else if (table) {
      sum += table->entry(0, table->rank(cells.data(), count));
    }
  }
  if (dual_blank != 0) {
    sum += grid_distance(db.cols(), at[0], cell[0]);
  }
  return sum;
}

bool DualTables::cached(const PatternDatabases &db) {
  for (const Spec &s : specs(db)) {
    if (!tables_cached(db.rows(), db.cols(), s.goal, {s.pattern})) {
      return false;
    }
  }
  return true;
}

} // namespace satslide::search
