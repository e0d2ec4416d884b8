#pragma once
// The page of shared memory where the harness says what it is doing, so that the executor can
// attribute a crash, hang or exit to the exact statement even when the harness cannot answer.
// The executor creates it (memfd) and passes its descriptor; both sides map it.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "harness/protocol/protocol.hpp"

namespace palus::harness::protocol {

enum class Phase : std::uint32_t { idle, call, observe, destroy };

/// Library functions the harness refuses itself (negative, to tell them from system call numbers).
enum BlockedFunction : std::int32_t { blocked_system = -1, blocked_popen = -2, blocked_posix_spawn = -3 };

inline const char* blocked_function_name(std::int32_t code) {
  switch (code) {
    case blocked_system:
      return "system()";
    case blocked_popen:
      return "popen()";
    case blocked_posix_spawn:
      return "posix_spawn()";
    default:
      return nullptr;
  }
}

struct Progress {
  static constexpr std::uint32_t kMaxBlocked = 32;
  static constexpr std::uint32_t kNoteSize = 1024;

  std::atomic<std::uint64_t> sequence_id;
  /// The process running it: the harness itself, or with a fork server the child serving it (the
  /// one to kill when it hangs).
  std::atomic<std::int32_t> runner_pid;
  std::atomic<std::int32_t> statement;        ///< -1 outside a sequence
  std::atomic<std::uint32_t> phase;           ///< a Phase
  std::atomic<std::uint64_t> phase_start_ns;  ///< CLOCK_MONOTONIC when the current call began
  std::atomic<std::uint64_t> sequence_start_ns;
  std::atomic<std::uint32_t> blocked_count;  ///< calls the sandbox refused in this sequence
  Refusal blocked[kMaxBlocked];
  /// A heap use after free: the statement whose call freed the memory (runtime/free_watch); -1
  /// when unknown.
  std::atomic<std::int32_t> freed_statement;
  std::atomic<std::uint32_t> note_length;  ///< last words before dying (terminate, exit, signal)
  char note[kNoteSize];
};

/// The refusals recorded so far in the current sequence.
inline std::vector<Refusal> refusals(const Progress& progress) {
  std::uint32_t n = std::min(progress.blocked_count.load(std::memory_order_acquire), Progress::kMaxBlocked);
  return std::vector<Refusal>(progress.blocked, progress.blocked + n);
}

static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "the progress page needs lock-free atomics");

}  // namespace palus::harness::protocol
