// `palus analyze` end to end: on the tinysql sample and on a real library from Debian (cxxopts).

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "run_palus.hpp"

namespace palus::testing {
namespace {

std::set<std::string> class_names(const YAML::Node& api) {
  std::set<std::string> names;
  for (const auto& c : api["classes"]) names.insert(c["name"].as<std::string>());
  return names;
}

YAML::Node method(const YAML::Node& api, const std::string& cls, const std::string& name) {
  for (const auto& c : api["classes"]) {
    if (c["name"].as<std::string>() != cls) continue;
    for (const auto& m : c["methods"]) {
      if (m["name"].as<std::string>() == name) return m;
    }
  }
  return YAML::Node();
}

TEST(AnalyzeTinysql, FindsTheDriverChainWithDependencesAndIsDeterministic) {
  ScratchDir work;
  const auto config = source_root() / "samples/tinysql/palus.yaml";
  const auto first = run_palus("analyze " + config_options(config, work.path()));
  ASSERT_EQ(first.status, 0) << first.output;
  const std::string text = read_text(work.path() / "api.yaml");
  const YAML::Node api = YAML::Load(text);
  const auto names = class_names(api);
  for (const char* expected :
       {"tinysql::Driver", "tinysql::Connection", "tinysql::Statement", "tinysql::ResultSet", "tinysql::Properties"}) {
    EXPECT_TRUE(names.contains(expected)) << expected << " missing from api.yaml";
  }
  const YAML::Node execute_query = method(api, "tinysql::Statement", "executeQuery");
  ASSERT_TRUE(execute_query.IsDefined());
  EXPECT_GT(execute_query["reads"].size(), 0u) << "executeQuery reads the statement's state";
  bool close_writes = false;
  const YAML::Node close = method(api, "tinysql::Statement", "close");
  ASSERT_TRUE(close.IsDefined());
  close_writes = close["writes"].size() > 0;
  EXPECT_TRUE(close_writes) << "Statement::close changes the statement's state";
  bool depends_on_close = false;
  for (const auto& c : api["classes"]) {
    if (c["name"].as<std::string>() != "tinysql::Statement") continue;
    for (const auto& d : c["dependences"]) {
      if (d["method"].as<std::string>().find("executeQuery") != std::string::npos &&
          d["depends_on"].as<std::string>().find("::close()") != std::string::npos) {
        depends_on_close = true;
        EXPECT_GT(d["relevance"].as<double>(), 0.0);
      }
    }
  }
  EXPECT_TRUE(depends_on_close) << "executeQuery must depend on close (write-read of the closed flag)";

  const auto second = run_palus("analyze " + config_options(config, work.path()));
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_EQ(read_text(work.path() / "api.yaml"), text) << "a rerun must write the same api.yaml";
}

TEST(AnalyzeCxxopts, CompletesNamesItsClassesAndListsWhatItSkips) {
  ScratchDir work;
  const auto config = source_root() / "tests/e2e/cxxopts/palus.yaml";
  const auto outcome = run_palus("analyze " + config_options(config, work.path()));
  ASSERT_EQ(outcome.status, 0) << outcome.output;
  const YAML::Node api = YAML::LoadFile((work.path() / "api.yaml").string());
  const auto names = class_names(api);
  for (const char* expected : {"cxxopts::Options", "cxxopts::ParseResult", "cxxopts::OptionAdder",
                               "cxxopts::OptionDetails", "cxxopts::KeyValue"}) {
    EXPECT_TRUE(names.contains(expected)) << expected << " missing";
  }
  const YAML::Node add_options = method(api, "cxxopts::Options", "add_options");
  ASSERT_TRUE(add_options.IsDefined());
  EXPECT_GT(add_options["writes"].size() + add_options["reads"].size(), 0u);
  ASSERT_GT(api["unsupported"].size(), 0u);
  bool value_template_listed = false;
  for (const auto& u : api["unsupported"]) {
    EXPECT_FALSE(u["reason"].as<std::string>().empty());
    if (u["entity"].as<std::string>().rfind("cxxopts::value", 0) == 0) value_template_listed = true;
  }
  EXPECT_TRUE(value_template_listed) << "the function template cxxopts::value<T> cannot be called as is";
}

TEST(AnalyzeErrors, AHeaderThatDoesNotParseIsExit2WithFileLineColumnAndNothingWritten) {
  ScratchDir dir;
  write_text(dir.path() / "include/bad.hpp", "namespace b {\nstruct S {\n  int x = ;\n};\n}\n");
  write_text(dir.path() / "palus.yaml", "project:\n  flags: [-std=c++17]\n  headers: [include/bad.hpp]\n");
  write_text(dir.path() / ".palus/api.yaml", "previous: content\n");
  const auto outcome = run_palus("analyze", dir.path());
  expect_usage_error(outcome, {"bad.hpp:3:11:"});
  EXPECT_EQ(read_text(dir.path() / ".palus/api.yaml"), "previous: content\n") << "the old api.yaml must survive";
}

}  // namespace
}  // namespace palus::testing
