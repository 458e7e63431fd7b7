#include "cli/json_writer.hpp"

#include <doctest/doctest.h>

using satslide::cli::JsonWriter;

TEST_SUITE("cli::JsonWriter") {
  TEST_CASE("commas, nesting and escapes") {
    JsonWriter j;
    j.begin_object()
        .field("a", 1)
        .field("s", "x\"y\n")
        .key("list")
        .begin_array()
        .value(true)
        .null()
        .begin_object()
        .end_object()
        .end_array()
        .end_object();
    CHECK(j.str() == R"({"a":1,"s":"x\"y\n","list":[true,null,{}]})");
  }
}
