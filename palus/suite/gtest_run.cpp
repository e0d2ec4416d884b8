#include "palus/suite/gtest_run.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "core/enum_names.hpp"
#include "core/process.hpp"
#include "harness/executor/outcome.hpp"

namespace fs = std::filesystem;

namespace palus::suite {
namespace {

/// Scrubbed: scratch folders for home and temporary files, sanitizers set up as for the harness
/// (no leak checks: the harness does not check leaks either).
std::vector<std::string> test_environment(const GtestRunSettings& settings, const fs::path& executable) {
  std::vector<std::string> env{"PATH=/usr/bin:/bin", "HOME=" + (settings.scratch / "home").string(),
                               "TMPDIR=" + (settings.scratch / "tmp").string(), "LANG=C"};
  if (settings.gcov_prefix) {
    env.push_back("GCOV_PREFIX=" + settings.gcov_prefix->string());
    env.push_back("GCOV_PREFIX_STRIP=0");
  }
  const std::string mib = std::to_string(std::max<std::uint64_t>(settings.memory_bytes >> 20, 1));
  env.push_back("ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:handle_abort=0:symbolize=1:allocator_may_return_null=0" +
                (settings.sanitized ? ":hard_rss_limit_mb=" + mib + ":malloc_limit_mb=" + mib : std::string()));
  env.push_back("UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1");
  // For the sandbox main palus links (harness/runtime/check_main.cpp): writable are the scratch
  // folder and where coverage data goes (the prefix, else the build folder beside bin/).
  const fs::path scratch = fs::absolute(settings.scratch);
  const fs::path coverage =
      settings.gcov_prefix ? fs::absolute(*settings.gcov_prefix) : fs::absolute(executable).parent_path().parent_path();
  env.push_back("PALUS_SANDBOX_SCRATCH=" + (scratch / "cwd").string());
  std::string writable = scratch.string() + ":" + coverage.string();
  for (const auto& w : settings.writable) writable += ":" + fs::absolute(w).string();
  env.push_back("PALUS_SANDBOX_WRITABLE=" + writable);
  env.push_back("PALUS_SANDBOX_MEMORY=" + std::to_string(settings.sanitized ? 0 : settings.memory_bytes));
  env.insert(env.end(), settings.environment.begin(), settings.environment.end());
  return env;
}

/// Results GoogleTest wrote with --gtest_output=json, by "Suite.Name"; `found` is false when
/// there is no readable report (the process died before writing it). JSON is YAML.
std::map<std::string, RunOutcome> read_gtest_report(const fs::path& path, bool& found) {
  std::map<std::string, RunOutcome> results;
  found = false;
  if (!fs::exists(path)) return results;
  YAML::Node root;
  try {
    root = YAML::LoadFile(path.string());
  } catch (const YAML::Exception&) {
    return results;
  }
  if (!root.IsMap() || !root["testsuites"]) return results;
  found = true;
  for (const auto& suite : root["testsuites"]) {
    const std::string suite_name = suite["name"].as<std::string>("");
    for (const auto& test : suite["testsuite"]) {
      RunOutcome outcome;
      if (test["status"].as<std::string>("") != "RUN") {
        outcome.kind = RunKind::not_run;
      } else if (test["failures"] && test["failures"].size() > 0) {
        outcome.kind = RunKind::failed;
        outcome.message = test["failures"][0]["failure"].as<std::string>("");
      } else {
        outcome.kind = test["result"].as<std::string>("") == "SKIPPED" ? RunKind::skipped : RunKind::passed;
      }
      results[suite_name + "." + test["name"].as<std::string>("")] = std::move(outcome);
    }
  }
  return results;
}

/// The outcome of a process that ended before GoogleTest could report; nullopt when it ended normally.
std::optional<RunOutcome> death(const process::ProcessResult& ran) {
  RunOutcome outcome;
  outcome.output = ran.output;
  if (!ran.started) {
    outcome.kind = RunKind::crashed;
    outcome.message = ran.error;
    return outcome;
  }
  if (ran.timed_out) {
    outcome.kind = RunKind::timed_out;
    return outcome;
  }
  const harness::detail::SanitizerReport report = harness::detail::parse_sanitizer_report(ran.output);
  if (ran.signal == 0 && !(report.found && ran.exit_status != 0)) return std::nullopt;
  outcome.kind = RunKind::crashed;
  outcome.signal = ran.signal;
  if (report.found) {
    outcome.sanitizer_kind = report.kind;
    outcome.message = report.message;
  } else {
    outcome.message = harness::detail::signal_name(ran.signal);
  }
  return outcome;
}

}  // namespace

std::string_view to_string(RunKind kind) {
  return enum_name<RunKind::exited>(kind, {"not run", "passed", "skipped", "failed", "crashed", "timed out", "exited"});
}

std::string RunOutcome::signature() const {
  static const std::regex address("0x[0-9a-fA-F]+");
  std::string detail;
  switch (kind) {
    case RunKind::failed:
      detail = std::regex_replace(message, address, "0x?");
      break;
    case RunKind::crashed:
      detail = sanitizer_kind.empty() ? std::to_string(signal) : sanitizer_kind;
      break;
    case RunKind::exited:
      detail = std::to_string(exit_status);
      break;
    default:
      break;
  }
  return std::string(to_string(kind)) + "|" + detail;
}

GtestRunner::GtestRunner(GtestRunSettings settings, fs::path executable)
    : settings_(std::move(settings)),
      executable_(std::move(executable)),
      env_(test_environment(settings_, executable_)) {
  for (const char* sub : {"home", "tmp", "cwd"}) fs::create_directories(settings_.scratch / sub);
  if (settings_.gcov_prefix) fs::create_directories(*settings_.gcov_prefix);
}

std::map<std::string, RunOutcome> GtestRunner::run(const std::vector<std::string>& names,
                                                   std::chrono::milliseconds timeout, bool& died) {
  const fs::path report = settings_.scratch / fmt::format("report-{}.json", runs_++);
  std::error_code ignored;
  fs::remove(report, ignored);
  std::string filter;
  for (const auto& n : names) filter += (filter.empty() ? "" : ":") + n;
  process::ProcessSpec spec;
  spec.exe = executable_;
  spec.niceness = settings_.niceness;
  // Suspect failure tests are written DISABLED_; the check runs them all the same.
  spec.args = {"--gtest_filter=" + filter, "--gtest_output=json:" + report.string(), "--gtest_color=no",
               "--gtest_also_run_disabled_tests"};
  spec.env = env_;
  spec.working_dir = settings_.scratch / "cwd";
  spec.timeout = timeout;
  spec.output_cap = settings_.output_cap;
  spec.memory_bytes = settings_.sanitized ? 0 : settings_.memory_bytes;
  const process::ProcessResult ran = process::run_process(spec);

  std::map<std::string, RunOutcome> results;
  died = false;
  if (auto dead = death(ran)) {
    died = true;
    for (const auto& n : names) results[n] = *dead;
    return results;
  }
  bool found = false;
  std::map<std::string, RunOutcome> reported = read_gtest_report(report, found);
  fs::remove(report, ignored);
  for (const auto& n : names) {
    auto it = reported.find(n);
    if (found && it != reported.end()) {
      results[n] = std::move(it->second);
      continue;
    }
    RunOutcome outcome;
    if (found) {
      outcome.message = "no such test";
    } else {
      died = true;
      outcome.kind = RunKind::exited;
      outcome.exit_status = ran.exit_status;
      outcome.message = fmt::format("exit status {}", ran.exit_status);
      outcome.output = ran.output;
    }
    results[n] = std::move(outcome);
  }
  return results;
}

std::map<std::string, RunOutcome> GtestRunner::run_together(const std::vector<std::string>& names,
                                                            std::chrono::milliseconds together_timeout,
                                                            std::chrono::milliseconds test_timeout) {
  if (names.empty()) return {};
  bool died = false;
  std::map<std::string, RunOutcome> results = run(names, together_timeout, died);
  if (!died) return results;
  for (const auto& n : names) {
    bool ignored = false;
    results[n] = run({n}, test_timeout, ignored)[n];
  }
  return results;
}

std::vector<std::string> GtestRunner::list(std::chrono::milliseconds timeout) {
  process::ProcessSpec spec;
  spec.exe = executable_;
  spec.niceness = settings_.niceness;
  spec.args = {"--gtest_list_tests"};
  spec.env = env_;
  spec.working_dir = settings_.scratch / "cwd";
  spec.timeout = timeout;
  spec.output_cap = 16u << 20;
  spec.memory_bytes = settings_.sanitized ? 0 : settings_.memory_bytes;
  const process::ProcessResult ran = process::run_process(spec);
  std::vector<std::string> names;
  if (!ran.started || ran.exit_status != 0) return names;
  std::istringstream lines(ran.output);
  std::string suite;
  for (std::string line; std::getline(lines, line);) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (line.empty()) continue;
    if (line[0] != ' ') {
      suite = line.back() == '.' ? line : std::string();  // "Suite." with its dot
    } else if (!suite.empty()) {
      names.push_back(suite + line.substr(line.find_first_not_of(' ')));
    }
  }
  return names;
}

}  // namespace palus::suite
