// The harness process: confine itself, greet the executor, then interpret sequences until told
// to stop (DESIGN §7; descriptors and options in harness/protocol/launch.hpp).

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
    else
      die("unknown option " + arg);
  }
  if (options.progress_fd < 0) die(std::string(launch::kProgressFd) + " is required");
  if (options.sanitized) options.sandbox.memory_bytes = 0;  // AddressSanitizer reserves terabytes
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
  if (options.sandbox.confine) add(install_seccomp(progress));  // last: it forbids what came before
  write_all(protocol::encode(hello));

  Interpreter interpreter(progress);
  std::string payload;
  char header[protocol::kHeaderSize];
  while (read_exact(kRequests, header, sizeof header)) {
    protocol::FrameHeader frame = protocol::decode_header(header);
    payload.resize(frame.length);
    if (!read_exact(kRequests, payload.data(), payload.size())) break;
    if (frame.kind == protocol::MessageKind::shutdown) break;
    if (frame.kind != protocol::MessageKind::run) die("unexpected message kind");
    renew_cpu_budget(options.sandbox.sequence_cpu_s);
    protocol::RunResult result = interpreter.run(protocol::decode_run(payload));
    restore_standard_streams();
    std::string marker = launch::output_marker(result.sequence_id);
    (void)!write(kOutput, marker.data(), marker.size());
    write_all(protocol::encode(result));
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
