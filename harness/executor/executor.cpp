#include "harness/executor/executor.hpp"

#include <fcntl.h>
#include <seccomp.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/async_pipe.hpp>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "harness/executor/child.hpp"
#include "harness/protocol/launch.hpp"
#include "harness/protocol/progress.hpp"

namespace palus::harness {

namespace asio = boost::asio;
namespace bp = boost::process;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

constexpr std::size_t kWindow = 32;          ///< requests in flight in run_batch
constexpr milliseconds kSlice{10};           ///< longest wait between checks of the child
constexpr milliseconds kGrace{1000};         ///< exit after EOF or shutdown; output drain after death
constexpr std::size_t kSettleHandlers = 64;  ///< output handlers run after an answer, at most

std::uint64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

/// Writing to a dead harness must be an error (EPIPE), not the death of the generator.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction old {};
    if (::sigaction(SIGPIPE, nullptr, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL) {
      struct sigaction ign {};
      ign.sa_handler = SIG_IGN;
      sigemptyset(&ign.sa_mask);
      ::sigaction(SIGPIPE, &ign, nullptr);
    }
  });
}

void set_cloexec(int fd) {
  if (fd >= 0) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

std::string_view phase_name(std::uint32_t phase) {
  switch (static_cast<protocol::Phase>(phase)) {
    case protocol::Phase::idle:
      return "idle";
    case protocol::Phase::call:
      return "call";
    case protocol::Phase::observe:
      return "observe";
    case protocol::Phase::destroy:
      return "destroy";
  }
  return "unknown";
}

std::string syscall_name(std::int32_t nr) {
  if (const char* function = protocol::blocked_function_name(nr)) return function;
  char* name = ::seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
  if (!name) return "syscall " + std::to_string(nr);
  std::string s = name;
  std::free(name);
  return s;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::uint64_t total_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemTotal:") return kib * 1024;
    meminfo.ignore(256, '\n');
  }
  return 0;
}

/// One harness process: its pipes, what it said, and how it ended. Shared with the asynchronous
/// handlers, which may outlive the executor's interest in it (they then only touch this object).
struct Instance {
  Instance(asio::io_context& ioc, std::size_t cap) : in(ioc), out(ioc), err(ioc), output(cap) {}

  bp::async_pipe in, out, err;
  pid_t pid = -1;
  fs::path scratch;

  // Answers (fd 1).
  std::array<char, 64 * 1024> answer_chunk{};
  std::string answer_buf;
  std::size_t answer_pos = 0;
  std::deque<protocol::RunResult> results;
  std::optional<protocol::Hello> hello;
  std::string protocol_error;
  bool answers_eof = false;

