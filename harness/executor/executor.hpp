#pragma once
// The executor: the generator's side of the harness (DESIGN §7). It starts the harness process,
// sends it sequences and hands back one Outcome per sequence, whatever the code under test does:
// crash, sanitizer report, hang, exit, running out of memory, flooding its output. It never blocks
// on the child, enforces the call and sequence timeouts, and restarts the harness after any death.
//
// Not thread-safe: one Executor per thread. The first Executor ignores SIGPIPE in this process
// (if it was at its default), so that writing to a dead harness is an error, not a death.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "harness/executor/outcome.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::harness {

struct ExecutorOptions {
  std::filesystem::path harness;                     ///< the harness executable
  std::filesystem::path run_dir;                     ///< scratch folders are made below it
  std::vector<std::filesystem::path> writable;       ///< further folders the harness may write
  std::optional<std::filesystem::path> gcov_prefix;  ///< GCOV_PREFIX for the harness (made writable)
  unsigned gcov_prefix_strip = 0;                    ///< GCOV_PREFIX_STRIP, when gcov_prefix is set
  std::chrono::milliseconds call_timeout{2000}, sequence_timeout{10000};
  std::chrono::milliseconds startup_timeout{10000};  ///< until the harness says Hello
  std::uint64_t memory_bytes = 2ull << 30;
  bool sanitized = false;
  bool sandbox = true;
  /// The harness forks children that run the sequences (DESIGN §7): a death costs a fork, not a
  /// restart. Each child runs at most `sequences_per_child` sequences (1: static state starts
  /// clean for every sequence; more: the cost of a fork is shared, as with a batch), and none
  /// after a request marked RunRequest::last_in_child or once it grew by a quarter of the memory.
  bool fork_server = true;
  unsigned sequences_per_child = 1024;
  std::size_t output_cap = 64 * 1024;           ///< bytes of library output kept per sequence
  std::function<void(const std::string&)> log;  ///< starts, restarts, kills; may be empty
};

/// The harness could not be started (missing executable, died or stayed silent before Hello).
struct ExecutorError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Executor {
 public:
  explicit Executor(ExecutorOptions options);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  /// Runs one sequence; starts (or restarts) the harness if needed. Throws ExecutorError only when
  /// the harness cannot be started at all. result.sequence_id is the request's.
  Outcome run(const protocol::RunRequest& request);

  /// Pipelined: keeps up to 32 requests in flight; the same outcomes as calling run() one by one
  /// (except that library output printed right at a sequence boundary may land in a neighbour's tail).
  std::vector<Outcome> run_batch(const std::vector<protocol::RunRequest>& requests);

  /// From the harness's Hello; starts the harness if needed.
  const std::vector<std::string>& callables();
  std::optional<std::uint32_t> callable_index(std::string_view id);
  /// Sandbox measures in force, as the harness reported them.
  const std::vector<std::string>& protections();

  /// How long one call may take before it is a hang: ExecutorOptions::call_timeout until changed
  /// here; a change applies to the next request.
  std::chrono::milliseconds call_timeout() const;
  void set_call_timeout(std::chrono::milliseconds limit);

  /// Harness starts after the first one.
  std::size_t restarts() const;
  /// Sequences whose forked child died while the harness lived on (fork server).
  std::size_t child_deaths() const;
  /// Sequences a sanitizer report stopped in a forked child that did not die of it (not among
  /// child_deaths; the child may still have left after answering, as after any sequence).
  std::size_t reports_survived() const;
  /// The running harness, or -1.
  pid_t pid() const;
  /// Shuts the harness down (shutdown message, 1 s grace, then SIGKILL) and reaps it. Idempotent;
  /// the next run() starts a new one.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace palus::harness
