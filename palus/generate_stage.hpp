#pragma once
// `palus generate`: the generation loop over the built harness, the background test checker and
// writer, progress, and report.yaml (DESIGN §3, §6, §9).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "models/model.hpp"
#include "palus/config/config.hpp"
#include "palus/harness_stage.hpp"
#include "palus/report/run_report.hpp"
#include "palus/suite/coverage_library.hpp"

namespace palus {

struct GenerateRequest {
  const Config* config = nullptr;
  std::filesystem::path work_dir;
  const api::Api* api = nullptr;
  HarnessStageResult harness;
  std::vector<std::string> sanitizers;  ///< of the harness variant
  std::optional<std::uint64_t> max_steps;
  bool failures_only = false;              ///< keep failure tests only
  const models::Model* model = nullptr;    ///< for the model-guided modes; null: random mode
  std::string command;                     ///< as typed, for report.yaml and file headers
  std::map<std::string, double> stages_s;  ///< of the stages before
  bool quiet = false, verbose = false;
  /// When the run began: generate.time_limit bounds the whole run from here (RunBudget), unless
  /// max_steps is given (then it bounds generation alone, as a deterministic run needs).
  std::chrono::steady_clock::time_point run_start = std::chrono::steady_clock::now();
  /// `palus run`: the seconds of the report stage that follows, which the budget keeps for it;
  /// with `checked_report`, that report reads the coverage the checks record (each passing test
  /// run once more against the coverage library) instead of building the written files again.
  double report_s = 0;
  bool checked_report = false;
  /// The library the checks link, from fresh_coverage_library (palus run starts its build early);
  /// null: generate_stage makes it.
  std::shared_ptr<suite::CoverageLibrary> coverage_library;
};

/// The library with coverage that the checkers share, its coverage data and the tests of earlier
/// runs deleted; not built yet (CoverageLibrary::archive builds it, until `cancel` is true).
std::shared_ptr<suite::CoverageLibrary> fresh_coverage_library(const Config& config,
                                                               const std::filesystem::path& work_dir,
                                                               const std::atomic<bool>* cancel = nullptr);

/// Runs generation and writes the output folder. The returned report is also on disk.
report::RunReport generate_stage(const GenerateRequest& request);

}  // namespace palus
