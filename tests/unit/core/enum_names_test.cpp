// core/enum_names.hpp: an enumerator's name from its table.

#include "core/enum_names.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace palus {
namespace {

enum class Colour : std::uint8_t { red, green, blue };

std::string_view name_of(Colour c) { return enum_name<Colour::blue>(c, {"red", "green", "blue"}); }

TEST(EnumNames, EachEnumeratorHasItsName) {
  EXPECT_EQ(name_of(Colour::red), "red");
  EXPECT_EQ(name_of(Colour::green), "green");
  EXPECT_EQ(name_of(Colour::blue), "blue");
}

TEST(EnumNames, AValueOutsideTheEnumIsUnknown) {
  EXPECT_EQ(name_of(static_cast<Colour>(3)), "unknown");
  EXPECT_EQ(name_of(static_cast<Colour>(255)), "unknown");
}

TEST(EnumNames, UsableWhereAConstantIsNeeded) {
  static_assert(enum_name<Colour::blue>(Colour::green, {"red", "green", "blue"}) == "green");
}

}  // namespace
}  // namespace palus
