// Additive disjoint pattern databases for the R x C sliding-tile puzzle
// (Korf & Felner 2002): the tiles are split into disjoint patterns, and
// each pattern's table holds, for every placement of its tiles, the
// fewest moves *of those tiles* that bring them to their goal cells, the
// other tiles being indistinguishable and moving for free. Each move moves
// one tile, so it is counted by one pattern at most, and the sum over the
// patterns never exceeds the true distance: an admissible bound, far above
// Manhattan distance (which is the same sum with one-tile patterns). On a
// square board whose goal blank lies on the main diagonal the board
// transposed (tiles relabelled so the goal maps onto itself) is as far
// from the goal, so the larger of the two sums is a bound too.
//
// A table is built by breadth-first search from the goal in the space of
// (pattern tiles, blank) placements, where moving the blank into a
// non-pattern cell costs 0 and swapping it with a pattern tile costs 1;
// each placement of the tiles is stored at a perfect rank, one byte an
// entry (the search marks the placements with the blank, two bits each).
// Larger patterns than the family's choice are built on request (the
// 15-puzzle's 7-8: 0.6 GB of tables, a search of 1 GB, minutes on every
// core).
#pragma once

#include "satslide/search/huge_pages.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace satslide::search {

class PatternDatabases {
public:
  // The partition the family chooses for a board: one pattern of every
  // tile where its table fits (up to 3x3 and 2x5), else bands of goal
  // cells, each pattern at most as large as keeps a table's search under
  // 6e7 placements: the goal blank's row on its own and the other rows in
  // bands of columns (the 15-puzzle: 6-6-3; the 24-puzzle: 4-4-4-4-4-4),
  // or blocks spanning the board's short side where those need fewer
  // tables, or as many with larger ones (3x4 and 2x6: 6-5; 3x5: 6-6-2).
  // Tiles are numbered 1 .. RC-1; `goal` is row-major with 0 for the
  // blank.
  static std::vector<std::vector<int>>
  default_partition(int rows, int cols, const std::vector<int> &goal);
  // At most `max_tiles` tiles a pattern (0: default_partition): as few
  // patterns as that allows, each of max_tiles tiles but the last two,
  // which share the rest evenly, the larger nearer the goal blank (the
  // 24-puzzle with 7: 7-7-5-5), each a compact block of
  // goal cells (the board halved along its longer side, the halves again:
  // the 15-puzzle with 8 gives Korf & Felner's 7-8, the first seven tiles
  // and the rest; the 24-puzzle with 6 four blocks of about 2x3, their
  // 6-6-6-6 kind). Throws std::invalid_argument if max_tiles is out of
  // 0 .. 9 or the tables would be too large (more than 2.5e9 entries a
  // table, a search of more than 4.4e10 placements, or searches of more
  // than 1.4e11 together: search/pattern_limits.hpp).
  static std::vector<std::vector<int>>
  partition(int rows, int cols, const std::vector<int> &goal, int max_tiles);

  // Another partition, of blocks of 2x2 goal cells from the top left,
  // the cells an odd side leaves (the last column down, then the last
  // row leftwards) in runs of k_block_tiles: a partition that disagrees
  // with partition()'s, so that the max of the two bounds is stronger
  // than either (7x7: with the 4-tile partition's, RESULTS "Two
  // partitions for the beams"). Throws std::invalid_argument below 2x2
  // or past the tables' limits.
  static constexpr int k_block_tiles = 4;
  static std::vector<std::vector<int>>
  blocks_partition(int rows, int cols, const std::vector<int> &goal);

  // The entries of these patterns' tables together (a byte each).
  static double entries(int rows, int cols,
                        const std::vector<std::vector<int>> &patterns);
  // Throws std::invalid_argument, with the figures, if building these
  // patterns' tables would hold more than `memory_bytes` at its peak (the
  // tables, and the largest search's marks: the 24-puzzle's 7-7-5-5 about
  // 16.6 GB, 16.0 GB measured); 0 holds them against the machine's
  // physical memory. The build applies it before it allocates anything.
  static void check_memory(int rows, int cols,
                           const std::vector<std::vector<int>> &patterns,
                           double memory_bytes = 0);

  // Throws std::invalid_argument unless the patterns are disjoint sets of
  // 1 to 9 of the tiles 1 .. RC-1 whose tables fit the limits above (the
  // constructor's own check, before it allocates anything).
  static void check_patterns(int rows, int cols,
                             const std::vector<std::vector<int>> &patterns);

