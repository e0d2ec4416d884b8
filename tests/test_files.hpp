#pragma once
// Files and folders for tests: scratch folders, reading and writing text, error messages and message
// checks.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace palus::testing {

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Writes `text` to `path`, creating its folders.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

/// A fresh, empty folder under the system's temporary folder, removed when the object dies.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix = "palus-test") {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// What the `Error` that `call()` throws says, or `none` when it throws nothing.
template <typename Error, typename Call>
std::string error_message(Call&& call, const std::string& none = "") {
  try {
    call();
  } catch (const Error& error) {
    return error.what();
  }
  return none;
}

/// Message checks that print the whole text when they fail.
inline ::testing::AssertionResult starts_with(const std::string& text, const std::string& prefix) {
  if (text.starts_with(prefix)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not start with '" << prefix << "'";
}
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

}  // namespace palus::testing
