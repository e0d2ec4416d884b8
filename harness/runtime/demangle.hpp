#pragma once

#include <string>

namespace palus::harness {

/// "N7tinysql5ErrorE" -> "tinysql::Error"; the input when it is not a mangled name.
std::string demangle(const char* mangled);

}  // namespace palus::harness
