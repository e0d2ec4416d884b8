// Shards and merge end to end (DESIGN §12), the way one machine runs them: docs/scale-out/local.sh
// runs two `palus run --shard K/2` processes side by side (xargs -P), each with its own work
// folder, then `palus merge`. The joined suite builds and passes, covers at least what the best
// shard covers, holds no test twice, and is the same whatever order the shards are given in.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "run_palus.hpp"

namespace palus::testing {
namespace {

namespace fs = std::filesystem;

/// Every TEST block of the *_test.cpp files in `dir`: name -> body without its TEST line.
std::multimap<std::string, std::string> tests_of(const fs::path& dir) {
  std::multimap<std::string, std::string> tests;
  const std::regex block(R"(TEST_F\((\w+), (\w+)\) \{\n([\s\S]*?)\n\}\n)");
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().find("_test.cpp") == std::string::npos) continue;
    const std::string text = read_text(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), block), end; it != end; ++it)
      tests.emplace((*it)[1].str() + "." + (*it)[2].str(), (*it)[3].str());
  }
  return tests;
}

/// The files palus writes into an output folder, with their text (the command line left out).
std::map<std::string, std::string> written(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "report.yaml" || name == "run.log") continue;
    std::string text = read_text(entry.path());
    text = std::regex_replace(text, std::regex(R"((^|\n)(//|#) command: [^\n]*)"), "$1");
    files[name] = text;
  }
  return files;
}

class MergeE2E : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    project_ = new ScratchDir("palus-merge-e2e");
    fs::copy(source_root() / "samples/tinysql", dir(), fs::copy_options::recursive);
    // Nothing here is about what a sanitizer sees: an unsanitized harness builds and runs faster.
    std::ofstream(dir() / "palus.yaml", std::ios::app) << "sandbox:\n  sanitizers: []\n";
    const std::string local =
        "cd '" + dir().string() + "' && PALUS='" + env_or_throw("PALUS_EXE") + "' PALUS_JOBS=2 PALUS_MERGED=merged '" +
        (source_root() / "docs/scale-out/local.sh").string() + "' 2 --seed 5 --max-steps 150 > local.out 2>&1";
    local_status_ = std::system(local.c_str());
  }
  static void TearDownTestSuite() {
    delete project_;
    project_ = nullptr;
  }
  static fs::path dir() { return project_->path(); }
  static fs::path shard(int k) { return dir() / "palus-shards" / ("shard-" + std::to_string(k)); }
  static std::string shard_output() {
    std::string text = read_text(dir() / "local.out");
    for (int k = 1; k <= 2; ++k) {
      const fs::path log = dir() / "palus-shards" / ("shard-" + std::to_string(k) + ".log");
      if (fs::exists(log)) text += "\n---- shard " + std::to_string(k) + "\n" + read_text(log);
    }
    return text;
  }

  static ScratchDir* project_;
  static int local_status_;
};

ScratchDir* MergeE2E::project_ = nullptr;
int MergeE2E::local_status_ = -1;

TEST_F(MergeE2E, TwoShardsJoinIntoOneSuiteThatPassesAndCoversAtLeastTheBestShard) {
  ASSERT_EQ(local_status_, 0) << shard_output();
  double best_line = 0;
  std::set<std::uint64_t> seeds;
  std::size_t shard_tests = 0;
  for (int k = 1; k <= 2; ++k) {
    const YAML::Node report = YAML::LoadFile((shard(k) / "report.yaml").string());
    EXPECT_EQ(report["shard"]["index"].as<int>(), k);
    EXPECT_EQ(report["shard"]["count"].as<int>(), 2);
    seeds.insert(report["shard"]["seed"].as<std::uint64_t>());
    best_line = std::max(best_line, report["coverage"]["line"].as<double>());
    shard_tests += tests_of(shard(k)).size();
  }
  EXPECT_EQ(seeds.size(), 2u) << "each shard has a seed stream of its own";

  const YAML::Node report = YAML::LoadFile((dir() / "merged/report.yaml").string());
  EXPECT_EQ(report["merge"]["shards"].size(), 2u);
  EXPECT_TRUE(report["merge"]["blocks_compared"].as<bool>()) << "both shards built the same harness code";
  EXPECT_GE(report["coverage"]["line"].as<double>(), best_line) << shard_output();

  const auto tests = tests_of(dir() / "merged");
  std::set<std::string> names, bodies;
  for (const auto& [name, body] : tests) {
    EXPECT_TRUE(names.insert(name).second) << "two tests named " << name;
    EXPECT_TRUE(bodies.insert(body).second) << "the same test twice, the second as " << name;
  }
  EXPECT_EQ(tests.size(),
            report["tests"]["regression"].as<std::size_t>() + report["tests"]["failure"].as<std::size_t>());
  EXPECT_EQ(tests.size() + report["merge"]["cut_duplicate"].as<std::size_t>() +
                report["merge"]["cut_no_new_blocks"].as<std::size_t>(),
            shard_tests);
  std::set<std::string> failure_keys;
  for (const auto& f : report["failures"])
    EXPECT_TRUE(failure_keys.insert(f["key"].as<std::string>()).second) << "a failure reported twice: " << f["test"];
}

TEST_F(MergeE2E, TheSameShardsInAnotherOrderGiveTheSameSuite) {
  ASSERT_EQ(local_status_, 0) << shard_output();
  const Outcome a = run_palus("merge --no-report --out order-a palus-shards/shard-1 palus-shards/shard-2", dir());
  const Outcome b = run_palus("merge --no-report --out order-b palus-shards/shard-2 palus-shards/shard-1", dir());
  ASSERT_EQ(a.status, 0) << a.output;
  ASSERT_EQ(b.status, 0) << b.output;
  EXPECT_EQ(written(dir() / "order-a"), written(dir() / "order-b"));
}

TEST_F(MergeE2E, AShardsFolderHoldsNoPathOfTheMachineItRanOn) {
  ASSERT_EQ(local_status_, 0) << shard_output();
  for (const auto& entry : fs::directory_iterator(shard(1)))
    EXPECT_EQ(read_text(entry.path()).find(dir().string()), std::string::npos) << entry.path();
}

TEST_F(MergeE2E, AFolderThatIsNoSuiteIsAClearError) {
  const Outcome bad = run_palus("merge --out bad palus-shards/shard-1 src", dir());
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("src/report.yaml: file not found"), std::string::npos) << bad.output;
  EXPECT_FALSE(fs::exists(dir() / "bad" / "report.yaml")) << "nothing half-written";
}

}  // namespace
}  // namespace palus::testing
