#pragma once
// Builds the per-project harness with a generated build.ninja: the library sources once into a
// cached static library (ninja rebuilds only what changed: sources, headers, flags), the runtime,
// the generated harness.cpp, linked with block coverage and the configured sanitizers (DESIGN §7).

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "build_errors.hpp"

namespace palus::harness {

struct HarnessBuildInput {
  std::filesystem::path dir;  ///< .palus/harness/<variant>
  std::filesystem::path harness_cpp;
  std::filesystem::path runtime_root;  ///< folder holding harness/runtime, harness/protocol and oracles/contracts
  std::filesystem::path project_dir;   ///< for messages: paths are shown relative to it
  std::vector<std::filesystem::path> sources;
  std::function<std::vector<std::string>(const std::filesystem::path&)> flags_for;
  std::vector<std::string> harness_flags;  ///< the project's flags, for compiling harness.cpp
  std::vector<std::string> link;
  std::vector<std::string> sanitizers;  ///< address, undefined, thread, leak
  unsigned jobs = 2;
};

struct HarnessBuildResult {
  bool ok = false;
  std::filesystem::path executable;
  std::vector<HarnessCompileError> harness_errors;  ///< when !ok because harness.cpp did not compile
  std::string output;                               ///< what ninja printed
};

/// Throws UserError when a library source does not compile or the link fails.
HarnessBuildResult build_harness(const HarnessBuildInput& input);

/// Name of the build variant: "plain" or the sanitizers joined by '+'.
std::string variant_name(const std::vector<std::string>& sanitizers);

/// The first compiler error in a build's output, as "file:line: message" with the file relative to
/// `project_dir`; else the first unresolved symbol of the link; else "".
std::string first_library_error(const std::string& output, const std::filesystem::path& project_dir);

}  // namespace palus::harness
