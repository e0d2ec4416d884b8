#include "bench/evaluation.hpp"

#include <fmt/format.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include "bench/coverage_bugs.hpp"
#include "bench/shell.hpp"
#include "core/text.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

}  // namespace

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

double mean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

std::string spread(const std::vector<double>& values, int decimals) {
  if (values.empty()) return "-";
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  if (*lo == *hi) return fmt::format("{:.{}f}", *lo, decimals);
  return fmt::format("{:.{}f} ({:.{}f}–{:.{}f})", mean(values), decimals, *lo, decimals, *hi, decimals);
}

std::string joined(const std::set<std::string>& items, const std::string& none) {
  return items.empty() ? none : text::join(items, " ");
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one.empty() ? "unknown" : one + " " + five + " " + fifteen;
}

std::string machine_description() {
  utsname name{};
  ::uname(&name);
  return fmt::format("{} cores, {}, {} {}", std::thread::hardware_concurrency(), cpu_model(), name.sysname,
                     name.release);
}

std::vector<const Measured*> runs_of(const SampleResults& results, const std::string& mode) {
  std::vector<const Measured*> out;
  for (const auto& m : results.runs)
    if (m.run.mode == mode) out.push_back(&m);
  return out;
}

namespace {

/// A run `out` holds from before: its report (coverage included) and the seconds of generate and
/// report from the report's stages_s; nullopt when it did not finish.
std::optional<std::tuple<Run, double, double>> finished_run(const fs::path& out) {
  const fs::path file = out / "report.yaml";
  if (!fs::exists(file)) return std::nullopt;
  try {
    const YAML::Node stages = YAML::LoadFile(file.string())["stages_s"];
    if (!stages || !stages["generate"] || !stages["report"]) return std::nullopt;
    return std::make_tuple(read_report(out), stages["generate"].as<double>(), stages["report"].as<double>());
  } catch (const std::exception&) {
    return std::nullopt;  // written half, or without coverage: run again
  }
}

}  // namespace

SampleResults measure_sample(const EvaluationOptions& options, const fs::path& sample, const fs::path& work) {
  SampleResults r;
  r.name = sample.filename().string();
  r.modes = options.modes;
  const std::vector<Signature> signatures = read_signatures(sample);
  std::set<std::string> ids;
  for (const auto& s : signatures) ids.insert(s.bug);
  r.known_bugs = ids.size();
  const fs::path config = copy_sample(sample, work / "sample");
  const fs::path palus_work = work / "palus", logs = work / "logs";
  for (const char* stage : {"analyze", "trace", "model", "harness"})
    r.stages.emplace_back(stage, palus_stage(options.palus, stage, config, palus_work, "", logs, stage));

  std::size_t done = 0;
  const std::size_t total = options.modes.size() * options.seeds.size();
  for (const auto& mode : options.modes) {
    for (const auto& seed : options.seeds) {
      const std::string name = fmt::format("{}-{}", mode, seed);
      std::cerr << fmt::format("[{} {}/{}] mode {}, seed {}\n", r.name, ++done, total, mode, seed);
      const fs::path out = work / ("out-" + name);
      const BenchMode bench_mode = parse_bench_mode(mode);
      const fs::path run_config = config_with_output(config, out, "palus-" + name + ".yaml", bench_mode.feedback);
      const std::string args =
          fmt::format("--mode {} --seed {} --time-limit {} --out {}", shell_quote(bench_mode.generation_mode), seed,
                      shell_quote(options.time_limit), shell_quote(out.string()));
      Measured m;
      double generate_s = 0, report_s = 0;
      if (auto done_before = options.resume ? finished_run(out) : std::nullopt) {
        std::cerr << "  done before: " << out.string() << "\n";
        std::tie(m.run, generate_s, report_s) = *done_before;
        m.resumed = true;
      } else {
        generate_s = palus_stage(options.palus, "generate", run_config, palus_work, args, logs, "generate-" + name);
        report_s = palus_stage(options.palus, "report", run_config, palus_work, "", logs, "report-" + name);
        m.run = read_report(out);
        read_coverage_totals(palus_work / "report" / "coverage.json", m.run);
      }
      m.run.mode = mode;
      m.run.seed = std::stoull(seed);
      m.run.generate_seconds = generate_s;
      m.run.report_seconds = report_s;
      for (const auto& f : m.run.failures) {
        if (std::string bug = known_bug(f, out, signatures); !bug.empty())
          m.bugs.insert(bug);
        else
          m.others.push_back(f);
      }
      std::cerr << fmt::format("  line {:.1f}%, branch {:.1f}%, {} failures: known bugs {}, {} other\n", m.run.line,
                               m.run.branch, m.run.failures.size(), joined(m.bugs, "none"), m.others.size());
      r.runs.push_back(std::move(m));
    }
  }
  r.alone = sample_coverage(config, work / "alone");
  std::cerr << fmt::format("{}: sample alone: line {:.1f}%, branch {:.1f}%\n", r.name, r.alone.line, r.alone.branch);
  return r;
}

}  // namespace palus::bench
