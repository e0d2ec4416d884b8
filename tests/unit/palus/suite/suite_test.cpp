// Generated tests before they are written out (palus/suite): compile errors attributed to test
// lines and the checker's verdicts on hand-written tests against a
// tiny library (tests/data/suite) built here: pass, failing assertion, crash, hang, exit, flaky,
// not compiling, a sanitizer report.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/process.hpp"
#include "harness/codegen/build_tools.hpp"
#include "harness/codegen/runtime_root.hpp"
#include "palus/suite/coverage_library.hpp"
#include "palus/suite/coverage_report.hpp"
#include "palus/suite/coverage_scope.hpp"
#include "palus/suite/test_build.hpp"
#include "palus/suite/test_checker.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;
namespace ps = palus::suite;
using palus::testing::contains;
using palus::testing::ScratchDir;

namespace {

const fs::path kData = fs::path(PALUS_TEST_DATA) / "suite";

// ---- attribute_errors -------------------------------------------------------------------------

/// An error that attribute_errors should find: its line and, where given, its whole message or a
/// part of it.
struct ExpectedError {
  unsigned line;
  std::string message = "";
  std::string message_part = "";
};

/// Checks the errors attributed to `source` in the compiler's `out`, in order.
void expect_errors(const std::string& out, const std::string& source, const std::vector<ExpectedError>& expected) {
  const auto errors = ps::attribute_errors(out, source);
  ASSERT_EQ(expected.size(), errors.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("error " + std::to_string(i));
    EXPECT_EQ(expected[i].line, errors[i].line);
    if (!expected[i].message.empty()) {
      EXPECT_EQ(expected[i].message, errors[i].message);
    }
    if (!expected[i].message_part.empty()) {
      EXPECT_TRUE(contains(errors[i].message, expected[i].message_part));
    }
  }
}

TEST(AttributeErrors, ErrorInTheSourceIsOnItsOwnLine) {
  const std::string out =
      "/w/t_test.cpp: In member function 'virtual void S_c_Test::TestBody()':\n"
      "/w/t_test.cpp:16:11: error: 'nosuch' was not declared in this scope\n"
      "   16 |   int x = nosuch;\n"
      "      |           ^~~~~~\n";
  expect_errors(out, "/w/t_test.cpp", {{.line = 16, .message = "'nosuch' was not declared in this scope"}});
}

TEST(AttributeErrors, ErrorInATemplateIsOnTheLineThatRequiredIt) {
  const std::string out =
      "In file included from /usr/include/c++/12/memory:76,\n"
      "                 from /w/t_test.cpp:2:\n"
      "/usr/include/c++/12/bits/unique_ptr.h: In instantiation of 'std::make_unique(_Args&& ...) [with _Tp = A]':\n"
      "/w/t_test.cpp:8:38:   required from here\n"
      "/usr/include/c++/12/bits/unique_ptr.h:1065:30: error: invalid new-expression of abstract class type 'A'\n"
      " 1065 |     { return unique_ptr<_Tp>(new _Tp(std::forward<_Args>(__args)...)); }\n"
      "/w/t_test.cpp:3:8: note:   because the following virtual functions are pure within 'A':\n"
      "/usr/include/gtest/gtest.h: In instantiation of 'testing::internal::CmpHelperEQ(...) [with T1 = N]':\n"
      "/usr/include/gtest/gtest.h:1377:23:   required from 'static testing::AssertionResult Compare(...)'\n"
      "/w/t_test.cpp:12:3:   required from here\n"
      "/usr/include/gtest/gtest.h:1358:11: error: no match for 'operator==' (operand types are 'const N' and 'const "
      "N')\n"
      "/usr/include/gtest/gtest.h:1350:13: note: candidate: 'bool operator==(faketype, faketype)'\n";
  expect_errors(out, "/w/t_test.cpp",
                {{.line = 8, .message_part = "unique_ptr.h:1065: invalid new-expression"},
                 {.line = 12, .message_part = "gtest.h:1358: no match for 'operator=='"}});
}

TEST(AttributeErrors, ClangInstantiationNotesAfterTheError) {
  const std::string out =
      "/usr/include/gtest/gtest.h:1358:11: error: invalid operands to binary expression ('const N' and 'const N')\n"
      "/usr/include/gtest/gtest.h:1377:12: note: in instantiation of function template specialization "
      "'testing::internal::CmpHelperEQ<N, N>' requested here\n"
      "t_test.cpp:12:3: note: in instantiation of function template specialization 'Compare<N, N>' requested here\n"
      "1 error generated.\n";
  expect_errors(out, "/w/gen/t_test.cpp", {{.line = 12}});
}

TEST(AttributeErrors, ErrorInAHeaderIsOnItsIncludeLine) {
  const std::string out =
      "In file included from /w/t_test.cpp:4:\n"
      "/w/include/lib.hpp:3:1: error: 'foo' does not name a type\n";
  expect_errors(out, "/w/t_test.cpp", {{.line = 4}});
}

TEST(AttributeErrors, LinkErrorsUseTheDebugLine) {
  const std::string out =
      "/usr/bin/ld: obj/test/t_test-1234abcd.o: in function `S_d_Test::TestBody()':\n"
      "/w/t_test.cpp:19: undefined reference to `undefined_fn()'\n"
      "/usr/bin/ld: /w/t_test.cpp:21: undefined reference to `other()'\n"
      "/usr/bin/ld: x.o:(.data+0x0): undefined reference to `third'\n"
      "collect2: error: ld returned 1 exit status\n";
  expect_errors(out, "/w/t_test.cpp",
                {{.line = 19, .message = "undefined reference to `undefined_fn()'"}, {.line = 21}, {.line = 0}});
}

TEST(AttributeErrors, WarningsAndOtherFilesAreNotTheSources) {
  const std::string out =
      "/w/t_test.cpp:5:7: warning: unused variable 'x' [-Wunused-variable]\n"
      "/w/other_test.cpp:9:1: error: expected ';'\n"
      "/w/t_test.cpp:7:1: error: expected '}' at end of input\n"
      "/w/t_test.cpp:7:1: error: expected '}' at end of input\n";
  expect_errors(out, "/w/t_test.cpp", {{.line = 0, .message = "/w/other_test.cpp:9: expected ';'"}, {.line = 7}});
}

TEST(AttributeErrors, ColorCodesAreIgnored) {
  const std::string out =
      "\x1b[01m\x1b[K/w/t_test.cpp:9:3:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror: \x1b[m\x1b[K'x' was not declared\n";
  expect_errors(out, "/w/t_test.cpp", {{.line = 9, .message = "'x' was not declared"}});
}

// ---- report.yaml --------------------------------------------------------------------------------

ps::CoverageReport measured(double line, double branch) {
  ps::CoverageReport report;
  report.line_percent = line;
  report.branch_percent = branch;
  return report;
}

TEST(UpdateReportYaml, EditsTwoLinesAndKeepsTheRestAsWritten) {
  ScratchDir dir;
  const std::string before =
      "# palus 0.1.0\n"
      "command: \"palus run --seed 1\"\n"
      "failures:\n"
      "  - {kind: crash, callable: \"a::f()\", test: \"t.cpp:f_1\", message: \"SIGSEGV\"}\n"
      "coverage: ~\n"
      "stages_s: {analyze: 1.2, generate: 60.0}\n"
      "unsupported: []\n";
  palus::testing::write_text(dir.path() / "report.yaml", before);
  ps::update_report_yaml(dir.path() / "report.yaml", measured(87.54, 71.2), 20.53);
  EXPECT_EQ(
      "# palus 0.1.0\n"
      "command: \"palus run --seed 1\"\n"
      "failures:\n"
      "  - {kind: crash, callable: \"a::f()\", test: \"t.cpp:f_1\", message: \"SIGSEGV\"}\n"
      "coverage: {line: 87.5, branch: 71.2, scope: generated-suite}\n"
      "stages_s: {analyze: 1.2, generate: 60.0, report: 20.5}\n"
      "unsupported: []\n",
      palus::testing::read_text(dir.path() / "report.yaml"));
  ps::update_report_yaml(dir.path() / "report.yaml", measured(90, 72), 3);
  EXPECT_TRUE(contains(palus::testing::read_text(dir.path() / "report.yaml"),
                       "coverage: {line: 90.0, branch: 72.0, scope: generated-suite}\n"
                       "stages_s: {analyze: 1.2, generate: 60.0, report: 3.0}\n"));
}

TEST(UpdateReportYaml, BlockStyleAndMissingKeysGoThroughYaml) {
  ScratchDir dir;
  palus::testing::write_text(dir.path() / "report.yaml", "seed: 1\nstages_s:\n  analyze: 1.2\n  generate: 3\n");
  ps::update_report_yaml(dir.path() / "report.yaml", measured(50, 25), 2);
  const YAML::Node node = YAML::LoadFile((dir.path() / "report.yaml").string());
  EXPECT_EQ(1, node["seed"].as<int>());
  EXPECT_DOUBLE_EQ(50.0, node["coverage"]["line"].as<double>());
  EXPECT_DOUBLE_EQ(25.0, node["coverage"]["branch"].as<double>());
  EXPECT_EQ("generated-suite", node["coverage"]["scope"].as<std::string>());
  EXPECT_DOUBLE_EQ(1.2, node["stages_s"]["analyze"].as<double>());
  EXPECT_DOUBLE_EQ(2.0, node["stages_s"]["report"].as<double>());
}

TEST(UpdateReportYaml, NotAMapIsAUserError) {
  ScratchDir dir;
  palus::testing::write_text(dir.path() / "report.yaml", "- a\n- b\n");
  EXPECT_THROW(ps::update_report_yaml(dir.path() / "report.yaml", measured(1, 1), 1), palus::UserError);
}

// ---- the checker ------------------------------------------------------------------------------

/// A test source put together test by test, keeping each test's lines.
struct Source {
  std::string text = "#include <gtest/gtest.h>\n#include <cstdlib>\n#include <fstream>\n#include \"mini.hpp\"\n\n";
  std::vector<ps::TestSpec> tests;

