// Confines the instrumented sample program while `palus trace` runs it (DESIGN §7): the harness's
// limits and namespaces (no network, a read-only file system except the folders palus names),
// put in force before any static initialiser of the program runs. No seccomp filter: a sample
// may legitimately start processes. Settings come from the environment palus sets:
//   PALUS_SANDBOX_SCRATCH   writable scratch folder
//   PALUS_SANDBOX_WRITABLE  further writable folders, separated by ':' (the trace's folder)
//   PALUS_SANDBOX_MEMORY    address-space limit in bytes (0 or unset: none)
//   PALUS_SANDBOX_PRIVATE_TMP  a folder mounted over /tmp: what the program writes there stays in it
//   PALUS_SANDBOX_VISIBLE   folders and files under /tmp it still reads at their place, separated by ':'
//   PALUS_SAMPLE_CWD        the working directory the program starts in (the config's folder)
// Without PALUS_SANDBOX_SCRATCH the program runs unconfined.

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "harness/runtime/sandbox.hpp"

namespace {

std::vector<std::string> split(const char* text) {
  std::vector<std::string> out;
  std::string item;
  for (const char* p = text; p && *p; ++p) {
    if (*p == ':') {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += *p;
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

__attribute__((constructor(101))) void confine_sample() {
  const char* scratch = std::getenv("PALUS_SANDBOX_SCRATCH");
  if (scratch == nullptr || *scratch == '\0') return;
  palus::harness::SandboxSettings settings;
  settings.scratch = scratch;
  settings.writable = split(std::getenv("PALUS_SANDBOX_WRITABLE"));
  if (const char* tmp = std::getenv("PALUS_SANDBOX_PRIVATE_TMP")) settings.private_tmp = tmp;
  settings.visible = split(std::getenv("PALUS_SANDBOX_VISIBLE"));
  if (const char* memory = std::getenv("PALUS_SANDBOX_MEMORY"))
    settings.memory_bytes = std::strtoull(memory, nullptr, 10);
  settings.sequence_cpu_s = 3600;  // palus's wall-clock timeout ends a hanging sample
  palus::harness::apply_limits(settings);
  palus::harness::enter_namespaces(settings);
  if (const char* cwd = std::getenv("PALUS_SAMPLE_CWD"); cwd && *cwd && chdir(cwd) != 0) std::_Exit(126);
}

}  // namespace
