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
  budget.measured({{10, 5.0}});  // half a second per line of a test
  EXPECT_DOUBLE_EQ(budget.seconds_per_line(), 0.5);
  EXPECT_DOUBLE_EQ(budget.check_seconds(40), 10.0);  // tests of 40 lines, two checks at a time
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(40)), 60.0 - 10.0 - 4.0, 1e-6);
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(0)), 60.0 - 4.0, 1e-6);
  // 200 lines to check need 50 s: before the minimum share (a fifth of 60 s from generation's
  // start at 20 s), which wins.
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(200)), 32.0, 1e-6);
  EXPECT_FALSE(budget.overrun_before_generation());
}

TEST(RunBudget, GenerationAlwaysGetsItsMinimumShare) {
  const Clock::time_point start{};
  RunBudget budget(start, 30s, start + 20s, 2, 0.0);
  EXPECT_EQ(budget.minimum_generation(), 6s) << "a fifth of the budget";
  // Far more to check than the budget holds: generation still runs its minimum, from its start.
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(1000)), 26.0, 1e-6);
  RunBudget late(start, 30s, start + 28s, 2, 0.0);
  EXPECT_TRUE(late.overrun_before_generation());
  EXPECT_NEAR(seconds_between(start, late.generation_deadline(0)), 34.0, 1e-6)
      << "the stages before took the budget: generation gets its minimum after them";
}

TEST(RunBudget, ATestExpectedToHangCostsItsTwoRunsToTheTimeout) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 2, 0.0, 4.0);
  budget.measured({{10, 5.0}});
  // Tests of 10 lines, 2 of them hangs: 10 x 0.5 s compiled and run, and the hangs' 2 x 2 runs x
  // 4 s, over two checkers.
  EXPECT_DOUBLE_EQ(budget.check_seconds(10, 2), (10 * 0.5 + 2 * 2 * 4.0) / 2);
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(10, 2)), 60.0 - 10.5, 1e-6);
}

TEST(RunBudget, TheCostPerLineIsThatOfTheLastBatchesNotOfTheFirst) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 1, 0.0);
  // A first small batch pays the fixed cost of a compile; the full ones after it cost less a line.
  budget.measured({{100, 4.0}});
  EXPECT_DOUBLE_EQ(budget.seconds_per_line(), 0.04) << "one batch: its own rate";
  budget.measured({{100, 4.0}, {400, 2.0}, {600, 3.0}});
  EXPECT_DOUBLE_EQ(budget.seconds_per_line(), 5.0 / 1000);
  budget.measured({{100, 4.0}, {400, 2.0}, {600, 3.0}, {600, 6.0}, {600, 6.0}});
  EXPECT_DOUBLE_EQ(budget.seconds_per_line(), 15.0 / 1800) << "the last three";
}

TEST(RunBudget, WithoutAReportStageOnlyTheCheckCounts) {
  const Clock::time_point start{};
  RunBudget budget(start, 60s, start, 1, 0.0);
  EXPECT_DOUBLE_EQ(budget.seconds_per_line(), 0.02) << "the prior before any check was measured";
  EXPECT_NEAR(seconds_between(start, budget.generation_deadline(500)), 50.0, 1e-6);
}

}  // namespace
}  // namespace palus
