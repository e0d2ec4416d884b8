// main() of generated GoogleTest files while palus checks them before writing them out: the
// harness's sandbox first (a failure-revealing test may call exit, fork, kill its parent or open
// sockets, just as the sequence it came from did in the harness), then GoogleTest. The written
// tests link the ordinary gtest_main; this one is only for checking.
//
// Settings come from the environment, which the checker sets:
//   PALUS_SANDBOX_SCRATCH   the working directory, writable (default: the current directory)
//   PALUS_SANDBOX_WRITABLE  further writable folders, separated by ':' (GoogleTest reports, coverage)
//   PALUS_SANDBOX_MEMORY    address-space limit in bytes (0 or unset: none, as under AddressSanitizer)

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness/protocol/progress.hpp"
#include "sandbox.hpp"

// The checked tests link the harness's library objects, whose basic blocks report to the
// harness's block coverage (harness/runtime/coverage.cpp); here nobody counts them.
extern "C" void __sanitizer_cov_trace_pc() {}

namespace {

std::string env(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  namespace harness = palus::harness;
  harness::SandboxSettings settings;
  settings.scratch = env("PALUS_SANDBOX_SCRATCH", ".");
  settings.writable = split(env("PALUS_SANDBOX_WRITABLE", ""), ':');
  settings.memory_bytes = std::strtoull(env("PALUS_SANDBOX_MEMORY", "0").c_str(), nullptr, 10);
  settings.sequence_cpu_s = 3600;  // the checker's wall-clock timeout ends hangs
  harness::apply_limits(settings);
  harness::enter_namespaces(settings);
  static harness::protocol::Progress progress{};
  harness::install_seccomp(progress);
  return RUN_ALL_TESTS();
}