  void add(const std::string& name, const std::string& body, bool expect_failure,
           ps::RunKind expected_kind = ps::RunKind::not_run) {
    ps::TestSpec spec;
    spec.expected_kind = expected_kind;
    spec.name = "Mini." + name;
    spec.first_line = lines() + 1;
    text += "TEST(Mini, " + name + ") {\n" + body + "\n}\n";
    spec.last_line = lines();
    spec.expect_failure = expect_failure;
    tests.push_back(spec);
  }
  unsigned lines() const { return static_cast<unsigned>(std::count(text.begin(), text.end(), '\n')); }
};

/// Builds libsut.a from tests/data/suite/mini.cpp with `flags`, as `palus harness` would.
fs::path build_library(const fs::path& dir, const std::vector<std::string>& flags) {
  fs::create_directories(dir);
  palus::process::ProcessSpec compile;
  compile.exe = palus::harness::compiler();
  compile.args = {"-std=c++17", "-c", (kData / "mini.cpp").string(), "-o", (dir / "mini.o").string()};
  compile.args.insert(compile.args.end(), flags.begin(), flags.end());
  compile.env = palus::process::environment_with({});
  palus::process::ProcessResult compiled = palus::process::run_process(compile);
  EXPECT_EQ(0, compiled.exit_status) << compiled.output;
  palus::process::ProcessSpec archive;
  archive.exe = "ar";
  archive.args = {"crs", (dir / "libsut.a").string(), (dir / "mini.o").string()};
  archive.env = compile.env;
  EXPECT_EQ(0, palus::process::run_process(archive).exit_status);
  return dir / "libsut.a";
}

ps::CheckerOptions options_for(const fs::path& work, const std::vector<std::string>& sanitizers) {
  ps::CheckerOptions options;
  auto instrument = palus::harness::instrumentation_flags(sanitizers);
  options.build.dir = work / "check";
  options.build.library = build_library(work / "lib", [&] {
    auto flags = instrument;
    flags.push_back("--coverage");
    return flags;
  }());
  options.build.test_flags = {"-std=c++17", "-I" + kData.string()};
  options.build.test_flags.insert(options.build.test_flags.end(), instrument.begin(), instrument.end());
  options.build.link_flags = {"--coverage"};
  if (!sanitizers.empty()) options.build.link_flags.push_back(palus::harness::sanitize_flags(sanitizers)[0]);
  options.build.link_flags.insert(options.build.link_flags.end(), {"-lgtest", "-lgtest_main", "-pthread"});
  options.build.precompiled_cache = work / "pch";
  options.scratch = work / "run";
  options.test_timeout = std::chrono::milliseconds(1000);
  options.memory_bytes = 512ull << 20;
  options.sanitized = !sanitizers.empty();
  return options;
}

const ps::TestVerdict& verdict(const ps::CheckResult& result, const std::string& name) {
  for (const auto& v : result.verdicts) {
    if (v.name == name) return v;
  }
  throw std::runtime_error("no verdict for " + name);
}

class Checker : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-suite");
    checker_ = std::make_unique<ps::TestChecker>(options_for(scratch_->path(), {}));
  }
  static void TearDownTestSuite() {
    checker_.reset();
    scratch_.reset();
  }
  static std::unique_ptr<ScratchDir> scratch_;
  static std::unique_ptr<ps::TestChecker> checker_;
};
std::unique_ptr<ScratchDir> Checker::scratch_;
std::unique_ptr<ps::TestChecker> Checker::checker_;

