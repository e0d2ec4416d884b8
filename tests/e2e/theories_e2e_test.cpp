// Theories, invariants and parameter values end to end: a small library written here with two
// bugs only they can see, `palus run` on it, and the generated failure tests; and the wrong uses
// `palus analyze` must refuse with exit status 2.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <memory>
#include <regex>
#include <set>
#include <string>

#include "run_palus.hpp"

namespace fs = std::filesystem;
using namespace palus::testing;

namespace {

const char* const kHeader = R"(#pragma once
#include <string>
namespace counter {
class Counter {
 public:
  void add(int amount);
  void reset();
  int count() const;
  bool isEmpty() const;
 private:
  int count_ = 0;
  int adds_ = 0;
};
}  // namespace counter
)";

// Bug 1 (invariant): add(7777) makes the count negative; only the parameter values give 7777.
// Bug 2 (theory): reset() forgets adds_, so a counter that was added to is never empty again.
const char* const kSource = R"(#include "counter.hpp"
namespace counter {
void Counter::add(int amount) {
  ++adds_;
  count_ = amount == 7777 ? -1 : count_ + (amount > 0 ? 1 : 0);
}
void Counter::reset() { count_ = 0; }
int Counter::count() const { return count_; }
bool Counter::isEmpty() const { return count_ == 0 && adds_ == 0; }
}  // namespace counter
)";

const char* const kTheories = R"(#pragma once
#include <palus/theory.hpp>
#include "counter.hpp"

PALUS_INVARIANT(counter::Counter, c) { PALUS_CHECK(c.count() >= 0); }

PALUS_THEORY(reset_empties, counter::Counter& c) {
  c.reset();
  PALUS_CHECK_EQ(c.isEmpty(), true);
}

// Never met: the body would fail, so any failure of it means assumptions are not honoured.
PALUS_THEORY(never_assumed, counter::Counter& c, int k) {
  PALUS_ASSUME(k == 123456789);
  PALUS_CHECK(c.count() == -12345);
}

PALUS_PARAM_VALUES(counter::Counter::add, amount, 7777)
)";

