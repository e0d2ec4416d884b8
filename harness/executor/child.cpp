#include "harness/executor/child.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/start_dir.hpp>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

namespace bp = boost::process;

namespace palus::harness::detail {

ProgressPage::ProgressPage() {
  fd_ = ::memfd_create("palus-progress", MFD_CLOEXEC);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
  if (::ftruncate(fd_, sizeof(protocol::Progress)) != 0) {
    int e = errno;
    ::close(fd_);
    throw std::system_error(e, std::generic_category(), "ftruncate of the progress page");
  }
  void* p = ::mmap(nullptr, sizeof(protocol::Progress), PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (p == MAP_FAILED) {
    int e = errno;
    ::close(fd_);
    throw std::system_error(e, std::generic_category(), "mmap of the progress page");
  }
  page_ = static_cast<protocol::Progress*>(p);
  reset();
}

ProgressPage::~ProgressPage() {
  if (page_) ::munmap(page_, sizeof(protocol::Progress));
  if (fd_ >= 0) ::close(fd_);
}

void ProgressPage::reset() {
  auto& p = *page_;
  p.sequence_id.store(0);
  p.statement.store(-1);
  p.phase.store(static_cast<std::uint32_t>(protocol::Phase::idle));
  p.phase_start_ns.store(0);
  p.sequence_start_ns.store(0);
  p.blocked_count.store(0);
  for (auto& b : p.blocked) b = protocol::Refusal{};
  p.note_length.store(0);
  std::memset(p.note, 0, sizeof(p.note));
}

namespace {

/// Runs in the forked child before execve: only async-signal-safe calls.
struct ChildSetup : bp::extend::handler {
  int keep_fd = -1;

  template <class Executor>
  void on_exec_setup(Executor&) const {
    // Ignored signals survive execve (we ignore SIGPIPE); a blocked mask does too.
    struct sigaction dfl;
    std::memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s = 1; s < NSIG; ++s) {
      if (s != SIGKILL && s != SIGSTOP) ::sigaction(s, &dfl, nullptr);  // EINVAL for reserved ones
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    // No inherited descriptors but 0-2 and the progress page. Close-on-exec rather than close:
    // Boost.Process reports an execve failure through a pipe of its own.
    if (::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_CLOEXEC) != 0) {
      for (int fd = 3; fd < 65536; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    if (keep_fd >= 0) ::fcntl(keep_fd, F_SETFD, 0);
  }

  /// In the parent: Boost.Process does not reap a child whose execve failed.
  template <class Executor>
  void on_error(Executor& exec, const std::error_code&) const {
    if (exec.pid > 0) {
      ::kill(exec.pid, SIGKILL);
      while (::waitpid(exec.pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
};

}  // namespace

pid_t spawn(const SpawnSpec& spec, bp::async_pipe& in, bp::async_pipe& out, bp::async_pipe& err, std::string& error) {
  try {
    bp::environment env;
    env.clear();
    for (const auto& [name, value] : spec.env) env[name] = value;
    ChildSetup setup;
    setup.keep_fd = spec.inherit_fd;
    std::error_code ec;
    bp::child child(bp::exe = spec.exe.string(), bp::args = spec.args, env, bp::start_dir = spec.working_dir.string(),
                    bp::std_in<in, bp::std_out> out, bp::std_err > err, setup, ec);
    if (ec || !child.valid()) {
      error = "cannot start " + spec.exe.string() + ": " + (ec ? ec.message() : std::string("unknown error"));
      return -1;
    }
    pid_t pid = child.id();
    child.detach();  // we reap it ourselves; a detached child is neither waited for nor killed here
    return pid;
  } catch (const std::exception& e) {
    error = "cannot start " + spec.exe.string() + ": " + e.what();
    return -1;
  }
}

char process_state(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!stat || !std::getline(stat, text)) return 0;
  // "pid (comm) S ...": comm may hold spaces and parentheses; the state follows the last ')'.
  std::size_t close = text.rfind(')');
  if (close == std::string::npos || close + 2 >= text.size()) return 0;
  return text[close + 2];
}

}  // namespace palus::harness::detail
