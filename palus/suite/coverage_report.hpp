#pragma once
// `palus report`: the generated suite built afresh with coverage against a fresh build of the
// library, every test run, and gcovr's line and branch coverage of the library (DESIGN §3, §11).

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "palus/config/config.hpp"
#include "palus/suite/coverage_scope.hpp"
#include "palus/suite/gtest_run.hpp"
#include "palus/suite/test_build.hpp"

namespace palus::suite {

/// One generated test file and what its tests did.
struct TestFileReport {
  std::filesystem::path source;
  bool failure_file = false;  ///< "*_failure_test.cpp" or "*_suspect_test.cpp": its tests are expected to fail
  bool built = false;
  std::vector<CompileError> errors;                       ///< when !built
  std::vector<std::pair<std::string, RunOutcome>> tests;  ///< "Suite.Name" and its run, in file order
};

/// Totals over the files of one kind (regression or failure-revealing).
struct SuiteTotals {
  int files = 0, built = 0;
  int tests = 0, passed = 0, failed = 0;  ///< failed: anything but passed or skipped
};

struct CoverageReport {
  std::vector<TestFileReport> files;
  SuiteTotals regression, failure;
  /// gcovr over the library's sources and headers (the folders that hold them, less the output
  /// folder), in percent; branches without those that only exceptions take (--exclude-throw-branches).
  double line_percent = 0, branch_percent = 0;
  long line_covered = 0, line_total = 0, branch_covered = 0, branch_total = 0;
  std::filesystem::path html;        ///< <work>/report/coverage/index.html
  std::filesystem::path json;        ///< <work>/report/coverage.json (gcovr's JSON summary)
  std::filesystem::path lines_json;  ///< <work>/report/coverage-lines.json (gcovr's JSON, per line)
};

/// The *_test.cpp files of a generated suite's folder `out`, sorted. Throws UserError when the
/// folder is missing or holds none.
std::vector<std::filesystem::path> generated_test_files(const std::filesystem::path& out);

/// Builds every *_test.cpp of the config's output folder in <work_dir>/report/ against the
/// library compiled there with -O0 -g --coverage, runs them (regression files all at once, one
/// process per test when that process dies; failure files one process per test), then runs gcovr
/// over the library. Coverage data of earlier reports is deleted first. Throws UserError when the
/// output folder is missing or holds no tests, the library does not compile, or gcovr fails.
CoverageReport build_coverage_report(const Config& config, const std::filesystem::path& work_dir);

/// The coverage of the tests the checks kept (palus run under a time limit): gcovr over
/// checked_coverage_dir, where the checks ran each kept regression test once against the library
/// built with coverage; `files` and the totals stay empty, since no written file was built.
/// Throws UserError when gcovr fails.
CoverageReport checked_coverage_report(const Config& config, const std::filesystem::path& work_dir);

/// What `palus report` prints: per kind the files built and the tests passed and failed, the
/// coverage, then the files that did not build and the regression tests that did not pass (with
/// `verbose`, every failure test's outcome too). Paths are shown relative to `base`.
std::string summary_table(const CoverageReport& report, const std::filesystem::path& base, bool verbose);

/// Updates `report_yaml` (a generated suite's report.yaml) in place, atomically: `coverage`
/// becomes {line, branch, scope: generated-suite} and `stages_s.report` the seconds given;
/// every other key keeps its value and place. Throws UserError when it is not a YAML map.
void update_report_yaml(const std::filesystem::path& report_yaml, const CoverageReport& report, double seconds);

/// The gcov that reads what `compiler` wrote: llvm-cov for clang, gcov-N for g++-N.
std::string gcov_for(const std::string& compiler);

}  // namespace palus::suite
