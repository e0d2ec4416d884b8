#include "coverage.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "harness/protocol/protocol.hpp"

namespace palus::harness::coverage {
namespace {

constexpr std::size_t kMapBits = protocol::kBlockMapBits;
constexpr std::size_t kMapSize = protocol::kBlockMapPlaces;

/// This process's blocks since begin_sequence(); written before main() too (static initialisers).
unsigned char g_reached[kMapSize];
/// Those reached aside, and where blocks are marked now (one of the two).
unsigned char g_aside[kMapSize];
unsigned char* g_target = g_reached;

struct Shared {
  std::atomic<std::uint32_t> total;
  unsigned char seen[kMapSize];
};
Shared* g_shared = nullptr;

}  // namespace

void share_across_forks() {
  if (g_shared != nullptr) return;
  void* page = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page != MAP_FAILED) g_shared = static_cast<Shared*>(page);
}

void begin_sequence() {
  std::memset(g_reached, 0, sizeof g_reached);
  std::memset(g_aside, 0, sizeof g_aside);
  g_target = g_reached;
}

void aside(bool on) { g_target = on ? g_aside : g_reached; }

Found end_sequence(bool count) {
  Found found;
  if (g_shared == nullptr) return found;
  // A sequence reaches a few hundred of the map's 65536 places: skip eight empty ones at a time.
  for (std::size_t word = 0; word < kMapSize; word += sizeof(std::uint64_t)) {
    std::uint64_t reached, aside;
    std::memcpy(&reached, g_reached + word, sizeof reached);
    std::memcpy(&aside, g_aside + word, sizeof aside);
    if ((reached | aside) == 0) continue;
    for (std::size_t i = word; i < word + sizeof(std::uint64_t); ++i) {
      if (g_reached[i] == 0 && g_aside[i] == 0) continue;
      if (g_reached[i] != 0) found.reached_blocks.push_back(static_cast<std::uint32_t>(i));
      if (g_shared->seen[i] == 0) {
        if (count) g_shared->seen[i] = 1;
        found.new_blocks.push_back(static_cast<std::uint32_t>(i));
      }
    }
  }
  const auto added = count ? static_cast<std::uint32_t>(found.new_blocks.size()) : 0u;
  found.total_blocks = g_shared->total.fetch_add(added) + added;
  return found;
}

}  // namespace palus::harness::coverage

// Where the executable is loaded (GNU ld and lld define it): blocks are hashed by their offset
// from it, so that the same block has the same place in the map in every run despite ASLR, and
// the same seed keeps the same tests.
extern "C" const char __executable_start;

// Called at the start of every basic block of code compiled with -fsanitize-coverage=trace-pc;
// not itself instrumented (the runtime is compiled without it), nor checked by the sanitizers.
extern "C" __attribute__((no_sanitize("address", "undefined"))) void __sanitizer_cov_trace_pc() {
  const auto pc = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)) -
                  reinterpret_cast<std::uintptr_t>(&__executable_start);
  palus::harness::coverage::g_target[(static_cast<std::uint64_t>(pc) * 0x9E3779B97F4A7C15ull) >>
                                     (64 - palus::harness::coverage::kMapBits)] = 1;
}
