#pragma once
// bench/coverage: the palus command line on a copy of the sample, and what each run's
// report.yaml says (DESIGN §3).

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace palus::bench {

/// One entry of `failures:` in report.yaml.
struct Failure {
  std::string kind, callable, test, message;
  std::string key;  ///< report.yaml's failures[].key: kind, callable and the top frame, one per line
};

/// One `palus generate` and `palus report`, as its report.yaml tells it.
struct Run {
  std::string mode;
  std::uint64_t seed = 0;
  std::filesystem::path out;  ///< the output folder (the generated tests and report.yaml)
  double line = 0, branch = 0;
  /// From palus report's gcovr summary: what the percentages are of. gcov marks a branch as
  /// taken only by a throw in code that ran, so the totals vary with what ran.
  long line_covered = 0, line_total = 0, branch_covered = 0, branch_total = 0;
  std::uint64_t sequences = 0;  ///< sequences.executed
  std::uint64_t regression_tests = 0, failure_tests = 0;
  std::vector<Failure> failures;
  double generate_seconds = 0, report_seconds = 0;  ///< wall time of the two commands
};

/// Copies the sample folder to `dest` without its `.palus` folder and its output folder (the
/// config's output.dir), so that per-run copies of the config can sit beside it. Returns the
/// copy of palus.yaml.
std::filesystem::path copy_sample(const std::filesystem::path& sample, const std::filesystem::path& dest);

/// A mode as the benchmarks name it: a generation mode, optionally with the suffix
/// `-no-feedback` (`palus-no-feedback`), which turns off what generation learns from the harness's
/// coverage (generate.mutate: false, the coverage-guided mutation).
struct BenchMode {
  std::string generation_mode;
  bool feedback = true;
};
BenchMode parse_bench_mode(const std::string& name);

/// Writes `<config dir>/<name>`: `config` with output.dir set to `out` (absolute), and without
/// coverage feedback unless `feedback`. `palus report` has no --out: it reports on the config's
/// output folder.
std::filesystem::path config_with_output(const std::filesystem::path& config, const std::filesystem::path& out,
                                         const std::string& name, bool feedback = true);

/// Runs `palus <stage> --config C --work-dir W -q <args>`, its output in `<log_dir>/<label>.log`.
/// Returns the wall time; throws std::runtime_error with the command and the log when it fails.
double palus_stage(const std::filesystem::path& palus, const std::string& stage, const std::filesystem::path& config,
                   const std::filesystem::path& work_dir, const std::string& args, const std::filesystem::path& log_dir,
                   const std::string& label);

/// Reads `<out>/report.yaml` into a Run (mode, seed and timings are left to the caller).
/// Throws std::runtime_error when it is missing or has no coverage.
Run read_report(const std::filesystem::path& out);

/// Adds the covered and total counts of gcovr's JSON summary (`palus report` writes it to
/// <work>/report/coverage.json, afresh each time) to `run`.
void read_coverage_totals(const std::filesystem::path& json, Run& run);

}  // namespace palus::bench
