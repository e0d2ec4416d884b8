#include "palus/merge/written_suite.hpp"

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "palus/writer/test_file_name.hpp"

namespace palus::merge {
namespace {

namespace fs = std::filesystem;

/// What follows "#include" on `line`, trimmed; empty when it is no include line.
std::string included(const std::string& line) {
  const std::string directive = "#include";
  if (line.rfind(directive, 0) != 0) return "";
  return std::string(text::trim(std::string_view(line).substr(directive.size())));
}

/// "TEST_F(Suite, Name) {" (or TEST, as older palus wrote) -> {Suite, Name}; nullopt for any other line.
std::optional<writer::TestName> test_line(const std::string& line) {
  static const std::regex shape(R"(^TEST(?:_F)?\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*\{\s*$)");
  std::smatch m;
  if (!std::regex_match(line, m, shape)) return std::nullopt;
  return writer::TestName{m[1].str(), m[2].str()};
}

/// The tests of one generated file by name, each with the file's other includes.
std::map<std::string, writer::RenderedTest> tests_in(const fs::path& file,
                                                     const std::set<std::string>& library_includes) {
  std::ifstream in(file);
  if (!in) fail_at(file.string(), "cannot read the file (listed in tests.yaml)");
  std::map<std::string, writer::RenderedTest> tests;
  std::set<std::string> includes;
  std::string line;
  std::string* open = nullptr;
  unsigned number = 0, opened_at = 0;
  while (std::getline(in, line)) {
    ++number;
    if (open != nullptr) {
      *open += line + "\n";
      if (line == "}") open = nullptr;
      continue;
    }
    if (const std::string header = included(line); !header.empty()) {
      if (header != "<gtest/gtest.h>" && !library_includes.count(header)) includes.insert(header);
    } else if (const auto name = test_line(line)) {
      if (tests.count(name->name)) fail_at(fmt::format("{}:{}", file.string(), number), "a second test {}", name->name);
      open = &tests[name->name].text;
      *open = line + "\n";
      opened_at = number;
    }
  }
  if (open != nullptr)
    fail_at(fmt::format("{}:{}", file.string(), opened_at), "this test has no closing '}}' at the start of a line");
  for (auto& [name, test] : tests) test.includes = includes;
  return tests;
}

}  // namespace

std::string subject_of_file(const std::string& file_name) {
  const auto name = writer::parse_test_file_name(file_name);
  return name ? name->subject : std::string();
}

std::string with_test_name(const std::string& text, const writer::TestName& name) {
  const std::size_t end = text.find('\n');
  return fmt::format("TEST_F({}, {}) {{", name.suite, name.name) +
         text.substr(end == std::string::npos ? text.size() : end);
}

WrittenSuite read_written_suite(const fs::path& dir, const std::string& shown,
                                const std::vector<std::string>& library_includes) {
  WrittenSuite suite;
  suite.dir = dir;
  suite.shown = shown;
  std::error_code error;
  if (!fs::is_directory(dir, error)) fail_at(shown, "not a folder (expected the output folder of a palus run)");
  suite.report = report::read_report(dir / "report.yaml");
  const writer::SuiteManifest manifest = writer::read_manifest(dir / writer::kManifestFile);
  suite.harness_code = manifest.harness_code;
  const std::set<std::string> library(library_includes.begin(), library_includes.end());
  std::map<fs::path, std::map<std::string, writer::RenderedTest>> files;
  for (const writer::ManifestTest& record : manifest.tests) {
    const std::string subject = subject_of_file(record.file.filename().string());
    const fs::path where = dir / writer::kManifestFile;
    if (subject.empty() || record.file.has_parent_path())
      fail_at(where.string(), "'{}' is not the name of a test file palus writes", record.file.string());
    auto file = files.find(record.file);
    if (file == files.end()) file = files.emplace(record.file, tests_in(dir / record.file, library)).first;
    auto test = file->second.find(record.name.name);
    if (test == file->second.end())
      fail_at(where.string(), "lists {} in {}, which does not hold it", record.name.name, record.file.string());
    suite.tests.push_back({record, subject, test->second});
  }
  return suite;
}

}  // namespace palus::merge
