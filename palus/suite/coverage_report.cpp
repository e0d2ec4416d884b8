#include "palus/suite/coverage_report.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/process.hpp"
#include "harness/codegen/build_tools.hpp"
#include "palus/suite/coverage_library.hpp"
#include "palus/suite/test_checker.hpp"
#include "palus/writer/test_file_name.hpp"

namespace fs = std::filesystem;

namespace palus::suite {
namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

long as_long(const YAML::Node& node) {
  try {
    return node ? node.as<long>() : 0;
  } catch (const YAML::Exception&) {
    return 0;
  }
}

double percent(long covered, long total) { return total > 0 ? 100.0 * static_cast<double>(covered) / total : 0.0; }

/// gcovr over the coverage data below `searched`, written to `dir` (its HTML report, JSON
/// summary and per-line JSON); gcov runs in `dir`.
void run_gcovr(const Config& config, const fs::path& dir, const std::vector<fs::path>& searched,
               CoverageReport& report) {
  process::ProcessSpec spec;
  spec.exe = "gcovr";
  // gcov runs in the object directory, where the tests were compiled (this report's own build
  // folder): two reports of one project at once (shards side by side) then never share gcov's
  // intermediate files, as they did when gcov ran in the project's folder.
  spec.args = {"--root",     config.dir.string(), "--object-directory",
               dir.string(), "--gcov-executable", gcov_for(harness::compiler())};
  for (const auto& f : coverage_folders(config)) spec.args.insert(spec.args.end(), {"--filter", folder_filter(f)});
  spec.args.insert(spec.args.end(), {"--exclude", folder_filter(config.output.dir)});
  for (const auto& s : searched) spec.args.insert(spec.args.end(), {"--exclude", folder_filter(s)});
  fs::remove_all(dir / "coverage");
  fs::create_directories(dir / "coverage");
  report.html = dir / "coverage" / "index.html";
  report.json = dir / "coverage.json";
  report.lines_json = dir / "coverage-lines.json";
  spec.args.insert(spec.args.end(),
                   {"--exclude-throw-branches", "--html-details", report.html.string(), "--json-summary",
                    report.json.string(), "--json-summary-pretty", "--json", report.lines_json.string()});
  for (const auto& s : searched) spec.args.push_back(s.string());
  spec.env = process::environment_with({{"LC_ALL", "C"}});
  spec.working_dir = config.dir;
  spec.output_cap = 256 * 1024;
  const process::ProcessResult ran = process::run_process(spec);
  if (!ran.started) throw UserError("palus report: cannot run gcovr (run scripts/setup.sh): " + ran.error);
  if (ran.exit_status != 0) {
    throw UserError(fmt::format("palus report: gcovr failed (exit status {}):\n{}", ran.exit_status, ran.output));
  }
  YAML::Node summary;
  try {
    summary = YAML::LoadFile(report.json.string());
  } catch (const YAML::Exception& e) {
    throw UserError(fmt::format("{}: cannot read gcovr's summary: {}", report.json.string(), e.what()));
  }
  report.line_covered = as_long(summary["line_covered"]);
  report.line_total = as_long(summary["line_total"]);
  report.branch_covered = as_long(summary["branch_covered"]);
  report.branch_total = as_long(summary["branch_total"]);
  report.line_percent = percent(report.line_covered, report.line_total);
  report.branch_percent = percent(report.branch_covered, report.branch_total);
}

}  // namespace

std::vector<fs::path> generated_test_files(const fs::path& out) {
  if (!fs::is_directory(out)) {
    throw UserError(
        fmt::format("{}: no such folder, so no generated tests (run 'palus generate' first)", out.string()));
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(out)) {
    if (entry.is_regular_file() && ends_with(entry.path().filename().string(), "_test.cpp"))
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    throw UserError(
        fmt::format("{}: no generated tests (*_test.cpp) in it (run 'palus generate' first)", out.string()));
  }
  return files;
}

/// The gcov that reads what the compiler wrote: llvm-cov for clang, gcov-N for g++-N.
std::string gcov_for(const std::string& compiler) {
  const std::string name = fs::path(compiler).filename().string();
  if (name.find("clang") != std::string::npos) return "llvm-cov gcov";
  std::smatch m;
  if (std::regex_match(name, m, std::regex(R"((?:.*-)?g\+\+-(\d+))"))) return "gcov-" + m[1].str();
  return "gcov";
}

