#pragma once
// Contract print_does_not_throw (DESIGN §8): std::ostringstream << a does not throw.

#include <sstream>
#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when printing `a` with operator<< does not throw; else the exception it threw.
template <typename T>
std::string print_does_not_throw(const T& a) {
  try {
    std::ostringstream out;
    out << a;
  } catch (...) {
    return threw("operator<<");
  }
  return {};
}

}  // namespace palus::contracts
