#include "palus/uncovered_stage.hpp"

#include <fmt/format.h>

#include <charconv>

#include "core/api_yaml_read.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_text.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "palus/harness_stage.hpp"
#include "palus/uncovered/branch_map.hpp"
#include "palus/uncovered/diagnosis_html.hpp"
#include "palus/uncovered/diagnosis_yaml.hpp"
#include "palus/uncovered/line_coverage.hpp"

namespace palus {
namespace fs = std::filesystem;

std::optional<uncovered::Diagnosis> uncovered_stage(const Config& config, const fs::path& work_dir,
                                                    const suite::CoverageReport& coverage) {
  const fs::path branches_yaml = work_dir / "branches.yaml";
  const fs::path uncovered_yaml = work_dir / "report" / "uncovered.yaml";
  std::error_code error;
  if (coverage.lines_json.empty() || !fs::exists(branches_yaml, error) || !fs::exists(work_dir / "api.yaml", error)) {
    fs::remove(uncovered_yaml, error);  // an earlier report's diagnosis would no longer match
    return std::nullopt;
  }
  const uncovered::BranchMap map = uncovered::read_branch_map(branches_yaml, config.dir);
  const api::Api api = analysis::read_api_yaml(work_dir / "api.yaml", config.dir);
  const uncovered::LineCoverage lines = uncovered::read_gcovr_json(coverage.lines_json, config.dir);
  std::map<std::string, std::string> uncallable;
  // What the harness could not call: by the plan, and what its builds had to leave out.
  for (const auto& u : harness::plan_callables(api, callables_left_out(work_dir, config.sandbox.sanitizers)).uncallable)
    uncallable.emplace(u.id, u.reason);
  uncovered::Diagnosis diagnosis = uncovered::diagnose(map, lines, api, uncallable);
  write_file_atomically(uncovered_yaml, uncovered::diagnosis_to_yaml(diagnosis, config.dir));
  if (fs::exists(coverage.html, error)) {
    write_file_atomically(coverage.html.parent_path() / "uncovered.html",
                          uncovered::problems_html(diagnosis, config.dir));
    write_file_atomically(coverage.html, uncovered::with_link_to(read_file_text(coverage.html), "uncovered.html"));
  }
  const fs::path report_yaml = config.output.dir / "report.yaml";
  if (fs::exists(report_yaml, error))
    set_uncovered_in_report(report_yaml, uncovered::problems_yaml(diagnosis, config.dir, kReportedProblems));
  return diagnosis;
}

void set_uncovered_in_report(const fs::path& report_yaml, const std::string& block) {
  write_file_atomically(report_yaml, uncovered::with_uncovered_key(read_file_text(report_yaml), block));
}

std::string explain(const Config& config, const fs::path& work_dir, const std::string& place) {
  const std::size_t colon = place.rfind(':');
  unsigned line = 0;
  const char* digits = place.data() + (colon == std::string::npos ? 0 : colon + 1);
  const auto [end, error] = std::from_chars(digits, place.data() + place.size(), line);
  if (colon == std::string::npos || colon == 0 || error != std::errc() || end != place.data() + place.size() ||
      line == 0)
    throw UserError(fmt::format("palus explain: expected FILE:LINE (src/parser.cpp:120), got '{}'", place));
  // Relative to the config's folder (as palus shows files), or else to the current folder.
  fs::path file = place.substr(0, colon);
  std::error_code exists_error;
  if (file.is_relative()) file = fs::exists(config.dir / file, exists_error) ? config.dir / file : fs::absolute(file);
  const fs::path uncovered_yaml = work_dir / "report" / "uncovered.yaml";
  if (!fs::exists(uncovered_yaml, exists_error))
    throw UserError(
        fmt::format("palus explain: {} not found: run 'palus report' (or 'palus run') first", uncovered_yaml.string()));
  const uncovered::Diagnosis diagnosis = uncovered::read_diagnosis(uncovered_yaml, config.dir);
  return uncovered::explain_line(diagnosis, file.lexically_normal().string(), line, config.dir);
}

}  // namespace palus
