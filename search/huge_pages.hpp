// Memory for large tables on the kernel's 2 MiB pages where it offers
// them (Linux's transparent huge pages, asked for with madvise): a search
// reads its pattern tables at random, and on 4 KiB pages nearly every read
// of a 127 MB table misses the TLB as well as the cache, so the page walk
// doubles the wait. On 2 MiB pages the 510 MB of the 24-puzzle's 6-6-6-6
// tables need 255 TLB entries. Elsewhere, or for small blocks, plain
// memory: the hint changes the speed, never the contents.
#pragma once

#include <cstddef>
#include <vector>

namespace satslide::search {

// Blocks of at least this many bytes go on huge pages.
constexpr std::size_t k_huge_page = std::size_t{2} << 20;

void *allocate_huge(std::size_t bytes);
void free_huge(void *block, std::size_t bytes) noexcept;

template <class T> struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U> HugePageAllocator(const HugePageAllocator<U> &) noexcept {}
  T *allocate(std::size_t n) {
    return static_cast<T *>(allocate_huge(n * sizeof(T)));
  }
  void deallocate(T *block, std::size_t n) noexcept {
    free_huge(block, n * sizeof(T));
  }
  template <class U> bool operator==(const HugePageAllocator<U> &) const {
    return true;
  }
  template <class U> bool operator!=(const HugePageAllocator<U> &) const {
    return false;
  }
};

// The machine's physical memory in bytes (0 if the system will not say):
// what a table's build is held against before it allocates, and the
// solver's memory budget where no address-space limit is set.
double physical_memory_bytes();

// A pattern table: one byte an entry, on huge pages.
using HugeTable = std::vector<unsigned char, HugePageAllocator<unsigned char>>;

} // namespace satslide::search
