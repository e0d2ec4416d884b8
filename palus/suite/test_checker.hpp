#pragma once
// Before a generated test is written out, it is compiled and run twice in fresh processes
// (DESIGN §9): a test that does not compile, or whose two runs differ, or that does not do what
// the generator expects (pass, or fail the same way twice), is dropped.

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "palus/config/config.hpp"
#include "palus/suite/coverage_library.hpp"
#include "palus/suite/gtest_run.hpp"
#include "palus/suite/test_build.hpp"

namespace palus::suite {

/// One test of a source to check.
struct TestSpec {
  std::string name;  ///< "Suite.Name", as --gtest_filter takes it
  /// The lines the test spans in the source, 1-based and inclusive; compile errors on them are
  /// the test's, and blanking them removes it.
  unsigned first_line = 0, last_line = 0;
  bool expect_failure = false;  ///< failure-revealing: must fail the same way twice; else it must pass twice
  /// A failure test of a call that did not answer in the harness: it runs for hang_timeout only.
  bool expect_hang = false;
  /// A failure test must fail this way (a crash where the harness saw one, not an exception the
  /// harness did not see); not_run: any failure will do.
  RunKind expected_kind = RunKind::not_run;
  /// A hang palus doubts (written disabled: a huge size may have asked for the time): run once,
  /// for half of hang_timeout (the harness's call timeout), as it is a suspect whether it hangs or
  /// is only slow; one that finishes within it was only slow, and is dropped.
  bool suspect_hang = false;
};

/// The verdict on one test.
struct TestVerdict {
  std::string name;
  bool expect_failure = false;
  RunKind expected_kind = RunKind::not_run;  ///< TestSpec::expected_kind
  bool compiled = false;
  std::vector<CompileError> errors;  ///< when !compiled: the errors on the test's lines (or the file's)
  std::array<RunOutcome, 2> runs;
  bool stable = false;       ///< compiled, and both runs have the same signature
  bool as_expected = false;  ///< stable, and passed (or skipped) twice, or for a failure test failed twice
};

struct CheckResult {
  std::vector<TestVerdict> verdicts;  ///< one per test, in the order given
  /// Errors on none of the tests' lines (an #include, a helper): no test of the file compiled.
  std::vector<CompileError> file_errors;
  int compile_attempts = 0;  ///< builds done: a build that fails on some tests is redone without them
  double compile_seconds = 0, run_seconds = 0;
};

struct CheckerOptions {
  TestBuildSettings build;  ///< see check_build_settings
  /// Scratch folder: the working directory, HOME and TMPDIR of the tests, where their coverage
  /// data goes (GCOV_PREFIX) and the GoogleTest reports.
  std::filesystem::path scratch;
  std::chrono::milliseconds test_timeout{10'000};  ///< per run of one test
  /// Per run of a test expected to hang: long enough to tell a hang from a slow call (twice the
  /// harness's call timeout, which the call already ran past), short because it is spent in full.
  std::chrono::milliseconds hang_timeout{4'000};
  std::size_t output_cap = 64 * 1024;
  std::uint64_t memory_bytes = 2ull << 30;
  bool sanitized = false;  ///< built with sanitizers: memory is limited with ASan's options, not RLIMIT_AS
  int max_compile_attempts = 3;
  /// Shared by the checkers: a source whose tests all expect to pass is built with `plain_build`
  /// against this library when it compiles, and its tests that passed run once more writing
  /// their coverage beside its objects; without it, or when it does not compile, `build`.
  std::shared_ptr<CoverageLibrary> coverage_library;
  std::optional<TestBuildSettings> plain_build;  ///< see plain_check_settings
  /// Whether the tests that held run once more with plain_build, for a report of their coverage.
  bool record_coverage = false;
  /// Of the compiles and test runs: checking yields the CPU to generation, which runs meanwhile.
  int niceness = 10;
};

/// The checker options for a config and the harness variant of `sanitizers`: check_build_settings,
/// scratch in <work>/check/<variant>/run, default_test_timeout, the sandbox's memory limit; with
/// `coverage_library`, plain_check_settings in `plain_dir`.
CheckerOptions checker_options(const Config& config, const std::filesystem::path& work_dir,
                               const std::vector<std::string>& sanitizers,
                               std::shared_ptr<CoverageLibrary> coverage_library = nullptr,
                               const std::filesystem::path& plain_dir = {});

/// The time one test may run: 5 x sandbox.call_timeout, at least 2 s.
std::chrono::milliseconds default_test_timeout(const Config& config);

/// The time a test expected to hang runs: 2 x sandbox.call_timeout, at least 1 s.
std::chrono::milliseconds hang_test_timeout(const Config& config);

/// Checks generated tests. Calls on one checker run one at a time (they share its build folder);
/// checkers with different folders may run in parallel threads.
class TestChecker {
 public:
  explicit TestChecker(CheckerOptions options);

  /// Compiles `source_text` as <build dir>/src/<file_name> (a file name such as
  /// "Statement_test.cpp", its stem unique among the caller's files; numbered when built with
  /// plain_build, so that each keeps its coverage data), blanking the lines of the
  /// tests that do not compile and building again, up to max_compile_attempts builds; then runs
  /// every compiled test twice, each time in fresh processes. Regression tests run together
  /// (each test once per process run, twice); when such a process dies, its tests are run one per
  /// process. Failure tests run one per process. A regression test that failed beside others but
  /// passes alone is run twice more with the tests that held, without those that did not; it is
  /// kept when it then holds (a test that is dropped, with undefined behaviour or global state,
  /// had broken it).
  CheckResult check(const std::string& file_name, const std::string& source_text, const std::vector<TestSpec>& tests);

  const CheckerOptions& options() const { return options_; }

 private:
  /// Sets stable and as_expected from the two runs.
  static void judge(TestVerdict& verdict);
  void settle(GtestRunner& runner, const std::vector<TestSpec>& tests, const std::vector<bool>& dropped,
              CheckResult& result) const;

  /// Runs the tests that held once more against the coverage library, writing their coverage;
  /// when none held, forget_coverage.
  void record_coverage(const std::filesystem::path& executable, const std::filesystem::path& source,
                       const std::vector<TestSpec>& tests, const CheckResult& result) const;
  /// Deletes the coverage notes of `source`'s object (built with plain_build), which no test of
  /// it will complete.
  void forget_coverage(const std::filesystem::path& source) const;

  CheckerOptions options_;
  unsigned plain_builds_ = 0;  ///< sources built with plain_build: each gets a name of its own
};

}  // namespace palus::suite