  // Thrown when the stop test ends a build.
  struct Stopped {};

  // Builds every pattern's table (about 3 s of one core for 6 tiles of 16
  // cells; a large table's layers are scanned on every core).
  // `goal` must hold 0 .. RC-1 once each; the patterns must be disjoint
  // sets of tiles (not every tile need be in one). Throws
  // std::invalid_argument otherwise or if a table would be too large, and
  // Stopped if `stop`, polled often, says so. `threads` scan each layer
  // (0: every core for a table of over 4M placements, else one).
  // `note`, if given, hears of each table built, with its seconds (the
  // 24-puzzle's 6-6-6-6 take minutes each), and, within a table's build,
  // of the distance reached and the share of its placements found, at
  // the end of a layer once `layer_note_seconds` have passed since the
  // build began or the last such line (the 15-puzzle's 8-tile table
  // takes minutes, in about 50 layers).
  PatternDatabases(int rows, int cols, std::vector<int> goal,
                   std::vector<std::vector<int>> patterns,
                   const std::function<bool()> &stop = {}, unsigned threads = 0,
                   const std::function<void(const std::string &)> &note = {},
                   double layer_note_seconds = 10);

  // The bound for a board (row-major, 0 the blank, same shape and tiles).
  int bound(const std::vector<int> &board) const;
  // The sum without the transposed board, for comparison.
  int sum(const std::vector<int> &board) const;
  // The sum over the transposed board (reflected() only).
  int transposed_sum(const std::vector<int> &board) const;
  bool reflected() const { return !m_transposed_tile.empty(); }

  // "additive pattern databases 6-6-3" (with ", max with transpose").
  std::string name() const;
  // The patterns' sizes, "6-6-3".
  std::string shape() const;

  int rows() const { return m_rows; }
  int cols() const { return m_cols; }
  const std::vector<int> &goal() const { return m_goal; }
  const std::vector<std::vector<int>> &patterns() const { return m_patterns; }

  // A pattern's table entry for one placement of its tiles (cells, in the
  // pattern's order), and the rank that indexes it: for incremental
  // searches that track each pattern's placement.
  int entry(int pattern, std::uint64_t rank) const {
    return m_tables[static_cast<std::size_t>(pattern)][rank];
  }
  // Where that entry lies: to prefetch it, and read it later.
  const std::uint8_t *entry_at(int pattern, std::uint64_t rank) const {
    return &m_tables[static_cast<std::size_t>(pattern)][rank];
  }
  // Mixed radix: each cell counted among the cells not used before it
  // (comparisons, not a popcount: without the popcnt instruction a library
  // call). Inline, and unrolled for the sizes the families use, since it
  // is IDA*'s inner loop.
  std::uint64_t rank(const int *cells, int count) const {
    switch (count) {
    case 4:
      return rank_of<4>(cells);
    case 5:
      return rank_of<5>(cells);
    case 6:
      return rank_of<6>(cells);
    case 7:
      return rank_of<7>(cells);
    case 8:
      return rank_of<8>(cells);
    default:
      return rank_of(cells, count);
    }
  }
  // The pattern a tile belongs to, -1 if none, and its index in it.
  int pattern_of(int tile) const { return m_pattern_of[tile]; }
  int index_in_pattern(int tile) const { return m_index_of[tile]; }
  // Where the transposition sends cell c and tile t; empty when the
  // bound does not use the transposed board.
  int transposed_cell(int c) const { return m_transposed_cell[c]; }
  int transposed_tile(int t) const { return m_transposed_tile[t]; }

  // Binary form, with a header naming the shape, goal, patterns and a
  // version, and a checksum over everything; read() returns nullopt with
  // the reason in `why` if the stream is not exactly such a file for the
  // same board, goal and patterns (stale, truncated or corrupted).
  void write(std::ostream &out) const;
  static std::optional<PatternDatabases>
  read(std::istream &in, int rows, int cols, const std::vector<int> &goal,
       const std::vector<std::vector<int>> &patterns, std::string &why);

  // Whether the tables pass the checks a table the build made always
  // passes (the goal's placement alone at 0; no entry above its tiles'
  // moves on a sample of random walks from the goal); the reason if not.
  // read() applies it, so that a file edited with its checksum recomputed
  // is refused rather than trusted.
  bool check(std::string &why) const;

