#pragma once
// Exact C++ literals for the values of a sequence (DESIGN §9): an argument spelt so that it has
// the parameter's own type (overload resolution picks the callable the harness called), a result
// spelt so that comparing it with the library's value is exact and free of sign warnings.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/api.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::writer {

/// Where a literal goes: into a call (it must have exactly the parameter's type) or into an
/// assertion next to a result (it must compare equal without conversion surprises).
enum class LiteralUse { argument, comparison };

/// "42", "-7", "(-2147483647 - 1)", "-9223372036854775807LL", "(-9223372036854775807LL - 1)":
/// a literal of type int when `value` fits, else long long.
std::string integer_literal(std::int64_t value);

/// "42u", "4294967296ull": unsigned int when `value` fits, else unsigned long long.
std::string unsigned_literal(std::uint64_t value);

/// The shortest decimal that reads back as exactly `value`, always with a '.' or an exponent so
/// that it is a double: "0.1", "1.0", "-0.0", "1e+300", "std::numeric_limits<double>::quiet_NaN()",
/// "-std::numeric_limits<double>::infinity()".
std::string double_literal(double value);

/// As double_literal for a float: "0.1f", "1.0f", "std::numeric_limits<float>::infinity()".
std::string float_literal(float value);

/// 'a', '\'', '\n', '\0', '\x7f': a char literal with the value `value` (taken modulo 256).
std::string char_literal(std::int64_t value);

/// `bytes` as one quoted literal: "a\"b\\c\n". Bytes outside printable ASCII become three-digit
/// octal escapes ("\001", "\000", "\377"), which never take in a digit that follows them.
std::string string_literal(std::string_view bytes);

/// An expression of string type `type` holding exactly `bytes`: std::string("abc"), or with its
/// length when it holds a NUL: std::string("a\000b", 3).
std::string string_expression(std::string_view bytes, std::string_view type = "std::string");

/// What a C string argument holding `bytes` sees: the quoted bytes before the first NUL.
std::string c_string_literal(std::string_view bytes);

/// The C++ text for literal input `input` passed as a parameter of type `type` (scalar, enum,
/// string or C string; `use` says where it goes), exactly as the harness would convert it: the
/// value is first cast to the parameter's type (static_cast, as harness::Call::scalar does).
/// Enumerators are named when `api` lists one with that value (ns::Color::red), else
/// static_cast<ns::Color>(3). A null_pointer input is "nullptr". `api` may be null.
std::string input_literal(const harness::protocol::Input& input, const api::TypeRef& type, LiteralUse use,
                          const api::Api* api);

/// The same for a reported result or observation value of type `type`.
std::string value_literal(const harness::protocol::Value& value, const api::TypeRef& type, LiteralUse use,
                          const api::Api* api);

/// True when `value` is a NaN floating value (asserted with std::isnan, not by equality).
bool is_nan(const harness::protocol::Value& value);

/// True when `type` names float (EXPECT_FLOAT_EQ), as opposed to double or long double.
bool is_float(const api::TypeRef& type);

/// True for long double and unknown floating aliases, whose values the harness reports rounded
/// to double (asserted as static_cast<double>(...)).
bool is_wide_floating(const api::TypeRef& type);

}  // namespace palus::writer
