#pragma once
// What one sequence did, as the executor hands it back, and the pieces that classify a dead or
// silent harness: sanitizer reports, signal names, the capped tail of the library's output.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/output_tail.hpp"
#include "harness/protocol/launch.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::harness {

enum class OutcomeKind { normal, exception, invalid_input, crash, sanitizer, hang, oom, exit, bad_request };

std::string_view to_string(OutcomeKind kind);

struct Outcome {
  OutcomeKind kind = OutcomeKind::normal;
  int statement = -1;                ///< the statement that caused the outcome; -1 for normal or outside a statement
  std::string message;               ///< exception type and what(), signal name, sanitizer error line, ...
  protocol::RunResult result;        ///< statements that answered (empty when the harness died)
  std::vector<std::string> blocked;  ///< calls the sandbox refused: "socket (statement 2)"
  std::string output;                ///< tail (at most ExecutorOptions::output_cap bytes) of what the library printed
  std::uint64_t output_bytes = 0;    ///< everything the library printed during the sequence, before capping
  std::string sanitizer_kind;        ///< "heap-use-after-free", "SEGV", "undefined-behavior", ...
  std::string top_frame;             ///< "foo(int) /src/foo.cpp:12:3", first frame outside the sanitizer runtime
  std::string phase;                 ///< "call", "observe", "destroy" (or "idle") for deaths and hangs
  /// Sanitizer reports: the callables (harness indices) whose calls did the bad access and, for a
  /// use after free, freed the memory; -1 when unknown.
  int used_in_callable = -1, freed_in_callable = -1;
  /// Sanitizer reports: the callable whose thunk made the memory as the value a pointer argument
  /// points at (Call::pointee); -1 otherwise.
  int pointee_in_callable = -1;
  /// A heap use after free: the statement whose call freed the memory (the harness watched the
  /// frees); -1 when unknown (a harness without AddressSanitizer, a free outside any call).
  int freed_statement = -1;
};

namespace detail {

struct SanitizerReport {
  bool found = false;
  bool oom = false;     ///< out of memory, rss/malloc limit, allocation too big
  std::string kind;     ///< see Outcome::sanitizer_kind
  std::string message;  ///< the ERROR line without its "==pid==" prefix, or the "runtime error" line
  std::string top_frame;
  /// The harness callables whose calls (thunk_N frames) did the access and, for a use after
  /// free, the free; -1 when no such frame was in the stack.
  int used_in_thunk = -1, freed_in_thunk = -1;
  /// The harness callable whose thunk made the memory as the value a pointer argument points at
  /// (Call::pointee), not through the library; -1 otherwise.
  int pointee_in_thunk = -1;
};

/// Parses an AddressSanitizer / UndefinedBehaviorSanitizer report (log_path file or stderr text).
SanitizerReport parse_sanitizer_report(std::string_view text);

/// "SIGSEGV", "SIGABRT", ... ("signal 77" for unnamed ones).
std::string signal_name(int signal);

/// The last line of `text` holding something other than white space, trimmed; "" if none.
std::string last_nonempty_line(std::string_view text);

using ::palus::OutputTail;

/// What the harness writes to fd 2 after each sequence (after flushing stdout, before the answer),
/// so that the executor can split the library's output exactly between pipelined sequences:
/// "\0PALUS-END:" + the sequence id in 16 lowercase hex digits + "\0". Optional: without
/// markers, output read before a sequence's answer is taken to be that sequence's.
using launch::kOutputMarkerSize;
using launch::output_marker;

/// The library's output, split at output markers into per-sequence tails.
class OutputSplitter {
 public:
  explicit OutputSplitter(std::size_t cap) : cap_(cap), current_(cap) {}
  void append(const char* data, std::size_t n);
  /// End of the stream: a partial marker held back is output after all.
  void flush();
  /// Whether the marker of sequence `id` has been read.
  bool has(std::uint64_t id) const;
  /// The output of sequence `id`: up to its marker if read, else all not yet claimed. Sections of
  /// earlier sequences are dropped.
  OutputTail take(std::uint64_t id);
  /// Forgets everything read so far.
  void clear();
  const OutputTail& current() const { return current_; }

 private:
  struct Section {
    std::uint64_t id;
    OutputTail tail;
  };
  std::size_t cap_;
  OutputTail current_;
  std::vector<Section> sections_;
  std::string carry_;  ///< a possible marker cut by the end of a read
};

}  // namespace detail
}  // namespace palus::harness
