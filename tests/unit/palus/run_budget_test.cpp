// The run's budget: generation stops early enough for checking and reporting what it found.

#include "palus/run_budget.hpp"

#include <gtest/gtest.h>

namespace palus {
namespace {

using namespace std::chrono_literals;
using Clock = RunBudget::Clock;

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

TEST(RunBudget, GenerationEndsWhenWhatItFoundStillNeedsTheRestOfTheBudget) {
  const Clock::time_point start{};
  // 60 s in all; 20 s went to the stages before generation; two checkers; a 4 s report.
  RunBudget budget(start, 60s, start + 20s, 2, 4.0);
  // After the first batch: 1 s a compile and 10 ms a line; 120 tests are two batches of 60.
  budget.measured({{100, 30.0}, {500, 6.0}, {1000, 11.0}});
  EXPECT_NEAR(budget.check_seconds(120, 2000), (2 * 1.0 + 2000 * 0.01) / 2, 1.0);
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(120, 2000)),
              60.0 - budget.check_seconds(120, 2000) - 4.0, 1e-6);
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(0, 0)), 60.0 - 4.0, 1e-6);
  // 480 tests of 8000 lines to check need 44 s: before the minimum share (a fifth of 60 s from generation's
  // start at 20 s), which wins.
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(480, 8000)), 32.0, 1e-6);
  EXPECT_FALSE(budget.overrun_before_generation());
}

TEST(RunBudget, GenerationAlwaysGetsItsMinimumShare) {
  const Clock::time_point start{};
  RunBudget budget(start, 30s, start + 20s, 2, 0.0);
  EXPECT_EQ(budget.minimum_generation(), 6s) << "a fifth of the budget";
  // Far more to check than the budget holds: generation still runs its minimum, from its start.
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(6000, 100000)), 26.0, 1e-6);
  RunBudget late(start, 30s, start + 28s, 2, 0.0);
  EXPECT_TRUE(late.overrun_before_generation());
  EXPECT_NEAR(seconds_between(start, late.generation_deadline(0, 0)), 34.0, 1e-6)
      << "the stages before took the budget: generation gets its minimum after them";
}

TEST(RunBudget, ATestExpectedToHangCostsItsTwoRunsToTheTimeout) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 2, 0.0, 4.0);
  // 10 tests of 500 lines (one batch, one checker's: 2 s + 500 x 4 ms compiled and
  // run), 2 of them hangs: their 2 x 2 runs x 4 s, in one batch, so on one checker.
  EXPECT_NEAR(budget.check_seconds(10, 500, 2), 2 * 2 * 4.0, 1e-9);
  // Suspects run once, to half the timeout: 4 of them cost one hang's two runs.
  EXPECT_NEAR(budget.check_seconds(10, 500, 0, 4), 4 * 4.0 / 2, 1e-9);
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(10, 500, 2)), 60.0 - 16.0, 1e-6);
  // Many more lines: the two checkers share everything.
  EXPECT_NEAR(budget.check_seconds(1200, 30000, 2), (20 * 2.0 + 30000 * 0.004 + 16.0) / 2, 1e-9);
}

TEST(RunBudget, TheFirstBatchPaysWhatARunCompilesOnceAndIsNoMeasure) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 1, 0.0);
  const RunBudget::CostModel prior = budget.cost_model();
  EXPECT_DOUBLE_EQ(prior.fixed, 2.0);
  EXPECT_DOUBLE_EQ(prior.per_line, 0.004);
  // muparser's first batch: 10 tests in 9.8 s, where 60 took 3.5 s after it.
  budget.measured({{300, 9.8}});
  EXPECT_DOUBLE_EQ(budget.cost_model().per_line, prior.per_line) << "one batch: still the prior";
  EXPECT_DOUBLE_EQ(budget.cost_model().fixed, prior.fixed);
  auto predicted = [&](double lines) { return budget.cost_model().fixed + lines * budget.cost_model().per_line; };
  budget.measured({{300, 9.8}, {1800, 3.5}});
  EXPECT_NEAR(predicted(1800), 3.5, 0.2) << "one batch after it: near what it took";
  EXPECT_NEAR(predicted(0), 2.0, 0.5) << "and near the prior's fixed cost";
  budget.measured({{300, 9.8}, {600, 2.2}, {1800, 3.4}});
  EXPECT_NEAR(predicted(600), 2.2, 0.2) << "two: near the line through them (1.6 s + 1 ms a line)";
  EXPECT_NEAR(predicted(1800), 3.4, 0.2);
}

TEST(RunBudget, AFewSmallBatchesDoNotMakeALineCostWhatTheirSlopeSays) {
  // tinysql under the sanitizers: batches of 67 and 125 lines took 2.7 s and 4.4 s while generation
  // ran beside them, 29 ms a line through both. The 141 tests of 2405 lines left took 10.1 s on two
  // checkers; that line predicted 35.4 s and stopped generation after 15.8 s of a 60 s run.
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 2, 0.0);
  budget.measured({{4, 3.5}, {67, 2.7}, {125, 4.4}});
  EXPECT_LT(budget.cost_model().per_line, 0.01);
  EXPECT_NEAR(budget.check_seconds(141, 2405), 10.1, 3.0);
}

TEST(RunBudget, BatchesAreCountedByTestsNotByLines) {
  const Clock::time_point start{};
  RunBudget budget(start, 120s, start, 2, 0.0);
  budget.measured({{11, 10.8}, {500, 3.0}, {1500, 5.0}});  // after the first: 2 s a batch, 2 ms a line
  // pugixml seed 3: 413 tests of 11509 lines are 7 batches of 60, where its tests had grown longer
  // than in any batch measured.
  EXPECT_NEAR(budget.check_seconds(413, 11509), (7 * 2.0 + 11509 * 0.002) / 2, 1.0);
}

TEST(RunBudget, WithoutAReportStageOnlyTheCheckCounts) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 1, 0.0);
  // 60 tests of 1500 lines, one batch of the prior: 2 s + 6 s.
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(60, 1500)), 52.0, 1e-6);
}

}  // namespace
}  // namespace palus
