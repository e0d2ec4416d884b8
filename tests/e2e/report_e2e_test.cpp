// End to end: `palus report` on a copy of samples/tinysql with a small hand-written "generated"
// folder: the library built with coverage, regression and failure files run, gcovr's summary,
// report.yaml updated in place; what keeps branches uncovered (Covana) and `palus explain`; and
// the clear errors when there is nothing to report on.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <memory>
#include <string>

#include "run_palus.hpp"

namespace fs = std::filesystem;

namespace palus::testing {
namespace {

constexpr const char* kConfig =
    "project:\n"
    "  flags: [-std=c++17, -Iinclude]\n"
    "  sources: [src/*.cpp]\n"
    "  headers: [include/tinysql/*.hpp]\n"
    "output:\n"
    "  dir: generated\n"
    "sandbox:\n"
    "  call_timeout: 1s\n"
    "  sanitizers: []\n";

constexpr const char* kRegression = R"cpp(// Written by hand for the report test, as palus would write it.
#include <gtest/gtest.h>
#include <memory>
#include "tinysql/tinysql.hpp"

                                          TEST(Connection, createStatement_1) {
                                            tinysql::Driver driver;
                                            std::unique_ptr<tinysql::Connection> connection = driver.connect(
                                                "tinysql:"
                                                "db",
                                                tinysql::Properties());
                                            ASSERT_NE(nullptr, connection);
                                            std::unique_ptr<tinysql::Statement> statement = connection->createStatement();
                                            EXPECT_EQ(0, statement->executeUpdate("CREATE TABLE t (id INT, name "
                                                                                  "TEXT)"));
                                            EXPECT_EQ(2, statement->executeUpdate("INSERT INTO t VALUES (1, 'a'), (2, "
                                                                                  "'b')"));
                                            EXPECT_TRUE(connection->hasTable("t"));
                                          }

                                          TEST(Connection, name_2) {
                                            tinysql::Driver driver;
                                            EXPECT_FALSE(driver.acceptsURL("jdbc:other"));
                                          }
)cpp";

constexpr const char* kFailure = R"cpp(// Written by hand for the report test: failure-revealing tests.
#include <gtest/gtest.h>
#include <cstdlib>
#include "tinysql/tinysql.hpp"

                                       TEST(Connection, aborts_1) {
                                         tinysql::Driver driver;
                                         EXPECT_TRUE(driver.acceptsURL("tinysql:db"));
                                         std::abort();
                                       }

                                       TEST(Connection, fails_2) { EXPECT_EQ(1, 2); }
)cpp";

constexpr const char* kReportYaml =
    "palus_version: 0.1.0\n"
    "command: \"palus generate --seed 1\"\n"
    "seed: 1\n"
    "tests: {regression: 2, failure: 2, dropped_uncompilable: 0, dropped_flaky: 0}\n"
    "failures:\n"
    "  - {kind: crash, callable: \"tinysql::Connection::close()\", test: "
    "\"generated/Connection_failure_test.cpp:close_1\", "
    "message: \"SIGSEGV\"}\n"
    "coverage: ~\n"
    "stages_s: {analyze: 1.2, harness: 14.0, generate: 60.0}\n";

class Report : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::make_unique<ScratchDir>("palus-report");
    const fs::path sample = source_root() / "samples/tinysql";
    fs::copy(sample / "include", dir_->path() / "include", fs::copy_options::recursive);
    fs::copy(sample / "src", dir_->path() / "src", fs::copy_options::recursive);
    write_text(dir_->path() / "palus.yaml", kConfig);
  }
  std::string args() const { return "report -c palus.yaml -w work"; }
  const fs::path& dir() const { return dir_->path(); }

 private:
  std::unique_ptr<ScratchDir> dir_;
};

TEST_F(Report, BuildsRunsAndMeasuresTheGeneratedSuite) {
  write_text(dir() / "generated/Connection_test.cpp", kRegression);
  write_text(dir() / "generated/Connection_failure_test.cpp", kFailure);
  write_text(dir() / "generated/report.yaml", kReportYaml);

  const auto outcome = run_palus(args(), dir());
  ASSERT_EQ(0, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "regression       1      1      2       2       0")) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "failure          1      1      2       0       2")) << outcome.output;

  const fs::path json = dir() / "work/report/coverage.json";
  ASSERT_TRUE(fs::exists(json)) << outcome.output;
  EXPECT_TRUE(fs::exists(dir() / "work/report/coverage/index.html"));
  const YAML::Node summary = YAML::LoadFile(json.string());
  EXPECT_GT(summary["line_percent"].as<double>(), 0.0);
  EXPECT_GT(summary["line_total"].as<long>(), 500) << "every library source counts, run or not";
  for (const auto& file : summary["files"]) {
    const std::string name = file["filename"].as<std::string>();
    EXPECT_TRUE(name.rfind("src/", 0) == 0 || name.rfind("include/", 0) == 0) << name;
  }

  const std::string yaml = read_text(dir() / "generated/report.yaml");
  const YAML::Node report = YAML::Load(yaml);
  EXPECT_GT(report["coverage"]["line"].as<double>(), 0.0) << yaml;
  EXPECT_EQ("generated-suite", report["coverage"]["scope"].as<std::string>());
  EXPECT_GT(report["stages_s"]["report"].as<double>(), 0.0) << yaml;
  EXPECT_TRUE(contains(yaml, "stages_s: {analyze: 1.2, harness: 14.0, generate: 60.0, report: ")) << yaml;
  EXPECT_TRUE(contains(yaml, "command: \"palus generate --seed 1\"\n")) << "other lines stay as written: " << yaml;
  EXPECT_TRUE(contains(yaml, "message: \"SIGSEGV\"}\n")) << yaml;

  // A second report starts from fresh coverage data and rebuilds nothing.
  const auto again = run_palus(args(), dir());
  ASSERT_EQ(0, again.status) << again.output;
  EXPECT_DOUBLE_EQ(summary["line_percent"].as<double>(), YAML::LoadFile(json.string())["line_percent"].as<double>());
}

