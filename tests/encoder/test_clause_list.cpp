#include "satslide/encoder/constraints/clause_sink.hpp"

#include <doctest/doctest.h>

using namespace satslide;

TEST_SUITE("encoder::ClauseList") {

  TEST_CASE("keeps each clause as given, the empty clause included") {
    encoder::StoringSink sink;
    const std::vector<std::vector<int>> given{{1, -2}, {}, {3}, {-1, 2, -3}};
    for (const auto &clause : given) {
      sink.add_clause(clause);
    }
    const encoder::ClauseList &list = sink.clauses();
    REQUIRE(list.size() == given.size());
    std::size_t i = 0;
    for (std::span<const int> clause : list) {
      CHECK(std::vector<int>(clause.begin(), clause.end()) == given[i]);
      ++i;
    }
    CHECK(i == given.size());
    CHECK(list[1].empty());
    CHECK(list.same_as(given));
  }

  TEST_CASE("same_as tells a literal, a clause boundary or a clause apart") {
    encoder::ClauseList list;
    list.push_back(std::vector<int>{1, 2});
    list.push_back(std::vector<int>{3});
    CHECK(list.same_as({{1, 2}, {3}}));
    CHECK_FALSE(list.same_as({{1, 2}, {-3}}));
    CHECK_FALSE(list.same_as({{1}, {2, 3}})); // same literals, other split
    CHECK_FALSE(list.same_as({{1, 2}}));
    CHECK_FALSE(list.same_as({{1, 2}, {3}, {}}));
  }

  TEST_CASE("a copied clause counts like an added one") {
    encoder::StoringSink from;
    from.add_clause({4, -5});
    encoder::StoringSink to;
    for (std::span<const int> clause : from.clauses()) {
      to.copy_clause(clause);
    }
    CHECK(to.num_clauses() == 1);
    CHECK(to.clauses().same_as({{4, -5}}));
  }
}
