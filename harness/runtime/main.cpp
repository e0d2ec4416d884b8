// The harness process: confine itself, greet the executor, then interpret sequences until told
// to stop (DESIGN §7; descriptors and options in harness/protocol/launch.hpp).

#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "coverage.hpp"
#include "free_watch.hpp"
#include "harness/protocol/launch.hpp"
#include "harness/protocol/progress.hpp"
#include "harness/protocol/protocol.hpp"
#include "interpreter.hpp"
#include "last_words.hpp"
#include "recover.hpp"
#include "sandbox.hpp"

// The sanitizers' symbolizer, when the harness is built with one (weak: absent otherwise).
extern "C" void __sanitizer_symbolize_pc(void* pc, const char* format, char* out, std::size_t out_size)
    __attribute__((weak));
// UBSan's handler of a bad pointer use (the compiler's interface to the runtime, version 1).
extern "C" void __ubsan_handle_type_mismatch_v1(void* data, std::uintptr_t pointer) __attribute__((weak));

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
  bool ubsan_starter = false;  ///< UBSan's runtime may be started with a suppressed report
  bool fork_server = false;
  unsigned sequences_per_child = 1;
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
    else if (arg == launch::kUbsanStarter)
      options.ubsan_starter = true;
    else if (arg == launch::kForkServer)
      options.fork_server = true;
    else if (arg == launch::kSequencesPerChild)
      options.sequences_per_child = std::max(1u, static_cast<unsigned>(std::stoul(value())));
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