  // Library output (fd 2).
  std::array<char, 128 * 1024> output_chunk{};
  detail::OutputSplitter output;
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

void parse_frames(Instance& inst) {
  try {
    while (inst.answer_buf.size() - inst.answer_pos >= protocol::kHeaderSize) {
      protocol::FrameHeader header = protocol::decode_header(inst.answer_buf.data() + inst.answer_pos);
      if (inst.answer_buf.size() - inst.answer_pos - protocol::kHeaderSize < header.length) break;
      std::string payload = inst.answer_buf.substr(inst.answer_pos + protocol::kHeaderSize, header.length);
      inst.answer_pos += protocol::kHeaderSize + header.length;
      switch (header.kind) {
        case protocol::MessageKind::hello:
          if (inst.hello) throw protocol::ProtocolError("a second Hello");
          inst.hello = protocol::decode_hello(payload);
          break;
        case protocol::MessageKind::result:
          if (!inst.hello) throw protocol::ProtocolError("a result before the Hello");
          inst.results.push_back(protocol::decode_result(payload));
          break;
        default:
          throw protocol::ProtocolError("unexpected message kind " +
                                        std::to_string(static_cast<unsigned>(header.kind)) + " from the harness");
      }
    }
  } catch (const std::exception& e) {
    inst.protocol_error = e.what();
  }
  if (inst.answer_pos == inst.answer_buf.size()) {
    inst.answer_buf.clear();
    inst.answer_pos = 0;
  } else if (inst.answer_pos > (1u << 20)) {
    inst.answer_buf.erase(0, inst.answer_pos);
    inst.answer_pos = 0;
  }
}

void read_answers(const std::shared_ptr<Instance>& inst) {
  inst->out.async_read_some(asio::buffer(inst->answer_chunk),
                            [inst](const boost::system::error_code& ec, std::size_t n) {
                              if (n > 0 && inst->protocol_error.empty()) {
                                inst->answer_buf.append(inst->answer_chunk.data(), n);
                                parse_frames(*inst);
                              }
                              if (ec) {
                                inst->answers_eof = true;
                                return;
                              }
                              read_answers(inst);  // even after a protocol error: never let the pipe fill
                            });
}

void read_output(const std::shared_ptr<Instance>& inst) {
  inst->err.async_read_some(asio::buffer(inst->output_chunk),
                            [inst](const boost::system::error_code& ec, std::size_t n) {
                              if (n > 0) inst->output.append(inst->output_chunk.data(), n);
                              if (ec) {
                                inst->output.flush();
                                inst->output_eof = true;
                                return;
                              }
                              read_output(inst);
                            });
}

void write_next(const std::shared_ptr<Instance>& inst) {
  if (inst->write_queue.empty()) {
    if (inst->close_after_writes) {
      boost::system::error_code ignored;
      inst->in.close(ignored);
    }
    return;
  }
  inst->writing = true;
  asio::async_write(inst->in, asio::buffer(inst->write_queue.front()),
                    [inst](const boost::system::error_code& ec, std::size_t) {
                      inst->writing = false;
                      if (ec || inst->write_queue.empty()) {
                        inst->write_failed = true;
                        inst->write_queue.clear();
                        return;
                      }
                      inst->write_queue.pop_front();
                      write_next(inst);
                    });
}

void send(const std::shared_ptr<Instance>& inst, std::string frame) {
  if (inst->write_failed) return;
  inst->write_queue.push_back(std::move(frame));
  if (!inst->writing) write_next(inst);
}

struct Timeout {
  std::string message;
  int statement = -1;
  std::array<std::uint64_t, 5> key{};  ///< sequence, phase, phase start, sequence start, statement
};

struct ProgressSnapshot {
  std::uint64_t sequence_id = 0;
  int statement = -1;
  std::uint32_t phase = 0;
  std::string note;
};

}  // namespace

struct Executor::Impl {
  // The io_context goes first: destroyed last, after everything that holds handlers on it.
  asio::io_context ioc;
  ExecutorOptions opt;
  detail::ProgressPage page;
  std::shared_ptr<Instance> inst;

  std::vector<std::string> callables;
  std::vector<std::string> protections;
  std::unordered_map<std::string, std::uint32_t> index;
  std::size_t starts = 0;
  std::uint64_t last_wire_id = 0;
  std::uint64_t scratch_counter = 0;
  std::vector<fs::path> stale_scratch;  ///< scratch folders of dead harnesses, removed on the next start

  explicit Impl(ExecutorOptions o) : opt(std::move(o)) {
    ignore_sigpipe();
    if (opt.harness.empty()) throw ExecutorError("no harness executable given");
    opt.harness = fs::absolute(opt.harness);
    if (opt.run_dir.empty()) throw ExecutorError("no run directory given");
    opt.run_dir = fs::absolute(opt.run_dir);
    if (opt.gcov_prefix) opt.gcov_prefix = fs::absolute(*opt.gcov_prefix);
  }

  ~Impl() {
    try {
      stop();
    } catch (...) {
    }
    inst.reset();
    flush_handlers();
  }

  void log(const std::string& message) const {
    if (opt.log) opt.log(message);
  }

  // ---- driving the io_context -------------------------------------------------------------

  /// Runs at most one handler, waiting at most `d`; sleeps instead when nothing is pending.
  void pump(milliseconds d) {
    if (ioc.stopped()) ioc.restart();
    if (ioc.run_one_for(d) == 0 && ioc.stopped()) std::this_thread::sleep_for(d);
  }

  /// Runs the handlers that are ready now (cancelled operations, output already in the pipe).
  void flush_handlers(std::size_t limit = SIZE_MAX) {
    if (ioc.stopped()) ioc.restart();
    for (std::size_t i = 0; i < limit; ++i) {
      if (ioc.poll_one() == 0) break;
    }
  }

