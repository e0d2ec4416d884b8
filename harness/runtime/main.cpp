// The harness process: confine itself, greet the executor, then interpret sequences until told
// to stop (DESIGN §7; descriptors and options in harness/protocol/launch.hpp).

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/launch.hpp"
#include "harness/protocol/progress.hpp"
#include "harness/protocol/protocol.hpp"
#include "interpreter.hpp"
#include "last_words.hpp"
#include "sandbox.hpp"

namespace palus::harness {
namespace {

// Where the harness keeps its own descriptors, above anything a library is likely to use.
constexpr int kRequests = 500, kAnswers = 501, kOutput = 502, kProgress = 503;

[[noreturn]] void die(const std::string& why) {
  std::string line = "palus-harness: " + why + "\n";
  (void)!write(STDERR_FILENO, line.data(), line.size());
  std::_Exit(70);
}

struct Options {
  int progress_fd = -1;
  SandboxSettings sandbox;
  bool sanitized = false;
  bool fork_server = false;
  /// Under AddressSanitizer its own thread enforces hard_rss_limit_mb; a forked child has no such
  /// thread, so the fork server watches the child's resident memory against this.
  std::uint64_t child_rss_limit = 0;
};

Options parse(int argc, char** argv) {
  Options options;
  options.sandbox.scratch = ".";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die("option " + arg + " needs a value");
      return argv[++i];
    };
    if (arg == launch::kProgressFd)
      options.progress_fd = std::stoi(value());
    else if (arg == launch::kScratch)
      options.sandbox.scratch = value();
    else if (arg == launch::kWritable)
      options.sandbox.writable.push_back(value());
    else if (arg == launch::kMemory)
      options.sandbox.memory_bytes = std::stoull(value());
    else if (arg == launch::kSequenceCpu)
      options.sandbox.sequence_cpu_s = static_cast<unsigned>(std::stoul(value()));
    else if (arg == launch::kNoSandbox)
      options.sandbox.confine = false;
    else if (arg == launch::kSanitized)
      options.sanitized = true;
    else if (arg == launch::kForkServer)
      options.fork_server = true;
    else
      die("unknown option " + arg);
  }
  if (options.progress_fd < 0) die(std::string(launch::kProgressFd) + " is required");
  if (options.sanitized) {
    options.child_rss_limit = options.sandbox.memory_bytes;
    options.sandbox.memory_bytes = 0;  // AddressSanitizer reserves terabytes
  }
  return options;
}

/// Keeps the protocol descriptors out of the library's way and closes everything inherited.
void arrange_descriptors(int progress_fd) {
  if (dup2(STDIN_FILENO, kRequests) < 0 || dup2(STDOUT_FILENO, kAnswers) < 0 || dup2(STDERR_FILENO, kOutput) < 0 ||
      dup2(progress_fd, kProgress) < 0) {
    die(std::string("cannot arrange descriptors: ") + std::strerror(errno));
  }
  close_range(3, kRequests - 1, 0);
  close_range(kProgress + 1, ~0u, 0);
  int null = open("/dev/null", O_RDONLY);
  dup2(null, STDIN_FILENO);
  if (null != STDIN_FILENO) close(null);
  dup2(kOutput, STDOUT_FILENO);  // what the library prints on stdout goes to the drained output pipe
}

/// A library may close 0-2; later sequences still deserve working standard streams.
void restore_standard_streams() {
  std::fflush(stdout);
  std::fflush(stderr);
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (fcntl(fd, F_GETFD) != -1) continue;
    if (fd == STDIN_FILENO) {
      int null = open("/dev/null", O_RDONLY);
      if (null >= 0 && null != fd) {
        dup2(null, fd);
        close(null);
      }
    } else {
      dup2(kOutput, fd);
    }
  }
}

