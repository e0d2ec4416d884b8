#pragma once
// Loads api.yaml back into an Api (the inverse of api_to_yaml), for the stages after analyze.

#include <filesystem>

#include "core/api.hpp"

namespace palus::analysis {

/// Reads `file` as written by api_to_yaml; relative file paths in it are resolved against
/// `base_dir`. Throws UserError ("api.yaml:LINE: expected ...") on a missing or malformed file.
api::Api read_api_yaml(const std::filesystem::path& file, const std::filesystem::path& base_dir);

}  // namespace palus::analysis
