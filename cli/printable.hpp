// Text from the user (a board, a layout's name, a file's line) echoed back
// in a message, a title or a picture: made harmless for a terminal and
// for XML, and cut to a readable length.
#pragma once

#include <cstddef>
#include <string>

namespace satslide::cli {

// Control characters (terminal escape sequences among them), DEL and bytes
// that are not UTF-8 become "\xNN"; a text longer than `max_bytes` is cut
// there (at a character's start) and ends "... (N more bytes)". Valid
// UTF-8 characters pass unchanged; so does '\n' if `keep_newlines`.
std::string printable(const std::string &text, std::size_t max_bytes = 400,
                      bool keep_newlines = false);

} // namespace satslide::cli