CoverageReport build_coverage_report(const Config& config, const fs::path& work_dir) {
  const std::vector<fs::path> sources = generated_test_files(config.output.dir);
  const fs::path dir = work_dir / "report";
  const TestBuildSettings settings = report_build_settings(config, dir);
  remove_coverage_data(dir);
  const std::vector<BuiltTest> built = build_tests(settings, sources);

  CoverageReport report;
  const auto timeout = default_test_timeout(config);
  for (const auto& b : built) {
    TestFileReport file;
    file.source = b.source;
    // Suspect failure tests (disabled) are run as failure tests are: one by one, expected to fail.
    const auto name = writer::parse_test_file_name(b.source.filename().string());
    file.failure_file = name && name->kind != "regression";
    file.built = b.ok;
    file.errors = b.errors;
    SuiteTotals& totals = file.failure_file ? report.failure : report.regression;
    ++totals.files;
    if (b.ok) {
      ++totals.built;
      GtestRunSettings run{
          dir / "run" / b.source.stem(), std::nullopt, 64 * 1024, config.sandbox.memory_bytes, false, 0, {}, {}};
      GtestRunner runner(run, b.executable);
      const std::vector<std::string> names = runner.list(timeout);
      std::map<std::string, RunOutcome> outcomes;
      if (file.failure_file) {
        for (const auto& n : names) {
          bool died = false;
          outcomes[n] = runner.run({n}, timeout, died)[n];
        }
      } else {
        const auto together = timeout * static_cast<long>(std::max<std::size_t>(1, names.size()));
        outcomes = runner.run_together(names, together, timeout);
      }
      for (const auto& n : names) {
        const RunOutcome& o = outcomes[n];
        ++totals.tests;
        if (o.passed()) {
          ++totals.passed;
        } else {
          ++totals.failed;
        }
        file.tests.emplace_back(n, o);
      }
    }
    report.files.push_back(std::move(file));
  }
  run_gcovr(config, dir, {dir}, report);
  return report;
}

CoverageReport checked_coverage_report(const Config& config, const fs::path& work_dir) {
  CoverageReport report;
  const fs::path dir = work_dir / "report";
  fs::create_directories(dir);
  run_gcovr(config, dir, {checked_coverage_dir(work_dir)}, report);
  return report;
}

std::string summary_table(const CoverageReport& report, const fs::path& base, bool verbose) {
  auto shown = [&base](const fs::path& path) {
    const fs::path rel = path.lexically_relative(base);
    return rel.empty() || rel.string().rfind("..", 0) == 0 ? path.string() : rel.string();
  };
  std::string out =
      fmt::format("{:<12} {:>5} {:>6} {:>6} {:>7} {:>7}\n", "kind", "files", "built", "tests", "passed", "failed");
  for (const auto& [name, t] : {std::pair{"regression", report.regression}, std::pair{"failure", report.failure}}) {
    out += fmt::format("{:<12} {:>5} {:>6} {:>6} {:>7} {:>7}\n", name, t.files, t.built, t.tests, t.passed, t.failed);
  }
  out += fmt::format("coverage     lines {:.1f}% ({}/{}), branches {:.1f}% ({}/{}) -> {}\n", report.line_percent,
                     report.line_covered, report.line_total, report.branch_percent, report.branch_covered,
                     report.branch_total, shown(report.html));
  for (const auto& file : report.files) {
    if (!file.built) {
      const std::string first = file.errors.empty()
                                    ? std::string("see the build log")
                                    : fmt::format("{}: {}", file.errors.front().line, file.errors.front().message);
      out += fmt::format("  not built: {}:{}\n", shown(file.source), first);
      continue;
    }
    for (const auto& [name, outcome] : file.tests) {
      if (file.failure_file ? !verbose : outcome.passed()) continue;
      std::string message = outcome.message.substr(0, outcome.message.find('\n', outcome.message.find('\n') + 1));
      std::replace(message.begin(), message.end(), '\n', ' ');
      out += fmt::format("  {} {}: {}{}\n", shown(file.source), name, to_string(outcome.kind),
                         message.empty() ? "" : " (" + message + ")");
    }
  }
  return out;
}

