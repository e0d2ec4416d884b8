#pragma once
// Starting a harness process: the shared progress page and the spawn itself (Boost.Process v1).
// Internal to the executor.

#include <sys/types.h>

#include <boost/process/async_pipe.hpp>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "harness/protocol/progress.hpp"

namespace palus::harness::detail {

/// A memfd holding a protocol::Progress, mapped shared. Close-on-exec in this process; the spawn
/// clears the flag in the child only, so no other child of ours inherits it.
class ProgressPage {
 public:
  ProgressPage();
  ~ProgressPage();
  ProgressPage(const ProgressPage&) = delete;
  ProgressPage& operator=(const ProgressPage&) = delete;

  int fd() const { return fd_; }
  protocol::Progress* get() const { return page_; }
  /// Back to "nothing happened yet": before each harness start.
  void reset();

 private:
  int fd_ = -1;
  protocol::Progress* page_ = nullptr;
};

struct SpawnSpec {
  std::filesystem::path exe;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> env;  ///< the whole environment
  std::filesystem::path working_dir;
  int inherit_fd = -1;  ///< kept open across exec (the progress page); every other fd > 2 is closed
};

/// Starts the process with fd 0 reading `in`, fds 1 and 2 writing `out` and `err` (the child's
/// ends are closed here afterwards). Returns the pid, or -1 with `error` set. Never throws.
/// The child object is detached: the caller reaps the pid with waitpid.
pid_t spawn(const SpawnSpec& spec, boost::process::async_pipe& in, boost::process::async_pipe& out,
            boost::process::async_pipe& err, std::string& error);

/// Process state letter from /proc/<pid>/stat ('R', 'S', 'T', 'Z', ...), or 0 if unreadable.
char process_state(pid_t pid);

}  // namespace palus::harness::detail
