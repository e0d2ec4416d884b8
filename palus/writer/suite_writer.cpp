#include "palus/writer/suite_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "harness/codegen/any_function.hpp"
#include "harness/codegen/build_tools.hpp"
#include "palus/writer/fresh_directory.hpp"
#include "palus/writer/test_file_name.hpp"

namespace palus::writer {
namespace {

namespace fs = std::filesystem;
using generation::TestCase;
using generation::TestKind;

/// Whether a rendered test passes a callback (harness::any_function_argument): its file then
/// defines palus_generated::AnyFunction, as harness.cpp does.
bool passes_callback(const std::string& test_text) {
  return test_text.find("palus_generated::AnyFunction") != std::string::npos;
}

/// The sanitizers whose reports a rendered failure test reproduces, read from its
/// "// palus: sanitizer: <report>" comments: "address" (AddressSanitizer, LeakSanitizer) and
/// "undefined" (UBSan's "runtime error:").
std::set<std::string> sanitizers_reported(const std::string& test_text) {
  static constexpr std::string_view kMarker = "// palus: sanitizer: ";
  std::set<std::string> found;
  for (std::size_t at = test_text.find(kMarker); at != std::string::npos; at = test_text.find(kMarker, at + 1)) {
    const std::string_view report =
        std::string_view(test_text).substr(at + kMarker.size(), test_text.find('\n', at) - at - kMarker.size());
    if (report.find("runtime error:") != std::string_view::npos) found.insert("undefined");
    if (report.find("AddressSanitizer") != std::string_view::npos ||
        report.find("LeakSanitizer") != std::string_view::npos)
      found.insert("address");
  }
  return found;
}

/// The compile flags of a test built with `sanitizers`: the harness's own (-fsanitize=...,
/// -fno-sanitize-recover=all) and a frame pointer for the report's stack; the first is also what
/// a link needs.
std::vector<std::string> sanitized_test_flags(const std::set<std::string>& sanitizers) {
  std::vector<std::string> flags = harness::sanitize_flags({sanitizers.begin(), sanitizers.end()});
  flags.push_back("-fno-omit-frame-pointer");
  return flags;
}

/// Why palus may delete or replace the file (the marker on its first line says it is palus's).
std::string rewrite_note(const std::string& prefix) {
  return prefix + "palus replaces this file on its next run into this folder: edit a copy, not this file.\n";
}

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

std::string include_line(const std::string& spelling) {
  if (spelling.rfind("#include", 0) == 0) return spelling;
  if (!spelling.empty() && (spelling.front() == '<' || spelling.front() == '"')) return "#include " + spelling;
  return "#include \"" + spelling + "\"";
}

unsigned count_lines(const std::string& text) {
  return static_cast<unsigned>(std::count(text.begin(), text.end(), '\n'));
}

/// True when the first line of `path` carries the marker (after "// " or "# ").
bool written_by_palus(const fs::path& path) {
  std::ifstream in(path);
  std::string first;
  if (!in || !std::getline(in, first)) return false;
  return first.rfind(std::string("// ") + kGeneratedMarker, 0) == 0 ||
         first.rfind(std::string("# ") + kGeneratedMarker, 0) == 0;
}

bool is_test_source(const std::string& name) {
  const std::string suffix = "_test.cpp";
  return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// "Statement_regression_2_test" -> a meson variable / CMake target name.
std::string target_of(const fs::path& file) { return "palus_" + file.stem().string(); }

bool is_suspect(const TestCase& test) { return test.kind == TestKind::failure && !test.suspicion.empty(); }

/// The Meson suite and the CTest label of a written file's tests.
std::string suite_of(const fs::path& file) {
  const auto name = parse_test_file_name(file.filename().string());
  return "palus-" + (name ? name->kind : std::string("regression"));
}

}  // namespace

const CandidateFile::Entry* CandidateFile::test_at(unsigned line) const {
  for (const Entry& e : tests) {
    if (line >= e.first_line && line <= e.last_line) return &e;
  }
  return nullptr;
}

SuiteWriter::FileKind SuiteWriter::file_kind(TestKind kind, bool suspect) {
  if (kind != TestKind::failure) return FileKind::regression;
  return suspect ? FileKind::suspect : FileKind::failure;
}

const char* SuiteWriter::file_suffix(FileKind kind) {
  switch (kind) {
    case FileKind::failure:
      return "_failure";
    case FileKind::suspect:
      return "_suspect";
    default:
      return "_regression";
  }
}

SuiteWriter::SuiteWriter(SuiteOptions options, const generation::Catalog& catalog)
    : options_(std::move(options)), renderer_(catalog, options_.render) {}

TestName SuiteWriter::reserve_name(const TestCase& test) {
  std::lock_guard lock(mutex_);
  TestName name;
  name.suite = suite_name(test);
  const std::string base = renderer_.base_name(test);
  for (unsigned n = 1;; ++n) {
    // A suspect failure test is written disabled: it fails, but likely by the generator's doing.
    name.name = (is_suspect(test) ? "DISABLED_" : "") + base + "_" + std::to_string(n);
    if (names_.emplace(name, names_.size()).second) return name;
  }
}

CandidateFile SuiteWriter::render_for_check(const std::vector<TestCase>& tests,
                                            const std::vector<TestName>& names) const {
  if (tests.size() != names.size()) throw std::invalid_argument("render_for_check: one name per test");
  std::lock_guard lock(mutex_);
  std::vector<RenderedTest> rendered;
  std::set<std::string> standard;
  for (std::size_t k = 0; k < tests.size(); ++k) {
    rendered.push_back(renderer_.render(tests[k], names[k]));
    standard.insert(rendered.back().includes.begin(), rendered.back().includes.end());
  }
  CandidateFile out;
  standard.insert(fresh_directory_includes().begin(), fresh_directory_includes().end());
  std::set<std::string> suites;
  for (const TestName& name : names) suites.insert(name.suite);
  out.text = header_comment("// ", "candidate tests being checked") + "\n" + includes_text(standard, true) + "\n" +
             fresh_directory_fixture(suites);
  if (std::any_of(rendered.begin(), rendered.end(), [](const RenderedTest& r) { return passes_callback(r.text); }))
    out.text += "\n" + std::string(harness::kAnyFunctionSource);
  for (std::size_t k = 0; k < tests.size(); ++k) {
    out.text += "\n";
    CandidateFile::Entry entry;
    entry.name = names[k];
    entry.first_line = count_lines(out.text) + 1;
    for (const auto& [line, callable] : rendered[k].asserted)
      entry.asserted.emplace(entry.first_line + line - 1, callable);
    out.text += rendered[k].text;
    entry.last_line = count_lines(out.text);
    out.tests.push_back(entry);
  }
  out.rendered = std::move(rendered);
  return out;
}

bool SuiteWriter::never_assert(std::uint32_t callable) {
  std::lock_guard lock(mutex_);
  if (renderer_.never_asserted().count(callable)) return false;
  renderer_.never_assert(callable);
  return true;
}

FiledTest SuiteWriter::accept(const TestCase& test, const TestName& name) {
  return accept(test, name, [&] {
    std::lock_guard lock(mutex_);
    return renderer_.render(test, name);
  }());
}

FiledTest SuiteWriter::accept(const TestCase& test, const TestName& name, RenderedTest checked) {
  std::lock_guard lock(mutex_);
  if (auto found = filed_.find(name); found != filed_.end()) return filed_locked(name, found->second);
  ManifestTest record;
  record.kind = test.kind;
  record.identity = test.identity;
  record.suspicion = test.suspicion;
  // Every block it reached when known: a test kept by the suite's cover may be the only one left
  // reaching blocks a test left out found first.
  record.blocks = test.result.reached_blocks.empty() ? test.result.new_blocks : test.result.reached_blocks;
  std::sort(record.blocks.begin(), record.blocks.end());  // the harness lists them as reached
  return accept_locked({subject_identifier(test), file_kind(test.kind, !test.suspicion.empty())}, name,
                       std::move(checked), std::move(record));
}

FiledTest SuiteWriter::accept_rendered(const std::string& subject, const TestName& name, RenderedTest rendered,
                                       ManifestTest record) {
  std::lock_guard lock(mutex_);
  if (auto found = filed_.find(name); found != filed_.end()) return filed_locked(name, found->second);
  return accept_locked({subject, file_kind(record.kind, !record.suspicion.empty())}, name, std::move(rendered),
                       std::move(record));
}

FiledTest SuiteWriter::accept_locked(const GroupKey& key, const TestName& name, RenderedTest rendered,
                                     ManifestTest record) {
  const std::uint64_t order = names_.emplace(name, names_.size()).first->second;
  std::vector<Held>& group = groups_[key];
  auto at = std::upper_bound(group.begin(), group.end(), order,
                             [](std::uint64_t o, const Held& held) { return o < held.order; });
  record.name = name;
  group.insert(at, {std::move(rendered), order, std::move(record)});
  (key.second == FileKind::regression ? regression_count_ : failure_count_) += 1;
  filed_[name] = key;
  return filed_locked(name, key);
}

FiledTest SuiteWriter::filed_locked(const TestName& name, const GroupKey& key) const {
  const std::vector<Held>& group = groups_.at(key);
  const auto at = std::find_if(group.begin(), group.end(), [&](const Held& held) { return held.record.name == name; });
  FiledTest filed;
  filed.name = name;
  filed.file = file_of(key, static_cast<std::size_t>(at - group.begin()));
  fs::path shown = options_.dir.lexically_normal();
  if (shown.filename().empty()) shown = shown.parent_path();  // "generated/" -> "generated"
  filed.report_entry = (shown.filename() / filed.file).generic_string() + ":" + name.name;
  return filed;
}

bool SuiteWriter::drop(const TestName& name) {
  std::lock_guard lock(mutex_);
  const auto found = filed_.find(name);
  if (found == filed_.end()) return false;
  const GroupKey key = found->second;
  std::vector<Held>& group = groups_.at(key);
  std::erase_if(group, [&](const Held& held) { return held.record.name == name; });
  if (group.empty()) groups_.erase(key);
  (key.second == FileKind::regression ? regression_count_ : failure_count_) -= 1;
  filed_.erase(found);
  return true;
}

std::string SuiteWriter::location(const TestName& name) const {
  std::lock_guard lock(mutex_);
  auto found = filed_.find(name);
  return found == filed_.end() ? std::string() : filed_locked(name, found->second).report_entry;
}

std::size_t SuiteWriter::regression_count() const {
  std::lock_guard lock(mutex_);
  return regression_count_;
}

std::pair<std::uint64_t, std::uint64_t> SuiteWriter::assertion_counts() const {
  std::lock_guard lock(mutex_);
  std::pair<std::uint64_t, std::uint64_t> counts;
  for (const auto& [key, group] : groups_) {
    if (key.second != FileKind::regression) continue;
    for (const Held& held : group) {
      counts.first += held.rendered.assertion_candidates;
      counts.second += held.rendered.asserted.size();
    }
  }
  return counts;
}

std::size_t SuiteWriter::failure_count() const {
  std::lock_guard lock(mutex_);
  return failure_count_;
}

fs::path SuiteWriter::file_of(const GroupKey& key, std::size_t position) const {
  std::size_t index = options_.tests_per_file == 0 ? 0 : position / options_.tests_per_file;
  std::string file = key.first + std::string(file_suffix(key.second));
  if (index > 0) file += "_" + std::to_string(index + 1);
  return file + "_test.cpp";
}

std::vector<fs::path> SuiteWriter::files() const {
  std::lock_guard lock(mutex_);
  return files_locked();
}

std::vector<fs::path> SuiteWriter::files_locked() const {
  std::vector<fs::path> out;
  for (const auto& [key, tests] : groups_) {
    for (std::size_t k = 0; k < tests.size(); ++k) {
      fs::path file = file_of(key, k);
      if (out.empty() || out.back() != file) out.push_back(file);
    }
  }
  return out;
}

std::map<fs::path, std::set<std::string>> SuiteWriter::sanitizers_locked() const {
  std::map<fs::path, std::set<std::string>> out;
  for (const auto& [key, tests] : groups_) {
    if (key.second == FileKind::regression) continue;
    for (std::size_t k = 0; k < tests.size(); ++k) {
      const std::set<std::string> found = sanitizers_reported(tests[k].rendered.text);
      if (!found.empty()) out[file_of(key, k)].insert(found.begin(), found.end());
    }
  }
  return out;
}

std::vector<SuiteWriter::BuildTarget> SuiteWriter::build_targets_locked() const {
  const auto sanitized = sanitizers_locked();
  std::vector<BuildTarget> out;
  for (const fs::path& file : files_locked()) {
    const auto found = sanitized.find(file);
    out.push_back(
        {file, suite_of(file), target_of(file), found == sanitized.end() ? std::set<std::string>{} : found->second});
  }
  return out;
}

std::string SuiteWriter::header_comment(const std::string& prefix, const std::string& what) const {
  const SuiteHeader& h = options_.header;
  std::string text = prefix + kGeneratedMarker + (h.version.empty() ? "" : " " + h.version) + ": " + what + ".\n";
  text +=
      prefix + "seed: " + std::to_string(h.seed) + ", mode: " + (h.mode.empty() ? "unknown" : one_line(h.mode)) + "\n";
  if (!h.command.empty()) text += prefix + "command: " + one_line(h.command) + "\n";
  return text;
}

std::string SuiteWriter::includes_text(const std::set<std::string>& standard, bool gtest) const {
  std::string text;
  if (gtest) text += "#include <gtest/gtest.h>\n\n";
  for (const std::string& s : standard) text += include_line(s) + "\n";
  if (!standard.empty()) text += "\n";
  for (const std::string& s : options_.includes) text += include_line(s) + "\n";
  return text;
}

std::string SuiteWriter::file_text(const GroupKey& key, const std::vector<const Held*>& tests) const {
  std::set<std::string> standard;
  for (const Held* h : tests) standard.insert(h->rendered.includes.begin(), h->rendered.includes.end());
  std::string what = key.second == FileKind::regression ? "regression tests of "
                     : key.second == FileKind::failure  ? "failure-revealing tests of "
                                                        : "suspect failure-revealing tests of ";
  std::string text = header_comment("// ", what + key.first) + rewrite_note("// ");
  if (key.second == FileKind::suspect)
    text +=
        "// Each of these tests fails, but the failure may be the generator's doing rather than a bug: an input\n"
        "// made up where the library states a precondition. They are disabled; each says why it is suspect.\n"
        "// Run them with --gtest_also_run_disabled_tests.\n";
  std::set<std::string> sanitizers;
  for (const Held* h : tests) {
    const std::set<std::string> found = sanitizers_reported(h->rendered.text);
    sanitizers.insert(found.begin(), found.end());
  }
  if (!sanitizers.empty()) {
    std::vector<std::string> names;
    for (const std::string& s : sanitizers)
      names.push_back(s == "address" ? "AddressSanitizer" : "UndefinedBehaviorSanitizer");
    text += "// Failures that " + text::join(names, " or ") +
            " reported show only where the code they happen in is built\n"
            "// with -fsanitize=" +
            text::join(sanitizers, ",") +
            ", the library's as well as the test's. The meson.build and CMakeLists.txt here\n"
            "// build the test so; build the library so too (Meson: -Db_sanitize=" +
            text::join(sanitizers, ",") + "), or such a test passes.\n";
  }
  standard.insert(fresh_directory_includes().begin(), fresh_directory_includes().end());
  std::set<std::string> suites;
  for (const Held* h : tests) suites.insert(h->record.name.suite);
  text += "\n" + includes_text(standard, true) + "\n" + fresh_directory_fixture(suites);
  if (std::any_of(tests.begin(), tests.end(), [](const Held* h) { return passes_callback(h->rendered.text); }))
    text += "\n" + std::string(harness::kAnyFunctionSource);
  for (const Held* h : tests) text += "\n" + h->rendered.text;
  return text;
}

std::string SuiteWriter::manifest_text() const {
  SuiteManifest manifest;
  manifest.harness_code = options_.harness_code;
  for (const auto& [key, tests] : groups_) {
    for (std::size_t k = 0; k < tests.size(); ++k) {
      manifest.tests.push_back(tests[k].record);
      manifest.tests.back().file = file_of(key, k);
    }
  }
  std::string header = header_comment("", "the written tests and why each was kept (read by palus merge)");
  header.resize(header.find('\n'));
  return manifest_yaml(manifest, header);
}

std::string SuiteWriter::fragment_comment(const std::string& usage, const std::string& library,
                                          const std::string& sanitized_build) const {
  return header_comment("# ", "builds the generated GoogleTest files in this folder") + rewrite_note("# ") + "#\n" +
         usage +
         fmt::format(
             "# Tests of theories also include palus/theory.hpp and your theories headers: {0}'s\n"
             "# include directories must reach them (palus's oracles/include and your project's folder).\n"
             "# Failure tests that a sanitizer found are built with it; they show their failure only when\n"
             "# {0}'s code is built with it too ({1}).\n",
             library, sanitized_build);
}

std::string SuiteWriter::meson_fragment() const {
  std::string text = fragment_comment(
      "# Use it with subdir('<this folder>') from a meson.build that defines first:\n"
      "#   palus_library_dep  the library under test: a dependency with its include directories and library,\n"
      "#                      e.g. declare_dependency(link_with: mylib, include_directories: myinc)\n"
      "#   gtest_main_dep     GoogleTest with its main(): dependency('gtest', main: true)\n"
      "# The tests need C++17 or later. Regression tests (suite 'palus-regression') pass on the library\n"
      "# as it is; failure-revealing tests (suite 'palus-failure') fail until their bugs are fixed;\n"
      "# suspect ones (suite 'palus-suspect') are disabled: their failures may be the generator's doing.\n",
      "palus_library_dep", "configure with -Db_sanitize=address,undefined");
  for (const auto& [file, suite, target, sanitizers] : build_targets_locked()) {
    text += "\n" + target + " = executable('" + target + "', '" + file.string() + "',\n";
    if (!sanitizers.empty()) {
      const std::vector<std::string> flags = sanitized_test_flags(sanitizers);
      text += "  cpp_args: ['" + text::join(flags, "', '") + "'], link_args: ['" + flags.front() + "'],\n";
    }
    text += "  dependencies: [palus_library_dep, gtest_main_dep])\n";
    text += "test('" + file.stem().string() + "', " + target + ", suite: '" + suite + "'" +
            (suite == "palus-regression" ? "" : ", timeout: 60");
    if (sanitizers.count("undefined")) text += ", env: ['UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1']";
    text += ")\n";
  }
  return text;
}

std::string SuiteWriter::cmake_fragment() const {
  std::string text = fragment_comment(
      "# Use it with add_subdirectory(<this folder>) from a CMakeLists.txt that first sets\n"
      "#   PALUS_LIBRARY  the library under test: a target (with its include directories) or a library file\n"
      "# and finds GoogleTest (find_package(GTest REQUIRED)), and calls enable_testing() for ctest.\n"
      "# Regression tests are labelled palus-regression and pass on the library as it is;\n"
      "# failure-revealing tests are labelled palus-failure and fail until their bugs are fixed;\n"
      "# suspect ones are labelled palus-suspect and disabled: their failures may be the generator's doing.\n",
      "PALUS_LIBRARY", "-fsanitize=address,undefined in its compile and link options");
  text += "\ninclude(GoogleTest)\n";
  for (const auto& [file, suite, target, sanitizers] : build_targets_locked()) {
    text += "\nadd_executable(" + target + " " + file.string() + ")\n";
    text += "target_compile_features(" + target + " PRIVATE cxx_std_17)\n";
    if (!sanitizers.empty()) {
      const std::vector<std::string> flags = sanitized_test_flags(sanitizers);
      text += "target_compile_options(" + target + " PRIVATE " + text::join(flags, " ") + ")\n";
      text += "target_link_options(" + target + " PRIVATE " + flags.front() + ")\n";
    }
    text += "target_link_libraries(" + target + " PRIVATE ${PALUS_LIBRARY} GTest::gtest_main)\n";
    text += "gtest_discover_tests(" + target + " PROPERTIES LABELS " + suite +
            (suite == "palus-regression" ? "" : " TIMEOUT 60");
    if (sanitizers.count("undefined")) text += " ENVIRONMENT UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1";
    text += ")\n";
  }
  return text;
}

void SuiteWriter::write_owned(const fs::path& name, const std::string& content) {
  const fs::path path = options_.dir / name;
  if (!verified_.count(name)) {
    std::error_code ec;
    if (fs::exists(path, ec) && !written_by_palus(path)) {
      fail_at(path.string(), "exists and was not written by palus; move it away or choose another output folder");
    }
  }
  write_file_if_changed(path, content);
  verified_.insert(name);
}

void SuiteWriter::write_all() {
  std::lock_guard lock(mutex_);
  std::set<fs::path> written;
  for (const auto& [key, tests] : groups_) {
    std::map<fs::path, std::vector<const Held*>> by_file;
    for (std::size_t k = 0; k < tests.size(); ++k) by_file[file_of(key, k)].push_back(&tests[k]);
    for (const auto& [file, held] : by_file) {
      write_owned(file, file_text(key, held));
      written.insert(file);
    }
  }
  write_owned("meson.build", meson_fragment());
  write_owned("CMakeLists.txt", cmake_fragment());
  write_owned(kManifestFile, manifest_text());
  written.insert("meson.build");
  written.insert("CMakeLists.txt");
  written.insert(kManifestFile);

  // Files of an earlier run that this one did not write: only palus's own, only these kinds.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(options_.dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file(ec) || written.count(name)) continue;
    if (!is_test_source(name) && name != "meson.build" && name != "CMakeLists.txt") continue;
    if (written_by_palus(entry.path())) fs::remove(entry.path(), ec);
  }
}

}  // namespace palus::writer
