#pragma once
// The command-line arguments coverage-bench and evaluate share: the palus to run, its modes, seeds
// and time limit per run, the work folder; checked the same way in both.

#include <CLI/CLI.hpp>
#include <filesystem>
#include <optional>
#include <string>

#include "bench/build_tree.hpp"
#include "bench/evaluation.hpp"
#include "bench/work_dir.hpp"

namespace palus::bench {

struct EvaluationArgs {
  std::filesystem::path palus = built_palus();
  std::string modes = "random,model,model+constraints,palus";
  std::string seeds = "1,2,3";
  std::string time_limit = "60s";
  WorkDir work_dir;

  /// --palus, --modes, --seeds (`seeds_help` says what one run is per), --time-limit, --work-dir, --keep.
  void add_options(CLI::App& app, const std::string& seeds_help);

  /// What is wrong with them ("--seeds: not a number: x"), or nothing. Makes --palus absolute.
  std::optional<std::string> check();

  EvaluationOptions options(bool resume = false) const;
};

/// Seconds of a duration such as "60s", "2m", "1h", "500ms" (a bare number is seconds); throws
/// std::invalid_argument when it starts with no number.
double seconds_of(const std::string& duration);

}  // namespace palus::bench