TEST_F(Checker, EveryKindOfOutcome) {
  const fs::path marker = scratch_->path() / "flaky-marker";
  Source source;
  source.add("passes", "  EXPECT_EQ(3, mini::add(1, 2));", false);
  source.add("fails", "  EXPECT_EQ(4, mini::add(1, 2)) << \"one and two\";", true);
  source.add("fails_unexpectedly", "  EXPECT_EQ(5, mini::add(1, 2));", false);
  source.add("crashes", "  *mini::null_pointer() = 1;", true);
  source.add("hangs", "  mini::spin_forever();", true);
  source.add("exits", "  std::exit(3);", true);
  source.add("does_not_compile", "  mini::no_such_function();", false);
  source.add("flaky",
             "  std::ifstream seen(\"" + marker.string() +
                 "\");\n"
                 "  if (!seen) { std::ofstream(\"" +
                 marker.string() + "\") << 1; FAIL() << \"first run\"; }",
             false);
  source.add("no_operator", "  struct NoEq {};\n  EXPECT_EQ(NoEq{}, NoEq{});", false);
  source.add("does_not_link", "  int missing_function();\n  EXPECT_EQ(1, missing_function());", false);
  // Failure tests that must fail as the harness saw them fail.
  source.add("crashes_as_expected", "  *mini::null_pointer() = 1;", true, ps::RunKind::crashed);
  source.add("throws_where_a_crash_was_seen", "  throw 1;", true, ps::RunKind::crashed);
  source.add("fails_as_expected", "  EXPECT_EQ(4, mini::add(1, 2));", true, ps::RunKind::failed);

  const ps::CheckResult result = checker_->check("Mini_test.cpp", source.text, source.tests);
  ASSERT_EQ(source.tests.size(), result.verdicts.size());
  EXPECT_EQ(3, result.compile_attempts) << "compile errors first, then the link error";
  EXPECT_TRUE(result.file_errors.empty());

  const auto& passes = verdict(result, "Mini.passes");
  EXPECT_TRUE(passes.compiled && passes.stable && passes.as_expected);
  EXPECT_EQ(ps::RunKind::passed, passes.runs[0].kind);

  const auto& fails = verdict(result, "Mini.fails");
  EXPECT_TRUE(fails.stable && fails.as_expected);
  EXPECT_EQ(ps::RunKind::failed, fails.runs[1].kind);
  EXPECT_TRUE(contains(fails.runs[0].message, "one and two"));

  const auto& unexpected = verdict(result, "Mini.fails_unexpectedly");
  EXPECT_TRUE(unexpected.stable);
  EXPECT_FALSE(unexpected.as_expected);

  const auto& crashes = verdict(result, "Mini.crashes");
  EXPECT_TRUE(crashes.stable && crashes.as_expected);
  EXPECT_EQ(ps::RunKind::crashed, crashes.runs[0].kind);
  EXPECT_EQ("SIGSEGV", crashes.runs[0].message);

  const auto& hangs = verdict(result, "Mini.hangs");
  EXPECT_TRUE(hangs.stable && hangs.as_expected);
  EXPECT_EQ(ps::RunKind::timed_out, hangs.runs[0].kind);

  const auto& exits = verdict(result, "Mini.exits");
  EXPECT_TRUE(exits.stable && exits.as_expected);
  EXPECT_EQ(ps::RunKind::exited, exits.runs[0].kind);
  EXPECT_EQ(3, exits.runs[0].exit_status);

  const auto& flaky = verdict(result, "Mini.flaky");
  EXPECT_TRUE(flaky.compiled);
  EXPECT_EQ(ps::RunKind::failed, flaky.runs[0].kind);
  EXPECT_EQ(ps::RunKind::passed, flaky.runs[1].kind);
  EXPECT_FALSE(flaky.stable);
  EXPECT_FALSE(flaky.as_expected);

  EXPECT_TRUE(verdict(result, "Mini.crashes_as_expected").as_expected);
  EXPECT_TRUE(verdict(result, "Mini.fails_as_expected").as_expected);
  const auto& other_failure = verdict(result, "Mini.throws_where_a_crash_was_seen");
  EXPECT_TRUE(other_failure.stable);
  EXPECT_EQ(ps::RunKind::failed, other_failure.runs[0].kind);
  EXPECT_FALSE(other_failure.as_expected) << "it fails, but not as the failure it names";

  for (const char* name : {"Mini.does_not_compile", "Mini.no_operator", "Mini.does_not_link"}) {
    const auto& v = verdict(result, name);
    EXPECT_FALSE(v.compiled) << name;
    EXPECT_FALSE(v.as_expected) << name;
    ASSERT_FALSE(v.errors.empty()) << name;
  }
  EXPECT_TRUE(contains(verdict(result, "Mini.does_not_compile").errors[0].message, "no_such_function"));
  EXPECT_TRUE(contains(verdict(result, "Mini.no_operator").errors[0].message, "operator=="));
  EXPECT_TRUE(contains(verdict(result, "Mini.does_not_link").errors[0].message, "undefined reference"));
}

