#include "satslide/verify/drat_reader.hpp"

#include <charconv>
#include <climits>
#include <cstdlib>
#include <iterator>

namespace satslide::verify {

std::span<const int> Proof::clause(std::size_t i) const {
  const int64_t begin = items[i].start;
  int64_t end = begin;
  while (literals[end] != 0) {
    ++end;
  }
  return {literals.data() + begin, static_cast<std::size_t>(end - begin)};
}

long Proof::lemmas() const {
  long n = 0;
  for (const Item &item : items) {
    n += item.deletion ? 0 : 1;
  }
  return n;
}

namespace {

bool text_byte(unsigned char c) {
  return c == '\t' || c == '\n' || c == '\r' || (c >= 32 && c <= 126);
}

std::string item_name(const std::string &name, std::size_t item) {
  return name + " item " + std::to_string(item + 1);
}

void check_literal(long lit, int vars, const std::string &where) {
  if (lit == 0 || std::labs(lit) > vars) {
    throw Refused(where + ": literal " + std::to_string(lit) +
                  " beyond the formula's " + std::to_string(vars) +
                  " variables");
  }
}

void read_binary(const std::string &bytes, const std::string &name, int vars,
                 Proof &proof) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::string where = item_name(name, proof.items.size());
    const unsigned char kind = bytes[i++];
    if (kind != 'a' && kind != 'd') {
      throw Refused(where + ": begins with byte " + std::to_string(kind) +
                    ", neither 'a' nor 'd'");
    }
    proof.items.push_back(
        {static_cast<int64_t>(proof.literals.size()), kind == 'd'});
    while (true) {
      uint64_t u = 0;
      int shift = 0;
      unsigned char byte = 0;
      do {
        if (i == bytes.size()) {
          throw Refused(where + ": the proof ends inside it (truncated?)");
        }
        byte = bytes[i++];
        if (shift > 35) {
          throw Refused(where + ": a literal too large");
        }
        u |= static_cast<uint64_t>(byte & 0x7f) << shift;
        shift += 7;
      } while (byte & 0x80);
      if (u == 0) {
        break;
      }
      const long lit = (u & 1) ? -static_cast<long>(u >> 1)
                               : static_cast<long>(u >> 1);
      check_literal(lit, vars, where);
      proof.literals.push_back(static_cast<int>(lit));
    }
    proof.literals.push_back(0);
  }
}

void read_text(const std::string &bytes, const std::string &name, int vars,
               Proof &proof) {
  const char *p = bytes.data(), *end = bytes.data() + bytes.size();
  bool open = false;
  while (p < end) {
    const char c = *p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++p;
      continue;
    }
    const std::string where = item_name(name, proof.items.size() - (open ? 1 : 0));
    if (c == 'c' && !open) { // a comment to the end of the line
      while (p < end && *p != '\n') {
        ++p;
      }
      continue;
    }
    if (c == 'd' && !open) {
      proof.items.push_back({static_cast<int64_t>(proof.literals.size()), true});
      open = true;
      ++p;
      continue;
    }
    long lit = 0;
    const auto [next, error] = std::from_chars(p, end, lit);
    if (error != std::errc()) {
      throw Refused(where + ": not a literal");
    }
    p = next;
    if (!open) {
      proof.items.push_back({static_cast<int64_t>(proof.literals.size()), false});
      open = true;
    }
    if (lit == 0) {
      proof.literals.push_back(0);
      open = false;
      continue;
    }
    check_literal(lit, vars, where);
    proof.literals.push_back(static_cast<int>(lit));
  }
  if (open) {
    throw Refused(item_name(name, proof.items.size() - 1) +
                  ": the proof ends inside it (truncated?)");
  }
}

} // namespace

Proof read_drat(std::istream &in, const std::string &name, int vars) {
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  Proof proof;
  const std::size_t look = std::min<std::size_t>(bytes.size(), 1024);
  for (std::size_t i = 0; i < look && !proof.binary; ++i) {
    proof.binary = !text_byte(static_cast<unsigned char>(bytes[i]));
  }
  if (proof.binary) {
    read_binary(bytes, name, vars, proof);
  } else {
    read_text(bytes, name, vars, proof);
  }
  return proof;
}

} // namespace satslide::verify
