#pragma once
// The library under test compiled once with coverage and without sanitizers, shared by the test
// checkers: tests that all expect to pass are checked against it as a user builds them, and the
// coverage of the tests kept is read from it afterwards (palus run under a time limit reports
// that, instead of building every written file again).

#include <atomic>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>

#include "palus/config/config.hpp"
#include "palus/suite/test_build.hpp"

namespace palus::suite {

class CoverageLibrary {
 public:
  /// The build goes to `dir` (<work>/check/coverage/lib); `config` must outlive this. A build
  /// ends, failed, when `cancel` (when given) becomes true.
  CoverageLibrary(const Config& config, std::filesystem::path dir, int niceness,
                  const std::atomic<bool>* cancel = nullptr);

  /// Builds the library the first time (other callers wait for that build); then the absolute
  /// path of its libsut.a, or nullopt when it did not compile (error() says why).
  std::optional<std::filesystem::path> archive();
  std::string error() const;

  /// Where the build is: its objects, and the coverage data of the tests that ran against it.
  const std::filesystem::path& dir() const { return settings_.dir; }
  /// Where its libsut.a goes (there once archive() built it).
  std::filesystem::path archive_path() const { return settings_.dir / settings_.library; }

 private:
  TestBuildSettings settings_;
  mutable std::mutex mutex_;
  bool tried_ = false;
  std::string error_;
};

/// Where the checks keep the coverage library (lib/) and the builds of the tests checked against
/// it (tests-1/, tests-2/): <work>/check/coverage.
std::filesystem::path checked_coverage_dir(const std::filesystem::path& work_dir);

/// The folder of the coverage library in checked_coverage_dir: <work>/check/coverage/lib.
std::filesystem::path coverage_library_dir(const std::filesystem::path& work_dir);

/// Deletes the coverage data (*.gcda) below `dir`, so that a report counts only what ran since.
void remove_coverage_data(const std::filesystem::path& dir);

}  // namespace palus::suite
