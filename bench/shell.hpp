#pragma once
// Running shell commands for the benchmark (palus stages, the compiler, test executables).

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace palus::bench {

/// `text` in single quotes for /bin/sh.
std::string shell_quote(std::string_view text);

/// Runs `command` with /bin/sh (core/process.hpp), then prints its output (the last MiB); its exit
/// status, or -1 if it did not exit normally.
int run_command(const std::string& command);

/// A new empty folder in the temporary folder: "<tmp>/<prefix>-XXXXXX".
std::filesystem::path fresh_temp_dir(const std::string& prefix);

/// Seconds elapsed since `start` on the steady clock.
double seconds_since(std::chrono::steady_clock::time_point start);

}  // namespace palus::bench