TEST_F(Checker, ASuspectHangRunsOnce) {
  // A hang palus doubts is a suspect whether it hangs or is only slow: one run, not two.
  const fs::path marker = scratch_->path() / "suspect-hang-runs";
  Source source;
  source.add("hangs_suspect",
             "  std::ofstream(\"" + marker.string() + "\", std::ios::app) << \"run\\n\";\n  mini::spin_forever();",
             true);
  source.tests.back().expect_hang = true;
  source.tests.back().suspect_hang = true;
  const ps::CheckResult result = checker_->check("Mini_suspect_test.cpp", source.text, source.tests);
  const auto& hangs = verdict(result, "Mini.hangs_suspect");
  EXPECT_TRUE(hangs.stable && hangs.as_expected);
  EXPECT_EQ(ps::RunKind::timed_out, hangs.runs[0].kind);
  std::ifstream runs(marker);
  std::string line;
  int count = 0;
  while (std::getline(runs, line)) ++count;
  EXPECT_EQ(count, 1);
}

TEST_F(Checker, AProcessThatDiesIsRerunOneTestAtATime) {
  Source source;
  source.add("first", "  EXPECT_EQ(2, mini::add(1, 1));", false);
  source.add("crashes", "  *mini::null_pointer() = 1;", false);
  source.add("last", "  EXPECT_EQ(3, mini::add(1, 2));", false);
  const ps::CheckResult result = checker_->check("Dies_test.cpp", source.text, source.tests);
  EXPECT_TRUE(verdict(result, "Mini.first").as_expected);
  EXPECT_TRUE(verdict(result, "Mini.last").as_expected);
  const auto& crashes = verdict(result, "Mini.crashes");
  EXPECT_TRUE(crashes.stable);
  EXPECT_FALSE(crashes.as_expected);
  EXPECT_EQ(ps::RunKind::crashed, crashes.runs[1].kind);
}

