// docs/scale-out/: the recipes parse, and each runs what docs/scale-out.md says (N shards with
// --shard K/N from the engine's own index, then one palus merge over their folders). No Debian
// package ships a schema for GitHub Actions or for Kubernetes 1.21+ Jobs, so the fields the
// recipes rely on are checked here; the shell recipes are checked by shellcheck (meson test lint).

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRecipes = fs::path(PALUS_SOURCE_ROOT) / "docs" / "scale-out";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The `run` lines of a GitHub Actions job, joined.
std::string runs_of(const YAML::Node& job) {
  std::string text;
  for (const auto& step : job["steps"]) {
    EXPECT_TRUE(step["run"].IsDefined() || step["uses"].IsDefined()) << "a step runs or uses something";
    if (step["run"]) text += step["run"].as<std::string>() + "\n";
  }
  return text;
}

TEST(ScaleOutRecipes, GitHubActionsRunsAMatrixOfShardsThenOneMerge) {
  const YAML::Node workflow = YAML::LoadFile((kRecipes / "github-actions/palus.yml").string());
  ASSERT_TRUE(workflow["on"].IsMap());
  const YAML::Node shard = workflow["jobs"]["shard"];
  const YAML::Node merge = workflow["jobs"]["merge"];
  ASSERT_TRUE(shard.IsMap() && merge.IsMap());
  const YAML::Node indexes = shard["strategy"]["matrix"]["shard"];
  ASSERT_TRUE(indexes.IsSequence());
  const std::size_t n = indexes.size();
  for (std::size_t k = 0; k < n; ++k) EXPECT_EQ(indexes[k].as<std::size_t>(), k + 1) << "shards count from 1";
  EXPECT_FALSE(shard["strategy"]["fail-fast"].as<bool>()) << "one failing shard must not cancel the others";
  EXPECT_TRUE(
      contains(runs_of(shard), "palus run --config palus.yaml --shard ${{ matrix.shard }}/" + std::to_string(n)));
  EXPECT_EQ(merge["needs"].as<std::string>(), "shard");
  EXPECT_TRUE(contains(runs_of(merge), "palus merge --config palus.yaml --out generated palus-shards/palus-shard-*"));
  for (const auto& job : {shard, merge}) EXPECT_TRUE(job["runs-on"].IsDefined());
}

TEST(ScaleOutRecipes, KubernetesRunsAnIndexedJobThenAMergeJobOnTheSameVolume) {
  const std::vector<YAML::Node> shards = YAML::LoadAllFromFile((kRecipes / "kubernetes/shards-job.yaml").string());
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_EQ(shards[0]["kind"].as<std::string>(), "PersistentVolumeClaim");
  const std::string claim = shards[0]["metadata"]["name"].as<std::string>();
  const YAML::Node job = shards[1];
  EXPECT_EQ(job["apiVersion"].as<std::string>(), "batch/v1");
  EXPECT_EQ(job["kind"].as<std::string>(), "Job");
  EXPECT_EQ(job["spec"]["completionMode"].as<std::string>(), "Indexed");
  const int n = job["spec"]["completions"].as<int>();
  const YAML::Node pod = job["spec"]["template"]["spec"];
  EXPECT_EQ(pod["restartPolicy"].as<std::string>(), "Never");
  const YAML::Node container = pod["containers"][0];
  EXPECT_EQ(container["env"][0]["name"].as<std::string>(), "SHARDS");
  EXPECT_EQ(container["env"][0]["value"].as<int>(), n) << "SHARDS and completions must agree";
  const std::string command = container["command"][2].as<std::string>();
  EXPECT_TRUE(contains(command, "JOB_COMPLETION_INDEX + 1")) << command;
  EXPECT_TRUE(contains(command, "--shard \"$k/$SHARDS\"")) << command;
  EXPECT_EQ(pod["volumes"][0]["persistentVolumeClaim"]["claimName"].as<std::string>(), claim);

  const YAML::Node merge = YAML::LoadFile((kRecipes / "kubernetes/merge-job.yaml").string());
  EXPECT_EQ(merge["kind"].as<std::string>(), "Job");
  const YAML::Node merge_pod = merge["spec"]["template"]["spec"];
  EXPECT_TRUE(contains(merge_pod["containers"][0]["command"][2].as<std::string>(), "palus merge"));
  EXPECT_EQ(merge_pod["volumes"][0]["persistentVolumeClaim"]["claimName"].as<std::string>(), claim);
}

}  // namespace
