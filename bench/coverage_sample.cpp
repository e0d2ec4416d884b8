#include "bench/coverage_sample.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <regex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "bench/coverage_runs.hpp"
#include "bench/shell.hpp"
#include "core/file_text.hpp"
#include "harness/codegen/build_tools.hpp"
#include "palus/config/config.hpp"
#include "palus/suite/coverage_report.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;
using suite::folder_filter;
using suite::gcov_for;

std::string words(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& w : list) out += " " + shell_quote(w);
  return out;
}

/// Runs `command` with its output in `log`; throws with that output when it fails.
void checked(const std::string& command, const fs::path& log, const std::string& what) {
  if (int status = run_command(command + " >" + shell_quote(log.string()) + " 2>&1"); status != 0)
    throw std::runtime_error(
        fmt::format("{} failed (exit status {}):\n$ {}\n{}", what, status, command, read_file_text(log)));
}

/// Runs the compile commands on every core.
void compile_all(const std::vector<std::pair<std::string, fs::path>>& commands) {
  std::atomic<std::size_t> next{0};
  std::vector<std::string> errors(commands.size());
  auto work = [&] {
    for (std::size_t i; (i = next++) < commands.size();) {
      try {
        checked(commands[i].first, commands[i].second, "compiling the sample");
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
}

double percent(long covered, long total) { return total > 0 ? 100.0 * static_cast<double>(covered) / total : 0.0; }

}  // namespace

SampleCoverage sample_coverage(const fs::path& config_file, const fs::path& dir) {
  const Config config = load_config(fs::absolute(config_file), config_file.string());
  if (config.samples.empty()) throw std::runtime_error(config_file.string() + ": no sample program (sample.sources)");
  fs::remove_all(dir);
  fs::create_directories(dir / "obj");
  SampleCoverage result;

  auto start = std::chrono::steady_clock::now();
  const std::string cxx = harness::compiler();
  std::vector<std::pair<std::string, fs::path>> compiles;
  auto compile = [&](const fs::path& source) {
    const fs::path object = dir / "obj" / fmt::format("{}-{}.o", source.stem().string(), compiles.size());
    std::vector<std::string> flags = config.parse_flags_for(source);
    flags.insert(flags.end(), {"-O0", "-g", "-Wno-error", "--coverage", "-c", source.string(), "-o", object.string()});
    compiles.emplace_back(shell_quote(cxx) + words(flags), fs::path(object.string() + ".log"));
    return " " + shell_quote(object.string());
  };
  std::string library_objects;
  for (const auto& source : config.project.sources) library_objects += compile(source);
  std::vector<std::string> program_objects(config.samples.size());
  for (std::size_t p = 0; p < config.samples.size(); ++p)
    for (const auto& source : config.samples[p].sources) program_objects[p] += compile(source);
  std::cerr << fmt::format("sample alone: compiling {} sources with --coverage\n", compiles.size());
  compile_all(compiles);
  std::vector<fs::path> programs;
  for (std::size_t p = 0; p < config.samples.size(); ++p) {
    programs.push_back(dir / fmt::format("sample-{}", p + 1));
    std::vector<std::string> link = config.project.link;
    link.insert(link.end(), {"--coverage", "-o", programs.back().string()});
    checked(shell_quote(cxx) + library_objects + program_objects[p] + words(link), dir / "link.log",
            "linking the sample");
  }
  result.build_seconds = seconds_since(start);

  start = std::chrono::steady_clock::now();
  for (std::size_t p = 0; p < programs.size(); ++p) {
    std::cerr << "sample alone: running " << programs[p].string() << "\n";
    const fs::path log = dir / fmt::format("run-{}.log", p + 1);
    const std::string run = fmt::format("cd {} && timeout 300 {}{}", shell_quote(config.samples[p].cwd.string()),
                                        shell_quote(programs[p].string()), words(config.samples[p].args));
    result.exit_status = run_command(run + " >" + shell_quote(log.string()) + " 2>&1");
    if (result.exit_status != 0) {
      throw std::runtime_error(fmt::format("the sample program failed (exit status {}; 124: timed out):\n$ {}\n{}",
                                           result.exit_status, run, read_file_text(log)));
    }
  }
  result.run_seconds = seconds_since(start);

  start = std::chrono::steady_clock::now();
  std::set<fs::path> scope;
  for (const auto& s : config.project.sources) scope.insert(s.parent_path());
  for (const auto& h : config.project.headers) scope.insert(h);
  std::vector<std::string> args{"--root", config.dir.string(), "--gcov-executable", gcov_for(cxx)};
  for (const auto& f : scope) args.insert(args.end(), {"--filter", folder_filter(f)});
  const fs::path json = dir / "coverage.json";
  args.insert(args.end(), {"--exclude", folder_filter(config.output.dir), "--exclude", folder_filter(dir),
                           "--exclude-throw-branches", "--json-summary", json.string(), (dir / "obj").string()});
  checked(fmt::format("cd {} && LC_ALL=C gcovr{}", shell_quote(config.dir.string()), words(args)), dir / "gcovr.log",
          "gcovr");
  result.gcovr_seconds = seconds_since(start);

  const YAML::Node summary = YAML::LoadFile(json.string());
  result.line_covered = summary["line_covered"].as<long>();
  result.line_total = summary["line_total"].as<long>();
  result.branch_covered = summary["branch_covered"].as<long>();
  result.branch_total = summary["branch_total"].as<long>();
  result.line = percent(result.line_covered, result.line_total);
  result.branch = percent(result.branch_covered, result.branch_total);
  return result;
}

}  // namespace palus::bench
