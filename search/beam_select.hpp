// How a beam (beam.cpp) keeps a layer: of its successors, the first
// `want` a set of boards seen admits, in the order of least bound, ties
// by the board's hash turned and XORed by a salt. Without sorting them:
// bucketed by bound (a counting sort), a bucket whose boards all fit the
// width needs no order, and in the one where the width runs out only the
// share still wanted is split off by the salted hash (nth_element), again
// for as many as the set refused. Where the bounds spread over more
// values than there are successors, one bucket of them all instead (the
// buckets would outnumber them).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace satslide::search {

// How many items ahead a read that misses the caches is asked for: a
// hash's slot before its insert (Seen::prefetch), and in beam.cpp a kept
// board's parent before it is copied; about as many misses as a core
// keeps in flight.
constexpr std::size_t k_prefetch_ahead = 16;

// The order between boards of one bound: the hash turned by the salt's
// low six bits and XORed by the salt.
inline std::uint64_t salted(std::uint64_t hash, std::uint64_t salt) {
  return std::rotl(hash, static_cast<int>(salt & 63)) ^ salt;
}

// The buffers select_least reuses from one layer to the next.
template <class Item> struct SelectBuffers {
  std::vector<Item> sorted;
  std::vector<std::size_t> bucket_end;
};

// `items` into buf.sorted, bucketed by bound (buf.bucket_end: where each
// ends), or, where the bounds spread over more values than there are
// items, all in one bucket; the number of buckets.
template <class Item>
std::size_t bucket_by_bound(const std::vector<Item> &items,
                            SelectBuffers<Item> &buf) {
  const auto [least, most] = std::minmax_element(
      items.begin(), items.end(),
      [](const Item &a, const Item &b) { return a.bound < b.bound; });
  const int low = least->bound;
  const double spread = static_cast<double>(most->bound) - low + 1;
  std::vector<std::size_t> &end_of = buf.bucket_end;
  if (spread > static_cast<double>(items.size())) {
    buf.sorted.assign(items.begin(), items.end());
    end_of.assign(1, items.size());
    return 1;
  }
  const auto buckets = static_cast<std::size_t>(spread);
  end_of.assign(buckets + 1, 0);
  for (const Item &c : items) {
    ++end_of[static_cast<std::size_t>(c.bound - low) + 1];
  }
  for (std::size_t b = 1; b <= buckets; ++b) {
    end_of[b] += end_of[b - 1]; // where bucket b begins
  }
  buf.sorted.resize(items.size());
  for (const Item &c : items) {
    buf.sorted[end_of[static_cast<std::size_t>(c.bound - low)]++] = c;
  }
  return buckets;
}

// `items` (each with an int `bound` and a std::uint64_t `hash`) cut to the
// first `want` that `seen.insert(hash)` admits (true: not seen before; it
// is called once for each item looked at, and may remember it), in the
// order above; `seen.prefetch(hash)` is told of an insert to come. The
// items kept are in no particular order.
template <class Item, class Seen>
void select_least(std::vector<Item> &items, std::size_t want,
                  std::uint64_t salt, Seen &seen, SelectBuffers<Item> &buf) {
  if (items.empty()) {
    return;
  }
  const std::size_t buckets = bucket_by_bound(items, buf);
  std::vector<Item> &sorted = buf.sorted;
  const auto before = [salt](const Item &a, const Item &b) {
    return a.bound != b.bound ? a.bound < b.bound
                              : salted(a.hash, salt) < salted(b.hash, salt);
  };
  const auto at = [&sorted](std::size_t k) {
    return sorted.begin() + static_cast<std::ptrdiff_t>(k);
  };
  std::size_t kept = 0;
  for (std::size_t b = 0, from = 0; b < buckets && kept < want; ++b) {
    const std::size_t end = buf.bucket_end[b];
    while (from < end && kept < want) {
      const std::size_t take = std::min(end, from + (want - kept));
      if (take < end) {
        std::nth_element(at(from), at(take), at(end), before);
      }
      for (std::size_t k = from; k < take; ++k) {
        if (k + k_prefetch_ahead < take) {
          seen.prefetch(sorted[k + k_prefetch_ahead].hash);
        }
        if (seen.insert(sorted[k].hash)) { // drops the layer's repeats too
          items[kept++] = sorted[k];
        }
      }
      from = take;
    }
    from = end;
  }
  items.resize(kept);
}

} // namespace satslide::search
