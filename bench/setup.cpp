#include "bench/setup.hpp"

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>

#include "bench/shell.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

double stage(const fs::path& palus, const fs::path& config, const fs::path& work_dir, const std::string& args) {
  // palus's own report goes to stderr with the progress, so stdout holds only the tables.
  const std::string command = fmt::format("{} --config {} --work-dir {} {} 1>&2", shell_quote(palus.string()),
                                          shell_quote(config.string()), shell_quote(work_dir.string()), args);
  std::cerr << "$ " << command << "\n";
  const auto start = std::chrono::steady_clock::now();
  if (int status = run_command(command); status != 0)
    throw std::runtime_error(fmt::format("palus {} failed (status {})", args, status));
  return seconds_since(start);
}

fs::path existing(const fs::path& p) {
  if (!fs::exists(p)) throw std::runtime_error(p.string() + " was not written");
  return p;
}

}  // namespace

Prepared prepare(const fs::path& palus, const fs::path& config, const fs::path& work_dir) {
  if (!fs::exists(palus))
    throw std::runtime_error(palus.string() + " does not exist: build palus first (ninja -C build)");
  Prepared p;
  p.analyze_seconds = stage(palus, config, work_dir, "analyze");
  p.api_yaml = existing(work_dir / "api.yaml");
  p.plain_build_seconds = stage(palus, config, work_dir, "harness --sanitizers none");
  p.plain_harness = existing(work_dir / "harness" / "plain" / "palus-harness");
  p.sanitized_build_seconds = stage(palus, config, work_dir, "harness --sanitizers address,undefined");
  p.sanitized_harness = existing(work_dir / "harness" / "address+undefined" / "palus-harness");
  return p;
}

}  // namespace palus::bench
