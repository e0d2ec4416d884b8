#pragma once
// SIGINT and SIGTERM during generation: the first asks the run to stop and keep what it found
// (DESIGN §9: nothing lost); a second one ends the process at once, which is safe because every
// file is replaced atomically.

#include <atomic>

namespace palus {

class InterruptGuard {
 public:
  InterruptGuard();   ///< installs the handlers
  ~InterruptGuard();  ///< restores the previous ones

  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  /// Becomes true at the first SIGINT/SIGTERM.
  static const std::atomic<bool>& requested();
  /// The signal that asked to stop, or 0.
  static int signal();
};

}  // namespace palus
