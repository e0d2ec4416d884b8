#pragma once
// Confines the harness process (DESIGN §7): resource limits, namespaces where the kernel allows
// them, and a seccomp filter whose refusals are recorded in the progress page. Each step reports
// in words what it put in force, so the run log can say which protections are active.

#include <cstdint>
#include <string>
#include <vector>

#include "harness/protocol/progress.hpp"

namespace palus::harness {

struct SandboxSettings {
  std::string scratch;                ///< working directory, writable
  std::vector<std::string> writable;  ///< further writable directories
  std::uint64_t memory_bytes = 0;     ///< RLIMIT_AS; 0 = none (AddressSanitizer limits itself)
  unsigned sequence_cpu_s = 10;
  bool confine = true;  ///< namespaces and seccomp; false leaves only the limits
  /// A folder mounted over /tmp, writable, so that what the process writes there stays in it;
  /// empty: /tmp is the system's (read-only unless listed in `writable`).
  std::string private_tmp;
  /// Folders and files under /tmp the process still reads at their place when `private_tmp`
  /// covers it (its working directory, its project, its arguments); the writable folders are kept
  /// as well.
  std::vector<std::string> visible;
};

std::vector<std::string> apply_limits(const SandboxSettings& settings);

/// Private network and a read-only file system except the writable directories (and a private
/// /tmp when `settings.private_tmp` names one).
std::vector<std::string> enter_namespaces(const SandboxSettings& settings);

/// Must come last: afterwards execve, fork and foreign signals are refused.
std::vector<std::string> install_seccomp(protocol::Progress& progress);
/// What install_seccomp puts in force when it loads, in words.
std::vector<std::string> seccomp_protections();

/// Notes a refused call in the progress page (async-signal-safe).
void record_blocked(std::int32_t code);

/// Lets the coming sequence use `seconds` more CPU time (RLIMIT_CPU is cumulative).
void renew_cpu_budget(unsigned seconds);

}  // namespace palus::harness
