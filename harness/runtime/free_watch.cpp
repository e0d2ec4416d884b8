#include "free_watch.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

// AddressSanitizer's interface (weak: absent from a harness built without it).
extern "C" {
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, std::size_t),
                                              void (*free_hook)(const volatile void*)) __attribute__((weak));
void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));
void* __asan_get_report_address() __attribute__((weak));
const char* __asan_get_report_description() __attribute__((weak));
const char* __asan_locate_address(void* addr, char* name, std::size_t name_size, void** region_address,
                                  std::size_t* region_size) __attribute__((weak));
}

namespace palus::harness {
namespace {

struct Freed {
  std::uintptr_t chunk = 0;
  std::uint64_t sequence_id = 0;
  std::int32_t statement = -1;
  protocol::Phase phase = protocol::Phase::idle;
};

/// The latest frees, oldest overwritten first. A use after free usually follows its free within
/// a few statements; an older free is reported as unknown.
constexpr std::size_t kRing = std::size_t{1} << 14;
Freed g_ring[kRing];
std::atomic<std::uint64_t> g_next{0};
protocol::Progress* g_progress = nullptr;
std::uint64_t g_sequence_id = 0;
std::int32_t g_statement = -1;
protocol::Phase g_phase = protocol::Phase::idle;

void on_malloc(const volatile void*, std::size_t) {}  // the sanitizer takes both hooks or none

void on_free(const volatile void* pointer) {
  if (pointer == nullptr || g_statement < 0) return;
  Freed& slot = g_ring[g_next.fetch_add(1, std::memory_order_relaxed) & (kRing - 1)];
  slot = {reinterpret_cast<std::uintptr_t>(pointer), g_sequence_id, g_statement, g_phase};
}

}  // namespace

void note_freeing_statement() {
  if (g_progress == nullptr || __asan_get_report_address == nullptr || __asan_locate_address == nullptr ||
      __asan_get_report_description == nullptr)
    return;
  const char* description = __asan_get_report_description();
  if (description == nullptr || std::strcmp(description, "heap-use-after-free") != 0) return;
  void* address = __asan_get_report_address();
  if (address == nullptr) return;
  void* region = nullptr;
  std::size_t size = 0;
  const char* kind = __asan_locate_address(address, nullptr, 0, &region, &size);
  if (kind == nullptr || std::strcmp(kind, "heap") != 0 || region == nullptr) return;
  const std::uint64_t end = g_next.load(std::memory_order_relaxed);
  for (std::uint64_t i = end; i > 0 && end - i < kRing; --i) {
    const Freed& freed = g_ring[(i - 1) & (kRing - 1)];
    if (freed.sequence_id != g_sequence_id) return;  // the sequence's frees come last
    if (freed.chunk != reinterpret_cast<std::uintptr_t>(region)) continue;
    // Freed while observing or destroying: no statement's call did it.
    if (freed.phase == protocol::Phase::call)
      g_progress->freed_statement.store(freed.statement, std::memory_order_release);
    return;
  }
}

void free_watch_at(std::uint64_t sequence_id, std::int32_t statement, protocol::Phase phase) {
  g_sequence_id = sequence_id;
  g_statement = statement;
  g_phase = phase;
}

void install_free_watch(protocol::Progress& progress) {
  if (__sanitizer_install_malloc_and_free_hooks == nullptr || __sanitizer_set_death_callback == nullptr) return;
  g_progress = &progress;
  __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
  __sanitizer_set_death_callback(note_freeing_statement);
}

}  // namespace palus::harness
