// report.yaml is read by other tools (DESIGN §3): its keys are pinned here. A new key may be
// added (then add it here); none may be renamed or dropped.

#include "palus/report/run_report.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "core/error.hpp"

namespace palus::report {
namespace {

std::set<std::string> keys_of(const YAML::Node& map) {
  std::set<std::string> keys;
  for (const auto& entry : map) keys.insert(entry.first.as<std::string>());
  return keys;
}

RunReport full_report() {
  RunReport r;
  r.palus_version = "0.1.0";
  r.command = "palus run --seed 1";
  r.seed = 1;
  r.mode = "palus";
  r.time_limit_s = 60;
  r.max_steps = 400;
  r.sequences = {10, 6, 2, 1, 1, 0};
  r.tests = {5, 1, 0, 0, 2, 0, 0, 1};
  r.assertions = {40, 12};
  r.failures.push_back(
      {"crash", "ns::A::f()", "generated/A_failure_test.cpp:A_f_1", "SIGSEGV", "crash\nns::A::f()\nns::A::f", ""});
  r.suspects.push_back({"crash", "ns::A::at(int)", "generated/A_suspect_test.cpp:DISABLED_A_at_1",
                        "SIGABRT: Assertion `i < n' failed.", "crash\nns::A::at(int)\n call",
                        "the library's own assert(i < n) in its public ns::A::at(int) failed"});
  r.preconditions.push_back("ns::A::at(int): assert(i < n) at a.cpp:3");
  r.coverage = RunReport::Coverage{71.3, 52.0, "generated-suite"};
  r.stages_s = {{"analyze", 1.0}, {"generate", 60.0}};
  r.unsupported.push_back({"ns::B::g", "a parameter of a function pointer type"});
  return r;
}

TEST(RunReportYaml, KeysArePinned) {
  const YAML::Node root = YAML::Load(to_yaml(full_report()));
  EXPECT_EQ((std::set<std::string>{"palus_version", "command", "seed", "mode", "time_limit_s", "max_steps",
                                   "interrupted", "sequences", "tests", "assertions", "failures", "suspects",
                                   "preconditions", "coverage", "stages_s", "unsupported"}),
            keys_of(root));
  EXPECT_EQ((std::set<std::string>{"executed", "normal", "exception", "failure", "invalid", "duplicates", "blocks"}),
            keys_of(root["sequences"]));
  EXPECT_EQ(
      (std::set<std::string>{"regression", "failure", "dropped_uncompilable", "dropped_flaky", "expected_exception",
                             "pending", "cut_no_new_blocks", "suspect", "cut_writes_static", "cut_covered"}),
      keys_of(root["tests"]));
  EXPECT_EQ((std::set<std::string>{"candidates", "written"}), keys_of(root["assertions"]));
  ASSERT_EQ(1u, root["failures"].size());
  EXPECT_EQ((std::set<std::string>{"kind", "callable", "test", "message", "key"}), keys_of(root["failures"][0]));
  ASSERT_EQ(1u, root["suspects"].size());
  EXPECT_EQ((std::set<std::string>{"kind", "callable", "test", "message", "key", "suspicion"}),
            keys_of(root["suspects"][0]));
  EXPECT_EQ((std::set<std::string>{"line", "branch", "scope"}), keys_of(root["coverage"]));
  ASSERT_EQ(1u, root["unsupported"].size());
  EXPECT_EQ((std::set<std::string>{"entity", "reason"}), keys_of(root["unsupported"][0]));
}

TEST(RunReportYaml, ValuesRoundTrip) {
  const YAML::Node root = YAML::Load(to_yaml(full_report()));
  EXPECT_EQ("palus run --seed 1", root["command"].as<std::string>());
  EXPECT_EQ(400u, root["max_steps"].as<unsigned>());
  EXPECT_EQ(10u, root["sequences"]["executed"].as<unsigned>());
  EXPECT_EQ(5u, root["tests"]["regression"].as<unsigned>());
  EXPECT_EQ(2u, root["tests"]["expected_exception"].as<unsigned>());
  EXPECT_EQ(40u, root["assertions"]["candidates"].as<unsigned>());
  EXPECT_EQ(12u, root["assertions"]["written"].as<unsigned>());
  EXPECT_EQ("crash", root["failures"][0]["kind"].as<std::string>());
  EXPECT_DOUBLE_EQ(71.3, root["coverage"]["line"].as<double>());
  EXPECT_DOUBLE_EQ(60.0, root["stages_s"]["generate"].as<double>());
}

TEST(RunReportYaml, WithoutMaxStepsOrCoverageTheKeysStayOrAreOmittedAsDocumented) {
  RunReport r = full_report();
  r.max_steps.reset();
  r.coverage.reset();
  const YAML::Node root = YAML::Load(to_yaml(r));
  EXPECT_FALSE(root["max_steps"].IsDefined()) << "max_steps is written only when given";
  r.assertions = {};
  EXPECT_FALSE(YAML::Load(to_yaml(r))["assertions"].IsDefined()) << "palus merge does not know them";
  EXPECT_TRUE(root["coverage"].IsDefined() && root["coverage"].IsNull())
      << "coverage is always there, null until palus report ran";
}

TEST(RunReportYaml, AShardAMergeAndABudgetAreWrittenOnlyWhenThereIsOne) {
  EXPECT_FALSE(YAML::Load(to_yaml(full_report()))["shard"].IsDefined());
  EXPECT_FALSE(YAML::Load(to_yaml(full_report()))["budget"].IsDefined());
  RunReport r = full_report();
  r.shard = ShardInfo{2, 4, 99};
  r.merge.emplace();
  r.merge->shards.push_back({"shard-1", ShardInfo{1, 4, 98}, 1, {10, 6, 2, 1, 1, 0, 40}, 5, 1, std::nullopt});
  const YAML::Node root = YAML::Load(to_yaml(r));
  EXPECT_EQ((std::set<std::string>{"index", "count", "seed"}), keys_of(root["shard"]));
  RunReport budgeted = full_report();
  budgeted.budget = RunReport::Budget{60, 20, 10, 11, 15, false};
  EXPECT_EQ((std::set<std::string>{"limit_s", "generation_s", "predicted_check_s", "check_s", "predicted_report_s",
                                   "overrun"}),
            keys_of(YAML::Load(to_yaml(budgeted))["budget"]));
  EXPECT_EQ((std::set<std::string>{"tests_read", "cut_duplicate", "cut_no_new_blocks", "renamed", "blocks_compared",
                                   "shards"}),
            keys_of(root["merge"]));
  EXPECT_EQ((std::set<std::string>{"dir", "shard", "seed", "sequences", "tests", "coverage"}),
            keys_of(root["merge"]["shards"][0]));
}

TEST(RunReportYaml, WhatIsWrittenIsReadBack) {
  const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "run_report_test_report.yaml";
  RunReport r = full_report();
  r.shard = ShardInfo{2, 4, 99};
  std::ofstream(file) << to_yaml(r);
  const RunReport back = read_report(file);
  EXPECT_EQ(back.command, r.command);
  EXPECT_EQ(back.seed, 1u);
  EXPECT_EQ(back.sequences.executed, 10u);
  EXPECT_EQ(back.tests.regression, 5u);
  ASSERT_EQ(back.failures.size(), 1u);
  EXPECT_EQ(back.failures[0].key, r.failures[0].key);
  ASSERT_EQ(back.suspects.size(), 1u);
  EXPECT_EQ(back.suspects[0].suspicion, r.suspects[0].suspicion);
  EXPECT_EQ(back.tests.suspect, 1u);
  EXPECT_EQ(back.assertions.candidates, 40u);
  EXPECT_EQ(back.assertions.written, 12u);
  EXPECT_EQ(back.preconditions, r.preconditions);
  ASSERT_TRUE(back.coverage.has_value());
  EXPECT_DOUBLE_EQ(back.coverage->line, 71.3);
  ASSERT_TRUE(back.shard.has_value());
  EXPECT_EQ(back.shard->index, 2u);
  EXPECT_EQ(back.shard->seed, 99u);
}

TEST(RunReportYaml, AWrongValueIsAnErrorNamingTheFileAndLine) {
  const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "run_report_test_bad.yaml";
  std::string text = to_yaml(full_report());
  text.replace(text.find("seed: 1"), 7, "seed: one");
  std::ofstream(file) << text;
  try {
    read_report(file);
    FAIL() << "a seed that is not a number was read";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find(file.string() + ":3:"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_report(file.string() + ".missing"), UserError);
}

}  // namespace
}  // namespace palus::report
