#include "core/api_rules.hpp"

#include <gtest/gtest.h>

namespace palus::api {
namespace {

TypeRef record(const std::string& base, Passing passing) { return {base, base, passing, TypeCategory::record}; }

Class move_only() {
  Class c;
  c.name = "ns::Handle";
  c.traits.move_constructible = true;
  return c;
}

Class copyable() {
  Class c = move_only();
  c.traits.copy_constructible = true;
  return c;
}

TEST(ApiRulesTest, RvalueReferencesUniquePointersAndMoveOnlyClassesByValueAreMovedFrom) {
  const Class handle = move_only(), plain = copyable();
  EXPECT_TRUE(moves_from(record("ns::Widget", Passing::rvalue_ref), nullptr));
  EXPECT_TRUE(moves_from(record("std::unique_ptr<ns::Widget>", Passing::value), nullptr));
  EXPECT_TRUE(moves_from(record("ns::Handle", Passing::value), &handle));
  EXPECT_FALSE(moves_from(record("ns::Handle", Passing::value), &plain));
  EXPECT_FALSE(moves_from(record("std::shared_ptr<ns::Widget>", Passing::value), nullptr));
  EXPECT_FALSE(moves_from(record("ns::Handle", Passing::ref), &handle));
  EXPECT_FALSE(moves_from(record("std::unique_ptr<ns::Widget>", Passing::const_ref), nullptr));
}

TEST(ApiRulesTest, NonConstReferencesPointersAndMovesMayChangeTheObject) {
  const Class handle = move_only(), plain = copyable();
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::ref), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::pointer), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::rvalue_ref), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::value), &handle));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::value), &plain));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::const_ref), &plain));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::const_pointer), &plain));
}

}  // namespace
}  // namespace palus::api
