#pragma once
// One harness process as the executor drives it: its pipes and the asynchronous reads and writes
// on them, what it answered, and how it ended (reaped, killed). Internal to the executor.

#include <sys/resource.h>
#include <sys/types.h>

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/process/async_pipe.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "harness/executor/outcome.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::harness::detail {

/// One harness process: its pipes, what it said, and how it ended. Shared with the asynchronous
/// handlers, which may outlive the executor's interest in it (they then only touch this object).
struct Instance {
  Instance(boost::asio::io_context& ioc, std::size_t cap) : in(ioc), out(ioc), err(ioc), output(cap) {}

  boost::process::async_pipe in, out, err;
  pid_t pid = -1;
  std::filesystem::path scratch;

  // Answers (fd 1).
  std::array<char, 64 * 1024> answer_chunk{};
  std::string answer_buf;
  std::size_t answer_pos = 0;
  std::deque<protocol::RunResult> results;  ///< answers in order; a child's death stands as an empty one
  std::unordered_map<std::uint64_t, protocol::Death> deaths;  ///< by wire id: the children that died
  /// A forking harness's children that the executor killed because their sequence hung, by wire
  /// id: the hang's message and statement, for the death message the harness sends for them.
  struct HungChild {
    std::string message;
    int statement = -1;
    std::chrono::steady_clock::time_point killed;
  };
  std::unordered_map<std::uint64_t, HungChild> hung_children;
  std::optional<protocol::Hello> hello;
  std::string protocol_error;
  bool answers_eof = false;

  // Library output (fd 2).
  std::array<char, 128 * 1024> output_chunk{};
  OutputSplitter output;
  bool output_eof = false;

  // Requests (fd 0).
  std::deque<std::string> write_queue;
  bool writing = false;
  bool write_failed = false;
  bool close_after_writes = false;

  // The process.
  bool reaped = false;
  int status = 0;
  rusage usage{};
  int stopped_by = 0;     ///< signal that stopped it (waitpid WUNTRACED)
  bool finished = false;  ///< dead, reaped and drained

  enum class Cause { none, exited, hang, stopped, protocol, closed_answers };
  Cause cause = Cause::none;
  std::string cause_message;
  int hang_statement = -1;
};

/// Keeps reading answers (fd 1) into `inst`, frame by frame, until EOF.
void read_answers(const std::shared_ptr<Instance>& inst);
/// Keeps reading the library's output (fd 2) into `inst` until EOF.
void read_output(const std::shared_ptr<Instance>& inst);
/// Writes the queued frames in order; closes fd 0 after the last when close_after_writes is set.
void write_next(const std::shared_ptr<Instance>& inst);
/// Queues `frame` for fd 0 (dropped once a write failed).
void send(const std::shared_ptr<Instance>& inst, std::string frame);

/// True once the harness has been reaped. Records a stop (SIGSTOP and friends) on the way.
bool poll_exit(Instance& in);
/// Kills the harness and whatever it left in its process group, and reaps it.
void kill_and_reap(Instance& in);
/// "exit(3)", "SIGSEGV", ... from the reaped status.
std::string describe_status(const Instance& in);

}  // namespace palus::harness::detail