bool read_exact(int fd, char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

void write_all(const std::string& bytes) {
  const char* data = bytes.data();
  std::size_t size = bytes.size();
  while (size > 0) {
    ssize_t n = write(kAnswers, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) std::_Exit(0);  // the executor is gone
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

protocol::Progress& map_progress() {
  void* page = mmap(nullptr, sizeof(protocol::Progress), PROT_READ | PROT_WRITE, MAP_SHARED, kProgress, 0);
  if (page == MAP_FAILED) die(std::string("cannot map the progress page: ") + std::strerror(errno));
  auto* progress = static_cast<protocol::Progress*>(page);
  progress->statement.store(-1);
  progress->phase.store(static_cast<std::uint32_t>(protocol::Phase::idle));
  return *progress;
}

/// Runs one request here and answers it.
void run_and_answer(Interpreter& interpreter, const protocol::RunRequest& request, unsigned cpu_s) {
  renew_cpu_budget(cpu_s);
  protocol::RunResult result = interpreter.run(request);
  restore_standard_streams();
  std::string marker = launch::output_marker(result.sequence_id);
  (void)!write(kOutput, marker.data(), marker.size());
  write_all(protocol::encode(result));
}

/// The fork server: each request runs in a child forked from this initialised process, so a
/// crash costs a fork instead of a restart and every sequence starts from the same static state.
/// The child answers itself; when it dies without answering, the server says how it ended.
class ForkServer {
 public:
  ForkServer(Interpreter& interpreter, protocol::Progress& progress, const Options& options)
      : interpreter_(interpreter), progress_(progress), options_(options) {
    void* page = mmap(nullptr, sizeof(std::uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) die(std::string("cannot map the answered flag: ") + std::strerror(errno));
    answered_ = static_cast<volatile std::uint64_t*>(page);
  }

  /// Whether a child can confine itself with seccomp: tried once, in a child, at start-up.
  std::vector<std::string> probe_seccomp() {
    pid_t child = fork();
    if (child < 0) return {std::string("no seccomp: cannot fork: ") + std::strerror(errno)};
    if (child == 0) {
      std::vector<std::string> words = install_seccomp(progress_);
      std::_Exit(words.empty() || words.front().rfind("no seccomp", 0) == 0 ? 1 : 0);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return seccomp_protections();
    return {"no seccomp: the filter did not load in a forked child"};
  }

  void run(const protocol::RunRequest& request) {
    *answered_ = 0;
    const pid_t server = getpid();
    pid_t child = fork();
    if (child < 0) {  // no fork today: run it here, as without a fork server
      run_and_answer(interpreter_, request, options_.sandbox.sequence_cpu_s);
      return;
    }
    if (child == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != server) std::_Exit(0);
      if (options_.sandbox.confine) install_seccomp(progress_);
      run_and_answer(interpreter_, request, options_.sandbox.sequence_cpu_s);
      *answered_ = request.sequence_id;
      std::_Exit(0);
    }
    int status = 0;
    rusage usage{};
    reap(child, status, usage);
    if (*answered_ == request.sequence_id && WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
    std::string marker = launch::output_marker(request.sequence_id);
    (void)!write(kOutput, marker.data(), marker.size());
    protocol::Death death;
    death.sequence_id = request.sequence_id;
    death.pid = child;
    death.wait_status = status;
    death.max_rss_kib = usage.ru_maxrss;
    if (progress_.sequence_id.load() == request.sequence_id) {  // else it died before starting
      death.started = true;
      death.statement = progress_.statement.load();
      death.phase = progress_.phase.load();
      std::uint32_t n = std::min(progress_.note_length.load(), protocol::Progress::kNoteSize);
      death.note.assign(progress_.note, n);
      death.refused = protocol::refusals(progress_);
    }
    write_all(protocol::encode(death));
  }

 private:
  /// Waits for the child to end; kills it when it holds more memory than allowed.
  void reap(pid_t child, int& status, rusage& usage) {
    int pidfd = options_.child_rss_limit > 0 ? static_cast<int>(syscall(SYS_pidfd_open, child, 0)) : -1;
    if (pidfd >= 0) {
      pollfd ended{pidfd, POLLIN, 0};
      while (poll(&ended, 1, 10) == 0 || (ended.revents & POLLIN) == 0) {
        if (resident_bytes(child) > options_.child_rss_limit) {
          kill(child, SIGKILL);
          break;
        }
      }
      close(pidfd);
    }
    while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
    }
  }

  static std::uint64_t resident_bytes(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/statm", static_cast<int>(pid));
    FILE* statm = std::fopen(path, "r");
    if (statm == nullptr) return 0;
    unsigned long long size = 0, resident = 0;
    int fields = std::fscanf(statm, "%llu %llu", &size, &resident);
    std::fclose(statm);
    return fields == 2 ? resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
  }

  Interpreter& interpreter_;
  protocol::Progress& progress_;
  const Options& options_;
  volatile std::uint64_t* answered_ = nullptr;
};

int serve(int argc, char** argv) {
  Options options = parse(argc, argv);
  setsid();                          // Ctrl-C on the terminal is for palus, not for us
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the executor
  if (getppid() == 1) return 0;
  signal(SIGPIPE, SIG_IGN);
  for (int s : {SIGTSTP, SIGTTIN, SIGTTOU}) signal(s, SIG_IGN);
  arrange_descriptors(options.progress_fd);
  protocol::Progress& progress = map_progress();
  if (chdir(options.sandbox.scratch.c_str()) != 0) die("cannot enter " + options.sandbox.scratch);

  protocol::Hello hello;
  hello.pid = static_cast<std::uint32_t>(getpid());
  for (const auto& entry : registry().callables) hello.callables.emplace_back(entry.id);
  auto add = [&](std::vector<std::string> words) {
    hello.protections.insert(hello.protections.end(), words.begin(), words.end());
  };
  add(apply_limits(options.sandbox));
  if (options.sandbox.confine) {
    add(enter_namespaces(options.sandbox));
    add({"scrubbed environment, no inherited descriptors, own session"});
  }
  install_last_words(progress, options.sanitized);
  Interpreter interpreter(progress);
  std::optional<ForkServer> server;
  if (options.fork_server) {
    server.emplace(interpreter, progress, options);
    if (options.sandbox.confine) add(server->probe_seccomp());  // each child confines itself
    add({"fork server: a child per sequence"});
  } else if (options.sandbox.confine) {
    add(install_seccomp(progress));  // last: it forbids what came before
  }
  write_all(protocol::encode(hello));

  std::string payload;
  char header[protocol::kHeaderSize];
  while (read_exact(kRequests, header, sizeof header)) {
    protocol::FrameHeader frame = protocol::decode_header(header);
    payload.resize(frame.length);
    if (!read_exact(kRequests, payload.data(), payload.size())) break;
    if (frame.kind == protocol::MessageKind::shutdown) break;
    if (frame.kind != protocol::MessageKind::run) die("unexpected message kind");
    protocol::RunRequest request = protocol::decode_run(payload);
    if (server)
      server->run(request);
    else
      run_and_answer(interpreter, request, options.sandbox.sequence_cpu_s);
  }
  return 0;
}

}  // namespace
}  // namespace palus::harness

int main(int argc, char** argv) {
  try {
    return palus::harness::serve(argc, argv);
  } catch (const std::exception& e) {
    palus::harness::die(e.what());
  }
}
