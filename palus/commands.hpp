#pragma once
// The subcommands of `palus`; each returns the process exit status.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace palus {

/// What every subcommand is told on the command line.
struct CommonOptions {
  std::string config = "palus.yaml";  ///< as the user wrote it
  std::string work_dir;               ///< empty: .palus/ beside the config
  bool quiet = false, verbose = false;
};

/// Command-line overrides of the `generate` section (unset: take the config's).
struct GenerateOverrides {
  std::optional<std::string> time_limit, mode, out, shard;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> max_steps;  ///< stop after this many sequences (deterministic for a seed)
  bool fail_on_failures = false;           ///< exit status 3 when failures were found
  bool failures_only = false;              ///< no regression or expected-exception tests
  std::string command;                     ///< the command line as typed, for report.yaml and test headers
  std::string program = "palus";           ///< palus as typed (argv[0]), for the commands it suggests
};

struct MergeOptions {
  std::string out;                  ///< the joined suite's folder
  std::vector<std::string> shards;  ///< the shards' output folders
  bool no_report = false;           ///< skip the coverage run of the joined suite
  std::string command;              ///< the command line as typed
};

struct MutateOptions {
  std::string suite;  ///< empty: the config's output folder
  std::string out;    ///< empty: the suite's folder
  std::size_t max_mutants = 0;
  std::optional<std::string> time_limit;
  bool sample_programs = false;  ///< the suite is the config's sample programs, not a test folder
  std::string programs;          ///< or the programs this file describes (mutants/program_suite.hpp)
};

struct InitOptions {
  std::string compile_commands;  ///< empty: look for build*/compile_commands.json
  bool force = false;
};

int run_analyze(const CommonOptions& common);
/// `sanitizers`: empty keeps the config's; "none" or a comma-separated list overrides it.
int run_harness(const CommonOptions& common, const std::string& sanitizers);
int run_pipeline(const CommonOptions& common, const GenerateOverrides& overrides);
int run_generate(const CommonOptions& common, const GenerateOverrides& overrides);
int run_init(const CommonOptions& common, const InitOptions& options);
int run_merge(const CommonOptions& common, const MergeOptions& options);
/// Builds and runs the generated tests with coverage; updates report.yaml in the output folder.
int run_report(const CommonOptions& common);
/// `palus explain FILE:LINE`: prints what blocks that line, from the last report.
int run_explain(const CommonOptions& common, const std::string& place);
/// `palus mutate`: the mutation score of a suite; writes mutation.yaml.
int run_mutate(const CommonOptions& common, const MutateOptions& options);
/// Instruments the library, builds and runs the sample program: .palus/trace/.
int run_trace(const CommonOptions& common);
/// Infers the call-sequence models from the trace: .palus/model.yaml.
int run_model(const CommonOptions& common);

}  // namespace palus
