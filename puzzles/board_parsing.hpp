// Reading the small text formats users type for boards.
#pragma once

#include <string>
#include <vector>

namespace satslide::puzzles {

// "[1,3,6,...]", "1,3,6,..." or "1 3 6 ..." -> {1, 3, 6, ...}.
// Throws InputError naming the first bad token.
std::vector<int> parse_int_list(const std::string &text,
                                const std::string &what);

// Parses a whole decimal number; throws InputError naming `what`.
int parse_int(const std::string &text, const std::string &what);

// The whitespace-separated fields of a line of a data file.
std::vector<std::string> split_fields(const std::string &text);

// True for a short run of decimal digits (a count, an id, an optimum).
bool is_whole_number(const std::string &text);

// A file named in a data file: `path` as given if it exists there (or is
// absolute, or `folder` is empty), else relative to `folder`.
std::string path_beside(const std::string &path, const std::string &folder);

// Drops the UTF-8 byte-order mark some editors start a file with: it is
// no part of the text (boards, layout files, batch files, plans).
void drop_byte_order_mark(std::string &text);

} // namespace satslide::puzzles