namespace {

/// The value of a top-level key that fits on its line ("key: value"), with its line index.
std::optional<std::pair<std::size_t, std::string>> one_line_value(const std::vector<std::string>& lines,
                                                                  const std::string& key) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind(key + ":", 0) != 0) continue;
    const bool continued =
        i + 1 < lines.size() && !lines[i + 1].empty() && (lines[i + 1][0] == ' ' || lines[i + 1][0] == '-');
    if (continued) return std::nullopt;
    return std::pair{i, lines[i].substr(key.size() + 1)};
  }
  return std::pair{lines.size(), std::string()};
}

/// `stages` (a flow map or null) with `report` set, as a flow map keeping the other stages as written.
std::optional<std::string> stages_with_report(const std::string& stages, const std::string& seconds) {
  YAML::Node node;
  try {
    node = YAML::Load(stages);
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
  if (!node.IsNull() && !node.IsMap()) return std::nullopt;
  std::string out;
  bool set = false;
  if (node.IsMap()) {
    for (const auto& entry : node) {
      if (!entry.first.IsScalar() || !entry.second.IsScalar()) return std::nullopt;
      std::string value = entry.first.Scalar() == "report" ? seconds : entry.second.Scalar();
      set = set || entry.first.Scalar() == "report";
      out += (out.empty() ? "" : ", ") + entry.first.Scalar() + ": " + value;
    }
  }
  if (!set) out += (out.empty() ? "" : ", ") + std::string("report: ") + seconds;
  return "{" + out + "}";
}

/// report.yaml edited line by line, so that everything else stays exactly as written; nullopt
/// when `coverage` or `stages_s` spans several lines.
std::optional<std::string> edited_in_place(const std::string& text, const std::string& coverage,
                                           const std::string& seconds) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  auto cov = one_line_value(lines, "coverage");
  if (!cov) return std::nullopt;
  if (cov->first < lines.size()) {
    lines[cov->first] = "coverage: " + coverage;
  } else {
    lines.push_back("coverage: " + coverage);
  }
  auto stages = one_line_value(lines, "stages_s");
  if (!stages) return std::nullopt;
  auto value = stages_with_report(stages->second, seconds);
  if (!value) return std::nullopt;
  if (stages->first < lines.size()) {
    lines[stages->first] = "stages_s: " + *value;
  } else {
    lines.push_back("stages_s: " + *value);
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

/// report.yaml loaded and emitted again: values kept, quoting and comments not.
std::string edited_as_yaml(YAML::Node root, const std::string& text, const std::string& line, const std::string& branch,
                           const std::string& seconds) {
  YAML::Node coverage(YAML::NodeType::Map);
  coverage.SetStyle(YAML::EmitterStyle::Flow);
  coverage["line"] = line;
  coverage["branch"] = branch;
  coverage["scope"] = "generated-suite";
  root["coverage"] = coverage;
  YAML::Node stages = root["stages_s"];
  if (!stages.IsMap()) {
    stages = YAML::Node(YAML::NodeType::Map);
    stages.SetStyle(YAML::EmitterStyle::Flow);
  }
  stages["report"] = seconds;
  root["stages_s"] = stages;
  std::string header;  // comment lines at the top (tool version, command)
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l) && l.rfind('#', 0) == 0;) header += l + "\n";
  YAML::Emitter out;
  out << root;
  return header + out.c_str() + "\n";
}

}  // namespace

void update_report_yaml(const fs::path& report_yaml, const CoverageReport& report, double seconds) {
  std::ifstream in(report_yaml);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw UserError(fmt::format("{}:{}: {}", report_yaml.string(), e.mark.line + 1, e.msg));
  }
  if (!root.IsMap()) throw UserError(report_yaml.string() + ": expected a map of keys (a palus report.yaml)");

  const std::string line = fmt::format("{:.1f}", report.line_percent);
  const std::string branch = fmt::format("{:.1f}", report.branch_percent);
  const std::string stage = fmt::format("{:.1f}", seconds);
  const std::string coverage = fmt::format("{{line: {}, branch: {}, scope: generated-suite}}", line, branch);
  std::optional<std::string> edited = edited_in_place(text, coverage, stage);
  if (edited) {
    try {
      YAML::Node check = YAML::Load(*edited);
      const YAML::Node& before = root;
      if (!check.IsMap() ||
          check.size() != before.size() + (before["coverage"] ? 0 : 1) + (before["stages_s"] ? 0 : 1)) {
        edited.reset();
      }
    } catch (const YAML::Exception&) {
      edited.reset();
    }
  }
  write_file_atomically(report_yaml, edited ? *edited : edited_as_yaml(root, text, line, branch, stage));
}

}  // namespace palus::suite
