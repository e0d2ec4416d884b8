#include "recover.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>
#include <unwind.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <utility>
#include <vector>

#include "free_watch.hpp"
#include "last_words.hpp"

// The sanitizers' symbolizer (weak: absent without them).
extern "C" void __sanitizer_symbolize_pc(void* pc, const char* format, char* out, std::size_t out_size)
    __attribute__((weak));

// AddressSanitizer's report in progress (asan_interface.h): present from just before it is printed
// until it is done. Weak: absent without AddressSanitizer.
extern "C" int __asan_report_present() __attribute__((weak));
extern "C" int __asan_get_report_access_type() __attribute__((weak));

// UBSan's report monitor (ubsan_monitor): the runtime calls __ubsan_on_report, a weak function of
// its own that this strong one replaces, while a report is being made, and answers
// __ubsan_get_current_report_data then. Weak: absent without UBSan.
extern "C" void __ubsan_get_current_report_data(const char** kind, const char** message, const char** file,
                                                unsigned* line, unsigned* column, char** address) __attribute__((weak));

namespace palus::harness::recover {

volatile bool g_report_pending = false;

namespace {

using SetReportPath = void (*)(const char*);

bool g_enabled = false;
sigjmp_buf* g_target = nullptr;
pthread_t g_armed_thread{};  ///< the thread that armed g_target: only it may jump there
bool g_cleaning = false;     ///< armed by arm_cleanup()
/// Each loaded sanitizer runtime's __sanitizer_set_report_path (GCC links ASan and UBSan as two
/// libraries, each with its own report file).
std::vector<SetReportPath> g_report_path_setters;
/// GCC's two runtimes each open log_path.<pid> afresh, truncating it, at their first report: after
/// the first report of a sequence the other runtime reports into a file of its own (g_later_prefix),
/// so the first report, the one that says what failed, stands. Not needed with one runtime
/// (clang's), whose reports follow one another in one file.
std::vector<SetReportPath> g_asan_setters, g_other_setters;
enum class Reporter { none, address, undefined };
std::atomic<Reporter> g_first_reporter{Reporter::none};  ///< claimed once: reports may come from two threads
char g_later_prefix[4096];                               ///< empty: one runtime, or reports on stderr
std::string g_log_path;                                  ///< UBSAN_OPTIONS log_path; empty when reports go to stderr
unsigned g_reports_survived = 0;

/// UBSan's view of a check's source location, as the compiler lays it out in the check's data.
struct ReportedAt {
  const char* file;
  unsigned line, column;
};
/// The reports made since the last jump back (a failed call may make a few before a safe point).
constexpr int kMaxReports = 8;
ReportedAt g_reported[kMaxReports];
int g_reported_count = 0;

std::string log_path_option() {
  const char* options = std::getenv("UBSAN_OPTIONS");
  if (options == nullptr) return {};
  const std::string text = options;
  const std::string key = "log_path=";
  std::size_t at = text.find(key);
  while (at != std::string::npos && at != 0 && text[at - 1] != ':') at = text.find(key, at + 1);
  if (at == std::string::npos) return {};
  const std::size_t begin = at + key.size();
  const std::string value = text.substr(begin, text.find(':', begin) - begin);
  return value == "stderr" || value == "stdout" ? std::string() : value;
}

/// The file prefix reports go to now: log_path for the first, then one of this child's own.
std::string current_prefix() {
  if (g_reports_survived == 0) return g_log_path;
  return g_log_path + "." + std::to_string(getpid()) + "-" + std::to_string(g_reports_survived);
}

struct Search {
  ReportedAt at;
  std::uint32_t* column = nullptr;  ///< where the location's column was found
};

/// Columns found before: a check that fails in one sequence tends to fail in many.
struct Found {
  const char* file = nullptr;
  unsigned line = 0;
  std::uint32_t* column = nullptr;
};
constexpr std::size_t kFoundCapacity = 64;
Found g_found[kFoundCapacity];
std::size_t g_found_next = 0;

/// The fault handlers in place before enable()'s: AddressSanitizer's, or the last words'.
constexpr int kFaults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_before[sizeof kFaults / sizeof kFaults[0]];

bool g_address_sanitizer = false;  ///< AddressSanitizer is in the process (it would have reported a fault)
bool g_sanitized = false;          ///< a sanitizer owns the fatal signals (enable()'s argument)
/// The code where a fault may be survived: the executable's (the library's and ours) and the C++
/// standard library's.
struct Range {
  std::uintptr_t begin, end;
};
constexpr std::size_t kMaxRanges = 16;
Range g_survivable[kMaxRanges];
std::size_t g_survivable_count = 0;
volatile sig_atomic_t g_in_fault = 0;  ///< a fault is being reported: one in that is not survived
int g_fault_signal = 0;                ///< the fault survived without a report (no AddressSanitizer)
/// A report of AddressSanitizer's for a write: the bad write went through (recoverable checks
/// return first), and may have changed the allocator's own data. The child answers and leaves.
bool g_bad_write = false;
/// The file the next report goes to (log_path.<pid>, or this child's own after a survived one); empty:
/// stderr. Kept ready: a fault handler builds no strings.
char g_report_file[4096];

/// One loaded object's part of turn_back_on: its writable segments' initialised words, redzones of
/// AddressSanitizer's between globals included (hence unchecked).
__attribute__((no_sanitize("address", "undefined", "thread"))) int search_object(dl_phdr_info* info, std::size_t,
                                                                                 void* data) {
  auto& s = *static_cast<Search*>(data);
  const auto file = reinterpret_cast<std::uintptr_t>(s.at.file);
  for (int k = 0; k < info->dlpi_phnum && s.column == nullptr; ++k) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[k];
    if (segment.p_type != PT_LOAD || (segment.p_flags & PF_W) == 0) continue;
    const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
    auto* word = reinterpret_cast<std::uintptr_t*>((begin + 7) & ~std::uintptr_t{7});
    auto* end = reinterpret_cast<std::uintptr_t*>(begin + segment.p_filesz);
    for (; word + 1 < end; ++word) {
      if (*word != file) continue;
      auto* place = reinterpret_cast<std::uint32_t*>(word + 1);
      if (place[0] != s.at.line || place[1] != ~0u) continue;
      s.column = place + 1;
      break;
    }
  }
  return s.column != nullptr ? 1 : 0;
}

/// Turns a reported check's location back on: UBSan sets its column to ~0 at the first report and
/// skips the check from then on. The location sits in the check's data, in a writable segment's
/// initialised part, as {file, line, column}; its file pointer is the one the report gave.
__attribute__((no_sanitize("address", "undefined", "thread"))) void turn_back_on(const ReportedAt& at) {
  for (const Found& found : g_found) {
    if (found.file == at.file && found.line == at.line && *found.column == ~0u) {
      *found.column = at.column;
      return;
    }
  }
  Search search{at};
  dl_iterate_phdr(search_object, &search);
  if (search.column == nullptr) return;
  *search.column = at.column;
  g_found[g_found_next] = {at.file, at.line, search.column};
  g_found_next = (g_found_next + 1) % kFoundCapacity;
}

/// Whether the jump back can be taken here and now: armed, on the thread that armed it (another
/// thread of the library's leaves it to that one), and no exception thrown or being handled (the
/// C++ runtime would keep it as a live one). Nothing tells whether the frames it skips hold a lock
/// or are half-way through a static's initialisation: a library that does leaves the child stuck
/// in a later sequence, which the executor's watchdog then reports as a hang.
bool can_jump() {
  // Not while AddressSanitizer prints a report (its locks held; the file not written yet).
  if (__asan_report_present != nullptr && __asan_report_present() != 0) return false;
  return g_target != nullptr && pthread_equal(pthread_self(), g_armed_thread) != 0 && std::uncaught_exceptions() == 0 &&
         abi::__cxa_current_exception_type() == nullptr;
}

[[noreturn]] void jump_back() {
  sigjmp_buf* target = g_target;
  disarm();
  siglongjmp(*target, 1);
}

/// A runtime's report hook: the first report of a sequence keeps the report file, and the other
/// runtime's reports after it go to g_later_prefix's (after_jump puts them back).
void first_report_by(Reporter reporter) {
  Reporter none = Reporter::none;
  if (!g_first_reporter.compare_exchange_strong(none, reporter)) return;
  if (g_later_prefix[0] == '\0') return;
  for (SetReportPath set : reporter == Reporter::address ? g_other_setters : g_asan_setters) set(g_later_prefix);
}

void note_report_file() {
  if (g_log_path.empty()) {
    g_report_file[0] = '\0';
    return;
  }
  std::snprintf(g_report_file, sizeof g_report_file, "%s.%d", current_prefix().c_str(), static_cast<int>(getpid()));
}

/// The faulting instruction, stack and frame pointers of a signal's context; 0 where unknown.
struct Registers {
  std::uintptr_t pc = 0, sp = 0, bp = 0;
};
Registers registers_of(const void* context) {
  const auto& machine = static_cast<const ucontext_t*>(context)->uc_mcontext;
#if defined(__x86_64__)
  return {static_cast<std::uintptr_t>(machine.gregs[REG_RIP]), static_cast<std::uintptr_t>(machine.gregs[REG_RSP]),
          static_cast<std::uintptr_t>(machine.gregs[REG_RBP])};
#elif defined(__aarch64__)
  return {static_cast<std::uintptr_t>(machine.pc), static_cast<std::uintptr_t>(machine.sp),
          static_cast<std::uintptr_t>(machine.regs[29])};
#else
  (void)machine;
  return {};
#endif
}

/// Whether a fault at `pc` leaves the process as sound as a report does: see recover.hpp. Not a
/// stack overflow (an access just below the stack pointer, AddressSanitizer's test), which is
/// AddressSanitizer's to report.
bool survivable(int signal, const siginfo_t* info, const Registers& registers) {
  const std::uintptr_t pc = registers.pc, sp = registers.sp;
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  if ((signal == SIGSEGV || signal == SIGBUS) && address + 512 > sp && address < sp + 0xFFFF) return false;
  // Not a fault at a known address (a non-canonical pointer comes with si_addr 0), which
  // AddressSanitizer reports in words of its own.
  if (signal == SIGSEGV && info->si_code != SEGV_MAPERR && info->si_code != SEGV_ACCERR) return false;
  bool inside = false;
  for (std::size_t k = 0; k < g_survivable_count && !inside; ++k)
    inside = pc >= g_survivable[k].begin && pc < g_survivable[k].end;
  if (!inside) return false;
  if (g_address_sanitizer) return true;
  if (g_sanitized) return false;  // UBSan alone: its runtime, or the death, reports the fault
  return signal == SIGFPE || ((signal == SIGSEGV || signal == SIGBUS) && address < 0x10000);
}

constexpr int kMaxFrames = 256;  // as AddressSanitizer's deepest stack
struct Frames {
  std::uintptr_t pc[kMaxFrames];
  int count = 0;
};

_Unwind_Reason_Code collect_frame(_Unwind_Context* context, void* data) {
  auto& frames = *static_cast<Frames*>(data);
  if (frames.count == kMaxFrames) return _URC_END_OF_STACK;
  int before_instruction = 0;
  frames.pc[frames.count++] = _Unwind_GetIPInfo(context, &before_instruction);
  return _URC_NO_REASON;
}

/// The symbolizer looks up the instruction before the one it is given (a call's, for a return
/// address): a faulting instruction is given as one past it.
#if defined(__aarch64__)
constexpr std::uintptr_t kPastInstruction = 4;
#else
constexpr std::uintptr_t kPastInstruction = 1;
#endif

/// Whether a symbolized function is the sanitizers' runtime (linked into the executable by clang),
/// which may hold its own locks where it faulted.
bool in_sanitizer_runtime(const char* function) {
  for (const char* prefix : {"in __asan", "in __sanitizer", "in __interceptor", "in ___interceptor", "in __ubsan"})
    if (std::strncmp(function, prefix, std::strlen(prefix)) == 0) return true;
  return false;
}

/// AddressSanitizer's report of a fault, in its words (its deadly-signal report): the kind, the
/// faulting frame and its callers, and the summary. False when the unwinder does not reach the
/// faulting frame through the signal's.
bool report_fault(int signal, const siginfo_t* info, const void* context, const Registers& registers) {
  const std::uintptr_t pc = registers.pc;
  static Frames frames;
  frames.count = 0;
  _Unwind_Backtrace(collect_frame, &frames);
  int first = 0;
  while (first < frames.count && frames.pc[first] != pc) ++first;
  // Code without unwind tables, where AddressSanitizer would have walked frame pointers instead.
  if (frames.count - first <= 2) return false;
  const char* kind = signal == SIGSEGV ? "SEGV" : signal == SIGBUS ? "BUS" : signal == SIGFPE ? "FPE" : "ILL";
  const char* access = "UNKNOWN";
#if defined(__x86_64__)
  access = (static_cast<const ucontext_t*>(context)->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? "WRITE" : "READ";
#else
  (void)context;
#endif
  const int pid = static_cast<int>(getpid());
  static char text[32768];
  std::size_t used = 0;
  auto add = [&](const char* format, auto... values) {
    if (used >= sizeof text) return;
    const int n = std::snprintf(text + used, sizeof text - used, format, values...);
    if (n > 0) used = std::min(sizeof text - 1, used + static_cast<std::size_t>(n));
  };
  add("==%d==ERROR: AddressSanitizer: %s on unknown address 0x%012zx (pc 0x%012zx bp 0x%012zx sp 0x%012zx T0)\n", pid,
      kind, reinterpret_cast<std::uintptr_t>(info->si_addr), pc, registers.bp, registers.sp);
  if (signal == SIGSEGV) {
    add("==%d==The signal is caused by a %s memory access.\n", pid, access);
    if (reinterpret_cast<std::uintptr_t>(info->si_addr) < 4096)
      add("==%d==Hint: address points to the zero page.\n", pid);
  }
  static char where[4096];
  char summary[1024] = "";
  int number = 0;
  for (int k = first; k < frames.count; ++k) {
    const std::uintptr_t at = k == first ? pc + kPastInstruction : frames.pc[k];
    where[0] = where[1] = '\0';
    if (__sanitizer_symbolize_pc != nullptr)
      __sanitizer_symbolize_pc(reinterpret_cast<void*>(at), "%F %L", where, sizeof where - 1);
    if (k == first) {
      if (in_sanitizer_runtime(where)) return false;
      if (__sanitizer_symbolize_pc != nullptr)
        __sanitizer_symbolize_pc(reinterpret_cast<void*>(at), "%L %F", summary, sizeof summary);
    }
    // One string a frame, inlined ones first, each ended by a NUL, the whole by an empty string.
    for (const char* inlined = where; *inlined != '\0' && inlined < where + sizeof where - 1;
         inlined += std::strlen(inlined) + 1)
      add("    #%d 0x%012zx %s\n", number++, at - kPastInstruction, inlined);
    if (where[0] == '\0') add("    #%d 0x%012zx\n", number++, at - kPastInstruction);
  }
  add("\n==%d==palus's harness wrote this report in AddressSanitizer's words and lived on.\n", pid);
  add("AddressSanitizer can not provide additional info.\nSUMMARY: AddressSanitizer: %s %s\n==%d==ABORTING\n", kind,
      summary, pid);
  const int fd = g_report_file[0] == '\0' ? 2 : open(g_report_file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  for (std::size_t done = 0; done < used;) {
    const ssize_t n = write(fd, text + done, used - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  if (fd != 2) close(fd);
  return true;
}

/// Where a fault in a sequence whose report is pending jumps back from: the report said what
/// failed, and the code that ran on after it faulted (a member call on a null pointer goes on
/// into the member). So does a survivable fault, once reported or noted. Any other fault goes to
/// the handler that was there before.
void on_fault(int signal, siginfo_t* info, void* context) {
  static sigjmp_buf reporting;  // where a fault while reporting one goes back to
  static volatile sig_atomic_t in_report = 0;
  if (in_report != 0) {
    in_report = 0;
    siglongjmp(reporting, 1);
  }
  if ((g_report_pending || g_cleaning) && can_jump()) jump_back();
  const Registers registers = registers_of(context);
  if (g_in_fault == 0 && can_jump() && survivable(signal, info, registers)) {
    g_in_fault = 1;
    if (!g_address_sanitizer) {
      note_fatal_signal(signal, info);
      g_fault_signal = signal;
      jump_back();
    }
    // A fault in the unwinder or the symbolizer (a stack too damaged to walk): the first fault is
    // AddressSanitizer's to report after all, not this one.
    if (sigsetjmp(reporting, 0) == 0) {
      in_report = 1;
      const bool reported = report_fault(signal, info, context, registers);
      in_report = 0;
      if (reported) jump_back();
    }
  }
  for (std::size_t k = 0; k < std::size(kFaults); ++k) {
    if (kFaults[k] != signal) continue;
    // Handled as if this handler had never been: the fault happens again when this returns.
    sigaction(signal, &g_before[k], nullptr);
    return;
  }
}

}  // namespace

std::vector<void*> definitions_of(const char* name) {
  struct Search {
    const char* name;
    std::vector<void*> found;
  } search{name, {}};
  // A runtime linked into the executable (clang's) is found here, shared ones (GCC's two) below.
  if (void* first = dlsym(RTLD_DEFAULT, name)) search.found.push_back(first);
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        if (info->dlpi_name == nullptr || info->dlpi_name[0] == '\0') return 0;
        void* library = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
        if (library == nullptr) return 0;
        auto& s = *static_cast<Search*>(data);
        void* definition = dlsym(library, s.name);
        if (definition != nullptr && std::find(s.found.begin(), s.found.end(), definition) == s.found.end())
          s.found.push_back(definition);
        dlclose(library);
        return 0;
      },
      &search);
  return search.found;
}

void enable(bool sanitized) {
  g_sanitized = sanitized;
  g_log_path = log_path_option();
  note_report_file();
  g_address_sanitizer = dlsym(RTLD_DEFAULT, "__asan_init") != nullptr;
  bool executable = true;  // dl_iterate_phdr names the executable first
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        bool& first = *static_cast<bool*>(data);
        const bool wanted =
            first || (info->dlpi_name != nullptr && std::strstr(info->dlpi_name, "libstdc++") != nullptr);
        first = false;
        for (int k = 0; wanted && k < info->dlpi_phnum && g_survivable_count < kMaxRanges; ++k) {
          const ElfW(Phdr)& segment = info->dlpi_phdr[k];
          if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
          const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
          g_survivable[g_survivable_count++] = {begin, begin + segment.p_memsz};
        }
        return 0;
      },
      &executable);
  Dl_info asan{};
  const bool asan_found = g_address_sanitizer && dladdr(dlsym(RTLD_DEFAULT, "__asan_init"), &asan) != 0;
  for (void* set : definitions_of("__sanitizer_set_report_path")) {
    const auto setter = reinterpret_cast<SetReportPath>(set);
    Dl_info where{};
    const bool address = asan_found && dladdr(set, &where) != 0 && where.dli_fbase == asan.dli_fbase;
    (address ? g_asan_setters : g_other_setters).push_back(setter);
    g_report_path_setters.push_back(setter);
  }
  g_later_prefix[0] = '\0';
  if (!g_log_path.empty() && !g_asan_setters.empty() && !g_other_setters.empty())
    std::snprintf(g_later_prefix, sizeof g_later_prefix, "%s-later", g_log_path.c_str());
  struct sigaction action {};
  action.sa_sigaction = on_fault;
  // SA_NODEFER: a jump out of the handler leaves the fault unblocked for the next sequence.
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (std::size_t k = 0; k < std::size(kFaults); ++k) sigaction(kFaults[k], &action, &g_before[k]);
  g_enabled = true;
}

