#pragma once
// bench/coverage and bench/evaluate: one sample measured the way Palus's evaluation measures a
// subject (section 5, Figures 9 and 10, Table 4): analyze, trace, model and harness once, then
// `palus generate` and `palus report` per mode and seed, the failures sorted into the known bugs of
// the sample's bugs.yaml and the others, and the coverage of the sample program alone.

#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench/coverage_runs.hpp"
#include "bench/coverage_sample.hpp"

namespace palus::bench {

/// A run with its failures sorted into known bugs and the others.
struct Measured {
  Run run;
  std::set<std::string> bugs;
  std::vector<Failure> others;
  bool resumed = false;  ///< read from an earlier evaluation (EvaluationOptions::resume)
};

struct SampleResults {
  std::string name;                                    ///< the sample folder's name
  std::vector<std::pair<std::string, double>> stages;  ///< analyze, trace, model, harness: seconds
  std::vector<std::string> modes;
  std::vector<Measured> runs;
  SampleCoverage alone;
  std::size_t known_bugs = 0;  ///< distinct bug ids in bugs.yaml
};

struct EvaluationOptions {
  std::filesystem::path palus;
  std::vector<std::string> modes, seeds;
  std::string time_limit = "60s";
  /// Runs whose output folder in `work` already has a report with coverage are read, not redone
  /// (their times from the report's stages_s): an interrupted evaluation goes on where it stopped.
  bool resume = false;
};

/// Measures `sample` (a folder with palus.yaml) in `work`; progress on stderr. Throws
/// std::runtime_error when a stage fails.
SampleResults measure_sample(const EvaluationOptions& options, const std::filesystem::path& sample,
                             const std::filesystem::path& work);

/// The runs of `mode`.
std::vector<const Measured*> runs_of(const SampleResults& results, const std::string& mode);

std::vector<std::string> split_list(const std::string& text);
/// "mean (min–max)" of `values`, or the value alone when they are all equal; "-" when empty.
std::string spread(const std::vector<double>& values, int decimals);
double mean(const std::vector<double>& values);
std::string joined(const std::set<std::string>& items, const std::string& none);
/// "N cores, CPU model, kernel" and the load averages now.
std::string machine_description();
std::string load_average();

}  // namespace palus::bench