  /// Reads the output the harness wrote before answering sequence `wire`: up to its output marker
  /// (already in the pipe when the answer is), or, without markers, what is in the pipe now.
  void settle_output(Instance& in, std::uint64_t wire) {
    for (std::size_t i = 0; i < kSettleHandlers && !in.output.has(wire); ++i) {
      if (ioc.stopped()) ioc.restart();
      if (ioc.poll_one() == 0) break;
    }
  }

  // ---- the process ------------------------------------------------------------------------

  /// True once the harness has been reaped. Records a stop (SIGSTOP and friends) on the way.
  bool poll_exit(Instance& in) {
    if (in.reaped) return true;
    int status = 0;
    rusage usage{};
    pid_t r = ::wait4(in.pid, &status, WNOHANG | WUNTRACED, &usage);
    if (r == in.pid) {
      if (WIFSTOPPED(status)) {
        in.stopped_by = WSTOPSIG(status);
        return false;
      }
      in.reaped = true;
      in.status = status;
      in.usage = usage;
      return true;
    }
    if (r < 0 && errno == ECHILD) {  // someone else reaped it (SIGCHLD ignored?)
      in.reaped = true;
      in.status = 0;
      return true;
    }
    return false;
  }

  void kill_and_reap(Instance& in) {
    if (!in.reaped) {
      ::kill(in.pid, SIGKILL);
      if (::getpgid(in.pid) == in.pid) ::kill(-in.pid, SIGKILL);
      int status = 0;
      rusage usage{};
      pid_t r;
      do {
        r = ::wait4(in.pid, &status, 0, &usage);
      } while (r < 0 && errno == EINTR);
      in.reaped = true;
      if (r == in.pid) {
        in.status = status;
        in.usage = usage;
      }
    }
    // Whatever the library forked into the harness's process group (it is its own session leader).
    ::kill(-in.pid, SIGKILL);
  }

  /// Reads what is left on fds 1 and 2 until EOF, at most kGrace, then closes the pipes.
  void drain_and_close(Instance& in) {
    boost::system::error_code ignored;
    in.in.close(ignored);  // a pending write ends with an error; its handler empties the queue
    auto deadline = Clock::now() + kGrace;
    while (!(in.answers_eof && in.output_eof) && Clock::now() < deadline) pump(kSlice);
    in.out.close(ignored);
    in.err.close(ignored);
    flush_handlers();
  }

  /// The harness is dead or must die: records why, kills and reaps it, drains its output.
  void finish(Instance& in, Instance::Cause cause, std::string message = {}) {
    if (in.finished) return;
    if (cause == Instance::Cause::closed_answers) {
      // EOF on the answers: normally the process is exiting; give it a moment to say how.
      auto deadline = Clock::now() + kGrace;
      while (!poll_exit(in) && Clock::now() < deadline) pump(kSlice);
      if (in.reaped) cause = Instance::Cause::exited;
    }
    in.cause = cause;
    in.cause_message = std::move(message);
    if (!in.reaped) log("harness " + std::to_string(in.pid) + ": " + in.cause_message + "; killing it");
    kill_and_reap(in);
    drain_and_close(in);
    in.finished = true;
  }

  // ---- starting ---------------------------------------------------------------------------

  fs::path make_scratch() {
    fs::create_directories(opt.run_dir);
    for (;;) {
      fs::path dir = opt.run_dir / ("scratch-" + std::to_string(++scratch_counter));
      if (fs::create_directory(dir)) return dir;
    }
  }

  void remove_stale_scratch() {
    for (const auto& dir : stale_scratch) {
      std::error_code ec;
      fs::remove_all(dir, ec);
      if (ec) log("cannot remove " + dir.string() + ": " + ec.message());
    }
    stale_scratch.clear();
  }