void arm(sigjmp_buf* target) {
  g_armed_thread = pthread_self();
  g_target = target;
}

void arm_cleanup(sigjmp_buf* target) {
  arm(target);
  g_cleaning = true;
}

void disarm() {
  g_target = nullptr;
  g_cleaning = false;
}

void at_safe_point() {
  if (!g_report_pending) return;
  if (!g_enabled) std::_Exit(1);  // the fork server itself: it halts, as the sanitizer would have
  // A library's thread that wrote out of bounds does not run on until the sequence's thread
  // reaches a safe point (perhaps only with the next request): it halts, as AddressSanitizer would.
  if (g_bad_write && g_target != nullptr && pthread_equal(pthread_self(), g_armed_thread) == 0) std::_Exit(1);
  if (!can_jump()) return;  // not in a sequence, another thread, or an exception on its way: later
  jump_back();
}

Stopped after_jump() {
  for (int i = 0; i < g_reported_count; ++i) turn_back_on(g_reported[i]);
  g_reported_count = 0;
  g_report_pending = false;
  g_in_fault = 0;
  Stopped stopped;
  stopped.signal = std::exchange(g_fault_signal, 0);
  stopped.must_leave = std::exchange(g_bad_write, false);
  g_first_reporter = Reporter::none;
  if (g_log_path.empty()) return stopped;
  const std::string written = current_prefix() + "." + std::to_string(getpid());
  ++g_reports_survived;
  const std::string next = current_prefix();
  for (SetReportPath set : g_report_path_setters) set(next.c_str());  // closes a later report's file too
  note_report_file();
  if (g_later_prefix[0] != '\0') unlink((std::string(g_later_prefix) + "." + std::to_string(getpid())).c_str());
  const std::size_t slash = written.rfind('/');
  stopped.report_file = slash == std::string::npos ? written : written.substr(slash + 1);
  return stopped;
}

}  // namespace palus::harness::recover

