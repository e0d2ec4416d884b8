#pragma once
// How a contract check words an exception that escaped the operation under check. Compiled into
// every generated harness with the library's own flags: plain C++17, standard library only.

#include <exception>
#include <string>
#include <typeinfo>

#if defined(__has_include)
#if __has_include(<cxxabi.h>)
#include <cxxabi.h>

#include <cstdlib>
#define PALUS_CONTRACTS_HAVE_CXXABI 1
#endif
#endif

namespace palus::contracts {

/// The readable name of a type_info: "std::runtime_error" rather than "St13runtime_error".
inline std::string type_name(const std::type_info& type) {
#ifdef PALUS_CONTRACTS_HAVE_CXXABI
  int status = 0;
  char* readable = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  if (status == 0 && readable != nullptr) {
    std::string name(readable);
    std::free(readable);
    return name;
  }
#endif
  return type.name();
}

/// "<what> threw <type>: <what()>" for the exception being handled; call it inside a catch.
inline std::string threw(const std::string& what) {
  try {
    throw;
  } catch (const std::exception& e) {
    return what + " threw " + type_name(typeid(e)) + ": " + e.what();
  } catch (...) {
    return what + " threw an exception that is not a std::exception";
  }
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
