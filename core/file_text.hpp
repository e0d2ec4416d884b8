#pragma once
// A whole file as text.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace palus {

/// The bytes of `file`; empty when it cannot be read.
inline std::string read_file_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The bytes of a file a command needs (`expected`: "the api.yaml that 'palus analyze' writes"). A
/// missing or unreadable file is a UserError at `display` that says what was expected there.
inline std::string read_expected_file(const std::filesystem::path& file, const std::string& display,
                                      std::string_view expected) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    fail_at(display, "{} (expected {})", std::filesystem::exists(file, error) ? "not a regular file" : "file not found",
            expected);
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) fail_at(display, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace palus
