// The pattern tables' memory: blocks of a huge page or more start on a
// huge-page boundary (so the kernel can back them with 2 MiB pages),
// smaller ones are ordinary; either way a table holds what is written.
#include "satslide/search/huge_pages.hpp"

#include <doctest/doctest.h>

#include <cstdint>

using satslide::search::HugeTable;
using satslide::search::k_huge_page;

namespace {

bool on_boundary(const void *block) {
  return reinterpret_cast<std::uintptr_t>(block) % k_huge_page == 0;
}

// Each entry written and read back, the table copied.
void check_contents(HugeTable &table) {
  long unlike = 0; // entries not holding the value the table was made with
  for (std::size_t i = 0; i < table.size(); ++i) {
    unlike += table[i] != 7 ? 1 : 0;
    table[i] = static_cast<unsigned char>(i % 251);
  }
  CHECK_EQ(unlike, 0);
  const HugeTable copy = table;
  REQUIRE_EQ(copy.size(), table.size());
  long differ = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    differ += copy[i] != static_cast<unsigned char>(i % 251) ? 1 : 0;
  }
  CHECK_EQ(differ, 0);
}

} // namespace

TEST_CASE("a table of a huge page and a half starts on a huge-page "
          "boundary and keeps its entries") {
  HugeTable table(k_huge_page + k_huge_page / 2, 7);
  CHECK(on_boundary(table.data()));
  check_contents(table);
}

TEST_CASE("a small table is ordinary memory and keeps its entries") {
  HugeTable table(1000, 7);
  check_contents(table);
}