  detail::SpawnSpec spawn_spec(const fs::path& scratch) const {
    detail::SpawnSpec spec;
    spec.exe = opt.harness;
    spec.working_dir = scratch;
    spec.inherit_fd = page.fd();
    auto& a = spec.args;
    a = {launch::kProgressFd, std::to_string(page.fd()), launch::kScratch, scratch.string()};
    for (const auto& w : opt.writable) {
      a.push_back(launch::kWritable);
      a.push_back(fs::absolute(w).string());
    }
    if (opt.gcov_prefix) {
      a.push_back(launch::kWritable);
      a.push_back(opt.gcov_prefix->string());
    }
    a.push_back(launch::kMemory);
    a.push_back(std::to_string(opt.memory_bytes));
    auto cpu_seconds = (opt.sequence_timeout.count() + 999) / 1000 + 1;
    a.push_back(launch::kSequenceCpu);
    a.push_back(std::to_string(cpu_seconds));
    if (opt.sanitized) a.push_back(launch::kSanitized);
    if (!opt.sandbox) a.push_back(launch::kNoSandbox);

    auto& e = spec.env;
    e = {{"PATH", "/usr/bin:/bin"}, {"HOME", scratch.string()}, {"TMPDIR", scratch.string()}, {"LANG", "C"}};
    if (opt.sanitized) {
      std::string log_path = (scratch / "sanitizer").string();
      std::string mib = std::to_string(std::max<std::uint64_t>(opt.memory_bytes >> 20, 1));
      e.emplace_back("ASAN_OPTIONS",
                     "log_path=" + log_path + ":detect_leaks=0:abort_on_error=0:hard_rss_limit_mb=" + mib +
                         ":malloc_limit_mb=" + mib + ":allocator_may_return_null=0:handle_abort=0:symbolize=1");
      e.emplace_back("UBSAN_OPTIONS", "log_path=" + log_path + ":halt_on_error=1:print_stacktrace=1");
    }
    if (opt.gcov_prefix) {
      e.emplace_back("GCOV_PREFIX", opt.gcov_prefix->string());
      e.emplace_back("GCOV_PREFIX_STRIP", std::to_string(opt.gcov_prefix_strip));
    }
    return spec;
  }

  void ensure_started() {
    if (inst && !inst->finished) return;
    retire();
    try {
      start_once();
    } catch (const ExecutorError& first) {
      log(std::string("harness start failed, trying once more: ") + first.what());
      start_once();
    }
  }

  void start_once() {
    fs::path scratch = make_scratch();
    if (opt.gcov_prefix) fs::create_directories(*opt.gcov_prefix);
    page.reset();
    auto fresh = std::make_shared<Instance>(ioc, opt.output_cap);
    fresh->scratch = scratch;
    for (auto* p : {&fresh->in, &fresh->out, &fresh->err}) {
      set_cloexec(p->native_source());
      set_cloexec(p->native_sink());
    }
    std::string error;
    pid_t pid = detail::spawn(spawn_spec(scratch), fresh->in, fresh->out, fresh->err, error);
    if (pid < 0) {
      stale_scratch.push_back(scratch);
      remove_stale_scratch();
      throw ExecutorError(error);
    }
    fresh->pid = pid;
    inst = fresh;
    ++starts;
    read_answers(inst);
    read_output(inst);
    remove_stale_scratch();

    auto deadline = Clock::now() + opt.startup_timeout;
    std::string failure;
    while (!inst->hello) {
      if (!inst->protocol_error.empty()) {
        failure = "protocol error: " + inst->protocol_error;
      } else if (inst->answers_eof || poll_exit(*inst)) {
        finish(*inst, Instance::Cause::closed_answers, "the harness closed its answer pipe");
        failure = inst->cause == Instance::Cause::exited ? describe_status(*inst) : inst->cause_message;
      } else if (inst->stopped_by) {
        failure = "stopped (" + detail::signal_name(inst->stopped_by) + ")";
      } else if (Clock::now() >= deadline) {
        failure = "no Hello after " + std::to_string(opt.startup_timeout.count()) + " ms";
      }
      if (!failure.empty()) break;
      pump(kSlice);
    }
    if (!failure.empty()) {
      finish(*inst, Instance::Cause::protocol, failure);
      std::string output(inst->output.current().view());
      retire();
      throw ExecutorError("the harness " + opt.harness.string() + " did not start: " + failure +
                          (output.empty() ? "" : "; it printed: " + output));
    }
    inst->output.clear();  // start-up chatter belongs to no sequence

    const auto& hello = *inst->hello;
    if (!callables.empty() && hello.callables != callables) {
      log("warning: the restarted harness lists different callables; using the new list");
    }
    if (callables.empty() || hello.callables != callables) {
      callables = hello.callables;
      index.clear();
      for (std::uint32_t i = 0; i < callables.size(); ++i) index.emplace(callables[i], i);
    }
    protections = hello.protections;
    if (starts == 1) {  // later starts differ only in the scratch folder
      std::string list;
      for (const auto& p : protections) list += (list.empty() ? "" : ", ") + p;
      log("harness started (pid " + std::to_string(pid) + "); protections: " + (list.empty() ? "none" : list));
    }
  }

