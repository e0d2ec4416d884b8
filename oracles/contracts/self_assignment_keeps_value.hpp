#pragma once
// Contract self_assignment_keeps_value (DESIGN §8): T before(a); a = a; a == before.

#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when `a = a` leaves `a` equal to its value before; else what went wrong. Changes `a`
/// only if self-assignment is broken.
template <typename T>
std::string self_assignment_keeps_value(T& a) {
  try {
    const T before(a);
    const T& same = a;  // two names for one object: no self-assignment warning
    try {
      a = same;
    } catch (...) {
      return threw("a = a");
    }
    return must_hold([&] { return a == before; }, "after a = a, a is not == its value before", "a == (a before a = a)");
  } catch (...) {
    return threw("copying a");  // the copy constructor or the copy's destructor
  }
}

}  // namespace palus::contracts
