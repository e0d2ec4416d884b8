#pragma once
// Contract copy_equals_original (DESIGN §8): T copy(a); copy == a.

#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when a copy of `a` compares equal to `a`; else what went wrong.
template <typename T>
std::string copy_equals_original(const T& a) {
  try {
    const T copy(a);
    return must_hold([&] { return copy == a; }, "a copy of a is not == a", "copy == a");
  } catch (...) {
    return threw("copying a");  // the copy constructor or the copy's destructor
  }
}

}  // namespace palus::contracts
