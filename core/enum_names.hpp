#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

namespace palus {

/// The name of an enumerator, from a table of names in declaration order. The enum's values must
/// run 0, 1, 2, … with `Last` the final one; the table's size is checked against `Last` when it
/// compiles, so a new enumerator without a name does not build. A value outside the enum (read
/// from a file or a wire) is "unknown".
template <auto Last, std::size_t N>
requires std::is_enum_v<decltype(Last)>
constexpr std::string_view enum_name(decltype(Last) value, const std::string_view (&names)[N]) {
  static_assert(static_cast<std::size_t>(Last) + 1 == N, "one name per enumerator, in declaration order");
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : std::string_view("unknown");
}

}  // namespace palus
