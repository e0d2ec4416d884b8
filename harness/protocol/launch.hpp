#pragma once
// How the executor starts a harness: descriptors and command-line options (DESIGN §7).
//
//   palus-harness --progress-fd N [--scratch DIR] [--writable DIR]... [--memory BYTES]
//                 [--sequence-cpu SECONDS] [--no-sandbox] [--sanitized]
//
// fd 0 carries requests, fd 1 answers (protocol.hpp); fd 2 receives everything the library prints
// (the harness points its own stdout there too). fd N is a memfd holding a protocol::Progress.
// The harness sends a Hello first, then answers each RunRequest with a RunResult, in order,
// each preceded on fd 2 by output_marker(sequence id).
// It exits 0 on shutdown or end of input. The environment is the executor's to scrub.

#include <cstdint>
#include <string>
#include <string_view>

namespace palus::harness::launch {

/// Written to fd 2 after each sequence (before its answer), so the executor can split the
/// library's output per sequence even when several are in flight: NUL "PALUS-END:" 16 hex NUL.
inline constexpr std::string_view kOutputMarkerPrefix{"\0PALUS-END:", 11};
inline constexpr std::size_t kOutputMarkerSize = 28;

inline std::string output_marker(std::uint64_t sequence_id) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string m(kOutputMarkerPrefix);
  for (int shift = 60; shift >= 0; shift -= 4) m += digits[(sequence_id >> shift) & 0xf];
  m += '\0';
  return m;
}

inline constexpr const char* kProgressFd = "--progress-fd";
inline constexpr const char* kScratch = "--scratch";           ///< working directory; writable
inline constexpr const char* kWritable = "--writable";         ///< further writable directories (coverage data)
inline constexpr const char* kMemory = "--memory";             ///< RLIMIT_AS bytes (ignored when sanitized)
inline constexpr const char* kSequenceCpu = "--sequence-cpu";  ///< CPU seconds one sequence may use
inline constexpr const char* kNoSandbox = "--no-sandbox";      ///< limits only; for debugging
inline constexpr const char* kSanitized = "--sanitized";       ///< the sanitizers own SEGV and memory
/// UBSAN_OPTIONS suppresses null-pointer reports from the source file kUbsanStarterFile: the
/// harness may start UBSan's runtime with one such report (GCC's UBSan runtime starts at its first
/// report, and a symbolizer asked before that never symbolizes), so that its symbolizer can be
/// warmed once before the fork server forks.
inline constexpr const char* kUbsanStarter = "--ubsan-starter";
inline constexpr const char* kUbsanStarterFile = "palus-ubsan-starter";
/// Initialise once, then run each sequence in a child forked for it (DESIGN §7, "Fork server").
inline constexpr const char* kForkServer = "--fork-server";
/// With the fork server: how many sequences one child runs before it is replaced (one that dies is
/// replaced at once); the library's static state starts clean for each child.
inline constexpr const char* kSequencesPerChild = "--sequences-per-child";

}  // namespace palus::harness::launch
