#include "recover.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <vector>

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
std::string g_log_path;  ///< UBSAN_OPTIONS log_path; empty when reports go to stderr
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
  return g_target != nullptr && pthread_equal(pthread_self(), g_armed_thread) != 0 && std::uncaught_exceptions() == 0 &&
         abi::__cxa_current_exception_type() == nullptr;
}

/// Where a fault in a sequence whose report is pending jumps back from: the report said what
/// failed, and the code that ran on after it faulted (a member call on a null pointer goes on
/// into the member). Any other fault goes to the handler that was there before.
void on_fault(int signal, siginfo_t*, void*) {
  if ((g_report_pending || g_cleaning) && can_jump()) {
    sigjmp_buf* target = g_target;
    disarm();
    siglongjmp(*target, 1);
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

void enable() {
  g_log_path = log_path_option();
  for (void* set : definitions_of("__sanitizer_set_report_path"))
    g_report_path_setters.push_back(reinterpret_cast<SetReportPath>(set));
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
  if (!g_enabled) std::_Exit(1);  // the fork server itself: it halts, as UBSan would have
  if (!can_jump()) return;        // not in a sequence, another thread, or an exception on its way: later
  sigjmp_buf* target = g_target;
  disarm();
  siglongjmp(*target, 1);
}

std::string after_jump() {
  for (int i = 0; i < g_reported_count; ++i) turn_back_on(g_reported[i]);
  g_reported_count = 0;
  g_report_pending = false;
  if (g_log_path.empty()) return {};
  const std::string written = current_prefix() + "." + std::to_string(getpid());
  ++g_reports_survived;
  const std::string next = current_prefix();
  for (SetReportPath set : g_report_path_setters) set(next.c_str());
  const std::size_t slash = written.rfind('/');
  return slash == std::string::npos ? written : written.substr(slash + 1);
}

}  // namespace palus::harness::recover

extern "C" void __ubsan_on_report() {
  namespace recover = palus::harness::recover;
  recover::g_report_pending = true;  // in a process that did not enable(), it halts at the next safe point
  if (__ubsan_get_current_report_data == nullptr || recover::g_reported_count == recover::kMaxReports) return;
  const char *kind = nullptr, *message = nullptr, *file = nullptr;
  unsigned line = 0, column = 0;
  char* address = nullptr;
  __ubsan_get_current_report_data(&kind, &message, &file, &line, &column, &address);
  if (file != nullptr) recover::g_reported[recover::g_reported_count++] = {file, line, column};
}