  /// Drops the current harness (dead or alive) and its handlers; its scratch folder goes on the next start.
  void retire() {
    if (!inst) return;
    if (!inst->finished) finish(*inst, Instance::Cause::protocol, "retired");
    stale_scratch.push_back(inst->scratch);
    inst.reset();
    flush_handlers();
  }

  void stop() {
    if (!inst) {
      remove_stale_scratch();
      return;
    }
    if (!inst->finished) {
      send(inst, protocol::encode_shutdown());
      inst->close_after_writes = true;
      if (!inst->writing) write_next(inst);
      auto deadline = Clock::now() + kGrace;
      while (!poll_exit(*inst) && Clock::now() < deadline) pump(kSlice);
      if (!inst->reaped) log("harness " + std::to_string(inst->pid) + " ignored shutdown; killing it");
      kill_and_reap(*inst);
      drain_and_close(*inst);
      inst->finished = true;
    }
    stale_scratch.push_back(inst->scratch);
    inst.reset();
    flush_handlers();
    remove_stale_scratch();
  }

  // ---- classification ---------------------------------------------------------------------

  ProgressSnapshot snapshot() const {
    const auto& p = *page.get();
    ProgressSnapshot s;
    s.sequence_id = p.sequence_id.load();
    s.statement = p.statement.load();
    s.phase = p.phase.load();
    std::uint32_t n = std::min(p.note_length.load(), protocol::Progress::kNoteSize);
    s.note.assign(p.note, n);
    while (!s.note.empty() && (s.note.back() == '\n' || s.note.back() == '\0' || s.note.back() == ' ')) {
      s.note.pop_back();
    }
    return s;
  }

  /// "socket (statement 2)" for each refused call.
  static std::vector<std::string> describe(const std::vector<protocol::Refusal>& refused) {
    std::vector<std::string> out;
    for (const auto& r : refused) {
      out.push_back(syscall_name(r.call) + " (statement " + std::to_string(r.statement) + ")");
    }
    return out;
  }

  /// Refused calls of sequence `wire`, if the page still describes it (the harness died in it).
  std::vector<std::string> blocked_calls(std::uint64_t wire) const {
    const auto& p = *page.get();
    if (p.sequence_id.load() != wire) return {};
    std::vector<protocol::Refusal> refused = protocol::refusals(p);
    if (p.sequence_id.load() != wire) return {};  // the harness moved on while we read
    return describe(refused);
  }

  static std::string describe_status(const Instance& in) {
    if (WIFEXITED(in.status)) return "exit(" + std::to_string(WEXITSTATUS(in.status)) + ")";
    if (WIFSIGNALED(in.status)) return detail::signal_name(WTERMSIG(in.status));
    return "ended";
  }

