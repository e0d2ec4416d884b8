#pragma once
// The Covana step of `palus report` (DESIGN §13) and `palus explain FILE:LINE`: the branches the
// written suite never took, traced to what blocks them, from the analyze stage's branches.yaml,
// api.yaml and the report's per-line coverage.

#include <filesystem>
#include <optional>
#include <string>

#include "palus/config/config.hpp"
#include "palus/suite/coverage_report.hpp"
#include "palus/uncovered/diagnosis.hpp"

namespace palus {

/// How many problems report.yaml lists under `uncovered` (uncovered.yaml holds them all).
inline constexpr std::size_t kReportedProblems = 30;

/// Writes <work>/report/uncovered.yaml, the coverage report's uncovered.html and, when the output
/// folder holds a report.yaml, its `uncovered` key. nullopt (and an earlier uncovered.yaml removed)
/// when the work folder has no branches.yaml (an analysis by an older palus) or the report has no
/// per-line coverage.
std::optional<uncovered::Diagnosis> uncovered_stage(const Config& config, const std::filesystem::path& work_dir,
                                                    const suite::CoverageReport& coverage);

/// Replaces report.yaml's `uncovered` key (appended at its end) with `block`, atomically.
void set_uncovered_in_report(const std::filesystem::path& report_yaml, const std::string& block);

/// `palus explain`'s answer for "FILE:LINE" (FILE relative to the config's folder or the current
/// one, or absolute),
/// from the last report's uncovered.yaml. UserError when the place is malformed or there is no
/// report yet.
std::string explain(const Config& config, const std::filesystem::path& work_dir, const std::string& place);

}  // namespace palus