TEST_F(Checker, ATestBrokenByADroppedOneIsKept) {
  Source source;
  source.text += "static int poison = 0;\n";
  source.add("poisons", "  poison = 1;\n  FAIL() << \"broken on its own\";", false);
  source.add("poisoned", "  EXPECT_EQ(0, poison);", false);
  source.add("fine", "  EXPECT_EQ(3, mini::add(1, 2));", false);
  const ps::CheckResult result = checker_->check("Poison_test.cpp", source.text, source.tests);
  EXPECT_FALSE(verdict(result, "Mini.poisons").as_expected);
  const auto& poisoned = verdict(result, "Mini.poisoned");
  EXPECT_TRUE(poisoned.as_expected) << "it holds once the test that broke it is left out";
  EXPECT_EQ(ps::RunKind::passed, poisoned.runs[0].kind);
  EXPECT_TRUE(verdict(result, "Mini.fine").as_expected);
}

TEST_F(Checker, AnErrorOutsideTheTestsFailsTheFile) {
  Source source;
  source.text = "#include \"no_such_header.hpp\"\n" + source.text;
  source.add("passes", "  EXPECT_EQ(3, mini::add(1, 2));", false);
  const ps::CheckResult result = checker_->check("Broken_test.cpp", source.text, source.tests);
  ASSERT_EQ(1u, result.file_errors.size());
  EXPECT_EQ(1u, result.file_errors[0].line);
  EXPECT_TRUE(contains(result.file_errors[0].message, "no_such_header.hpp"));
  EXPECT_FALSE(result.verdicts[0].compiled);
  EXPECT_FALSE(result.verdicts[0].errors.empty());
}

