#pragma once
// Runs the built `palus` binary as a user would, for end-to-end tests.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

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

}  // namespace palus::testing
