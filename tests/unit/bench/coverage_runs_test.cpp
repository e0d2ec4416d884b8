// bench/coverage_runs: the benchmarks' mode names and the per-run copies of palus.yaml.

#include "bench/coverage_runs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

TEST(BenchMode, TheNoFeedbackSuffixTurnsFeedbackOff) {
  const BenchMode plain = parse_bench_mode("palus");
  EXPECT_EQ(plain.generation_mode, "palus");
  EXPECT_TRUE(plain.feedback);
  const BenchMode off = parse_bench_mode("model+constraints-no-feedback");
  EXPECT_EQ(off.generation_mode, "model+constraints");
  EXPECT_FALSE(off.feedback);
  EXPECT_TRUE(parse_bench_mode("-no-feedback").feedback) << "a suffix alone is no mode";
}

TEST(ConfigWithOutput, SetsTheOutputAndTurnsMutationOffWithoutFeedback) {
  const fs::path dir = fs::temp_directory_path() / ("palus-coverage-runs-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "palus.yaml") << "project:\n  sources: [src/a.cpp]\ngenerate:\n  seed: 3\n";
  const YAML::Node with = YAML::LoadFile(config_with_output(dir / "palus.yaml", dir / "out", "with.yaml").string());
  EXPECT_EQ(with["output"]["dir"].as<std::string>(), (dir / "out").string());
  EXPECT_FALSE(with["generate"]["mutate"]) << "feedback stays as the config has it";
  const YAML::Node without =
      YAML::LoadFile(config_with_output(dir / "palus.yaml", dir / "out", "without.yaml", false).string());
  EXPECT_FALSE(without["generate"]["mutate"].as<bool>());
  EXPECT_EQ(without["generate"]["seed"].as<int>(), 3);
  EXPECT_EQ(without["project"]["sources"][0].as<std::string>(), "src/a.cpp");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace palus::bench