  Outcome classify_death(Instance& in, std::uint64_t wire, const protocol::RunRequest& request) {
    Outcome o;
    o.result.sequence_id = request.sequence_id;
    ProgressSnapshot s = snapshot();
    bool ours = s.sequence_id == wire;
    o.statement = ours ? s.statement : -1;
    o.phase = ours ? std::string(phase_name(s.phase)) : "idle";
    o.blocked = blocked_calls(wire);
    detail::OutputTail tail = in.output.take(wire);
    o.output_bytes = tail.total();
    o.output = tail.take();
    auto with_note = [&](std::string m) {
      if (!s.note.empty() && m.find(s.note) == std::string::npos) m += ": " + s.note;
      if (!ours) m += " (before the sequence started)";
      return m;
    };

    switch (in.cause) {
      case Instance::Cause::hang:
        o.kind = OutcomeKind::hang;
        o.statement = in.hang_statement;
        o.message = in.cause_message;
        return o;
      case Instance::Cause::stopped:
        o.kind = OutcomeKind::crash;
        o.message = in.cause_message;
        return o;
      case Instance::Cause::protocol:
        o.kind = OutcomeKind::crash;
        o.message = in.cause_message;
        return o;
      case Instance::Cause::closed_answers:
        o.kind = OutcomeKind::crash;
        o.message = with_note(in.cause_message);
        return o;
      case Instance::Cause::none:
      case Instance::Cause::exited:
        break;
    }

    // A sanitizer report: its own file (log_path), or on stderr if the file could not be written.
    std::string report_text;
    std::error_code ec;
    for (fs::directory_iterator it(in.scratch, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().filename().string().rfind("sanitizer.", 0) == 0) report_text += read_file(it->path());
    }
    detail::SanitizerReport report = detail::parse_sanitizer_report(report_text);
    if (!report.found && opt.sanitized) report = detail::parse_sanitizer_report(o.output);
    if (report.found) {
      o.kind = report.oom ? OutcomeKind::oom : OutcomeKind::sanitizer;
      o.sanitizer_kind = report.kind;
      o.top_frame = report.top_frame;
      o.message = report.message;
      if (!ours) o.message += " (before the sequence started)";
      return o;
    }

    if (WIFEXITED(in.status)) {
      o.kind = OutcomeKind::exit;
      o.message = with_note("exit(" + std::to_string(WEXITSTATUS(in.status)) + ")");
      return o;
    }
    if (!WIFSIGNALED(in.status)) {
      o.kind = OutcomeKind::crash;
      o.message = with_note("the harness ended");
      return o;
    }
    int sig = WTERMSIG(in.status);
    std::string name = detail::signal_name(sig);
    if (sig == SIGXCPU) {
      o.kind = OutcomeKind::hang;
      o.message = with_note("CPU limit (SIGXCPU)");
      return o;
    }
    if (sig == SIGKILL) {
      // Not ours (we classify our kills above): the OOM killer, or the library raising it.
      std::uint64_t peak = static_cast<std::uint64_t>(in.usage.ru_maxrss) * 1024;
      std::uint64_t limit = opt.memory_bytes;
      if (std::uint64_t total = total_memory_bytes(); total != 0) limit = std::min(limit, total);
      if (peak >= limit / 2) {
        o.kind = OutcomeKind::oom;
        o.message = with_note("SIGKILL (out of memory: peak " + std::to_string(peak >> 20) + " MiB)");
        return o;
      }
    }
    o.kind = OutcomeKind::crash;
    std::string message = with_note(name);
    if (sig == SIGABRT) {
      std::string last = detail::last_nonempty_line(o.output);
      if (!last.empty() && message.find(last) == std::string::npos) message += ": " + last;
    }
    o.message = message;
    return o;
  }

  static Outcome classify_answer(protocol::RunResult result, const protocol::RunRequest& request) {
    Outcome o;
    o.result = std::move(result);
    o.result.sequence_id = request.sequence_id;
    if (o.result.statements.empty()) return o;
    const auto& last = o.result.statements.back();
    int index = static_cast<int>(o.result.statements.size()) - 1;
    auto type_and_what = [&] {
      if (last.exception_type.empty()) return last.message;
      return last.message.empty() ? last.exception_type : last.exception_type + ": " + last.message;
    };
    switch (last.status) {
      case protocol::StatementStatus::normal:
        return o;
      case protocol::StatementStatus::exception:
        o.kind = OutcomeKind::exception;
        o.message = type_and_what();
        break;
      case protocol::StatementStatus::invalid_input:
        o.kind = OutcomeKind::invalid_input;
        o.message = last.message;
        break;
      case protocol::StatementStatus::oom:
        o.kind = OutcomeKind::oom;
        o.message = type_and_what();
        if (o.message.empty()) o.message = "std::bad_alloc";
        break;
      case protocol::StatementStatus::bad_request:
        o.kind = OutcomeKind::bad_request;
        o.message = last.message;
        break;
    }
    o.statement = index;
    return o;
  }

  // ---- waiting ----------------------------------------------------------------------------

