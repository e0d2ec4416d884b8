#include "core/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>

#include "core/output_tail.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace palus::process {
namespace {

using Clock = std::chrono::steady_clock;

/// `name` as execve needs it: itself when it holds a '/', else the first match in $PATH.
std::string resolve(const fs::path& name) {
  const std::string text = name.string();
  if (text.find('/') != std::string::npos) return text;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    fs::path candidate = fs::path(colon == start ? "." : dirs.substr(start, colon - start)) / text;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    start = colon + 1;
  }
  return text;
}

/// Only async-signal-safe calls between fork and exec: the parent may have other threads.
[[noreturn]] void exec_child(int output_fd, int error_fd, const char* exe, char* const* argv, char* const* envp,
                             const char* working_dir, std::uint64_t memory_bytes, int niceness, pid_t parent) {
  ::setpgid(0, 0);
  // Not left running when palus dies (its own group does not get the terminal's Ctrl-C).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
  }
  int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(output_fd, 1) < 0 || ::dup2(output_fd, 2) < 0) {
    int e = errno;
    (void)!::write(error_fd, &e, sizeof e);
    ::_exit(127);
  }
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  if (memory_bytes > 0) {
    rlimit as{memory_bytes, memory_bytes};
    ::setrlimit(RLIMIT_AS, &as);
  }
  if (niceness > 0) (void)!::nice(niceness);
  if (working_dir != nullptr && ::chdir(working_dir) != 0) {
    int e = errno;
    (void)!::write(error_fd, &e, sizeof e);
    ::_exit(127);
  }
  // error_fd is close-on-exec: it stays open up to execve, and closing it tells the parent "started".
  if (::close_range(3, ~0u, CLOSE_RANGE_CLOEXEC) != 0) {
    for (int fd = 3; fd < 4096; ++fd) {
      if (fd != error_fd) ::close(fd);
    }
  }
  ::execve(exe, argv, envp);
  int e = errno;
  (void)!::write(error_fd, &e, sizeof e);
  ::_exit(127);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_status(ProcessResult& result, int status) {
  if (WIFEXITED(status)) {
    result.exit_status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
}

}  // namespace

std::vector<std::string> environment_with(const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [key, value] : changes) replaced = replaced || key == name;
    if (!replaced) env.push_back(std::move(entry));
  }
  for (const auto& [key, value] : changes) env.push_back(key + "=" + value);
  return env;
}

ProcessResult run_process(const ProcessSpec& spec) {
  ProcessResult result;
  const std::string exe = resolve(spec.exe);
  std::vector<std::string> arg_storage{exe};
  arg_storage.insert(arg_storage.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv, envp;
  for (auto& a : arg_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_storage = spec.env;
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string working_dir = spec.working_dir.string();

  int output[2], errors[2];
  if (::pipe2(output, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
  if (::pipe2(errors, O_CLOEXEC) != 0) {
    int e = errno;
    ::close(output[0]);
    ::close(output[1]);
    throw std::system_error(e, std::generic_category(), "pipe2");
  }
  const auto start = Clock::now();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    exec_child(output[1], errors[1], exe.c_str(), argv.data(), envp.data(),
               working_dir.empty() ? nullptr : working_dir.c_str(), spec.memory_bytes, spec.niceness, parent);
  }
  int read_fd = output[0], errors_read = errors[0];
  close_fd(output[1]);
  close_fd(errors[1]);
  if (pid < 0) {
    int e = errno;
    close_fd(read_fd);
    close_fd(errors_read);
    throw std::system_error(e, std::generic_category(), "fork");
  }
  ::setpgid(pid, pid);  // also done by the child: whichever runs first, killpg works at once

  int child_errno = 0;
  ssize_t got;
  do {
    got = ::read(errors_read, &child_errno, sizeof child_errno);
  } while (got < 0 && errno == EINTR);
  close_fd(errors_read);
  if (got == static_cast<ssize_t>(sizeof child_errno)) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    close_fd(read_fd);
    result.error = "cannot start " + exe + ": " + std::strerror(child_errno);
    return result;
  }
  result.started = true;

  OutputTail tail(spec.output_cap);
  const auto deadline = spec.timeout ? start + *spec.timeout : Clock::time_point::max();
  bool exited = false, eof = false;
  Clock::time_point exited_at{};
  int status = 0;
  char buffer[16384];
  for (;;) {
    if (!exited) {
      const pid_t r = ::waitpid(pid, &status, WNOHANG);
      const bool lost = r < 0 && errno == ECHILD;
      if (lost) {  // reaped elsewhere (SIGCHLD ignored?): the status is lost
        status = 0;
        result.error = "the exit status was lost (SIGCHLD ignored?)";
      }
      if (r == pid || lost) {
        exited = true;
        exited_at = Clock::now();
        // Whatever it left running in its group would keep the pipe open: end it now.
        ::killpg(pid, SIGKILL);
      }
    }
    const auto now = Clock::now();
    const bool cancelled = !exited && spec.cancel != nullptr && spec.cancel->load();
    if (!exited && (now >= deadline || cancelled)) {
      (cancelled ? result.cancelled : result.timed_out) = true;
      ::killpg(pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      exited = true;
      exited_at = Clock::now();
    }
    // After the end, read what is left for a short while: a killed grandchild may hold the pipe.
    if (exited && (eof || Clock::now() - exited_at > std::chrono::milliseconds(500))) break;
    if (eof) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    int wait_ms = exited ? 50 : 20;
    if (!exited && deadline != Clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
      if (left < wait_ms) wait_ms = static_cast<int>(left);
    }
    pollfd pfd{read_fd, POLLIN, 0};
    int ready = ::poll(&pfd, 1, wait_ms);
    if (ready > 0) {
      ssize_t n = ::read(read_fd, buffer, sizeof buffer);
      if (n > 0) {
        tail.append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        eof = true;
      }
    }
  }
  close_fd(read_fd);
  set_status(result, status);
  if (result.timed_out || result.cancelled) {
    result.exit_status = -1;
    result.signal = SIGKILL;
  }
  result.output_bytes = tail.total();
  result.output = tail.take();
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

std::string shell_quote(std::string_view word) {
  if (!word.empty() &&
      word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%") ==
          std::string_view::npos) {
    return std::string(word);
  }
  std::string quoted = "'";
  for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

}  // namespace palus::process
