#pragma once
// A generated suite as palus wrote it, read back for palus merge: its report.yaml, its tests.yaml
// and the text of every test it lists, in the order tests.yaml lists them.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "palus/report/run_report.hpp"
#include "palus/writer/suite_manifest.hpp"
#include "palus/writer/test_renderer.hpp"

namespace palus::merge {

struct WrittenTest {
  writer::ManifestTest record;
  std::string subject;  ///< the class its file is about: "Statement" of "Statement_regression_2_test.cpp"
  /// "TEST(Suite, Name) {\n...}\n", and the #include lines of its file that are neither
  /// GoogleTest's nor the library's (as spelled after #include: "<cmath>").
  writer::RenderedTest rendered;
};

struct WrittenSuite {
  std::filesystem::path dir;
  std::string shown;  ///< the folder as the user named it
  report::RunReport report;
  std::string harness_code;
  std::vector<WrittenTest> tests;
};

/// Reads the suite in `dir`. `library_includes` are the library's headers as the suite's files
/// include them (SuiteOptions::includes). Throws UserError naming the file (and line) that is
/// missing, unreadable, or lists a test its file does not hold.
WrittenSuite read_written_suite(const std::filesystem::path& dir, const std::string& shown,
                                const std::vector<std::string>& library_includes);

/// The subject of a test file palus wrote: "Statement" of "Statement_failure_3_test.cpp" (or _regression, _suspect);
/// empty when the name is not one palus gives.
std::string subject_of_file(const std::string& file_name);

/// `text` (a TEST block) renamed to `name`: its first line names `name.suite` and `name.name`.
std::string with_test_name(const std::string& text, const writer::TestName& name);

}  // namespace palus::merge
