#pragma once
// Contract not_equals_irreflexive (DESIGN §8): !(a != a).

#include <string>
#include <type_traits>
#include <utility>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// True when `a != b` compiles for two const T (declared, or rewritten from == in C++20).
template <typename T, typename = void>
struct has_not_equals : std::false_type {};
template <typename T>
struct has_not_equals<T, std::void_t<decltype(std::declval<const T&>() != std::declval<const T&>())>> : std::true_type {
};

/// Empty when `a != a` is false, or when T has no `!=`; else what went wrong.
template <typename T>
std::string not_equals_irreflexive(const T& a) {
  if constexpr (has_not_equals<T>::value) {
    const T& same = a;
    return must_hold([&] { return !static_cast<bool>(a != same); }, "a != a is true", "a != a");
  }
  return {};
}

}  // namespace palus::contracts
