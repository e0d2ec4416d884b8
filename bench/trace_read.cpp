// What does a probe cost, and how fast is a trace read back? Runs one loop of calls with and
// without probes (the real trace runtime, recording to a file or not), then reads the recorded
// trace with the trace reader. Each loop runs in a forked child, because the runtime looks at
// PALUS_TRACE_FILE once per process.
//   ninja -C build bench/trace_read && ./build/bench/trace_read [iterations, default 300000]

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "models/runtime/palus_profile.hpp"
#include "models/runtime/palus_trace.hpp"
#include "models/trace_reader.hpp"

namespace {

namespace fs = std::filesystem;
using palus_trace::Role;
using Clock = std::chrono::steady_clock;

/// The probe palus inserts, or nothing: the same functions with and without probes.
template <bool Probed>
struct MaybeProbe : palus_trace::Probe {
  using Probe::Probe;
};
template <>
struct MaybeProbe<false> {
  template <class... Args>
  explicit MaybeProbe(const Args&...) {}
};

template <bool Probed>
class Counter {
 public:
  [[gnu::noinline]] Counter() { MaybeProbe<Probed> probe(1u, Role::constructor, this); }
  [[gnu::noinline]] ~Counter() { MaybeProbe<Probed> probe(2u, Role::destructor, this); }
  Counter(const Counter&) = delete;
  Counter& operator=(const Counter&) = delete;
  [[gnu::noinline]] void add(long x) {
    MaybeProbe<Probed> probe(3u, Role::method, this, x);
    total_ += x;
  }
  long total() const { return total_; }
  const std::string& name() const { return name_; }

 private:
  long total_ = 0;
  std::string name_ = "counter";
};

template <bool Probed>
[[gnu::noinline]] long step(long i, const std::string& label) {
  MaybeProbe<Probed> probe(4u, Role::function, palus_trace::no_self, i, label);
  return i + static_cast<long>(label.size());
}

constexpr int calls_per_iteration = 6;                             // constructor, 3 x add, step, destructor
constexpr int events_per_iteration = 2 * calls_per_iteration + 1;  // and the object's end

[[maybe_unused]] const bool profile_registered = [] {
  palus_trace::register_profile(typeid(Counter<true>), [](const void* object, std::string& out) {
    const auto& counter = *static_cast<const Counter<true>*>(object);
    palus::profile::append(out, counter.total());
    palus::profile::append(out, counter.name());
  });
  return true;
}();

template <bool Probed>
long loop(long iterations) {
  const std::string label = "label";
  long sink = 0;
  for (long i = 0; i < iterations; ++i) {
    Counter<Probed> counter;
    counter.add(i);
    counter.add(1);
    counter.add(-1);
    sink += step<Probed>(i, label) + counter.total();
  }
  return sink;
}

struct Variant {
  std::string name;
  bool probed = false;
  bool recording = false;
  int threads = 1;
};

struct Times {
  double wall_s = 0;
  double cpu_s = 0;  // of all the child's threads: the measure that other load on the machine does not skew
};

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/// Runs the loop in a child process (recording to `trace` when asked) and times it.
Times run_in_child(const Variant& v, long iterations, const fs::path& trace) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    close(pipe_fds[0]);
    if (v.recording)
      setenv("PALUS_TRACE_FILE", trace.c_str(), 1);
    else
      unsetenv("PALUS_TRACE_FILE");
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    std::vector<std::thread> workers;
    for (int t = 0; t < v.threads; ++t) {
      workers.emplace_back([&] {
        volatile long sink = v.probed ? loop<true>(iterations / v.threads) : loop<false>(iterations / v.threads);
        (void)sink;
      });
    }
    for (auto& w : workers) w.join();
    const Times times{std::chrono::duration<double>(Clock::now() - start).count(), cpu_seconds() - cpu_start};
    if (write(pipe_fds[1], &times, sizeof times) != sizeof times) _exit(3);
    std::exit(0);  // the runtime's atexit handler marks the trace complete
  }
  close(pipe_fds[1]);
  Times times;
  const bool got = read(pipe_fds[0], &times, sizeof times) == sizeof times;
  close(pipe_fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!got || !WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("the loop's child failed");
  return times;
}

template <class Read>
double best_of(int runs, Read read) {
  double best = 1e300;
  for (int i = 0; i < runs; ++i) {
    const auto start = Clock::now();
    read();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const long iterations = argc > 1 ? std::stol(argv[1]) : 300000;
  const long calls = iterations * calls_per_iteration;
  char pattern[] = "/tmp/palus-trace-bench-XXXXXX";
  if (mkdtemp(pattern) == nullptr) return 1;
  const fs::path dir = pattern;
  const fs::path trace = dir / "trace";

  const std::vector<Variant> variants{
      {"no probes", false, false, 1},
      {"probes, not recording", true, false, 1},
      {"probes, recording", true, true, 1},
      {"probes, recording, 2 threads", true, true, 2},
  };
  fmt::print("Probe cost: {} iterations of {} calls (constructor, 3 methods, a free function, destructor)\n\n",
             iterations, calls_per_iteration);
  fmt::print("| {:<30} | {:>10} | {:>6} | {:>5} | {:>15} | {:>21} |\n", "variant", "calls", "wall s", "CPU s",
             "CPU ns per call", "probe CPU ns per call");
  fmt::print("|{:-<32}|{:->12}|{:->8}|{:->7}|{:->17}|{:->23}|\n", "", "", "", "", "", "");
  double plain_ns = 0;
  for (const auto& v : variants) {
    const Times times = run_in_child(v, iterations, v.threads == 1 ? trace : dir / "trace-threads");
    const double ns = times.cpu_s * 1e9 / static_cast<double>(calls);
    if (!v.probed) plain_ns = ns;
    fmt::print("| {:<30} | {:>10} | {:>6.3f} | {:>5.3f} | {:>15.1f} | {:>21} |\n", v.name, calls, times.wall_s,
               times.cpu_s, ns, v.probed ? fmt::format("{:.1f}", ns - plain_ns) : "-");
  }

  const auto bytes = fs::file_size(trace);
  std::size_t events = 0;
  const double stream_s = best_of(3, [&] {
    events = 0;
    palus::models::for_each_event(trace, [&](const palus::models::TraceEvent&) { ++events; });
  });
  std::size_t kept = 0;
  const double whole_s = best_of(3, [&] { kept = palus::models::read_trace(trace).events.size(); });
  if (events != static_cast<std::size_t>(iterations) * events_per_iteration || kept != events) {
    fmt::print(stderr, "expected {} events, read {} and {}\n", iterations * events_per_iteration, events, kept);
    return 1;
  }
  fmt::print("\nReading the 1-thread trace: {} events, {:.1f} MB, {:.1f} bytes per event\n\n", events,
             static_cast<double>(bytes) / 1e6, static_cast<double>(bytes) / static_cast<double>(events));
  fmt::print("| {:<36} | {:>8} | {:>14} | {:>8} |\n", "reader", "time s", "events per s", "MB per s");
  fmt::print("|{:-<38}|{:->10}|{:->16}|{:->10}|\n", "", "", "", "");
  for (const auto& [name, seconds] :
       {std::pair{"for_each_event (streaming)", stream_s}, std::pair{"read_trace (all events in memory)", whole_s}}) {
    fmt::print("| {:<36} | {:>8.3f} | {:>14.0f} | {:>8.0f} |\n", name, seconds, static_cast<double>(events) / seconds,
               static_cast<double>(bytes) / 1e6 / seconds);
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  return 0;
}
