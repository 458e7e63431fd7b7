#include "satslide/search/huge_pages.hpp"

#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <unistd.h>

namespace satslide::search {

namespace {

std::size_t rounded(std::size_t bytes) {
  return (bytes + k_huge_page - 1) / k_huge_page * k_huge_page;
}

} // namespace

void *allocate_huge(std::size_t bytes) {
  if (bytes < k_huge_page) {
    return ::operator new(bytes);
  }
  const std::size_t size = rounded(bytes);
  void *block = std::aligned_alloc(k_huge_page, size);
  if (block == nullptr) {
    throw std::bad_alloc();
  }
#if defined(MADV_HUGEPAGE)
  // Before the first write, so the pages are huge from the start; refused
  // (an old kernel, huge pages off) it leaves ordinary pages.
  madvise(block, size, MADV_HUGEPAGE);
#endif
  return block;
}

void free_huge(void *block, std::size_t bytes) noexcept {
  if (bytes < k_huge_page) {
    ::operator delete(block);
  } else {
    std::free(block);
  }
}

double physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0
             ? static_cast<double>(pages) * static_cast<double>(page)
             : 0;
}

} // namespace satslide::search
