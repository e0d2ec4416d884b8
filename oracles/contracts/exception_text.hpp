#pragma once
// How a contract check words an exception that escaped the operation under check. Compiled into
// every generated harness with the library's own flags: plain C++17, standard library only.

#include <string>

// The harness finds the users' header through -I <runtime>/oracles/include, as it does for theories:
// one path, so that a project whose own flags reach another copy never includes two.
#include <palus/theory.hpp>  // theory_detail::describe_current_exception

namespace palus::contracts {

/// "<what> threw <type>: <what()>" for the exception being handled; call it inside a catch.
inline std::string threw(const std::string& what) {
  return what + " threw " + theory_detail::describe_current_exception();
}

/// Empty when `condition()` is true; `broken` when it is false; what it threw, shown as `shown`,
/// when it throws.
template <typename Condition>
std::string must_hold(Condition condition, const char* broken, const std::string& shown) {
  try {
    if (!static_cast<bool>(condition())) return broken;
  } catch (...) {
    return threw(shown);
  }
  return {};
}

}  // namespace palus::contracts