/// `transfer` (read or write) until `size` bytes have moved; false at the end of the stream or an error.
template <typename Byte, typename Transfer>
bool transfer_exact(int fd, Byte* data, std::size_t size, Transfer transfer) {
  while (size > 0) {
    ssize_t n = transfer(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// Lambdas rather than ::read and ::write themselves: with _FORTIFY_SOURCE, a C library may declare
// them as overload sets, whose address a template cannot take.
bool read_exact(int fd, char* data, std::size_t size) {
  return transfer_exact(fd, data, size, [](int in, char* to, std::size_t n) { return ::read(in, to, n); });
}

bool write_exact(int fd, const char* data, std::size_t size) {
  return transfer_exact(fd, data, size, [](int out, const char* from, std::size_t n) { return ::write(out, from, n); });
}

void write_all(const std::string& bytes) {
  if (!write_exact(kAnswers, bytes.data(), bytes.size())) std::_Exit(0);  // the executor is gone
}

protocol::Progress& map_progress() {
  void* page = mmap(nullptr, sizeof(protocol::Progress), PROT_READ | PROT_WRITE, MAP_SHARED, kProgress, 0);
  if (page == MAP_FAILED) die(std::string("cannot map the progress page: ") + std::strerror(errno));
  auto* progress = static_cast<protocol::Progress*>(page);
  progress->statement.store(-1);
  progress->freed_statement.store(-1);
  progress->phase.store(static_cast<std::uint32_t>(protocol::Phase::idle));
  return *progress;
}

/// Runs one request here and answers it. False when a call ran out of memory: the process's heap
/// is not to be trusted with another sequence.
bool run_and_answer(Interpreter& interpreter, const protocol::RunRequest& request, unsigned cpu_s) {
  renew_cpu_budget(cpu_s);
  protocol::RunResult result = interpreter.run(request);
  restore_standard_streams();
  std::string marker = launch::output_marker(result.sequence_id);
  (void)!write(kOutput, marker.data(), marker.size());
  write_all(protocol::encode(result));
  return std::none_of(result.statements.begin(), result.statements.end(),
                      [](const protocol::StatementResult& s) { return s.status == protocol::StatementStatus::oom; });
}

/// What a child says on its channel after answering: ready for the next request, or leaving (its
/// heap ran out of memory, it grew by a quarter of the memory allowed, or the request was to be its
/// last; the server takes the spare for the next one). Or, without an answer of its own, that a
/// sanitizer report or a fault stopped the sequence (recover.hpp), staying or leaving, followed by
/// the fault's signal (0 after a report), the report's file name's length and the name, for the
/// server to answer as for a death.
constexpr char kAnsweredStaying = 1, kAnsweredLeaving = 2, kReportSurvivedStaying = 3, kReportSurvivedLeaving = 4;

/// The fork server: each request runs in a child forked from this initialised process, so a
/// crash costs a fork instead of a restart and every sequence starts from the same static state.
/// The child answers itself and then says so on its channel (a socket pair with the server);
/// when it dies without saying so, the server reports how it ended. One child is forked ahead
/// (and confines itself) while the current one runs, and a child that answered is reaped later,
/// so neither fork nor exit, each a few milliseconds for a sanitized process, waits in line.
class ForkServer {
 public:
  ForkServer(Interpreter& interpreter, protocol::Progress& progress, const Options& options)
      : interpreter_(interpreter), progress_(progress), options_(options), server_(getpid()) {
    const bool ubsan_started = options.ubsan_starter && start_ubsan();
    warm_up_symbolizer(ubsan_started);
    exiting_.reserve(kExitingCapacity);
  }

  ~ForkServer() {
    if (current_) retire();
    if (spare_) {
      kill(spare_->pid, SIGKILL);
      close(spare_->channel);
      exiting_.push_back(spare_->pid);
    }
    for (pid_t pid : exiting_) reap(pid);
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

  /// Runs the request whose frame payload is `payload` in a child, which answers it; answers for
  /// the child when it dies.
  void run(const std::string& payload) {
    const std::uint64_t sequence_id = protocol::sequence_id_of_run(payload);
    reap_exited();
    if (!current_) {
      current_ = std::exchange(spare_, std::nullopt);
      if (!current_) current_ = spawn();
      served_ = 0;
    }
    if (!current_) {  // no fork today: run it here, as without a fork server
      run_and_answer(interpreter_, protocol::decode_run(payload), options_.sandbox.sequence_cpu_s);
      return;
    }
    const std::uint32_t length = static_cast<std::uint32_t>(payload.size());
    const bool sent = write_exact(current_->channel, reinterpret_cast<const char*>(&length), sizeof length) &&
                      write_exact(current_->channel, payload.data(), payload.size());
    if (!spare_) spare_ = spawn();  // while the child runs
    if (const char said = sent ? answered(*current_) : 0; said != 0) {
      const bool survived = said == kReportSurvivedStaying || said == kReportSurvivedLeaving;
      if (survived) {
        std::string report_file;
        int signal = 0;
        if (!read_report_file(current_->channel, signal, report_file)) return bury(sequence_id);
        // As the child would have ended: by the signal, or at AddressSanitizer's or UBSan's halt.
        report_death(sequence_id, current_->pid, signal != 0 ? signal : W_EXITCODE(1, 0), rusage{}, report_file);
      }
      if (said == kAnsweredLeaving || said == kReportSurvivedLeaving || ++served_ >= options_.sequences_per_child)
        retire();
      return;
    }
    bury(sequence_id);
  }

 private:
  struct Child {
    pid_t pid = -1;
    int channel = -1;  ///< the server's end
  };

  /// The current child died running `sequence_id`: reaped, and its death reported.
  void bury(std::uint64_t sequence_id) {
    close(current_->channel);
    int status = 0;
    rusage usage{};
    while (wait4(current_->pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    report_death(sequence_id, current_->pid, status, usage);
    current_.reset();
  }

  /// What a child sends after kReportSurvivedStaying or kReportSurvivedLeaving: the signal of a
  /// fault survived without a report (0 for a report), and the report's file name.
  static bool read_report_file(int channel, int& signal, std::string& name) {
    unsigned char said[2] = {0, 0};  // the signal, the name's length
    if (!read_exact(channel, reinterpret_cast<char*>(said), 2)) return false;
    signal = said[0];
    const unsigned char length = said[1];
    name.resize(length);
    return read_exact(channel, name.data(), name.size());
  }

  /// The current child has served its share: closing its channel ends it; it is reaped later.
  void retire() {
    close(current_->channel);
    if (exiting_.size() == kExitingCapacity) {  // never grows: see kExitingCapacity
      reap(exiting_.front());
      exiting_.erase(exiting_.begin());
    }
    exiting_.push_back(current_->pid);
    current_.reset();
  }

  /// A child waiting for its request; nothing when fork fails.
  std::optional<Child> spawn() {
    int ends[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return std::nullopt;
    const pid_t pid = fork();
    if (pid < 0) {
      close(ends[0]);
      close(ends[1]);
      return std::nullopt;
    }
    if (pid == 0) {
      close(ends[0]);
      if (spare_) close(spare_->channel);
      if (current_) close(current_->channel);
      live(ends[1]);
    }
    close(ends[1]);
    return Child{pid, ends[0]};
  }

  /// A child's life: the requests that come on its channel, each answered, until the channel closes.
  [[noreturn]] void live(int channel) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != server_) std::_Exit(0);
    if (options_.sandbox.confine) install_seccomp(progress_);
    const std::uint64_t inherited = peak_resident_bytes();
    recover::enable(options_.sanitized);
    for (;;) {
      std::uint32_t length = 0;
      if (!read_exact(channel, reinterpret_cast<char*>(&length), sizeof length)) std::_Exit(0);
      std::string payload(length, '\0');
      if (!read_exact(channel, payload.data(), payload.size())) std::_Exit(0);
      const protocol::RunRequest request = protocol::decode_run(payload);
      // A report between sequences (a thread the library left running) ends the child, as UBSan's
      // halt would have: the server reports the request's sequence as dead before it started.
      if (recover::g_report_pending) std::_Exit(1);
      sigjmp_buf back;
      if (sigsetjmp(back, 1) != 0) {  // 1: the jump back restores the signal mask of here
        survive_report(channel, request.last_in_child || grew_too_much(inherited));
        continue;
      }
      recover::arm(&back);
      const bool answered = run_and_answer(interpreter_, request, options_.sandbox.sequence_cpu_s);
      recover::disarm();
      const bool stays = answered && !request.last_in_child && !grew_too_much(inherited);
      const char done = stays ? kAnsweredStaying : kAnsweredLeaving;
      if (write(channel, &done, 1) != 1 || !stays) std::_Exit(0);
    }
  }

  /// After a sanitizer report or a fault stopped the sequence (the jump back of recover.hpp): the
  /// sequence's marks count for nothing, as if its child had died, and the server answers for it
  /// from the progress page as the report left it. What the sequence made is destroyed as at the
  /// end of any sequence: left alive, it would stay in a library's registries for the sequences
  /// after it (tinysql's databases), which then differ from the same sequences in a fresh process.
  /// A report or fault in that ends the child after the answer, as does `must_leave`.
  void survive_report(int channel, bool must_leave) {
    coverage::end_sequence(false);
    const recover::Stopped stopped = recover::after_jump();
    volatile bool leaving = must_leave || stopped.must_leave;  // set after the jump back below
    std::string report_file = stopped.report_file;
    const std::int32_t statement = progress_.statement.load(), freed = progress_.freed_statement.load();
    const std::uint32_t phase = progress_.phase.load(), note_length = progress_.note_length.load();
    sigjmp_buf again;
    if (stopped.must_leave) {
      interpreter_.abandon();  // a bad write went through: no destructor runs over what it hit
    } else if (sigsetjmp(again, 1) == 0) {
      recover::arm_cleanup(&again);
      interpreter_.clean_up();
      recover::disarm();
    } else {
      // What the clean-up's report says follows from the first: not read, and not left for later.
      const std::string second = recover::after_jump().report_file;
      if (!second.empty()) unlink(second.c_str());
      interpreter_.abandon();
      leaving = true;
    }
    progress_.statement.store(statement);
    progress_.freed_statement.store(freed);
    progress_.phase.store(phase);
    progress_.note_length.store(note_length);
    restore_standard_streams();
    if (report_file.size() > 255) report_file.clear();
    const char said[3] = {leaving ? kReportSurvivedLeaving : kReportSurvivedStaying, static_cast<char>(stopped.signal),
                          static_cast<char>(report_file.size())};
    if (!write_exact(channel, said, sizeof said) || !write_exact(channel, report_file.data(), report_file.size()) ||
        leaving)
      std::_Exit(0);
  }

  /// The most this process has held resident (a forked child starts from what it inherited).
  static std::uint64_t peak_resident_bytes() {
    rusage usage{};
    return getrusage(RUSAGE_SELF, &usage) == 0 ? static_cast<std::uint64_t>(usage.ru_maxrss) * 1024 : 0;
  }

  /// Whether this child's peak grew by a quarter of the memory a sequence may use beyond the
  /// `inherited` one: what its sequences leaked must not run a later one out of memory, which would
  /// then be blamed for it. A peak, so memory freed counts too (AddressSanitizer's quarantine holds
  /// up to 256 MiB of it), and it varies a little from run to run, as resident memory does.
  bool grew_too_much(std::uint64_t inherited) const {
    const std::uint64_t limit = options_.child_rss_limit > 0 ? options_.child_rss_limit : options_.sandbox.memory_bytes;
    return limit > 0 && peak_resident_bytes() > inherited + limit / 4;
  }

  /// Waits until the child says it answered (kAnsweredStaying or kAnsweredLeaving) or its channel
  /// closes (0: it died). Under AddressSanitizer, whose memory-limit thread does not survive a
  /// fork, kills a child holding more memory than allowed.
  char answered(const Child& child) {
    pollfd channel{child.channel, POLLIN, 0};
    for (;;) {
      const int ready = poll(&channel, 1, options_.child_rss_limit > 0 ? 10 : -1);
      if (ready < 0 && errno != EINTR) return 0;
      if (ready > 0) {
        char done = 0;
        ssize_t n;
        while ((n = read(child.channel, &done, 1)) < 0 && errno == EINTR) {
        }
        return n == 1 ? done : 0;
      }
      if (options_.child_rss_limit > 0 && resident_bytes(child.pid) > options_.child_rss_limit)
        kill(child.pid, SIGKILL);
    }
  }

  void report_death(std::uint64_t sequence_id, pid_t pid, int status, const rusage& usage,
                    const std::optional<std::string>& survived_report = std::nullopt) {
    std::string marker = launch::output_marker(sequence_id);
    (void)!write(kOutput, marker.data(), marker.size());
    protocol::Death death;
    death.sequence_id = sequence_id;
    death.pid = pid;
    death.wait_status = status;
    death.max_rss_kib = usage.ru_maxrss;
    if (progress_.sequence_id.load() == sequence_id) {  // else it died before starting
      death.started = true;
      death.statement = progress_.statement.load();
      death.freed_statement = progress_.freed_statement.load();
      death.phase = progress_.phase.load();
      std::uint32_t n = std::min(progress_.note_length.load(), protocol::Progress::kNoteSize);
      death.note.assign(progress_.note, n);
      death.refused = protocol::refusals(progress_);
    }
    if (survived_report) {
      death.survived = true;
      death.report_file = *survived_report;
    }
    write_all(protocol::encode(death));
  }

  /// Waits until `pid`, a child told to leave, has exited.
  static void reap(pid_t pid) {
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }

  /// Children that answered and are exiting, reaped when they are done.
  void reap_exited() {
    std::erase_if(exiting_, [](pid_t pid) { return waitpid(pid, nullptr, WNOHANG) != 0; });
  }

  /// Read without the heap (no FILE): it runs every 10 ms while a child runs, as often as time
  /// allows, and the spare is forked from this process (see kExitingCapacity).
  static std::uint64_t resident_bytes(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/statm", static_cast<int>(pid));
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[128];
    const ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return 0;
    text[n] = '\0';
    unsigned long long size = 0, resident = 0;
    const int fields = std::sscanf(text, "%llu %llu", &size, &resident);
    return fields == 2 ? resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
  }

  using SymbolizePc = void (*)(void*, const char*, char*, std::size_t);

  /// Starts UBSan's runtime, which GCC's starts at its first report, with a report that
  /// UBSAN_OPTIONS suppresses (launch::kUbsanStarter): a null pointer used in a source file of
  /// that name. Whether it could.
  static bool start_ubsan() {
    if (__ubsan_handle_type_mismatch_v1 == nullptr) return false;
    struct Location {
      const char* file;
      std::uint32_t line, column;
    };
    struct Type {
      std::uint16_t kind, info;
      char name[8];
    };
    struct TypeMismatch {
      Location where;
      const Type* type;
      unsigned char log_alignment, check_kind;
    };
    static const Type type{0xffff, 0, "'void'"};
    static TypeMismatch data{{launch::kUbsanStarterFile, 1, 1}, &type, 0, 0};
    __ubsan_handle_type_mismatch_v1(&data, 0);
    return true;
  }

  /// Each loaded runtime's own symbolizer (recover::definitions_of): `__sanitizer_symbolize_pc`
  /// binds to the first, and UBSan's reports go through the second. The others only when `all`:
  /// asked before its runtime started, UBSan's symbolizer never symbolizes.
  static std::vector<SymbolizePc> symbolizers(bool all) {
    std::vector<SymbolizePc> found;
    if (!all) {
      if (__sanitizer_symbolize_pc != nullptr) found.push_back(__sanitizer_symbolize_pc);
      return found;
    }
    for (void* symbolize : recover::definitions_of("__sanitizer_symbolize_pc"))
      found.push_back(reinterpret_cast<SymbolizePc>(symbolize));
    return found;
  }

  /// Reads the debug information once, here, for every part of the executable's code, in each
  /// sanitizer runtime: a child symbolizing its report would otherwise read (and sort) it afresh
  /// every time, which is most of a crashing child's time under the sanitizers.
  static void warm_up_symbolizer(bool ubsan_started) {
    for (SymbolizePc symbolize : symbolizers(ubsan_started)) {
      bool executable = true;
      std::pair<SymbolizePc, bool*> walk{symbolize, &executable};
      dl_iterate_phdr(
          [](dl_phdr_info* info, std::size_t, void* data) {
            auto [symbolize, first] = *static_cast<std::pair<SymbolizePc, bool*>*>(data);
            // Every page of the executable (the library's code and ours); the shared libraries (the
            // standard library, the sanitizers' runtime) have no line tables to read, only symbols.
            const std::uintptr_t stride = *first ? 4096 : 1 << 16;
            *first = false;
            for (int k = 0; k < info->dlpi_phnum; ++k) {
              const ElfW(Phdr)& segment = info->dlpi_phdr[k];
              if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
              const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
              char where[256];
              for (std::uintptr_t pc = begin; pc < begin + segment.p_memsz; pc += stride) {
                symbolize(reinterpret_cast<void*>(pc), "%L", where, sizeof where);
              }
            }
            return 0;
          },
          &walk);
    }
  }

  Interpreter& interpreter_;
  protocol::Progress& progress_;
  const Options& options_;
  const pid_t server_;
  std::optional<Child> current_;  ///< the child running sequences, until it dies or served its share
  unsigned served_ = 0;           ///< sequences current_ answered
  std::optional<Child> spare_;    ///< forked ahead, waiting to become current_
  /// Children that were told to leave and are not reaped yet. Every child is forked from this
  /// process and inherits its heap, where a library's out-of-bounds read finds its garbage: the
  /// server allocates nothing at moments that depend on timing (how many children happen to have
  /// exited), so the same seed reaches the same code. Hence a fixed capacity, reserved once.
  static constexpr std::size_t kExitingCapacity = 64;
  std::vector<pid_t> exiting_;
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
  install_free_watch(progress);
  coverage::share_across_forks();
  Interpreter interpreter(progress);
  std::optional<ForkServer> server;
  if (options.fork_server) {
    server.emplace(interpreter, progress, options);
    if (options.sandbox.confine) add(server->probe_seccomp());  // each child confines itself
    add({options.sequences_per_child == 1 ? std::string("fork server: a child per sequence")
                                          : "fork server: a child per " + std::to_string(options.sequences_per_child) +
                                                " sequences, replaced at once when one dies"});
  } else if (options.sandbox.confine) {
    add(install_seccomp(progress));  // last: it forbids what came before
  }
  // A sanitizer's report while the library initialised (halt_on_error=0 here too, for the children).
  recover::at_safe_point();
  write_all(protocol::encode(hello));

  std::string payload;
  char header[protocol::kHeaderSize];
  while (read_exact(kRequests, header, sizeof header)) {
    protocol::FrameHeader frame = protocol::decode_header(header);
    payload.resize(frame.length);
    if (!read_exact(kRequests, payload.data(), payload.size())) break;
    if (frame.kind == protocol::MessageKind::shutdown) break;
    if (frame.kind != protocol::MessageKind::run) die("unexpected message kind");
    if (server) {
      server->run(payload);
    } else {
      run_and_answer(interpreter, protocol::decode_run(payload), options.sandbox.sequence_cpu_s);
    }
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
