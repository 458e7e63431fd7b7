// The rules between options, checked once every option is typed: what
// cannot be combined (--any with --min-horizon, an engine that searches
// positions with the textbook driver), what a subcommand needs (dimacs
// a horizon, decode its two files, split a depth and -o). One option's
// own range is in its row of the table (option_table.cpp). Internal to
// cli/.
#pragma once

#include "satslide/cli/options.hpp"

#include <string>

namespace satslide::cli {

// Throws UsageError naming the first rule broken.
void check_combinations(const Options &options);

// The one value with a shape of its own: --shard K/N (0 <= K < N), as
// SLURM array indices count; throws UsageError otherwise.
void parse_shard(const std::string &text, int &shard, int &shards);

// --partition's text, patterns separated by '/' and their tiles by ',':
// "1,2,5,6,7,12/3,4,8,9,13,14/...". Throws UsageError on anything else
// (which tiles a board has is the puzzle's check).
puzzles::Partition parse_partition(const std::string &text);

} // namespace satslide::cli
