#pragma once
// How a regression test asserts a value the harness observed: EXPECT_EQ, EXPECT_STREQ,
// EXPECT_TRUE/FALSE, EXPECT_FLOAT_EQ/DOUBLE_EQ, std::isnan; and which values can be asserted.

#include <string>

#include "core/api.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::writer {

/// Bit-exact equality of two observed values (NaN equals the same NaN).
bool same_value(const harness::protocol::Value& a, const harness::protocol::Value& b);

/// Primitive and string values of a non-pointer (or C string) result can be asserted.
bool assertable(const harness::protocol::Value& v, const api::TypeRef& type);

/// The GoogleTest line asserting that `expr` (of `type`) equals `v`; `api` names enumerators.
std::string value_assertion(const std::string& expr, const api::TypeRef& type, const harness::protocol::Value& v,
                            const api::Api* api);

}  // namespace palus::writer
