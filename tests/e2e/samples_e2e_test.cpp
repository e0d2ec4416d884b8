// The samples beside tinysql end to end: `palus run` (palus mode, or random for traps) with a
// fixed seed and step budget, writing failure tests only, on a copy of each sample. The failure
// tests it keeps were compiled and seen failing by the checker; every failure must be one of the
// sample's known bugs (BUGS.md, recognised by the signatures of its bugs.yaml, as bench/evaluate
// does): no false alarms, and at least the bugs this budget is known to reach. The traps sample's
// misuses (handles its document freed, an asserted index) must be invalid inputs or suspects, never
// failures; its buffer-and-size call gets real arrays and fails not at all.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <iostream>
#include <ranges>
#include <set>
#include <string>

#include "bench/coverage_bugs.hpp"
#include "bench/coverage_runs.hpp"
#include "run_palus.hpp"

namespace fs = std::filesystem;
using namespace palus::testing;
namespace pb = palus::bench;

namespace {

struct SampleCase {
  const char* name;
  std::uint64_t steps;
  /// Found by this seed and budget every time; "B2|B5" when either may be, as the same call
  /// sequence shows one bug or the other (minisat's reset() leaves freed watch lists, which a
  /// solve reads, and stale fixed literals, which make it answer wrongly).
  std::set<std::string> must_find;
  const char* mode = "palus";
  /// Callables whose failures must be suspects (disabled tests), never failures.
  std::set<std::string> must_suspect = {};
  unsigned seed = 1;
};

void PrintTo(const SampleCase& c, std::ostream* os) { *os << c.name; }

/// The step budget decides, not the clock: the same tests for the seed on any machine.
std::string run_args(const SampleCase& c, const fs::path& config) {
  return "run --config '" + config.string() + "' --mode " + c.mode + " --seed " + std::to_string(c.seed) +
         " --time-limit 10m --max-steps " + std::to_string(c.steps) + " --failures-only -q";
}

class SampleRun : public ::testing::TestWithParam<SampleCase> {};

TEST_P(SampleRun, FindsItsKnownBugsAndNothingElse) {
  const SampleCase& c = GetParam();
  const ScratchDir scratch(std::string("palus-sample-") + c.name);
  const fs::path config = pb::copy_sample(source_root() / "samples" / c.name, scratch.path() / c.name);
  const Outcome run = run_palus(run_args(c, config), scratch.path());
  ASSERT_EQ(run.status, 0) << run.output;

  const fs::path out = scratch.path() / c.name / "generated";
  const pb::Run report = pb::read_report(out);
  EXPECT_EQ(report.regression_tests, 0u);
  EXPECT_EQ(report.failure_tests, report.failures.size());
  const std::vector<pb::Signature> signatures = pb::read_signatures(source_root() / "samples" / c.name);
  ASSERT_FALSE(signatures.empty());
  std::set<std::string> found;
  for (const pb::Failure& f : report.failures) {
    const std::string bug = pb::known_bug(f, out, signatures);
    EXPECT_FALSE(bug.empty()) << "a false alarm: " << f.kind << " in " << f.callable << ": " << f.message << " ("
                              << f.test << ")";
    if (!bug.empty()) found.insert(bug);
    EXPECT_TRUE(fs::exists(out / fs::path(f.test.substr(0, f.test.rfind(':'))).filename())) << f.test;
  }
  std::string listed;
  for (const std::string& bug : found) listed += " " + bug;
  std::cout << c.name << ": " << report.failures.size() << " failures, known bugs found:" << listed << "\n";
  for (const std::string& alternatives : c.must_find) {  // "B2|B5": one of them
    bool any = false;
    for (const auto part : std::views::split(alternatives, '|'))
      any = any || found.count(std::string(part.begin(), part.end()));
    EXPECT_TRUE(any) << alternatives << " not found\n" << run.output;
  }

  // The failures palus doubts (a library assert on the call's inputs, a made-up buffer) are
  // suspects: disabled tests, never counted as failures.
  const YAML::Node written = YAML::LoadFile((out / "report.yaml").string());
  std::set<std::string> suspected;
  for (const auto& f : written["suspects"]) suspected.insert(f["callable"].as<std::string>());
  for (const std::string& callable : c.must_suspect)
    EXPECT_TRUE(suspected.count(callable)) << callable << " is no suspect\n" << run.output;
}

INSTANTIATE_TEST_SUITE_P(
    Samples, SampleRun,
    // minisat: 40000 steps since the sample's texts seed string inputs and objects serve their
    // bases' methods; at 20000 which of B2, B3 and B4 seed 1 reaches shifts with any such change.
    // Which path a seed takes follows the block places, which move with the harness's code layout:
    // seed 2 met B3 with 61ac3c4's harness and not with fe791d2's (edges), whose seed 1 meets B2,
    // B3, B4 and B5. A harness change that loses B3 here needs a seed that meets it again. Since
    // checks no longer change read-only objects (ddcd0bb), seed 1 meets B3 and B4 but neither B2
    // nor B5, seeds 2 to 5 miss B3, and seed 6 meets B2, B3 and B4. Since mutation draws the
    // input to change by its yield (38b39cb), seeds 1 and 6 meet B2 and B4 only; seeds 3 and 5 meet
    // B2, B3 and B4, seed 2 all four, seed 4 B3, B4 and B5.
    ::testing::Values(SampleCase{"minisat", 40000, {"B2|B5", "B3", "B4"}, "palus", {}, 3},
                      SampleCase{"argparse", 20000, {"B1", "B4", "B5"}},
                      SampleCase{"collections", 20000, {"B1", "B5", "B6"}},
                      SampleCase{"traps", 5000, {"B1", "B2"}, "random", {"traps::Node::at(std::size_t) const"}}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