TEST(CheckerSanitized, ReportsTheSanitizerKind) {
  ScratchDir scratch("palus-suite-asan");
  ps::TestChecker checker(options_for(scratch.path(), {"address", "undefined"}));
  Source source;
  source.add("use_after_free", "  EXPECT_EQ(7, mini::read_after_free());", true);
  source.add("passes", "  EXPECT_EQ(3, mini::add(1, 2));", false);
  const ps::CheckResult result = checker.check("Asan_test.cpp", source.text, source.tests);
  const auto& uaf = verdict(result, "Mini.use_after_free");
  EXPECT_TRUE(uaf.stable && uaf.as_expected);
  EXPECT_EQ(ps::RunKind::crashed, uaf.runs[0].kind);
  EXPECT_EQ("heap-use-after-free", uaf.runs[0].sanitizer_kind);
  EXPECT_TRUE(verdict(result, "Mini.passes").as_expected);
}

/// Settings that compile tests/data/suite/mini.cpp (or `library_source`) into the build, as `palus report` does.
ps::TestBuildSettings library_build_settings(const fs::path& dir, const fs::path& library_source) {
  ps::TestBuildSettings settings;
  settings.dir = dir;
  settings.library = "libsut.a";
  settings.library_build = ps::LibraryBuild{{library_source}, [](const fs::path&) {
                                              return std::vector<std::string>{"-std=c++17", "-O0", "--coverage"};
                                            }};
  settings.test_flags = {"-std=c++17", "-O0", "-I" + kData.string()};
  settings.link_flags = {"--coverage", "-lgtest", "-lgtest_main", "-pthread"};
  settings.jobs = 2;
  return settings;
}

TEST(BuildTests, OneBrokenFileDoesNotStopTheOthers) {
  ScratchDir dir;
  palus::testing::write_text(
      dir.path() / "Good_test.cpp",
      "#include <gtest/gtest.h>\n#include \"mini.hpp\"\nTEST(G, a) { EXPECT_EQ(2, mini::add(1, 1)); }\n");
  palus::testing::write_text(dir.path() / "Bad_test.cpp", "#include <gtest/gtest.h>\n\nTEST(B, a) { undeclared(); }\n");
  const auto built = ps::build_tests(library_build_settings(dir.path() / "build", kData / "mini.cpp"),
                                     {dir.path() / "Good_test.cpp", dir.path() / "Bad_test.cpp"});
  ASSERT_EQ(2u, built.size());
  EXPECT_TRUE(built[0].ok) << built[0].output;
  EXPECT_TRUE(fs::exists(built[0].executable));
  EXPECT_FALSE(built[1].ok);
  ASSERT_EQ(1u, built[1].errors.size()) << built[1].output;
  EXPECT_EQ(3u, built[1].errors[0].line);
  EXPECT_TRUE(contains(built[1].errors[0].message, "undeclared"));
}

