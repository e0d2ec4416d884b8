#pragma once
// bench/coverage: the coverage of the sample program alone (the row Palus's Figures 9 and 10
// compare the generated suites with).

#include <filesystem>
#include <string>

namespace palus::bench {

struct SampleCoverage {
  double line = 0, branch = 0;  ///< percent, as palus report computes them
  long line_covered = 0, line_total = 0, branch_covered = 0, branch_total = 0;
  int exit_status = 0;  ///< of the last sample program run
  double build_seconds = 0, run_seconds = 0, gcovr_seconds = 0;
};

/// Builds the library sources and each sample program of `config` (palus.yaml) with -O0 -g
/// --coverage and the config's flags into `dir`, runs each program with its args in the config's
/// folder (their counts add up), and measures it with gcovr over the scope palus report uses: the folders of the
/// library sources and each header file, less the output folder and `dir`; branches only
/// exceptions take excluded. Throws std::runtime_error (with the tool's output) when a step fails.
SampleCoverage sample_coverage(const std::filesystem::path& config, const std::filesystem::path& dir);

}  // namespace palus::bench