const char* const kConfig = R"(project:
  flags: [-std=c++17, -Iinclude]
  sources: [src/*.cpp]
  headers: [include/counter.hpp]
targets:
  include: ["counter::.*"]
oracles:
  theories: [theories/counter_theories.hpp]
output:
  dir: generated
sandbox:
  sanitizers: []
)";

class CounterProject {
 public:
  explicit CounterProject(const std::string& theories = kTheories) : dir_("palus-theories") {
    write_text(dir_.path() / "include/counter.hpp", kHeader);
    write_text(dir_.path() / "src/counter.cpp", kSource);
    write_text(dir_.path() / "theories/counter_theories.hpp", theories);
    write_text(dir_.path() / "palus.yaml", kConfig);
  }
  const fs::path& dir() const { return dir_.path(); }
  Outcome palus(const std::string& command) const {
    return run_palus(command + " --config '" + (dir() / "palus.yaml").string() + "'", dir());
  }

 private:
  ScratchDir dir_;
};

class TheoriesRun : public OneRunSuite<TheoriesRun, CounterProject> {
 protected:
  static void SetUpTestSuite() {
    folder_ = std::make_unique<CounterProject>();
    outcome_ = std::make_unique<Outcome>(folder_->palus("run --seed 1 --max-steps 400"));
  }
  static fs::path out() { return folder_->dir() / "generated"; }
};

TEST_F(TheoriesRun, AnalyzeRecordsTheOraclesAndTheHarnessCallsThem) {
  ASSERT_EQ(outcome_->status, 0) << outcome_->output;
  EXPECT_TRUE(contains(outcome_->output, "2 theories, 1 invariants, 1 parameter values")) << outcome_->output;
  EXPECT_TRUE(contains(outcome_->output, "3 theories and invariants")) << outcome_->output;
  const YAML::Node api = YAML::LoadFile((folder_->dir() / ".palus/api.yaml").string());
  ASSERT_TRUE(api["oracles"]) << "api.yaml lists the oracles";
  EXPECT_EQ(api["oracles"].size(), 3u);
  EXPECT_EQ(api["param_values"][0]["callable"].as<std::string>(), "counter::Counter::add");
  EXPECT_EQ(api["param_values"][0]["values"][0]["integer"].as<std::string>(), "7777");
}

TEST_F(TheoriesRun, FindsTheInvariantAndTheTheoryViolationsAndNothingElse) {
  ASSERT_EQ(outcome_->status, 0) << outcome_->output;
  const YAML::Node report = YAML::LoadFile((out() / "report.yaml").string());
  std::set<std::string> found;
  for (const auto& f : report["failures"])
    found.insert(f["kind"].as<std::string>() + " " + f["callable"].as<std::string>());
  EXPECT_TRUE(found.count("invariant palus_invariant(counter::Counter &)")) << YAML::Dump(report["failures"]);
  EXPECT_TRUE(found.count("theory reset_empties(counter::Counter &)")) << YAML::Dump(report["failures"]);
  EXPECT_EQ(found.size(), 2u) << "an unmet assumption is no violation: " << YAML::Dump(report["failures"]);
}

TEST_F(TheoriesRun, FailureTestsCallTheOracleAfterTheMinimisedSequenceAndFail) {
  ASSERT_EQ(outcome_->status, 0) << outcome_->output;
  const std::string text = read_text(out() / "Counter_failure_test.cpp");
  EXPECT_TRUE(contains(text, "#include \"theories/counter_theories.hpp\"")) << text;
  // The invariant's test: the parameter value that breaks it, then the invariant.
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\.add\(7777\);\n(.*\n)*  palus_invariant\(counter)"))) << text;
  EXPECT_TRUE(contains(text, "// invariant palus_invariant, counter_theories.hpp:5")) << text;
  EXPECT_TRUE(contains(text, "// theory reset_empties, counter_theories.hpp:7")) << text;
  EXPECT_TRUE(contains(text, "  reset_empties(counter")) << text;
  // palus report built them afresh: every failure test fails, every regression test passes.
  const std::regex row(R"(failure\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+))");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(outcome_->output, m, row)) << outcome_->output;
  EXPECT_EQ(m[3].str(), "2");
  EXPECT_EQ(m[5].str(), "2") << "both failure tests fail";
}

// ---- wrong use: one message naming the file and line, exit status 2, no api.yaml ----

void expect_refused(const std::string& theories, const std::string& message) {
  CounterProject project(theories);
  const Outcome outcome = project.palus("analyze");
  EXPECT_EQ(outcome.status, 2) << outcome.output;
  EXPECT_TRUE(contains(outcome.output, message)) << outcome.output;
  EXPECT_FALSE(fs::exists(project.dir() / ".palus/api.yaml"));
}

TEST(TheoriesWrongUse, AHeaderThatDoesNotCompile) {
  expect_refused(
      "#include <palus/theory.hpp>\n#include \"counter.hpp\"\nPALUS_THEORY(t, counter::Counter& c) {\n"
      "  c.add(1)\n}\n",
      "counter_theories.hpp:4");
}

TEST(TheoriesWrongUse, ATheoryOfATypeTheLibraryNeverProduces) {
  expect_refused(
      "#include <palus/theory.hpp>\n#include \"counter.hpp\"\nstruct Elsewhere {};\n"
      "PALUS_THEORY(t, Elsewhere& e) { (void)e; }\n",
      "theories/counter_theories.hpp:4: theory 't': parameter 'e' is a Elsewhere &, which no callable");
}

TEST(TheoriesWrongUse, ParameterValuesForACallableThatDoesNotExist) {
  expect_refused(
      "#include <palus/theory.hpp>\n#include \"counter.hpp\"\n"
      "PALUS_PARAM_VALUES(counter::Counter::sub, amount, 1)\n",
      "counter_theories.hpp:3");
}

TEST(TheoriesHarness, BuildsWhenTheProjectsOwnFlagsReachACopyOfTheTheoryHeader) {
  // The project's flags reach a copy of palus/theory.hpp of its own (the build fragments ask a
  // project with theories to reach the header; an installed one is a copy too). tinysql's harness
  // includes the header for its theories and for its contracts: always the same file, never both.
  const ScratchDir dir("palus-theory-copy");
  const fs::path project = dir.path() / "tinysql";
  fs::copy(source_root() / "samples/tinysql", project, fs::copy_options::recursive);
  fs::remove_all(project / ".palus");
  write_text(project / "vendor/palus/theory.hpp", read_text(source_root() / "oracles/include/palus/theory.hpp"));
  std::string config = read_text(project / "palus.yaml");
  config.replace(config.find("-Iinclude]"), 10, "-Iinclude, -Ivendor]");
  write_text(project / "palus.yaml", config);
  const Outcome analyzed = run_palus("analyze -q", project);
  ASSERT_EQ(analyzed.status, 0) << analyzed.output;
  const Outcome built = run_palus("harness --sanitizers none -q", project);
  EXPECT_EQ(built.status, 0) << built.output;
}

}  // namespace