  /// Waits until the harness answers (inst->results not empty) or is finished (dead and drained).
  void wait_front(std::uint64_t wire, Clock::time_point front_since) {
    Instance& in = *inst;
    const std::uint64_t call_ns = static_cast<std::uint64_t>(opt.call_timeout.count()) * 1'000'000ull;
    const std::uint64_t sequence_ns = static_cast<std::uint64_t>(opt.sequence_timeout.count()) * 1'000'000ull;
    const auto fallback = opt.sequence_timeout + opt.call_timeout;
    auto next_exit_check = Clock::now();
    std::optional<Timeout> suspect;
    Clock::time_point suspect_since;
    for (;;) {
      if (!in.results.empty() || in.finished) return;
      if (!in.protocol_error.empty()) {
        finish(in, Instance::Cause::protocol, "protocol error: " + in.protocol_error);
        continue;
      }
      if (in.answers_eof) {
        finish(in, Instance::Cause::closed_answers, "the harness closed its answer pipe");
        continue;
      }
      auto now = Clock::now();
      if (now >= next_exit_check) {
        next_exit_check = now + milliseconds(2);
        if (poll_exit(in)) {
          finish(in, Instance::Cause::exited);
          continue;
        }
      }
      if (in.stopped_by) {
        finish(in, Instance::Cause::stopped, "stopped (" + detail::signal_name(in.stopped_by) + ")");
        continue;
      }
      if (auto hang = check_timeouts(wire, front_since, call_ns, sequence_ns, fallback)) {
        // Declared only when a second look, a moment later, sees the very same state: the harness
        // writes the phase and its start time one after the other, and we may read in between.
        if (!suspect || suspect->key != hang->key) {
          suspect = hang;
          suspect_since = now;
          pump(milliseconds(1));
          continue;
        }
        if (now - suspect_since < milliseconds(1)) {
          pump(milliseconds(1));
          continue;
        }
        in.hang_statement = hang->statement;
        if (detail::process_state(in.pid) == 'T') {
          finish(in, Instance::Cause::stopped, "stopped (SIGSTOP)");
        } else {
          finish(in, Instance::Cause::hang, hang->message);
        }
        continue;
      }
      suspect.reset();
      pump(kSlice);
    }
  }

  /// Sequence `wire` over its time: why, in which statement, and the page state that says so.
  std::optional<Timeout> check_timeouts(std::uint64_t wire, Clock::time_point front_since, std::uint64_t call_ns,
                                        std::uint64_t sequence_ns, milliseconds fallback) const {
    const auto& p = *page.get();
    std::array<std::uint64_t, 5> key{p.sequence_id.load(), p.phase.load(), p.phase_start_ns.load(),
                                     p.sequence_start_ns.load(), std::uint64_t(std::uint32_t(p.statement.load()))};
    const std::uint64_t seq = key[0], phase = key[1], phase_start = key[2], sequence_start = key[3];
    const int statement = static_cast<int>(static_cast<std::uint32_t>(key[4]));
    auto timeout = [&](milliseconds limit, int at) {
      std::string m = "no answer after " + std::to_string(limit.count()) + " ms";
      m += at >= 0 ? " in statement " + std::to_string(at) : " (not in a statement)";
      return Timeout{std::move(m), at, key};
    };
    if (seq == wire) {
      std::uint64_t now = monotonic_ns();
      if (phase != static_cast<std::uint32_t>(protocol::Phase::idle) && phase_start != 0 && now > phase_start &&
          now - phase_start > call_ns) {
        return timeout(opt.call_timeout, statement);
      }
      if (sequence_start != 0 && now > sequence_start && now - sequence_start > sequence_ns) {
        return timeout(opt.sequence_timeout, statement);
      }
    }
    if (Clock::now() - front_since > fallback) return timeout(opt.sequence_timeout, seq == wire ? statement : -1);
    return std::nullopt;
  }

  // ---- running ----------------------------------------------------------------------------

