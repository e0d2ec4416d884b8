#include "bench/coverage_runs.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string_view>

#include "bench/shell.hpp"
#include "core/file_text.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

std::uint64_t count(const YAML::Node& map, const char* key) {
  const YAML::Node value = map ? map[key] : YAML::Node();
  return value && value.IsScalar() ? value.as<std::uint64_t>() : 0;
}

std::string text(const YAML::Node& map, const char* key) {
  const YAML::Node value = map[key];
  return value && value.IsScalar() ? value.as<std::string>() : std::string();
}

}  // namespace

fs::path copy_sample(const fs::path& sample, const fs::path& dest) {
  const fs::path config = sample / "palus.yaml";
  if (!fs::exists(config)) throw std::runtime_error(config.string() + ": not found");
  std::string output = "generated";
  const YAML::Node root = YAML::LoadFile(config.string());
  if (root["output"] && root["output"]["dir"] && root["output"]["dir"].IsScalar())
    output = root["output"]["dir"].as<std::string>();
  const fs::path skipped = fs::path(output).is_relative() ? *fs::path(output).lexically_normal().begin() : fs::path();
  fs::create_directories(dest);
  for (const auto& entry : fs::directory_iterator(sample)) {
    const fs::path name = entry.path().filename();
    if (name == ".palus" || name == skipped) continue;
    fs::copy(entry.path(), dest / name, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  }
  return dest / "palus.yaml";
}

BenchMode parse_bench_mode(const std::string& name) {
  constexpr std::string_view kNoFeedback = "-no-feedback";
  if (name.size() > kNoFeedback.size() && name.ends_with(kNoFeedback))
    return {name.substr(0, name.size() - kNoFeedback.size()), false};
  return {name, true};
}

fs::path config_with_output(const fs::path& config, const fs::path& out, const std::string& name, bool feedback) {
  YAML::Node root = YAML::LoadFile(config.string());
  root["output"]["dir"] = fs::absolute(out).string();
  if (!feedback) root["generate"]["mutate"] = false;
  YAML::Emitter emitter;
  emitter << root;
  const fs::path written = config.parent_path() / name;
  std::ofstream(written) << "# " << config.filename().string() << " with output.dir"
                         << (feedback ? "" : " and generate.mutate") << " changed by bench/coverage\n"
                         << emitter.c_str() << "\n";
  return written;
}

double palus_stage(const fs::path& palus, const std::string& stage, const fs::path& config, const fs::path& work_dir,
                   const std::string& args, const fs::path& log_dir, const std::string& label) {
  fs::create_directories(log_dir);
  const fs::path log = log_dir / (label + ".log");
  const std::string command =
      fmt::format("{} {} --config {} --work-dir {} -q{}{}", shell_quote(palus.string()), stage,
                  shell_quote(config.string()), shell_quote(work_dir.string()), args.empty() ? "" : " ", args);
  std::cerr << "$ " << command << "\n";
  const auto start = std::chrono::steady_clock::now();
  const int status = run_command(command + " >" + shell_quote(log.string()) + " 2>&1");
  const double seconds = seconds_since(start);
  if (status != 0) {
    throw std::runtime_error(fmt::format("palus {} failed (exit status {}) after {:.1f} s:\n$ {}\n{}", stage, status,
                                         seconds, command, read_file_text(log)));
  }
  return seconds;
}

Run read_report(const fs::path& out) {
  const fs::path file = out / "report.yaml";
  if (!fs::exists(file)) throw std::runtime_error(file.string() + ": not written");
  const YAML::Node root = YAML::LoadFile(file.string());
  const YAML::Node coverage = root["coverage"];
  if (!coverage || !coverage.IsMap() || !coverage["line"] || !coverage["branch"])
    throw std::runtime_error(file.string() + ": no coverage (did palus report run?)");
  Run run;
  run.out = out;
  run.line = coverage["line"].as<double>();
  run.branch = coverage["branch"].as<double>();
  run.sequences = count(root["sequences"], "executed");
  run.regression_tests = count(root["tests"], "regression");
  run.failure_tests = count(root["tests"], "failure");
  if (const YAML::Node failures = root["failures"]; failures && failures.IsSequence()) {
    for (const auto& f : failures)
      run.failures.push_back(
          {text(f, "kind"), text(f, "callable"), text(f, "test"), text(f, "message"), text(f, "key")});
  }
  return run;
}

void read_coverage_totals(const fs::path& json, Run& run) {
  if (!fs::exists(json)) throw std::runtime_error(json.string() + ": not written by palus report");
  const YAML::Node summary = YAML::LoadFile(json.string());
  run.line_covered = summary["line_covered"].as<long>();
  run.line_total = summary["line_total"].as<long>();
  run.branch_covered = summary["branch_covered"].as<long>();
  run.branch_total = summary["branch_total"].as<long>();
}

}  // namespace palus::bench
