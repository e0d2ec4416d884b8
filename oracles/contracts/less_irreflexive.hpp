#pragma once
// Contract less_irreflexive (DESIGN §8): !(a < a).

#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when `a < a` is false; else what went wrong (true, or the exception it threw).
template <typename T>
std::string less_irreflexive(const T& a) {
  const T& same = a;
  try {
    if (static_cast<bool>(a < same)) return "a < a is true";
  } catch (...) {
    return threw("a < a");
  }
  return {};
}

}  // namespace palus::contracts
