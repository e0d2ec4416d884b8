#pragma once
// Prepares the benchmark's inputs with the palus command line: api.yaml and the harness built
// twice, without sanitizers and with address+undefined.

#include <filesystem>

namespace palus::bench {

struct Prepared {
  std::filesystem::path api_yaml;
  std::filesystem::path plain_harness, sanitized_harness;
  double analyze_seconds = 0, plain_build_seconds = 0, sanitized_build_seconds = 0;
};

/// Runs `palus analyze` and `palus harness --sanitizers none|address,undefined` for `config`
/// with work directory `work_dir`. Throws std::runtime_error when a stage fails.
Prepared prepare(const std::filesystem::path& palus, const std::filesystem::path& config,
                 const std::filesystem::path& work_dir);

}  // namespace palus::bench