extern "C" void __ubsan_on_report() {
  namespace recover = palus::harness::recover;
  recover::g_report_pending = true;  // in a process that did not enable(), it halts at the next safe point
  recover::first_report_by(recover::Reporter::undefined);
  if (__ubsan_get_current_report_data == nullptr || recover::g_reported_count == recover::kMaxReports) return;
  const char *kind = nullptr, *message = nullptr, *file = nullptr;
  unsigned line = 0, column = 0;
  char* address = nullptr;
  __ubsan_get_current_report_data(&kind, &message, &file, &line, &column, &address);
  if (file != nullptr) recover::g_reported[recover::g_reported_count++] = {file, line, column};
}

// AddressSanitizer calls this weak function of its own, which this strong one replaces, while it
// makes a report; with halt_on_error=0 it then returns to the code that failed, as UBSan does.
extern "C" void __asan_on_error() {
  namespace recover = palus::harness::recover;
  palus::harness::note_freeing_statement();
  recover::first_report_by(recover::Reporter::address);
  if (__asan_report_present != nullptr && __asan_get_report_access_type != nullptr && __asan_report_present() != 0 &&
      __asan_get_report_access_type() != 0)
    recover::g_bad_write = true;
  // Last, for another thread's safe point: no jump is taken before the report is printed (can_jump).
  recover::g_report_pending = true;  // in a process that did not enable(), it halts at the next safe point
}
