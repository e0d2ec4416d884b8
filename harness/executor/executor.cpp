#include "harness/executor/executor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <cstring>
#include <deque>
#include <fstream>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "harness/executor/child.hpp"
#include "harness/executor/classify.hpp"
#include "harness/executor/instance.hpp"
#include "harness/executor/watchdog.hpp"
#include "harness/protocol/launch.hpp"
#include "harness/protocol/progress.hpp"

namespace palus::harness {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

constexpr std::size_t kWindow = 32;             ///< requests in flight in run_batch
constexpr milliseconds kSlice{10};              ///< longest wait between checks of the child
constexpr milliseconds kGrace{1000};            ///< exit after EOF or shutdown; output drain after death
constexpr milliseconds kChildDeathGrace{5000};  ///< a killed child's death message, before the harness counts as stuck
constexpr std::size_t kSettleHandlers = 64;     ///< output handlers run after an answer, at most

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

}  // namespace

using detail::Instance;

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
  std::size_t child_deaths = 0;      ///< sequences whose forked child died, the harness living on
  std::size_t reports_survived = 0;  ///< sequences a report or fault stopped in a child that did not die of it
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
    // UBSan dies on a suppressions file it cannot read, and the harness on an unsuppressed starter.
    const fs::path suppressions = scratch / "ubsan-suppressions";
    const bool starter =
        opt.sanitized && static_cast<bool>(std::ofstream(suppressions) << "null:" << launch::kUbsanStarterFile << "\n");
    if (starter) a.push_back(launch::kUbsanStarter);
    if (opt.fork_server) {
      a.push_back(launch::kForkServer);
      a.push_back(launch::kSequencesPerChild);
      a.push_back(std::to_string(std::max(1u, opt.sequences_per_child)));
    }
    if (!opt.sandbox) a.push_back(launch::kNoSandbox);

    auto& e = spec.env;
    e = {{"PATH", "/usr/bin:/bin"}, {"HOME", scratch.string()}, {"TMPDIR", scratch.string()}, {"LANG", "C"}};
    // glibc marks each chunk in its per-thread cache with a key drawn at random when the process
    // starts; a library's out-of-bounds read that finds one would make the same seed reach other
    // code in another run. Without the cache no such key is written (what a freed chunk's links
    // hold still depends on where ASLR put the heap). AddressSanitizer's allocator ignores it.
    e.emplace_back("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0");
    if (opt.sanitized) {
      std::string log_path = (scratch / "sanitizer").string();
      std::string mib = std::to_string(std::max<std::uint64_t>(opt.memory_bytes >> 20, 1));
      // A fork server's child lives on after AddressSanitizer's report of a bad read, a double or
      // a bad free (harness/runtime/recover.hpp): the sequence stops at the next safe point and
      // its objects are destroyed; after a bad write the child leaves. suppress_equal_pcs=0: the
      // same bad access in a later sequence of the child is reported again. jsoncpp, 8,000 steps:
      // 281 children lost and 34.7 s running sequences with halt_on_error=1, 48 and 22.8 s without.
      e.emplace_back("ASAN_OPTIONS",
                     "log_path=" + log_path + ":detect_leaks=0:abort_on_error=0:hard_rss_limit_mb=" + mib +
                         ":malloc_limit_mb=" + mib + ":allocator_may_return_null=0:handle_abort=0:symbolize=1" +
                         (opt.fork_server ? ":halt_on_error=0:suppress_equal_pcs=0" : ""));
      // A fork server's child lives on after a report of UBSan's (harness/runtime/recover.hpp).
      e.emplace_back("UBSAN_OPTIONS", "log_path=" + log_path + ":halt_on_error=" + (opt.fork_server ? "0" : "1") +
                                          ":print_stacktrace=1" +
                                          (starter ? ":suppressions=" + suppressions.string() : std::string()));
    }
    if (opt.gcov_prefix) {
      e.emplace_back("GCOV_PREFIX", opt.gcov_prefix->string());
      e.emplace_back("GCOV_PREFIX_STRIP", std::to_string(opt.gcov_prefix_strip));
    }
    return spec;
  }

  void ensure_started() {
    if (inst && !inst->finished) return;
    const std::string ended = inst ? inst->cause_message : "";
    retire();
    try {
      start_once();
      if (starts > 1) log("harness restarted (pid " + std::to_string(inst->pid) + ") after: " + ended);
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

  // ---- waiting ----------------------------------------------------------------------------

  /// The fork server's child that ran (or runs) the latest sequence, as the progress page names
  /// it; 0 when the harness runs sequences itself (no fork server, or no fork today).
  pid_t page_child(const Instance& in) const {
    if (!opt.fork_server) return 0;
    const pid_t runner = page.get()->runner_pid.load();
    return runner > 0 && runner != in.pid ? runner : 0;
  }

  /// The fork server's child running sequence `wire`; 0 as page_child() says, or when the page
  /// shows another sequence.
  pid_t hung_child(const Instance& in, std::uint64_t wire) const {
    return page.get()->sequence_id.load() == wire ? page_child(in) : 0;
  }

  /// Waits until the harness answers (inst->results not empty) or is finished (dead and drained).
  void wait_front(std::uint64_t wire, Clock::time_point front_since) {
    Instance& in = *inst;
    auto next_exit_check = Clock::now();
    std::optional<detail::Timeout> suspect;
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
      if (auto hang = detail::overdue(*page.get(), wire, front_since, {opt.call_timeout, opt.sequence_timeout})) {
        if (auto killed = in.hung_children.find(wire); killed != in.hung_children.end()) {
          // Its child was killed: the harness's word of its death is on the way, unless the harness
          // itself is stuck.
          if (now - killed->second.killed < kChildDeathGrace) {
            pump(kSlice);
            continue;
          }
          in.hang_statement = killed->second.statement;
          finish(in, Instance::Cause::hang, killed->second.message);
          continue;
        }
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
        } else if (const pid_t child = hung_child(in, wire); child > 0) {
          // Only the fork server's child dies; the harness answers for it, and lives on.
          ::kill(child, SIGKILL);
          in.hung_children[wire] = {hang->message, hang->statement, now};
          suspect.reset();
          pump(kSlice);
        } else {
          finish(in, Instance::Cause::hang, hang->message);
        }
        continue;
      }
      suspect.reset();
      pump(kSlice);
    }
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
          if (auto death = in.deaths.find(front.wire); death != in.deaths.end()) {
            // A forking harness's child died in it; the harness lives on.
            detail::Ending ending = detail::ending_of(death->second);
            const bool death_survived = death->second.survived;
            in.deaths.erase(death);
            if (auto killed = in.hung_children.find(front.wire); killed != in.hung_children.end()) {
              ending.cause = Instance::Cause::hang;  // we killed it: the hang it was killed for
              ending.cause_message = killed->second.message;
              ending.hang_statement = killed->second.statement;
              in.hung_children.erase(killed);
            }
            outcomes[front.index] =
                detail::classify_death(in, ending, front.wire, request, *page.get(), opt.sanitized, opt.memory_bytes);
            ++(death_survived ? reports_survived : child_deaths);
            flights.pop_front();
            ++next_done;
            front_since = Clock::now();
            continue;
          }
          Outcome o = detail::classify_answer(std::move(result), request);
          o.blocked = detail::describe_refusals(o.result.refused);
          detail::OutputTail tail = in.output.take(front.wire);
          o.output_bytes = tail.total();
          o.output = tail.take();
          // A forking harness's child that ran out of memory leaves by itself after answering
          // (the next sequence runs in a fresh child); the harness and what it counted so far stay.
          bool out_of_memory = o.kind == OutcomeKind::oom && page_child(in) == 0;
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
      outcomes[front.index] = detail::classify_death(in, detail::ending_of(in), front.wire, request, *page.get(),
                                                     opt.sanitized, opt.memory_bytes);
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

std::size_t Executor::child_deaths() const { return impl_->child_deaths; }

std::size_t Executor::reports_survived() const { return impl_->reports_survived; }

pid_t Executor::pid() const { return impl_->inst && !impl_->inst->finished ? impl_->inst->pid : -1; }

void Executor::stop() { impl_->stop(); }

}  // namespace palus::harness
