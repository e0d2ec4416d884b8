#pragma once
// Runs the built `palus` binary as a user would, for end-to-end tests.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "test_files.hpp"

namespace palus::testing {

struct Outcome {
  int status = -1;
  std::string output;  ///< stdout and stderr together
};

inline std::string env_or_throw(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) throw std::runtime_error(std::string(name) + " is not set (run through meson test)");
  return value;
}

inline std::filesystem::path source_root() { return env_or_throw("PALUS_SOURCE_ROOT"); }

/// Runs `palus <args>` in `cwd` (arguments are passed to the shell as written).
inline Outcome run_palus(const std::string& args, const std::filesystem::path& cwd = std::filesystem::current_path()) {
  const std::string command = "cd '" + cwd.string() + "' && '" + env_or_throw("PALUS_EXE") + "' " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  Outcome outcome;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) outcome.output += buffer.data();
  const int raw = pclose(pipe);
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return outcome;
}

/// A test suite over one palus run, made once: the derived fixture `Suite`'s SetUpTestSuite sets
/// `folder_` (a ScratchDir, or a project that holds one) and `outcome_`; both go after the suite's
/// last test. Each Suite has its own.
template <typename Suite, typename Folder = ScratchDir>
class OneRunSuite : public ::testing::Test {
 protected:
  static void TearDownTestSuite() {
    outcome_.reset();
    folder_.reset();
  }

  static inline std::unique_ptr<Folder> folder_;
  static inline std::unique_ptr<Outcome> outcome_;
};

/// "--config '<config>'", and " --work-dir '<work>'" when `work` is given.
inline std::string config_options(const std::filesystem::path& config, const std::filesystem::path& work = {}) {
  std::string options = "--config '" + config.string() + "'";
  if (!work.empty()) options += " --work-dir '" + work.string() + "'";
  return options;
}

/// `outcome` is a usage error (exit status 2) whose output holds each of `parts`.
inline void expect_usage_error(const Outcome& outcome, std::initializer_list<std::string_view> parts) {
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  for (const std::string_view part : parts)
    EXPECT_NE(outcome.output.find(part), std::string::npos) << part << " in: " << outcome.output;
}

}  // namespace palus::testing
