#pragma once
// The slow way, measured: the library compiled once into a static library, then for each
// GoogleTest file, compile and link it against that library and GoogleTest, and run it.

#include <filesystem>
#include <string>
#include <vector>

namespace palus::bench {

struct SlowWayOptions {
  std::filesystem::path include_dir;           ///< -I for the library's headers
  std::vector<std::filesystem::path> sources;  ///< the library's sources
  std::filesystem::path work_dir;              ///< objects, executables, logs
  std::string compiler = "c++";
  std::string flags = "-std=c++17";
};

struct SlowFile {
  std::filesystem::path source;
  double seconds = 0;  ///< compile + link + run
  bool compiled = false;
  int run_status = -1;  ///< exit status of the test executable (-1: killed or not run)
};

/// Compiles `options.sources` into work_dir/libsut.a (not part of the measured cost: a real
/// project has its library built already). Returns the archive; throws std::runtime_error.
std::filesystem::path build_library(const SlowWayOptions& options, double& seconds);

/// Compiles, links and runs one GoogleTest file; its output goes to <source>.log.
SlowFile compile_and_run(const SlowWayOptions& options, const std::filesystem::path& library,
                         const std::filesystem::path& source);

}  // namespace palus::bench
