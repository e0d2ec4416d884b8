#pragma once
// `palus analyze`: parses the headers and sources with libclang and produces the Api.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/clang/translation_unit.hpp"
#include "palus/uncovered/branch_map.hpp"

namespace palus {
struct Config;
}

namespace palus::analysis {

struct AnalysisInput {
  std::vector<std::string> headers;  ///< absolute, lexically normal: declarations under test
  std::vector<std::string> sources;  ///< absolute, lexically normal: bodies of the library
  std::function<std::vector<std::string>(const std::string&)> flags_for;  ///< compiler flags per file
  std::vector<std::string> include, exclude;                              ///< target regexes over qualified names
  /// Absolute, lexically normal: theories headers (DESIGN §8), parsed after the headers with the
  /// same flags; they add oracles and parameter values, never classes, functions or literals.
  std::vector<std::string> theories;
  std::string oracles_include;  ///< folder holding palus/theory.hpp, passed as -I when there are theories
  UnsavedFiles unsaved;         ///< in-memory files (tests); also where the synthetic files go
  std::string scratch_dir;      ///< folder the synthetic all-headers file pretends to live in
  /// Absolute, lexically normal: headers under this folder that a listed header includes declare
  /// the API too (an umbrella header); empty: only the listed headers do.
  std::string project_root;
};

/// `oracles_include`: the folder theories headers find <palus/theory.hpp> in, i.e.
/// harness::runtime_root() / "oracles/include" (the analysis does not link the harness).
AnalysisInput analysis_input(const Config& config, const std::filesystem::path& oracles_include);

/// Throws UserError (file:line:col) when a header, theories header or source does not compile,
/// and (file:line) when a theories header's PALUS_PARAM_VALUES does not name a callable and one of
/// its parameters or gives a value that is not a constant. With `branches`, also collects the
/// branch conditions of every function body in the headers and sources under project_root.
api::Api analyze(const AnalysisInput& input, uncovered::BranchMap* branches = nullptr);

}  // namespace palus::analysis
