#include "coverage.hpp"

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/protocol/protocol.hpp"
#include "recover.hpp"

namespace palus::harness::coverage {
namespace {

constexpr std::size_t kMapBits = protocol::kBlockMapBits;
constexpr std::size_t kMapSize = protocol::kBlockMapPlaces;
constexpr std::size_t kPlaces = protocol::kCoveragePlaces;  // blocks, then edges

/// The blocks and edges reached since begin_sequence(), those reached aside, and the places
/// marked since begin_sequence() in either map (an aside one with kAsideBit): the maps are too
/// large to clear and scan whole for every sequence. A place enters the list only when its mark
/// goes from 0 to 1 (or, rarely, twice with one entry voided: see mark()), so it is about as long
/// as both maps' places at most (virtual memory; a sequence writes the pages of the few it lists).
/// The maps hold a bit a place: every block looks its places up, and at a byte a place the maps'
/// lookups missed the cache for most of the harness's time (tinysql); at a bit the reached and
/// aside maps take half a megabyte together.
constexpr std::uint32_t kAsideBit = std::uint32_t{1} << 31;
/// A list entry whose place another thread listed first (see mark()): skipped.
constexpr std::uint32_t kNoPlace = ~std::uint32_t{0};
constexpr std::size_t kWords = kPlaces / 64;
using Bits = std::uint64_t;
struct Marks {
  Bits reached[kWords];
  Bits aside[kWords];
  std::size_t touched_count;
  std::uint32_t touched[2 * kPlaces];
};
/// Two sets of marks. This process's own takes what it runs outside a sequence: static
/// initialisers before main(), a spare child confining itself, a child between requests. After
/// share_across_forks(), a sequence's marks go to a set that the fork server's children share
/// (one child runs a sequence at a time), so that no child copies, page by page, the parts of the
/// maps its sequences write. A process points at the shared set only from its begin_sequence()
/// to its end_sequence(): a spare forked while another child runs must not mark (nor count) there.
Marks g_own_marks;
Marks* g_shared_marks = nullptr;
// constinit: blocks of other files' static initialisers may run before this file's.
constinit Marks* g_marks = &g_own_marks;         ///< where marks go now
constinit Bits* g_target = g_own_marks.reached;  ///< its map of reached or of aside places

/// Where the marks go from now on.
__attribute__((no_sanitize("address", "undefined", "thread"))) void mark_into(Marks& marks) {
  g_marks = &marks;
  g_target = marks.reached;
}

/// The marks a sequence writes: shared once share_across_forks() made them.
Marks& sequence_marks() { return g_shared_marks != nullptr ? *g_shared_marks : g_own_marks; }

/// A value's place in a map of 2^kMapBits (Fibonacci hashing).
__attribute__((always_inline, no_sanitize("address", "undefined", "thread"))) inline std::uint32_t place_of(
    std::uint64_t value) {
  return static_cast<std::uint32_t>((value * 0x9E3779B97F4A7C15ull) >> (64 - kMapBits));
}

__attribute__((always_inline, no_sanitize("address", "undefined", "thread"))) inline Bits bit_of(std::uint32_t place) {
  return Bits{1} << (place % 64);
}
__attribute__((always_inline, no_sanitize("address", "undefined", "thread"))) inline bool marked(const Bits* map,
                                                                                                 std::uint32_t place) {
  return (map[place / 64] & bit_of(place)) != 0;
}

__attribute__((always_inline, no_sanitize("address", "undefined", "thread"))) inline void mark(Bits* map,
                                                                                               std::uint32_t place) {
  if (marked(map, place)) return;
  // Listed before it is marked: a child killed in between leaves a listed place unmarked, which
  // the next child's begin_sequence() clears harmlessly, never a marked place that none clears.
  // Atomic: a library's threads may mark at once, and an entry lost would leave its place marked
  // in the shared maps for the rest of the run (only 0 -> 1 marks come here, so it is rare). Two
  // threads marking one place both list it; the one whose bit was set already voids its entry.
  Marks& marks = *g_marks;
  const std::size_t slot = __atomic_fetch_add(&marks.touched_count, 1, __ATOMIC_RELAXED);
  marks.touched[slot] = map == marks.aside ? place | kAsideBit : place;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  if ((__atomic_fetch_or(&map[place / 64], bit_of(place), __ATOMIC_RELAXED) & bit_of(place)) != 0)
    marks.touched[slot] = kNoPlace;
}
/// A function call running: its caller's stack pointer at each block (the same all through one
/// call) and the place of the block it reached last, shifted right by one.
struct Frame {
  std::uintptr_t sp;
  std::uint32_t previous;
};
/// The calls running, innermost last, above a sentinel that no stack pointer passes. A block's edge
/// mark goes to its place combined with the previous one of its own call (AFL's edges, within one
/// function): reaching C straight from A and reaching it through B mark different edges. A call
/// made in between does not break the chain, and which call site a function returns to makes no
/// edge of its own. Emptied when a statement or its observers begin, so that what a call reaches
/// does not depend on the call before it.
constexpr std::size_t kFrames = 256;
Frame g_frames[kFrames + 1] = {{~std::uintptr_t{0}, 0}};
Frame* g_top = g_frames;

/// The frame of the call whose stack pointer is `sp`, entered anew unless it is one running.
__attribute__((noinline, no_sanitize("address", "undefined", "thread"))) Frame* enter_frame(std::uintptr_t sp) {
  Frame* top = g_top;
  while (top->sp < sp) --top;  // calls that returned, or were unwound by an exception
  if (top->sp == sp) return g_top = top;
  if (top != g_frames + kFrames) ++top;  // deeper than kFrames: the innermost slot is reused
  *top = {sp, 0};
  return g_top = top;
}

struct Shared {
  std::atomic<std::uint32_t> total;
  Bits seen[kMapSize / 64];
};
Shared* g_shared = nullptr;

}  // namespace

void share_across_forks() {
  if (g_shared != nullptr) return;
  void* page = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return;
  g_shared = static_cast<Shared*>(page);
  void* marks = mmap(nullptr, sizeof(Marks), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (marks != MAP_FAILED) g_shared_marks = static_cast<Marks*>(marks);
}

void begin_sequence() {
  Marks& marks = sequence_marks();
  // What an earlier sequence marked, here or in a child that died before its end_sequence().
  for (std::size_t k = 0; k < marks.touched_count; ++k) {
    const std::uint32_t entry = marks.touched[k];
    if (entry == kNoPlace) continue;
    const std::uint32_t place = entry & ~kAsideBit;
    // Atomic: a thread an earlier sequence left running may mark a place of the same word.
    __atomic_fetch_and(&((entry & kAsideBit) != 0 ? marks.aside : marks.reached)[place / 64], ~bit_of(place),
                       __ATOMIC_RELAXED);
  }
  marks.touched_count = 0;
  g_top = g_frames;
  mark_into(marks);
}

void aside(bool on) {
  g_target = on ? g_marks->aside : g_marks->reached;
  g_top = g_frames;
}

void note(std::uint32_t key) { mark(g_marks->aside, place_of(key + 0x51ED270Bull)); }

Found end_sequence(bool count) {
  Marks& marks = sequence_marks();
  // Back to this process's own marks before anything else runs: what follows (this bookkeeping
  // included) is no part of the sequence.
  mark_into(g_own_marks);
  Found found;
  if (g_shared == nullptr) return found;
  auto take = [&](std::uint32_t i, bool reached) {
    if (reached) found.reached_blocks.push_back(i);
    if (i < kMapSize && !marked(g_shared->seen, i)) {
      if (count) g_shared->seen[i / 64] |= bit_of(i);
      found.new_blocks.push_back(i);
    }
  };
  // Each entry of the list but the voided ones is a distinct place of its map; a place marked
  // both in the map and aside is taken once, as reached. Not sorted: a sequence can reach
  // thousands, and a sort of them cost more than the rest of the bookkeeping.
  const std::uint32_t* const end = marks.touched + marks.touched_count;
  for (const std::uint32_t* entry = marks.touched; entry != end; ++entry)
    if ((*entry & kAsideBit) == 0) take(*entry, true);
  for (const std::uint32_t* entry = marks.touched; entry != end; ++entry) {
    const std::uint32_t place = *entry & ~kAsideBit;
    if (*entry != kNoPlace && (*entry & kAsideBit) != 0 && !marked(marks.reached, place)) take(place, false);
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
extern "C" __attribute__((no_sanitize("address", "undefined", "thread"))) void __sanitizer_cov_trace_pc() {
  namespace coverage = palus::harness::coverage;
  const auto pc = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)) -
                  reinterpret_cast<std::uintptr_t>(&__executable_start);
  const std::uint32_t place = coverage::place_of(pc);
  char probe;  // its address is the caller's stack pointer, less this function's fixed frame
  const auto sp = reinterpret_cast<std::uintptr_t>(&probe);
  coverage::Frame* top = coverage::g_top;
  if (__builtin_expect(top->sp != sp, 0)) top = coverage::enter_frame(sp);
  coverage::mark(coverage::g_target, place);
  coverage::mark(coverage::g_target, static_cast<std::uint32_t>(coverage::kMapSize) + (place ^ top->previous));
  top->previous = place >> 1;
  if (__builtin_expect(palus::harness::recover::g_report_pending, 0)) palus::harness::recover::at_safe_point();
}
