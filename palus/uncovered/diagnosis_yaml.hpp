#pragma once
// The diagnosis on disk: the ranked problems for report.yaml's `uncovered` key, and the whole of it
// (every frontier branch and the lines it blocks, the functions no test ran) in
// <work>/report/uncovered.yaml, which `palus explain FILE:LINE` reads.

#include <filesystem>
#include <string>

#include "palus/uncovered/diagnosis.hpp"

namespace palus::uncovered {

/// "uncovered:\n  - {file, line, category, blocked_lines, branches, cause, suggestion}\n...": the
/// first `limit` problems, files relative to `base`.
std::string problems_yaml(const Diagnosis& diagnosis, const std::filesystem::path& base, std::size_t limit);

/// A report.yaml's text with its `uncovered` key (written last) replaced by `block`, or `block`
/// appended when it has none; every other line stays as it was.
std::string with_uncovered_key(std::string report_text, const std::string& block);

std::string diagnosis_to_yaml(const Diagnosis& diagnosis, const std::filesystem::path& base);

/// UserError naming the file and line when it is not what diagnosis_to_yaml writes.
Diagnosis read_diagnosis(const std::filesystem::path& file, const std::filesystem::path& base);

/// What blocks `line` of `file` (absolute), for people: the frontier branch at that line or the one
/// above it, or the function no test ran; says so when the diagnosis knows nothing of it.
std::string explain_line(const Diagnosis& diagnosis, const std::string& file, unsigned line,
                         const std::filesystem::path& base);

/// The top `count` problems as lines for a summary: "  object-creation  12 lines  src/x.cpp:40  cause".
std::string top_problems_text(const Diagnosis& diagnosis, const std::filesystem::path& base, std::size_t count);

}  // namespace palus::uncovered