TEST(BuildTests, TheOpeningGoogleTestIncludeIsPrecompiledOnceAndLinesKeepTheirNumbers) {
  ScratchDir dir;
  ps::TestBuildSettings settings = library_build_settings(dir.path() / "build", kData / "mini.cpp");
  settings.precompiled_cache = dir.path() / "pch";
  const std::string text =
      "// Generated.\n\n#include <gtest/gtest.h>\n#include \"mini.hpp\"\nTEST(G, a) { EXPECT_EQ(2, mini::add(1, 1)); "
      "}\n";
  const std::string rewritten = ps::precompile_opening_include(settings, text);
  EXPECT_EQ("// Generated.\n\n\n#include \"mini.hpp\"\nTEST(G, a) { EXPECT_EQ(2, mini::add(1, 1)); }\n", rewritten);
  ASSERT_FALSE(settings.precompiled_header.empty());
  EXPECT_EQ("#include <gtest/gtest.h>\n", palus::testing::read_text(settings.precompiled_header));
  palus::testing::write_text(dir.path() / "Good_test.cpp", rewritten);
  palus::testing::write_text(
      dir.path() / "Bad_test.cpp",
      ps::precompile_opening_include(settings, "#include <gtest/gtest.h>\n\nTEST(B, a) { undeclared(); }\n"));
  const auto built = ps::build_tests(settings, {dir.path() / "Good_test.cpp", dir.path() / "Bad_test.cpp"});
  ASSERT_EQ(2u, built.size());
  EXPECT_TRUE(built[0].ok) << built[0].output;
  EXPECT_GT(fs::file_size(settings.precompiled_header.string() + ".gch"), 0u) << "precompiled";
  EXPECT_FALSE(built[1].ok);
  ASSERT_EQ(1u, built[1].errors.size()) << built[1].output;
  EXPECT_EQ(3u, built[1].errors[0].line);

  // Other flags, another header; a source that opens otherwise is left as it is.
  ps::TestBuildSettings other = settings;
  other.test_flags.push_back("-DOTHER");
  ps::precompile_opening_include(other, text);
  EXPECT_NE(settings.precompiled_header, other.precompiled_header);
  ps::TestBuildSettings untouched = library_build_settings(dir.path() / "build", kData / "mini.cpp");
  untouched.precompiled_cache = settings.precompiled_cache;
  const std::string late = "#include <vector>\n#include <gtest/gtest.h>\n";
  EXPECT_EQ(late, ps::precompile_opening_include(untouched, late));
  EXPECT_EQ(late + "x", ps::precompile_opening_include(untouched, late + "x"));
  EXPECT_EQ("#include <gtest/gtest.h> // x\n",
            ps::precompile_opening_include(untouched, "#include <gtest/gtest.h> // x\n"));
  EXPECT_TRUE(untouched.precompiled_header.empty());
  untouched.precompiled_cache.clear();
  EXPECT_EQ(text, ps::precompile_opening_include(untouched, text)) << "no cache folder";
  EXPECT_TRUE(untouched.precompiled_header.empty());
}

TEST(BuildTests, ALibraryThatDoesNotCompileIsAUserError) {
  ScratchDir dir;
  palus::testing::write_text(dir.path() / "lib/broken.cpp", "int f() {\n  return missing;\n}\n");
  palus::testing::write_text(dir.path() / "A_test.cpp", "#include <gtest/gtest.h>\nTEST(A, a) {}\n");
  try {
    ps::build_tests(library_build_settings(dir.path() / "build", dir.path() / "lib/broken.cpp"),
                    {dir.path() / "A_test.cpp"});
    FAIL() << "no error";
  } catch (const palus::UserError& e) {
    EXPECT_TRUE(palus::testing::starts_with(e.what(), (dir.path() / "lib/broken.cpp").string() + ":2: "));
    EXPECT_TRUE(contains(e.what(), "'missing' was not declared"));
  }
}

TEST(CheckBuildSettings, UseTheHarnessVariantsLibrary) {
  palus::Config config;
  config.project.flags = {"-std=c++17", "-Iinclude"};
  config.project.link = {"-lm"};
  const ps::TestBuildSettings s = ps::check_build_settings(config, "/w/.palus", {"address", "undefined"});
  EXPECT_EQ(fs::path("/w/.palus/check/address+undefined"), s.dir);
  EXPECT_EQ(fs::path("/w/.palus/harness/address+undefined/libsut.a"), s.library);
  EXPECT_EQ("-std=c++17", s.test_flags.at(0));
  EXPECT_NE(s.test_flags.end(), std::find(s.test_flags.begin(), s.test_flags.end(), "-fsanitize=address,undefined"));
  EXPECT_NE(s.test_flags.end(), std::find(s.test_flags.begin(), s.test_flags.end(), "-Wno-error"));
  EXPECT_NE(s.test_flags.end(),
            std::find(s.test_flags.begin(), s.test_flags.end(), "-fno-sanitize-address-use-after-scope"));
  // Files of passing tests only: the library keeps UBSan, the tests' own code does without.
  EXPECT_NE(s.passing_test_flags.end(),
            std::find(s.passing_test_flags.begin(), s.passing_test_flags.end(), "-fsanitize=address"));
  EXPECT_EQ(s.passing_test_flags.end(),
            std::find(s.passing_test_flags.begin(), s.passing_test_flags.end(), "-fsanitize=address,undefined"));
  EXPECT_TRUE(ps::check_build_settings(config, "/w/.palus", {"address"}).passing_test_flags.empty());
  // The sandboxed main palus links in place of gtest_main (from the runtime cache, a link input
  // beside the library), so checks run confined like the harness.
  const std::vector<std::string> link{"-lm",     "--coverage", "-fsanitize=address,undefined",
                                      "-lgtest", "-lseccomp",  "-pthread"};
  EXPECT_EQ(link, s.link_flags);
  EXPECT_EQ(palus::harness::runtime_root(), s.check_main_runtime);
}

