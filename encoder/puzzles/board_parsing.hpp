// Reading the small text formats users type for boards.
#pragma once

#include <string>
#include <vector>

namespace satslide::encoder {

// "[1,3,6,...]", "1,3,6,..." or "1 3 6 ..." -> {1, 3, 6, ...}.
// Throws InputError naming the first bad token.
std::vector<int> parse_int_list(const std::string &text,
                                const std::string &what);

// Parses a whole decimal number; throws InputError naming `what`.
int parse_int(const std::string &text, const std::string &what);

// Drops the UTF-8 byte-order mark some editors start a file with: it is
// no part of the text (boards, layout files, batch files, plans).
void drop_byte_order_mark(std::string &text);

} // namespace satslide::encoder
