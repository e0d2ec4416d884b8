#pragma once
// Contract equals_reflexive (DESIGN §8): a == a.

#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when `a == a` holds; else what went wrong (false, or the exception it threw).
template <typename T>
std::string equals_reflexive(const T& a) {
  const T& same = a;  // two names for one object: no self-comparison warning
  return must_hold([&] { return a == same; }, "a == a is false", "a == a");
}

}  // namespace palus::contracts