  std::vector<Outcome> execute(const protocol::RunRequest* const* requests, std::size_t n, std::size_t window) {
    std::vector<Outcome> outcomes(n);
    struct Flight {
      std::size_t index;
      std::uint64_t wire;
    };
    std::deque<Flight> flights;
    std::size_t next_send = 0, next_done = 0;
    Clock::time_point front_since = Clock::now();

    while (next_done < n) {
      if (flights.empty()) ensure_started();  // after a death: a new harness for the rest
      if (!inst->finished) {
        while (next_send < n && next_send - next_done < window) {
          std::string frame = protocol::encode(*requests[next_send]);
          // The wire carries our own sequence ids: unique and increasing, so that the progress page
          // names exactly one request. The id is the first field of the payload.
          std::uint64_t wire = ++last_wire_id;
          std::memcpy(frame.data() + protocol::kHeaderSize, &wire, sizeof wire);
          if (next_send == next_done) front_since = Clock::now();
          send(inst, std::move(frame));
          flights.push_back({next_send, wire});
          ++next_send;
        }
      }

      const Flight front = flights.front();
      const protocol::RunRequest& request = *requests[front.index];
      wait_front(front.wire, front_since);
      Instance& in = *inst;

      if (!in.results.empty()) {
        protocol::RunResult result = std::move(in.results.front());
        in.results.pop_front();
        if (result.sequence_id == front.wire) {
          if (!in.finished) settle_output(in, front.wire);
          Outcome o = classify_answer(std::move(result), request);
          o.blocked = describe(o.result.refused);
          detail::OutputTail tail = in.output.take(front.wire);
          o.output_bytes = tail.total();
          o.output = tail.take();
          bool out_of_memory = o.kind == OutcomeKind::oom;
          outcomes[front.index] = std::move(o);
          flights.pop_front();
          ++next_done;
          front_since = Clock::now();
          if (out_of_memory) {
            // A harness that ran out of memory is not trusted further: what follows goes to a new
            // one, as if run() had been called for each request.
            finish(in, Instance::Cause::protocol, "restart after running out of memory");
            in.results.clear();
          }
          if (in.finished && in.results.empty()) {
            bool died_on_its_own = in.cause == Instance::Cause::exited || in.cause == Instance::Cause::stopped ||
                                   in.cause == Instance::Cause::closed_answers;
            if (out_of_memory || !died_on_its_own || flights.empty()) {
              // Killed by us: what was in flight goes to a new harness.
              in.output.clear();
              flights.clear();
              next_send = next_done;
              retire();
            }
            // Otherwise it died after answering: the next in flight is the sequence that killed it
            // (classified below on the next turn), as run() one by one would find.
          }
          continue;
        }
        in.results.clear();
        finish(in, Instance::Cause::protocol,
               "protocol error: an answer for sequence " + std::to_string(result.sequence_id) + ", expected " +
                   std::to_string(front.wire));
      }

      // Dead (or killed) without an answer for the front: the front is the sequence that died.
      outcomes[front.index] = classify_death(in, front.wire, request);
      flights.clear();
      ++next_done;
      next_send = next_done;
      retire();
    }
    return outcomes;
  }
};

Executor::Executor(ExecutorOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Executor::~Executor() {
  try {
    impl_.reset();
  } catch (...) {
  }
}

Outcome Executor::run(const protocol::RunRequest& request) {
  const protocol::RunRequest* one = &request;
  return std::move(impl_->execute(&one, 1, 1).front());
}

std::vector<Outcome> Executor::run_batch(const std::vector<protocol::RunRequest>& requests) {
  std::vector<const protocol::RunRequest*> pointers;
  pointers.reserve(requests.size());
  for (const auto& r : requests) pointers.push_back(&r);
  return impl_->execute(pointers.data(), pointers.size(), kWindow);
}

const std::vector<std::string>& Executor::callables() {
  impl_->ensure_started();
  return impl_->callables;
}

std::optional<std::uint32_t> Executor::callable_index(std::string_view id) {
  impl_->ensure_started();
  auto it = impl_->index.find(std::string(id));
  if (it == impl_->index.end()) return std::nullopt;
  return it->second;
}

const std::vector<std::string>& Executor::protections() {
  impl_->ensure_started();
  return impl_->protections;
}

std::chrono::milliseconds Executor::call_timeout() const { return impl_->opt.call_timeout; }

void Executor::set_call_timeout(std::chrono::milliseconds limit) { impl_->opt.call_timeout = limit; }

std::size_t Executor::restarts() const { return impl_->starts > 0 ? impl_->starts - 1 : 0; }

pid_t Executor::pid() const { return impl_->inst && !impl_->inst->finished ? impl_->inst->pid : -1; }

void Executor::stop() { impl_->stop(); }

}  // namespace palus::harness
