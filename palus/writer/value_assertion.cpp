#include "palus/writer/value_assertion.hpp"

#include <cmath>
#include <cstring>

#include "core/api_rules.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "palus/writer/identifiers.hpp"
#include "palus/writer/literal.hpp"

namespace palus::writer {

using api::TypeCategory;
using harness::protocol::Value;
using harness::protocol::ValueKind;

bool same_value(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ValueKind::floating:
      return std::memcmp(&a.d, &b.d, sizeof a.d) == 0;
    case ValueKind::unsigned_integer:
      return a.u == b.u;
    case ValueKind::string:
    case ValueKind::object:
      return a.s == b.s;
    default:
      return a.i == b.i;
  }
}

bool assertable(const Value& v, const api::TypeRef& type) {
  if (v.kind == ValueKind::object) return false;
  if (type.category == TypeCategory::cstring) return v.kind == ValueKind::string || v.kind == ValueKind::none;
  if (v.kind == ValueKind::none || api::is_pointer(type.passing)) return false;
  return harness::is_value(type.category);
}

std::string value_assertion(const std::string& expr, const api::TypeRef& type, const Value& v, const api::Api* api) {
  const std::string e = macro_safe(expr);
  auto literal = [&] { return macro_safe(value_literal(v, type, LiteralUse::comparison, api)); };
  if (type.category == TypeCategory::cstring) {
    return v.kind == ValueKind::none ? "EXPECT_EQ(" + e + ", nullptr);" : "EXPECT_STREQ(" + e + ", " + literal() + ");";
  }
  if (v.kind == ValueKind::boolean || type.category == TypeCategory::boolean) {
    return (v.i != 0 ? "EXPECT_TRUE(" : "EXPECT_FALSE(") + e + ");";
  }
  if (type.category == TypeCategory::floating) {
    if (is_nan(v)) return "EXPECT_TRUE(std::isnan(" + expr + "));";
    const std::string wide = is_wide_floating(type) ? "static_cast<double>(" + expr + ")" : e;
    if (std::isinf(v.d)) return "EXPECT_EQ(" + wide + ", " + literal() + ");";
    if (is_float(type)) return "EXPECT_FLOAT_EQ(" + e + ", " + literal() + ");";
    return "EXPECT_DOUBLE_EQ(" + wide + ", " + literal() + ");";
  }
  return "EXPECT_EQ(" + e + ", " + literal() + ");";
}

}  // namespace palus::writer
