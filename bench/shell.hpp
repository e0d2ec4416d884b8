#pragma once
// Running shell commands for the benchmark (palus stages, the compiler, test executables).

#include <filesystem>
#include <string>

#include "core/elapsed.hpp"  // seconds_since
#include "core/process.hpp"

namespace palus::bench {

using process::shell_quote;

/// Runs `command` with /bin/sh (core/process.hpp), then prints its output (the last MiB); its exit
/// status, or -1 if it did not exit normally.
int run_command(const std::string& command);

/// A new empty folder in the temporary folder: "<tmp>/<prefix>-XXXXXX".
std::filesystem::path fresh_temp_dir(const std::string& prefix);

}  // namespace palus::bench
