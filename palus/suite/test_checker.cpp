#include "palus/suite/test_checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/atomic_file.hpp"
#include "core/elapsed.hpp"

namespace fs = std::filesystem;

namespace palus::suite {
namespace {

using Clock = std::chrono::steady_clock;

std::string blank_lines(const std::string& text, unsigned first, unsigned last) {
  std::string out;
  std::size_t pos = 0;
  for (unsigned line = 1; pos < text.size(); ++line) {
    std::size_t eol = text.find('\n', pos);
    const std::size_t end = eol == std::string::npos ? text.size() : eol;
    if (line < first || line > last) out.append(text, pos, end - pos);
    if (eol == std::string::npos) break;
    out += '\n';
    pos = eol + 1;
  }
  return out;
}

}  // namespace

std::chrono::milliseconds default_test_timeout(const Config& config) {
  return std::max(std::chrono::milliseconds(2'000), 5 * config.sandbox.call_timeout);
}

std::chrono::milliseconds hang_test_timeout(const Config& config) {
  return std::max(std::chrono::milliseconds(1'000), 2 * config.sandbox.call_timeout);
}

CheckerOptions checker_options(const Config& config, const fs::path& work_dir,
                               const std::vector<std::string>& sanitizers,
                               std::shared_ptr<CoverageLibrary> coverage_library, const fs::path& plain_dir) {
  CheckerOptions options;
  if (coverage_library) {
    options.plain_build = plain_check_settings(config, plain_dir, coverage_library->archive_path());
    options.plain_build->niceness = options.niceness;
    options.coverage_library = std::move(coverage_library);
  }
  options.build = check_build_settings(config, work_dir, sanitizers);
  options.build.niceness = options.niceness;
  options.build.precompiled_cache = work_dir / "check" / "pch";
  if (options.plain_build) options.plain_build->precompiled_cache = options.build.precompiled_cache;
  options.scratch = options.build.dir / "run";
  options.test_timeout = default_test_timeout(config);
  options.hang_timeout = hang_test_timeout(config);
  options.memory_bytes = config.sandbox.memory_bytes;
  options.sanitized = std::any_of(sanitizers.begin(), sanitizers.end(),
                                  [](const std::string& s) { return s == "address" || s == "thread" || s == "leak"; });
  return options;
}

TestChecker::TestChecker(CheckerOptions options) : options_(std::move(options)) {}

void TestChecker::judge(TestVerdict& v) {
  if (!v.compiled) return;
  const RunOutcome& first = v.runs[0];
  v.stable = first.signature() == v.runs[1].signature();
  if (v.expect_failure) {
    v.as_expected = v.stable && !first.passed() && first.kind != RunKind::not_run &&
                    (v.expected_kind == RunKind::not_run || first.kind == v.expected_kind);
  } else {
    v.as_expected = v.stable && first.passed();
  }
}

void TestChecker::settle(GtestRunner& runner, const std::vector<TestSpec>& tests, const std::vector<bool>& dropped,
                         CheckResult& result) const {
  // A passing test that failed beside others may have been broken by one of them (undefined
  // behaviour, global state) that is dropped now. If it passes alone, it runs twice more with the
  // tests that held and without those that did not, and keeps that verdict when it holds: the
  // written files will not hold the dropped tests either.
  std::vector<std::string> together;
  std::vector<std::size_t> doubtful;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    if (dropped[i] || tests[i].expect_failure) continue;
    const TestVerdict& v = result.verdicts[i];
    if (v.as_expected) together.push_back(tests[i].name);
    // Only a test that failed the same way twice: a flaky one may pass now for its own reasons.
    bool died = false;
    if (!v.as_expected && v.stable &&
        runner.run({tests[i].name}, options_.test_timeout, died)[tests[i].name].kind == RunKind::passed) {
      doubtful.push_back(i);
      together.push_back(tests[i].name);
    }
  }
  if (doubtful.empty()) return;
  std::vector<TestVerdict> again;
  for (std::size_t i : doubtful) again.push_back(result.verdicts[i]);
  for (std::size_t round = 0; round < 2; ++round) {
    std::map<std::string, RunOutcome> outcomes =
        runner.run_together(together, 2 * options_.test_timeout, options_.test_timeout);
    for (std::size_t k = 0; k < doubtful.size(); ++k) again[k].runs[round] = outcomes[tests[doubtful[k]].name];
  }
  for (std::size_t k = 0; k < doubtful.size(); ++k) {
    judge(again[k]);
    if (again[k].as_expected) result.verdicts[doubtful[k]] = again[k];
  }
}

void TestChecker::forget_coverage(const fs::path& source) const {
  // The test object's notes name the library's inline functions it holds: alone, they would count
  // those lines as never run.
  std::error_code error;
  const std::string prefix = source.stem().string() + "-";
  for (const auto& entry : fs::directory_iterator(options_.plain_build->dir / "obj" / "test", error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".gcno") fs::remove(entry.path(), error);
  }
}

void TestChecker::record_coverage(const fs::path& executable, const fs::path& source,
                                  const std::vector<TestSpec>& tests, const CheckResult& result) const {
  std::vector<std::string> held;
  for (std::size_t i = 0; i < tests.size(); ++i)
    if (result.verdicts[i].as_expected) held.push_back(tests[i].name);
  if (held.empty()) {
    forget_coverage(source);
    return;
  }
  GtestRunSettings settings{options_.scratch,
                            std::nullopt,
                            options_.output_cap,
                            options_.memory_bytes,
                            false,
                            options_.niceness,
                            {options_.coverage_library->dir()},
                            {}};
  GtestRunner runner(settings, executable);
  runner.run_together(held, 2 * options_.test_timeout, options_.test_timeout);
}

CheckResult TestChecker::check(const std::string& file_name, const std::string& source_text,
                               const std::vector<TestSpec>& tests) {
  CheckResult result;
  for (const auto& t : tests) {
    TestVerdict v;
    v.name = t.name;
    v.expect_failure = t.expect_failure;
    v.expected_kind = t.expected_kind;
    result.verdicts.push_back(std::move(v));
  }

  // Build, dropping the tests that do not compile.
  const bool all_pass = std::none_of(tests.begin(), tests.end(), [](const TestSpec& t) { return t.expect_failure; });
  const bool plain = all_pass && options_.plain_build && options_.coverage_library->archive();
  TestBuildSettings build = plain ? *options_.plain_build : options_.build;
  if (all_pass && !plain && !build.passing_test_flags.empty()) build.test_flags = build.passing_test_flags;
  fs::path source = build.dir / "src" / file_name;
  if (plain) {
    source.replace_filename(
        fmt::format("{}_{}{}", source.stem().string(), ++plain_builds_, source.extension().string()));
  }
  std::vector<bool> dropped(tests.size(), false);
  fs::path executable;
  // After the one wait for the coverage library: the budget extrapolates this cost to every test.
  const auto compile_start = Clock::now();
  std::string text = precompile_opening_include(build, source_text);
  for (;;) {
    ++result.compile_attempts;
    write_file_if_changed(source, text);
    BuiltTest built = build_tests(build, {source}).front();
    if (built.ok) {
      executable = built.executable;
      break;
    }
    bool any_test = false;
    for (const auto& error : built.errors) {
      bool placed = false;
      for (std::size_t i = 0; i < tests.size(); ++i) {
        if (error.line >= tests[i].first_line && error.line <= tests[i].last_line && error.line > 0) {
          result.verdicts[i].errors.push_back(error);
          dropped[i] = placed = any_test = true;
        }
      }
      if (!placed) result.file_errors.push_back(error);
    }
    if (built.errors.empty()) {
      std::string tail = built.output.substr(built.output.size() > 2000 ? built.output.size() - 2000 : 0);
      result.file_errors.push_back({0, "the build failed without an error message: " + tail});
    }
    if (!result.file_errors.empty() || !any_test || result.compile_attempts >= options_.max_compile_attempts) {
      if (result.file_errors.empty()) {
        result.file_errors.push_back({0, fmt::format("still does not compile after {} builds without the failing tests",
                                                     result.compile_attempts)});
      }
      for (std::size_t i = 0; i < tests.size(); ++i) {
        if (!dropped[i]) result.verdicts[i].errors = result.file_errors;
      }
      if (plain) forget_coverage(source);
      result.compile_seconds = seconds_since(compile_start);
      return result;
    }
    for (std::size_t i = 0; i < tests.size(); ++i) {
      if (dropped[i]) text = blank_lines(text, tests[i].first_line, tests[i].last_line);
    }
  }
  result.compile_seconds = seconds_since(compile_start);

  // Run, in a clean scratch folder, coverage data kept out of the harness's.
  const auto run_start = Clock::now();
  std::error_code ignored;
  fs::remove_all(options_.scratch, ignored);
  GtestRunSettings settings{options_.scratch,
                            options_.scratch / "gcov",
                            options_.output_cap,
                            options_.memory_bytes,
                            options_.sanitized && !plain,
                            options_.niceness,
                            {},
                            {}};
  GtestRunner runner(settings, executable);
  std::vector<std::string> together;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    result.verdicts[i].compiled = !dropped[i];
    if (!dropped[i] && !tests[i].expect_failure) together.push_back(tests[i].name);
  }
  for (std::size_t round = 0; round < 2; ++round) {
    std::map<std::string, RunOutcome> outcomes =
        runner.run_together(together, 2 * options_.test_timeout, options_.test_timeout);
    for (std::size_t i = 0; i < tests.size(); ++i) {
      if (dropped[i]) continue;
      if (tests[i].expect_failure && tests[i].suspect_hang && round == 1) {
        outcomes[tests[i].name] = result.verdicts[i].runs[0];
      } else if (tests[i].expect_failure) {
        bool died = false;
        const auto timeout = tests[i].suspect_hang  ? options_.hang_timeout / 2
                             : tests[i].expect_hang ? options_.hang_timeout
                                                    : options_.test_timeout;
        outcomes[tests[i].name] = runner.run({tests[i].name}, timeout, died)[tests[i].name];
      }
      result.verdicts[i].runs[round] = outcomes[tests[i].name];
    }
  }
  for (auto& v : result.verdicts) judge(v);
  settle(runner, tests, dropped, result);
  fs::remove_all(options_.scratch / "gcov", ignored);
  if (plain && options_.record_coverage) record_coverage(executable, source, tests, result);
  result.run_seconds = seconds_since(run_start);
  return result;
}

}  // namespace palus::suite
