#include "satslide/cli/options.hpp"

#include "satslide/puzzles/board_parsing.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

namespace satslide::cli {

namespace {

// The instance as given: --board - and --file read.
puzzles::InstanceOptions instance_as_read(const Options &o) {
  puzzles::InstanceOptions instance = o.instance;
  if (instance.board == "-") { // the board from stdin
    instance.board.assign(std::istreambuf_iterator<char>(std::cin), {});
    if (instance.board.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw task::InputError("--board -: stdin is empty");
    }
  }
  if (o.file.empty()) {
    return instance;
  }
  if (o.file == "-") {
    instance.file_text.assign(std::istreambuf_iterator<char>(std::cin), {});
    if (instance.file_text.find_first_not_of(" \t\r\n") ==
        std::string::npos) {
      throw task::InputError("--file -: stdin is empty");
    }
    return instance;
  }
  std::ifstream in(o.file);
  if (!in || std::filesystem::is_directory(o.file)) {
    throw IoError("cannot read layout file '" + o.file + "'");
  }
  instance.file_text.assign(std::istreambuf_iterator<char>(in), {});
  if (in.bad()) {
    throw IoError("error while reading layout file '" + o.file + "'");
  }
  if (instance.file_text.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw task::InputError("layout file '" + o.file + "' is empty");
  }
  return instance;
}

} // namespace

puzzles::InstanceOptions read_instance(const Options &o) {
  puzzles::InstanceOptions instance = instance_as_read(o);
  puzzles::drop_byte_order_mark(instance.board);
  puzzles::drop_byte_order_mark(instance.file_text);
  return instance;
}

} // namespace satslide::cli
