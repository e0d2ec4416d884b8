// core/text.hpp: the one trim and join of the tree.

#include "core/text.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace palus::text {
namespace {

TEST(Trim, RemovesAsciiWhiteSpaceAtBothEndsOnly) {
  EXPECT_EQ("a b", trim("  a b \t\r\n"));
  EXPECT_EQ("a", trim("\n\v\fa"));
  EXPECT_EQ("", trim(" \t "));
  EXPECT_EQ("", trim(""));
  EXPECT_EQ("x  y", trim("x  y"));
  static_assert(trim(" k ") == "k");
}

TEST(Join, SeparatesItemsOfAnyRange) {
  EXPECT_EQ("a, b, c", join(std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ("x | y", join(std::array<std::string_view, 2>{"x", "y"}, " | "));
  EXPECT_EQ("a b", join(std::set<std::string>{"b", "a"}, " "));
  EXPECT_EQ("one", join(std::vector<std::string>{"one"}));
  EXPECT_EQ("", join(std::vector<std::string>{}));
  EXPECT_EQ("1+2", join(std::vector<int>{1, 2}, "+"));
}

TEST(IdentifierChar, LettersDigitsAndUnderscoreOnly) {
  for (char c : std::string("azAZ09_")) EXPECT_TRUE(is_identifier_char(c)) << c;
  for (char c : std::string(" :(<*-.\"")) EXPECT_FALSE(is_identifier_char(c)) << c;
  EXPECT_FALSE(is_identifier_char('\xe9'));
}

}  // namespace
}  // namespace palus::text
