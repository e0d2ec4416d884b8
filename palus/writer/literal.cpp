#include "palus/writer/literal.hpp"

#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include "palus/generation/scalar_type.hpp"

namespace palus::writer {
namespace {

using harness::protocol::Input;
using harness::protocol::InputKind;
using harness::protocol::Value;
using harness::protocol::ValueKind;

/// A scalar as the harness holds it before converting it to the parameter's type.
struct Number {
  enum class Kind { signed_integer, unsigned_integer, floating } kind = Kind::signed_integer;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;

  std::int64_t as_signed() const {
    switch (kind) {
      case Kind::signed_integer:
        return i;
      case Kind::unsigned_integer:
        return static_cast<std::int64_t>(u);
      case Kind::floating:
        return truncated(d);
    }
    return 0;
  }
  double as_double() const {
    switch (kind) {
      case Kind::signed_integer:
        return static_cast<double>(i);
      case Kind::unsigned_integer:
        return static_cast<double>(u);
      case Kind::floating:
        return d;
    }
    return 0;
  }
  bool as_bool() const { return kind == Kind::floating ? d != 0 : as_signed() != 0; }

 private:
  /// The harness's static_cast of an out-of-range double is undefined; clamp instead of trapping.
  static std::int64_t truncated(double v) {
    if (std::isnan(v)) return 0;
    if (v <= -9.2233720368547758e18) return INT64_MIN;
    if (v >= 9.2233720368547758e18) return INT64_MAX;
    return static_cast<std::int64_t>(v);
  }
};

/// The number an Input or a Value holds: they share their fields' names (i, u, d).
template <typename Source, typename SourceKind>
Number number_from(const Source& source, SourceKind unsigned_kind, SourceKind floating_kind) {
  Number n;
  if (source.kind == unsigned_kind) {
    n.kind = Number::Kind::unsigned_integer;
    n.u = source.u;
  } else if (source.kind == floating_kind) {
    n.kind = Number::Kind::floating;
    n.d = source.d;
  } else {
    n.i = source.i;
  }
  return n;
}

Number number_of(const Input& in) { return number_from(in, InputKind::unsigned_integer, InputKind::floating); }

Number number_of(const Value& v) { return number_from(v, ValueKind::unsigned_integer, ValueKind::floating); }

/// "long int" -> "long", "unsigned" -> "unsigned int": one spelling per fundamental type;
/// anything else (typedefs, "std::size_t") as it is.
std::string normalised(const std::string& base) {
  static const std::set<std::string> kWords = {"unsigned", "signed",   "short",   "long", "int",
                                               "char",     "double",   "float",   "bool", "wchar_t",
                                               "char8_t",  "char16_t", "char32_t"};
  std::map<std::string, int> count;
  std::size_t start = 0;
  while (start < base.size()) {
    std::size_t end = base.find(' ', start);
    if (end == std::string::npos) end = base.size();
    std::string word = base.substr(start, end - start);
    if (!word.empty() && !kWords.count(word)) return base;
    if (!word.empty()) ++count[word];
    start = end + 1;
  }
  const bool is_unsigned = count.count("unsigned") > 0;
  const std::string sign = is_unsigned ? "unsigned " : "";
  if (count.count("char")) return is_unsigned ? "unsigned char" : count.count("signed") ? "signed char" : "char";
  if (count.count("short")) return sign + "short";
  if (count["long"] == 2) return sign + "long long";
  if (count["long"] == 1) return count.count("double") ? "long double" : sign + "long";
  for (const char* whole : {"double", "float", "bool", "wchar_t", "char8_t", "char16_t", "char32_t"}) {
    if (count.count(whole)) return whole;
  }
  return sign + "int";
}

/// The suffix that makes a decimal literal have exactly this fundamental type; nullptr when no
/// suffix does (short, the char types, typedefs).
const char* exact_suffix(const std::string& fundamental) {
  if (fundamental == "int") return "";
  if (fundamental == "long") return "L";
  if (fundamental == "long long") return "LL";
  if (fundamental == "unsigned int") return "u";
  if (fundamental == "unsigned long") return "ul";
  if (fundamental == "unsigned long long") return "ull";
  return nullptr;
}

bool is_standard_alias(const std::string& base) {
  std::string name = base.rfind("std::", 0) == 0 ? base.substr(5) : base;
  return name.size() > 2 && name.compare(name.size() - 2, 2, "_t") == 0;
}

std::string decimal(std::int64_t v) { return std::to_string(v); }

std::string limits(const std::string& type, const char* which) {
  return "std::numeric_limits<" + type + ">::" + which + "()";
}

/// Shortest round-trip text of a finite value, with ".0" added when it would read as an integer.
template <typename F>
std::string shortest(F value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, ec == std::errc() ? end : buffer);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

template <typename F>
std::string special_floating(F value, const std::string& type) {
  if (std::isnan(value)) return limits(type, "quiet_NaN");
  if (std::isinf(value)) return (value < 0 ? "-" : "") + limits(type, "infinity");
  return {};
}

std::string long_double_literal(double value) {
  if (std::string special = special_floating(value, "long double"); !special.empty()) return special;
  std::string text = shortest(value);
  // The decimal that is exact for a double may be rounded differently as a long double.
  if (std::strtold(text.c_str(), nullptr) == static_cast<long double>(value)) return text + "L";
  return "static_cast<long double>(" + text + ")";
}

bool printable(std::int64_t c) { return c >= 0x20 && c < 0x7f; }

/// Integers and characters of type `base` (api category integer or character).
std::string integral_literal(const Number& n, const std::string& base, LiteralUse use) {
  const std::string fundamental = normalised(base);
  if (fundamental == "char") return char_literal(n.as_signed());
  const generation::ScalarType t = generation::scalar_type(base);
  if (!t.known) {  // an alias we cannot see through: the harness cast to it, so do we
    std::string text =
        n.kind == Number::Kind::unsigned_integer ? unsigned_literal(n.u) : integer_literal(n.as_signed());
    return use == LiteralUse::argument ? "static_cast<" + base + ">(" + text + ")" : text;
  }
  // static_cast to a known width: keep the low bits, then sign-extend or not.
  std::uint64_t bits = static_cast<std::uint64_t>(n.as_signed());
  if (n.kind == Number::Kind::unsigned_integer) bits = n.u;
  if (t.bits < 64) bits &= (std::uint64_t{1} << t.bits) - 1;
  std::int64_t s = static_cast<std::int64_t>(bits);
  if (t.is_signed && t.bits < 64 && (bits >> (t.bits - 1)) != 0)
    s = static_cast<std::int64_t>(bits | ~((std::uint64_t{1} << t.bits) - 1));

  const bool wide_char = fundamental == "wchar_t" || fundamental == "char16_t" || fundamental == "char32_t";
  if (wide_char) {
    const char* prefix = fundamental == "wchar_t" ? "L" : fundamental == "char16_t" ? "u" : "U";
    std::int64_t c = t.is_signed ? s : static_cast<std::int64_t>(bits);
    if (printable(c)) return prefix + char_literal(c);
    return "static_cast<" + base + ">(" + unsigned_literal(static_cast<std::uint64_t>(c)) + ")";
  }
  std::string text;
  if (t.bits >= 32) {
    if (t.is_signed && s == t.min()) return limits(base, "min");
    if (t.is_signed && s == t.max()) return limits(base, "max");
    if (!t.is_signed && bits == t.umax()) return limits(base, "max");
  }
  text = t.is_signed ? integer_literal(s) : unsigned_literal(bits);
  if (use == LiteralUse::comparison) {
    // Types narrower than int promote to int: compare with a plain (signed) literal.
    return !t.is_signed && t.bits < 32 ? decimal(static_cast<std::int64_t>(bits)) : text;
  }
  if (const char* suffix = exact_suffix(fundamental)) {
    if (std::string_view(suffix) == "" || std::string_view(suffix) == "u") return text;  // int, unsigned int already
    return (t.is_signed ? decimal(s) : std::to_string(bits)) + suffix;
  }
  // The value in a plain int literal when it fits, inside a conversion to exactly the type.
  const bool fits_int = t.is_signed ? s > INT_MIN && s <= INT_MAX : bits <= INT_MAX;
  const std::string inner = fits_int ? decimal(t.is_signed ? s : static_cast<std::int64_t>(bits)) : text;
  // std::size_t{3}: no narrowing by construction; multi-word types need the cast.
  if (is_standard_alias(base)) return base + "{" + inner + "}";
  return "static_cast<" + base + ">(" + inner + ")";
}

std::string floating_literal(const Number& n, const std::string& base, LiteralUse use) {
  const std::string fundamental = normalised(base);
  const double d = n.as_double();
  if (fundamental == "float") return float_literal(static_cast<float>(d));
  if (fundamental == "double") return double_literal(d);
  if (use == LiteralUse::comparison) return double_literal(d);  // reported rounded to double
  if (fundamental == "long double") return long_double_literal(d);
  return "static_cast<" + base + ">(" + double_literal(d) + ")";
}

std::string enum_literal(std::int64_t v, const std::string& base, const api::Api* api) {
  if (api != nullptr) {
    for (const auto& e : api->enums) {
      if (e.name != base) continue;
      for (const auto& [name, value] : e.values) {
        if (value == v) return base + "::" + name;
      }
    }
  }
  return "static_cast<" + base + ">(" + integer_literal(v) + ")";
}

std::string scalar_literal(const Number& n, const api::TypeRef& type, LiteralUse use, const api::Api* api) {
  switch (type.category) {
    case api::TypeCategory::boolean:
      return n.as_bool() ? "true" : "false";
    case api::TypeCategory::floating:
      return floating_literal(n, type.base, use);
    case api::TypeCategory::enumeration:
      return enum_literal(n.as_signed(), type.base, api);
    case api::TypeCategory::integer:
    case api::TypeCategory::character:
      return integral_literal(n, type.base, use);
    default:
      break;
  }
  // Not a scalar type: the value as it came.
  switch (n.kind) {
    case Number::Kind::signed_integer:
      return integer_literal(n.i);
    case Number::Kind::unsigned_integer:
      return unsigned_literal(n.u);
    case Number::Kind::floating:
      return double_literal(n.d);
  }
  return {};
}

std::string text_literal(const std::string& s, const api::TypeRef& type, LiteralUse use) {
  if (type.category == api::TypeCategory::cstring)
    return use == LiteralUse::argument ? c_string_literal(s) : string_literal(s);
  if (use == LiteralUse::comparison) {
    return s.find('\0') == std::string::npos ? string_literal(s) : string_expression(s);
  }
  return string_expression(s, type.category == api::TypeCategory::string ? type.base : "std::string");
}

}  // namespace

std::string integer_literal(std::int64_t value) {
  if (value == INT_MIN) return "(-2147483647 - 1)";
  if (value >= INT_MIN && value <= INT_MAX) return decimal(value);
  if (value == INT64_MIN) return "(-9223372036854775807LL - 1)";
  return decimal(value) + "LL";
}

std::string unsigned_literal(std::uint64_t value) { return std::to_string(value) + (value <= UINT_MAX ? "u" : "ull"); }

std::string double_literal(double value) {
  if (std::string special = special_floating(value, "double"); !special.empty()) return special;
  return shortest(value);
}

std::string float_literal(float value) {
  if (std::string special = special_floating(value, "float"); !special.empty()) return special;
  return shortest(value) + "f";
}

std::string char_literal(std::int64_t value) {
  const unsigned char c = static_cast<unsigned char>(value);
  switch (c) {
    case '\'':
      return "'\\''";
    case '\\':
      return "'\\\\'";
    case '\n':
      return "'\\n'";
    case '\t':
      return "'\\t'";
    case '\r':
      return "'\\r'";
    case '\0':
      return "'\\0'";
    default:
      break;
  }
  if (printable(c)) return std::string("'") + static_cast<char>(c) + "'";
  static const char* kHex = "0123456789abcdef";
  return std::string("'\\x") + kHex[c >> 4] + kHex[c & 15] + "'";
}

std::string string_literal(std::string_view bytes) {
  std::string out = "\"";
  char previous = 0;
  for (char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '?':
        out += previous == '?' ? "\\?" : "?";
        break;  // no trigraphs (C++14 and before)
      default:
        if (printable(c)) {
          out += ch;
        } else {
          out += '\\';
          out += static_cast<char>('0' + (c >> 6));
          out += static_cast<char>('0' + ((c >> 3) & 7));
          out += static_cast<char>('0' + (c & 7));
        }
    }
    previous = ch;
  }
  return out + "\"";
}

