#pragma once
// api.yaml: the Api as a file a person can read and later stages load.

#include <filesystem>
#include <string>

#include "core/api.hpp"

namespace palus::analysis {

/// The YAML text of `api`; file paths under `base_dir` are written relative to it.
std::string api_to_yaml(const api::Api& api, const std::filesystem::path& base_dir, const std::string& version);

}  // namespace palus::analysis