  // A file name that differs whenever the tables would differ.
  std::string cache_key() const;
  static std::string cache_key(int rows, int cols, const std::vector<int> &goal,
                               const std::vector<std::vector<int>> &patterns);

private:
  PatternDatabases() = default;
  template <int Count> std::uint64_t rank_of(const int *cells) const {
    return rank_of(cells, Count);
  }
  std::uint64_t rank_of(const int *cells, int count) const {
    const auto n = static_cast<std::uint64_t>(m_rows * m_cols);
    std::uint64_t r = 0;
    for (int i = 0; i < count; ++i) {
      const int c = cells[i];
      int below = 0;
      for (int j = 0; j < i; ++j) {
        below += cells[j] < c ? 1 : 0;
      }
      r = r * (n - static_cast<std::uint64_t>(i)) +
          static_cast<std::uint64_t>(c - below);
    }
    return r;
  }
  void index_tiles();
  std::string header() const; // the file's header (write, read)
  // The rank of pattern p's placement when tile t is at cell at[t].
  std::uint64_t placement_rank(std::size_t p, const std::vector<int> &at) const;
  bool check_zeros(const std::vector<int> &goal_cell, std::string &why) const;
  bool check_walks(const std::vector<int> &goal_cell, std::string &why) const;
  void build_table(std::size_t p, const std::function<bool()> &stop,
                   unsigned threads,
                   const std::function<void(const std::string &)> &note,
                   double layer_note_seconds);

  int m_rows = 0, m_cols = 0;
  std::vector<int> m_goal;
  std::vector<std::vector<int>> m_patterns;
  std::vector<HugeTable> m_tables;
  std::vector<int> m_pattern_of, m_index_of; // by tile
  std::vector<int> m_transposed_cell, m_transposed_tile;
};

// Where the cache's messages go: `note` hears of the builds, `warn` of
// trouble the run survives (a file unusable, not written); with `warn`
// unset, `note` hears both.
struct CacheMessages {
  std::function<void(const std::string &)> note;
  std::function<void(const std::string &)> warn;

  void say(const std::string &text) const {
    if (note) {
      note(text);
    }
  }
  void complain(const std::string &text) const {
    if (warn) {
      warn(text);
    } else {
      say(text);
    }
  }
};

// The databases of `patterns` (any disjoint tiles, not only a partition's)
// from the cache directory, built and saved there if missing, stale or
// corrupted, unless `cached_only` (then nullopt). Throws
// PatternDatabases::Stopped if `stop` ends the build.
std::optional<PatternDatabases>
cached_tables(int rows, int cols, const std::vector<int> &goal,
              const std::vector<std::vector<int>> &patterns,
              const CacheMessages &messages,
              const std::function<bool()> &stop = {}, bool cached_only = false);

// Whether the cache holds a file for those tables (not read).
bool tables_cached(int rows, int cols, const std::vector<int> &goal,
                   const std::vector<std::vector<int>> &patterns);

// The databases for a board from the cache directory, built and saved
// there if missing, stale or corrupted (`messages` are told why and of
// the build). The directory is $SATSLIDE_CACHE_DIR, else
// $XDG_CACHE_HOME/satslide, else ~/.cache/satslide; an unwritable cache
// only costs the rebuild. Throws PatternDatabases::Stopped if `stop` ends
// the build. `max_tiles` chooses the partition as
// PatternDatabases::partition does.
PatternDatabases
cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                         const CacheMessages &messages,
                         const std::function<bool()> &stop = {},
                         int max_tiles = 0);

// The databases of at most `max_tiles` tiles a pattern from the cache
// only: nullopt if no file holds them (a bad file is complained of and
// left for cached_pattern_databases to rebuild).
std::optional<PatternDatabases>
read_cached_pattern_databases(int rows, int cols, const std::vector<int> &goal,
                              int max_tiles, const CacheMessages &messages);

// The directory cached_pattern_databases uses ("" if none can be named).
std::string pattern_cache_directory();

// Whether the cache holds a file for the board's databases (not read, so
// not checked: cached_pattern_databases still rebuilds a bad one).
bool pattern_databases_cached(int rows, int cols, const std::vector<int> &goal,
                              int max_tiles = 0);

} // namespace satslide::search