TEST_F(Report, SaysWhatKeepsBranchesUncoveredAndExplainsALine) {
  write_text(dir() / "generated/Connection_test.cpp", kRegression);
  write_text(dir() / "generated/report.yaml", kReportYaml);
  auto outcome = run_palus("explain -c palus.yaml -w work src/properties.cpp:74", dir());
  EXPECT_EQ(2, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "run 'palus report'")) << outcome.output;
  ASSERT_EQ(0, run_palus("analyze -c palus.yaml -w work", dir()).status);
  for (int round = 0; round < 2; ++round) {
    outcome = run_palus(args(), dir());
    ASSERT_EQ(0, outcome.status) << outcome.output;
  }
  EXPECT_TRUE(contains(outcome.output, "what keeps branches uncovered")) << outcome.output;

  const std::string yaml = read_text(dir() / "generated/report.yaml");
  EXPECT_EQ(yaml.find("\nuncovered:"), yaml.rfind("\nuncovered:")) << "one key after two reports: " << yaml;
  const YAML::Node uncovered = YAML::Load(yaml)["uncovered"];
  ASSERT_TRUE(uncovered.IsSequence()) << yaml;
  ASSERT_GE(uncovered.size(), 5u) << yaml;
  int previous = 1 << 30;
  bool properties = false;
  for (const auto& problem : uncovered) {
    const std::string file = problem["file"].as<std::string>();
    EXPECT_TRUE(file.rfind("src/", 0) == 0 || file.rfind("include/", 0) == 0) << file;
    const std::string category = problem["category"].as<std::string>();
    EXPECT_TRUE(category == "object-creation" || category == "external-call" || category == "input-value" ||
                category == "unreached-callable" || category == "other")
        << category;
    const int blocked = problem["blocked_lines"].as<int>();
    EXPECT_LE(blocked, previous) << "ranked by the lines blocked";
    previous = blocked;
    EXPECT_FALSE(problem["cause"].as<std::string>().empty());
    EXPECT_FALSE(problem["suggestion"].as<std::string>().empty());
    // The suite never fills a Properties: Properties::find's loop is never entered, and only
    // set() and remove() write what it reads.
    if (problem["subject"].as<std::string>() == "tinysql::Properties::entries_") {
      properties = true;
      EXPECT_EQ(category, "unreached-callable");
      EXPECT_TRUE(contains(problem["cause"].as<std::string>(), "tinysql::Properties::set")) << problem["cause"];
    }
  }
  EXPECT_TRUE(properties) << yaml;
  EXPECT_TRUE(contains(read_text(dir() / "work/report/coverage/uncovered.html"), "tinysql::Properties::entries_"));
  EXPECT_TRUE(contains(read_text(dir() / "work/report/coverage/index.html"), "<a href=\"uncovered.html\">"));

  outcome = run_palus("explain -c palus.yaml -w work src/properties.cpp:74", dir());
  ASSERT_EQ(0, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "src/properties.cpp:74: a branch here was never taken")) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "unreached-callable (tinysql::Properties::entries_)")) << outcome.output;
  outcome = run_palus("explain -c palus.yaml -w work src/properties.cpp", dir());
  EXPECT_EQ(2, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "expected FILE:LINE")) << outcome.output;
}

TEST_F(Report, AFileThatDoesNotCompileIsReportedTheOthersRunAndTheStatusIs4) {
  write_text(dir() / "generated/Connection_test.cpp", kRegression);
  write_text(dir() / "generated/Broken_test.cpp", "#include <gtest/gtest.h>\nTEST(Broken, a) { undeclared(); }\n");
  const auto outcome = run_palus(args(), dir());
  EXPECT_EQ(4, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "regression       2      1      2       2       0")) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "not built: generated/Broken_test.cpp:2: ")) << outcome.output;
  EXPECT_TRUE(
      contains(outcome.output, "the written suite is broken: 1 test files do not build, 0 regression tests fail"))
      << outcome.output;
}

TEST_F(Report, AFailingRegressionTestIsStatus4) {
  write_text(dir() / "generated/Connection_test.cpp", kRegression);
  write_text(dir() / "generated/Wrong_regression_test.cpp",
             "#include <gtest/gtest.h>\nTEST(Wrong, a) { EXPECT_EQ(1, 2); }\n");
  const auto outcome = run_palus(args(), dir());
  EXPECT_EQ(4, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "0 test files do not build, 1 regression tests fail")) << outcome.output;
}

TEST_F(Report, NoOutputFolderOrNoTestsIsExit2) {
  auto outcome = run_palus(args(), dir());
  EXPECT_EQ(2, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "generated: no such folder")) << outcome.output;
  fs::create_directories(dir() / "generated");
  outcome = run_palus(args(), dir());
  EXPECT_EQ(2, outcome.status) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, "no generated tests")) << outcome.output;
}

}  // namespace
}  // namespace palus::testing
