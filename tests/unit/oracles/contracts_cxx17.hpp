#pragma once
// Contract checks compiled as C++17 (contracts_cxx17.cpp), as a library built with -std=c++17
// compiles them inside its harness: there, a class with == but no != has no != at all.

#include <string>

namespace palus::testing {

/// not_equals_irreflexive on a class with only ==: "" (the check does not apply).
std::string cxx17_not_equals_without_operator();

/// Every check on a well-behaved class, messages joined: "" when all hold.
std::string cxx17_all_checks_on_a_good_class();

}  // namespace palus::testing