// ---- tests checked as users build them, and the coverage they record ------------------------

palus::Config mini_config(const fs::path& dir) {
  palus::Config config;
  config.dir = dir;
  config.project.flags = {"-std=c++17", "-I" + kData.string()};
  config.project.sources = {kData / "mini.cpp"};
  config.project.headers = {kData / "mini.hpp"};
  config.output.dir = dir / "generated";
  return config;
}

TEST(TestCoverageFlags, GccInstrumentsOnlyTheLibrarysFiles) {
  const palus::Config config = mini_config("/w");
  const std::vector<std::string> flags = ps::test_coverage_flags(config);
  ASSERT_FALSE(flags.empty());
  EXPECT_EQ("--coverage", flags.front());
  if (palus::harness::compiler().find("clang") != std::string::npos) GTEST_SKIP() << "GCC's flag only";
  ASSERT_EQ(2u, flags.size());
  // The sources' folder and the header itself, dots escaped for the regex.
  const std::string folder = ps::folder_filter(kData);
  EXPECT_TRUE(contains(flags[1], "-fprofile-filter-files=")) << flags[1];
  EXPECT_TRUE(contains(flags[1], folder)) << flags[1];
  EXPECT_TRUE(contains(flags[1], folder + "mini\\.hpp$")) << flags[1];
}

TEST(PlainCheck, PassingTestsAreBuiltWithoutSanitizersAndRecordTheirCoverage) {
  ScratchDir dir("palus-plain-check");
  const palus::Config config = mini_config(dir.path());
  auto library = std::make_shared<ps::CoverageLibrary>(config, ps::checked_coverage_dir(dir.path()) / "lib", 0);
  ps::CheckerOptions options =
      ps::checker_options(config, dir.path(), {"address"}, library, ps::checked_coverage_dir(dir.path()) / "tests-1");
  options.test_timeout = std::chrono::milliseconds(2000);
  options.record_coverage = true;
  ps::TestChecker checker(options);

  Source source;
  source.add("Adds", "EXPECT_EQ(5, mini::add(2, 3));", false);
  source.add("Fails", "EXPECT_EQ(6, mini::add(2, 3));", false);
  const ps::CheckResult result = checker.check("mini_test.cpp", source.text, source.tests);
  EXPECT_TRUE(verdict(result, "Mini.Adds").as_expected);
  EXPECT_FALSE(verdict(result, "Mini.Fails").as_expected);
  ASSERT_TRUE(library->archive()) << library->error();
  // Built in the plain folder under a name of its own, against the coverage library.
  EXPECT_TRUE(fs::exists(ps::checked_coverage_dir(dir.path()) / "tests-1/src/mini_test_1.cpp"));
  const std::string ninja = palus::testing::read_text(ps::checked_coverage_dir(dir.path()) / "tests-1/build.ninja");
  EXPECT_FALSE(contains(ninja, "-fsanitize")) << ninja;
  EXPECT_TRUE(contains(ninja, (ps::checked_coverage_dir(dir.path()) / "lib/libsut.a").string())) << ninja;

  // The test that held ran once more for the coverage: mini::add's lines, not the functions no
  // test called.
  const ps::CoverageReport coverage = ps::checked_coverage_report(config, dir.path());
  EXPECT_GT(coverage.line_covered, 0) << coverage.json;
  EXPECT_LT(coverage.line_covered, coverage.line_total);
}

}  // namespace
