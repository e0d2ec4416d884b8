#pragma once
// `palus analyze`: parses the headers and sources with libclang and produces the Api.

#include <functional>
#include <string>
#include <vector>

#include "palus/analysis/api.hpp"
#include "palus/analysis/translation_unit.hpp"

namespace palus {
struct Config;
}

namespace palus::analysis {

struct AnalysisInput {
  std::vector<std::string> headers;  ///< absolute, lexically normal: declarations under test
  std::vector<std::string> sources;  ///< absolute, lexically normal: bodies of the library
  std::function<std::vector<std::string>(const std::string&)> flags_for;  ///< compiler flags per file
  std::vector<std::string> include, exclude;  ///< target regexes over qualified names
  UnsavedFiles unsaved;  ///< in-memory files (tests); also where the synthetic files go
  std::string scratch_dir;  ///< folder the synthetic all-headers file pretends to live in
};

AnalysisInput analysis_input(const Config& config);

/// Throws UserError (file:line:col) when a header or source does not compile.
api::Api analyze(const AnalysisInput& input);

}  // namespace palus::analysis
