#pragma once
// The abstract object profile of Palus §3.1.2, shared by the trace runtime (the sample program)
// and the harness (generated sequences), so both spell a profile the same way. C++17, header only.
//
// A profile is one character per field, in declaration order:
//   numbers      '-' (< 0), '0' (== 0), '+' (> 0), '?' (NaN)
//   bool         'f', 't'
//   enums        the enumerator's value in decimal, between '[' and ']'
//   pointers     'N' (null), 'P' (non-null); also smart pointers
//   strings, containers and anything else with empty(): 'E' (empty), 'F' (non-empty)
//   other types  '.' (not abstracted)

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace palus::profile {

template <typename T, typename = void>
struct has_empty : std::false_type {};
template <typename T>
struct has_empty<T, std::void_t<decltype(static_cast<bool>(std::declval<const T&>().empty()))>> : std::true_type {};

template <typename T>
struct is_smart_pointer : std::false_type {};
template <typename T, typename D>
struct is_smart_pointer<std::unique_ptr<T, D>> : std::true_type {};
template <typename T>
struct is_smart_pointer<std::shared_ptr<T>> : std::true_type {};
template <typename T>
struct is_smart_pointer<std::weak_ptr<T>> : std::false_type {};

/// Appends the abstract value of one field to `out`.
template <typename T>
void append(std::string& out, const T& value) {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    out += value ? 't' : 'f';
  } else if constexpr (std::is_enum_v<U>) {
    out += '[';
    out += std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<U>>(value)));
    out += ']';
  } else if constexpr (std::is_floating_point_v<U>) {
    out += value != value ? '?' : value < 0 ? '-' : value > 0 ? '+' : '0';
  } else if constexpr (std::is_arithmetic_v<U>) {
    out += value < 0 ? '-' : value > 0 ? '+' : '0';
  } else if constexpr (std::is_pointer_v<U> || std::is_member_pointer_v<U> || std::is_null_pointer_v<U>) {
    out += value == nullptr ? 'N' : 'P';
  } else if constexpr (is_smart_pointer<U>::value) {
    out += value == nullptr ? 'N' : 'P';
  } else if constexpr (has_empty<U>::value) {
    out += value.empty() ? 'E' : 'F';
  } else {
    out += '.';
  }
}

}  // namespace palus::profile
