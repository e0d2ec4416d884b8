#pragma once
// Running tests of a GoogleTest executable in a fresh process and telling what each did: passed,
// failed (with GoogleTest's message), crashed (signal or sanitizer report), timed out, exited.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace palus::suite {

enum class RunKind {
  not_run,    ///< not compiled, never reached, or no such test
  passed,     ///< every assertion held
  skipped,    ///< GTEST_SKIP (an assumption of a theory did not hold)
  failed,     ///< a GoogleTest failure: an assertion, or an exception out of the test body
  crashed,    ///< killed by a signal, or a sanitizer report
  timed_out,  ///< still running at the timeout; its process group was killed
  exited,     ///< the process ended without finishing the test (exit, _exit, quick_exit)
};

/// "not run", "passed", "skipped", "failed", "crashed", "timed out", "exited".
std::string_view to_string(RunKind kind);

/// What one run of one test did.
struct RunOutcome {
  RunKind kind = RunKind::not_run;
  /// failed: the first failure GoogleTest reported ("file:line\nExpected equality ...");
  /// crashed: "SIGSEGV", or the sanitizer's error line; exited: "exit status 3"; timed_out: "".
  std::string message;
  std::string sanitizer_kind;  ///< crashed under a sanitizer: "heap-use-after-free", "SEGV", ...
  int signal = 0;              ///< crashed by a signal
  int exit_status = -1;        ///< exited
  std::string output;          ///< tail of what the process printed, when it died

  /// Passed, or skipped (an assumption did not hold): nothing went wrong.
  bool passed() const { return kind == RunKind::passed || kind == RunKind::skipped; }

  /// What must be equal for two runs to count as the same: the kind, and the first failure
  /// message (addresses masked), the signal or sanitizer kind, or the exit status.
  std::string signature() const;
};

struct GtestRunSettings {
  /// The tests' working directory (scratch/cwd), HOME and TMPDIR (scratch/home, scratch/tmp), and
  /// GoogleTest's reports; the subfolders are created when missing.
  std::filesystem::path scratch;
  /// Where coverage data is written (GCOV_PREFIX); none: beside the objects, as compiled.
  std::optional<std::filesystem::path> gcov_prefix;
  std::size_t output_cap = 64 * 1024;
  std::uint64_t memory_bytes = 2ull << 30;
  /// Built with AddressSanitizer (or thread or leak): memory is limited with its options, not RLIMIT_AS.
  bool sanitized = false;
  int niceness = 0;  ///< of the test processes (ProcessSpec::niceness)
  /// Folders the tests may write besides the scratch folder and their coverage data's (the
  /// objects of a library built elsewhere, whose coverage data goes beside them).
  std::vector<std::filesystem::path> writable;
  /// Variables set for the tests besides those above ("NAME=value"): PALUS_MUTANT for palus mutate.
  std::vector<std::string> environment;
};

/// Runs tests of one executable, each call in a fresh process with a scrubbed environment.
class GtestRunner {
 public:
  GtestRunner(GtestRunSettings settings, std::filesystem::path executable);

  /// Runs `names` ("Suite.Name") in one process, stopped at `timeout`. `died` tells whether the
  /// process ended before GoogleTest reported (then every test gets the death as its outcome).
  std::map<std::string, RunOutcome> run(const std::vector<std::string>& names, std::chrono::milliseconds timeout,
                                        bool& died);

  /// Runs `names` together; when that process dies, runs each of them in a process of its own.
  std::map<std::string, RunOutcome> run_together(const std::vector<std::string>& names,
                                                 std::chrono::milliseconds together_timeout,
                                                 std::chrono::milliseconds test_timeout);

  /// The tests of the executable (--gtest_list_tests), in its order; empty when it cannot list them.
  std::vector<std::string> list(std::chrono::milliseconds timeout);

 private:
  GtestRunSettings settings_;
  std::filesystem::path executable_;
  std::vector<std::string> env_;
  int runs_ = 0;
};

}  // namespace palus::suite
