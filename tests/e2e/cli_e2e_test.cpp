// The `palus` command line: exit statuses, config errors as `palus.yaml:LINE: ...`, `palus run`
// on the bundled sample, `palus init` then `palus analyze`.

#include <gtest/gtest.h>

#include <regex>

#include "run_palus.hpp"

namespace palus::testing {
namespace {

struct BadConfig {
  const char* name;
  const char* yaml;
  int line;
  const char* says;
};

class ConfigErrors : public ::testing::TestWithParam<BadConfig> {};

TEST_P(ConfigErrors, Exit2WithOneMessageNamingTheFileAndLine) {
  ScratchDir dir;
  write_text(dir.path() / "include/lib.hpp", "namespace lib { struct A { int f() const { return 1; } }; }\n");
  write_text(dir.path() / "src/lib.cpp", "#include \"lib.hpp\"\n");
  write_text(dir.path() / "palus.yaml", GetParam().yaml);
  const auto outcome = run_palus("analyze", dir.path());
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  const std::string prefix = "palus.yaml:" + std::to_string(GetParam().line) + ": ";
  EXPECT_EQ(outcome.output.rfind(prefix, 0), 0u) << outcome.output;
  EXPECT_NE(outcome.output.find(GetParam().says), std::string::npos) << outcome.output;
  EXPECT_EQ(std::count(outcome.output.begin(), outcome.output.end(), '\n'), 1) << "one message: " << outcome.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / ".palus/api.yaml"));
}

constexpr const char* kHead = "project:\n  flags: [-std=c++17, -Iinclude]\n  headers: [include/*.hpp]\n";

INSTANTIATE_TEST_SUITE_P(
    EachKind, ConfigErrors,
    ::testing::Values(
        BadConfig{"unknown_key", "project:\n  flags: [-std=c++17]\n  headers: [include/*.hpp]\n  sorces: [src/*.cpp]\n",
                  4, "did you mean 'sources'"},
        BadConfig{"wrong_type", "project:\n  flags: -std=c++17\n  headers: [include/*.hpp]\n", 2, "flags"},
        BadConfig{"missing_file", "project:\n  headers: [include/*.hpp]\n  compile_commands: build/none.json\n", 3,
                  "none.json"},
        BadConfig{"glob_matches_nothing", "project:\n  headers: [include/*.hpp]\n  sources: [lib/*.cc]\n", 3,
                  "lib/*.cc"},
        BadConfig{"bad_duration", "project:\n  headers: [include/*.hpp]\ngenerate:\n  time_limit: 60 seconds\n", 4,
                  "duration"},
        BadConfig{"bad_size", "project:\n  headers: [include/*.hpp]\nsandbox:\n  memory: lots\n", 4, "size"},
        BadConfig{"bad_mode", "project:\n  headers: [include/*.hpp]\ngenerate:\n  mode: smart\n", 4, "smart"},
        BadConfig{"bad_regex", "project:\n  headers: [include/*.hpp]\ntargets:\n  include: [\"lib::(\"]\n", 4,
                  "regular expression"},
        BadConfig{"yaml_syntax", "project:\n  headers: [include/*.hpp\n", 3, ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Cli, MissingConfigIsExit2AndSuggestsInit) {
  ScratchDir dir;
  expect_usage_error(run_palus("analyze", dir.path()), {"palus.yaml", "palus init"});
}

TEST(Cli, EverySubcommandHasHelp) {
  for (const char* sub : {"run", "analyze", "trace", "model", "harness", "generate", "report", "init"}) {
    const auto outcome = run_palus(std::string(sub) + " --help");
    EXPECT_EQ(outcome.status, 0) << sub;
    EXPECT_NE(outcome.output.find("--config"), std::string::npos) << sub << ": " << outcome.output;
  }
}

TEST(Cli, UnknownOptionIsExit2) {
  EXPECT_EQ(run_palus("analyze --no-such-flag").status, 2);
  EXPECT_EQ(run_palus("").status, 2);
}

/// samples/tinysql's palus.yaml.
std::filesystem::path tinysql_config() { return source_root() / "samples/tinysql/palus.yaml"; }

TEST(Cli, HarnessWithoutAnalysisSaysWhatToRunFirst) {
  ScratchDir work;
  expect_usage_error(run_palus("harness " + config_options(tinysql_config(), work.path())),
                     {"api.yaml: not found (run 'palus analyze' first)"});
}

TEST(Cli, HarnessRejectsAnUnknownSanitizer) {
  expect_usage_error(run_palus("harness --sanitizers adress " + config_options(tinysql_config())),
                     {"unknown sanitizer 'adress'"});
  expect_usage_error(run_palus("harness --sanitizers thread,address " + config_options(tinysql_config())),
                     {"--sanitizers: thread cannot be combined with address"});
}

TEST(Cli, RunRejectsABadModeOverride) {
  expect_usage_error(run_palus("run --mode clever " + config_options(tinysql_config())), {"--mode"});
}

TEST(Cli, InitFromACompileDatabaseThenAnalyze) {
  ScratchDir dir;
  write_text(dir.path() / "include/shapes/shape.hpp",
             "#pragma once\nnamespace shapes { class Circle { public: explicit Circle(double r); double area() const; "
             "private: double r_; }; }\n");
  write_text(dir.path() / "src/shape.cpp",
             "#include \"shapes/shape.hpp\"\nnamespace shapes { Circle::Circle(double r) : r_(r) {} double "
             "Circle::area() const { return 3.14159 * r_ * r_; } }\n");
  write_text(dir.path() / "build/compile_commands.json",
             "[{\"directory\": \"" + (dir.path() / "build").string() +
                 "\", \"command\": \"c++ -std=c++17 -I../include -o shape.o -c ../src/shape.cpp\", \"file\": "
                 "\"../src/shape.cpp\"}]\n");
  const auto init = run_palus("init", dir.path());
  ASSERT_EQ(init.status, 0) << init.output;
  ASSERT_TRUE(std::filesystem::exists(dir.path() / "palus.yaml"));
  EXPECT_EQ(run_palus("init", dir.path()).status, 2) << "init must not overwrite palus.yaml";
  const auto analyze = run_palus("analyze", dir.path());
  ASSERT_EQ(analyze.status, 0) << analyze.output << "\n" << read_text(dir.path() / "palus.yaml");
  const std::string api = read_text(dir.path() / ".palus/api.yaml");
  EXPECT_NE(api.find("shapes::Circle::area() const"), std::string::npos);
  EXPECT_NE(api.find("literals: [{floating: \"3.14159\"}]"), std::string::npos) << api;
}

}  // namespace
}  // namespace palus::testing