std::string string_expression(std::string_view bytes, std::string_view type) {
  std::string out(type);
  out += "(" + string_literal(bytes);
  if (bytes.find('\0') != std::string_view::npos) out += ", " + std::to_string(bytes.size());
  return out + ")";
}

std::string c_string_literal(std::string_view bytes) { return string_literal(bytes.substr(0, bytes.find('\0'))); }

std::string input_literal(const Input& input, const api::TypeRef& type, LiteralUse use, const api::Api* api) {
  switch (input.kind) {
    case InputKind::null_pointer:
      return "nullptr";
    case InputKind::string:
      return text_literal(input.s, type, use);
    case InputKind::ref:
      return "/* result of statement " + std::to_string(input.ref) + " */";
    default:
      return scalar_literal(number_of(input), type, use, api);
  }
}

std::string value_literal(const Value& value, const api::TypeRef& type, LiteralUse use, const api::Api* api) {
  switch (value.kind) {
    case ValueKind::boolean:
      return value.i != 0 ? "true" : "false";
    case ValueKind::string:
      return text_literal(value.s, type, use);
    case ValueKind::none:
      return "nullptr";
    case ValueKind::object:
      return "/* object " + value.s + " */";
    default:
      return scalar_literal(number_of(value), type, use, api);
  }
}

bool is_nan(const Value& value) { return value.kind == ValueKind::floating && std::isnan(value.d); }

bool is_float(const api::TypeRef& type) {
  return type.category == api::TypeCategory::floating && normalised(type.base) == "float";
}

bool is_wide_floating(const api::TypeRef& type) {
  if (type.category != api::TypeCategory::floating) return false;
  const std::string fundamental = normalised(type.base);
  return fundamental != "float" && fundamental != "double";
}

}  // namespace palus::writer
