#include "demangle.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace palus::harness {

std::string demangle(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> plain(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
  return status == 0 && plain ? std::string(plain.get()) : std::string(mangled);
}

}  // namespace palus::harness
