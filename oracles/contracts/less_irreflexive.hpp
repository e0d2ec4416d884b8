#pragma once
// Contract less_irreflexive (DESIGN §8): !(a < a).

#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when `a < a` is false; else what went wrong (true, or the exception it threw).
template <typename T>
std::string less_irreflexive(const T& a) {
  const T& same = a;
  return must_hold([&] { return !static_cast<bool>(a < same); }, "a < a is true", "a < a");
}

}  // namespace palus::contracts
