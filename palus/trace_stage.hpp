#pragma once
// `palus trace` (DESIGN §3): instruments a shadow copy of the library sources and the project's
// headers, builds the sample program against it with the trace runtime, runs it in the sandbox,
// and keeps the trace it records. The user's files are never edited.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "palus/config/config.hpp"

namespace palus {

/// The trace of sample program `index` (0-based) in .palus/trace: "trace" for the first program,
/// "trace-2", "trace-3", ... for the others.
std::string trace_file_name(std::size_t index);

struct TraceStageResult {
  std::vector<std::filesystem::path> traces;   ///< one per sample program, in config order
  std::filesystem::path probes;                ///< .palus/trace/probes.yaml
  std::vector<std::filesystem::path> samples;  ///< the instrumented sample programs
  std::size_t probe_count = 0, files = 0;
  std::uintmax_t trace_bytes = 0;
  double build_s = 0, run_s = 0;
};

/// Throws UserError when the config has no sample, the sources do not parse, a sample program does
/// not build, or one crashes, hangs or exits with a non-zero status.
TraceStageResult trace_stage(const Config& config, const std::filesystem::path& work_dir, const api::Api& api);

}  // namespace palus
