#pragma once
// palus run's head start on its budget (DESIGN §11): the coverage library that the checks link
// depends on the config alone, so its build starts when the run starts, at a lower priority than
// the stages that wait for nothing else, and is done (or nearly) when the first check needs it,
// instead of competing with generation for the cores.

#include <atomic>
#include <filesystem>
#include <memory>
#include <thread>

#include "palus/config/config.hpp"
#include "palus/suite/coverage_library.hpp"

namespace palus {

class EarlyBuilds {
 public:
  /// Starts the build; `config` must outlive this.
  EarlyBuilds(const Config& config, const std::filesystem::path& work_dir);
  /// Cancels what still runs (a run ending early: bad input, an interrupt) and waits for it.
  ~EarlyBuilds();
  EarlyBuilds(const EarlyBuilds&) = delete;
  EarlyBuilds& operator=(const EarlyBuilds&) = delete;

  /// For GenerateRequest::coverage_library: built by now, or being built.
  std::shared_ptr<suite::CoverageLibrary> coverage_library() const { return coverage_library_; }

 private:
  std::atomic<bool> cancel_{false};
  std::shared_ptr<suite::CoverageLibrary> coverage_library_;
  std::thread thread_;
};

}  // namespace palus
