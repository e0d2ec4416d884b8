#pragma once
// The one way palus runs a program to its end (a compiler, ninja, a test executable, a sample): its own process group,
// a wall-clock limit that kills the whole group, stdout and stderr drained into one capped tail.
// No global state and no chdir: safe to call from several threads at once.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace palus::process {

struct ProcessSpec {
  std::filesystem::path exe;  ///< absolute, or a name looked up in $PATH of this process
  std::vector<std::string> args;
  /// The whole environment of the child, as "NAME=value" (see environment_with).
  std::vector<std::string> env;
  std::filesystem::path working_dir;  ///< empty: this process's
  /// Wall-clock limit; when it passes, the child's process group is killed with SIGKILL.
  std::optional<std::chrono::milliseconds> timeout;
  std::size_t output_cap = 64 * 1024;  ///< keep the last this many bytes of stdout and stderr together
  std::uint64_t memory_bytes = 0;      ///< RLIMIT_AS of the child when > 0 (never under AddressSanitizer)
  int niceness = 0;                    ///< added to the child's nice value: work that must yield the CPU
  /// When set and it becomes true, the child's process group is killed with SIGKILL (work that is
  /// no longer wanted: a build started ahead of time by a run that is ending).
  const std::atomic<bool>* cancel = nullptr;
};

struct ProcessResult {
  bool started = false;  ///< false: the child could not be started, `error` says why
  std::string error;
  bool timed_out = false;          ///< killed at the timeout (then `signal` is SIGKILL)
  bool cancelled = false;          ///< killed because `cancel` became true (then `signal` is SIGKILL)
  int exit_status = -1;            ///< the status it exited with; -1 when a signal ended it
  int signal = 0;                  ///< the signal that ended it; 0 when it exited
  std::string output;              ///< the last output_cap bytes of what it wrote to stdout and stderr
  std::uint64_t output_bytes = 0;  ///< all it wrote, before capping
  double seconds = 0;              ///< wall-clock time from start to end
};

/// Runs `spec` to its end: stdin is /dev/null, no descriptor but 0-2 is inherited, core dumps are
/// off, signal dispositions and mask are the defaults. Processes the child leaves behind in its
/// group are killed when it ends. Never throws for a child that fails; throws std::system_error
/// only when this process runs out of descriptors or processes.
ProcessResult run_process(const ProcessSpec& spec);

/// This process's environment with `changes` applied: each NAME=value replaces NAME or is added.
std::vector<std::string> environment_with(const std::vector<std::pair<std::string, std::string>>& changes);

/// `word` as one POSIX shell word (unquoted when it is safe), for command lines run with /bin/sh.
std::string shell_quote(std::string_view word);

}  // namespace palus::process
