// oracles/include/palus/theory.hpp in both of its modes.
// - GoogleTest mode: this file includes gtest/gtest.h before the header, as generated tests do;
//   unmet assumptions skip the test and checks are fatal GoogleTest failures.
// - harness mode: theory_harness_mode.cpp (no GoogleTest, C++17) runs theories through
//   palus::theory_detail::outcome as the harness does; the tests here read the outcomes.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <palus/theory.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "unit/oracles/theory_harness_mode.hpp"

static_assert(PALUS_THEORY_GTEST == 1, "gtest/gtest.h included first selects GoogleTest mode");

namespace palus::testing::theory_gtest {

using theory_harness::Act;
using theory_harness::act_on;

/// Set at the end of each theory body: the body ran to its end.
bool finished = false;

PALUS_THEORY(assume_theory, bool met) {
  PALUS_ASSUME(met);
  finished = true;
}

PALUS_THEORY(check_theory, bool holds) {
  PALUS_CHECK(holds);
  finished = true;
}

PALUS_THEORY(check_eq_ints_theory, int a, int b) {
  PALUS_CHECK_EQ(a, b);
  finished = true;
}

PALUS_THEORY(check_eq_strings_theory, const std::string& a, const char* b) {
  PALUS_CHECK_EQ(a, b);
  finished = true;
}

PALUS_THEORY(expect_throw_any_theory, Act act) {
  PALUS_EXPECT_THROW(act_on(act));
  finished = true;
}

PALUS_THEORY(expect_throw_logic_error_theory, Act act) {
  PALUS_EXPECT_THROW(act_on(act), std::logic_error);
  finished = true;
}

PALUS_THEORY(expect_no_throw_theory, Act act) {
  PALUS_EXPECT_NO_THROW(act_on(act));
  finished = true;
}

PALUS_THEORY(escaping_theory, Act act) {
  act_on(act);
  finished = true;
}

PALUS_INVARIANT(theory_harness::Counter, counter) {
  PALUS_CHECK(counter.count() <= counter.limit());
  finished = true;
}

theory_harness::Counter good_counter(2, 3);
theory_harness::Counter bad_counter(5, 3);

// Parameter values compile in GoogleTest mode too (they are never called).
PALUS_PARAM_VALUES(palus::testing::theory_gtest::check_eq_ints_theory, b, 1, 2, 3, 10)
PALUS_PARAM_VALUES(palus::testing::theory_gtest::check_eq_strings_theory, b, "", "x")
PALUS_TYPE_VALUES(int, -1, 0, 1)
PALUS_TYPE_VALUES(std::string, "", "with space")
PALUS_TYPE_VALUES(double, 0.5, -0.0)

/// What a call reports to GoogleTest (failures and skips), kept from the current test.
template <typename Call>
std::vector<::testing::TestPartResult> reported_by(Call&& call) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    call();
  }
  std::vector<::testing::TestPartResult> out;
  for (int i = 0; i < results.size(); ++i) out.push_back(results.GetTestPartResult(i));
  return out;
}

// --- GoogleTest mode ---

TEST(TheoryGtestMode, MetAssumptionRunsTheBody) {
  finished = false;
  assume_theory(true);
  EXPECT_TRUE(finished);
  EXPECT_FALSE(::testing::Test::IsSkipped());
}

TEST(TheoryGtestMode, UnmetAssumptionReportsASkipAndEndsTheBody) {
  finished = false;
  const auto results = reported_by([] { assume_theory(false); });
  ASSERT_EQ(results.size(), 1U);
  EXPECT_TRUE(results[0].skipped());
  EXPECT_NE(std::string(results[0].message()).find("assumption not met: met"), std::string::npos)
      << results[0].message();
  EXPECT_FALSE(finished);
}

// This test is reported as SKIPPED when it passes: that is what it checks.
TEST(TheoryGtestMode, UnmetAssumptionSkipsTheTest) {
  finished = false;
  assume_theory(false);
  EXPECT_TRUE(::testing::Test::IsSkipped());
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, CheckPasses) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(check_theory(true));
  EXPECT_TRUE(finished);
}

TEST(TheoryGtestMode, FailedCheckIsAFatalFailureAndEndsTheBody) {
  finished = false;
  EXPECT_FATAL_FAILURE(check_theory(false), "Value of: holds");
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, CheckEqPasses) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(check_eq_ints_theory(4, 4));
  EXPECT_NO_FATAL_FAILURE(check_eq_strings_theory("abc", "abc"));
  EXPECT_TRUE(finished);
}

TEST(TheoryGtestMode, FailedCheckEqShowsBothValues) {
  finished = false;
  EXPECT_FATAL_FAILURE(check_eq_ints_theory(1, 2), "Expected equality of these values");
  const auto results = reported_by([] { check_eq_ints_theory(1, 2); });
  ASSERT_EQ(results.size(), 1U);
  EXPECT_TRUE(results[0].fatally_failed());
  const std::string message = results[0].message();
  EXPECT_NE(message.find("Which is: 1"), std::string::npos) << message;
  EXPECT_NE(message.find("Which is: 2"), std::string::npos) << message;
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, FailedCheckEqQuotesStrings) {
  const auto results = reported_by([] { check_eq_strings_theory("abc", "abd"); });
  ASSERT_EQ(results.size(), 1U);
  EXPECT_TRUE(results[0].fatally_failed());
  const std::string message = results[0].message();
  EXPECT_NE(message.find("\"abc\""), std::string::npos) << message;
  EXPECT_NE(message.find("\"abd\""), std::string::npos) << message;
}

TEST(TheoryGtestMode, ExpectThrowWithoutType) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(expect_throw_any_theory(Act::runtime_error));
  EXPECT_NO_FATAL_FAILURE(expect_throw_any_theory(Act::non_std));
  EXPECT_TRUE(finished);
  finished = false;
  EXPECT_FATAL_FAILURE(expect_throw_any_theory(Act::nothing), "Actual: it doesn't.");
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, ExpectThrowWithType) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(expect_throw_logic_error_theory(Act::logic_error));
  EXPECT_NO_FATAL_FAILURE(expect_throw_logic_error_theory(Act::out_of_range));  // derived
  EXPECT_TRUE(finished);
  finished = false;
  EXPECT_FATAL_FAILURE(expect_throw_logic_error_theory(Act::runtime_error),
                       "Actual: it throws std::runtime_error with description \"runtime boom\".");
  EXPECT_FATAL_FAILURE(expect_throw_logic_error_theory(Act::non_std), "Actual: it throws a different type.");
  EXPECT_FATAL_FAILURE(expect_throw_logic_error_theory(Act::nothing), "Actual: it throws nothing.");
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, ExpectNoThrow) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(expect_no_throw_theory(Act::nothing));
  EXPECT_TRUE(finished);
  finished = false;
  EXPECT_FATAL_FAILURE(expect_no_throw_theory(Act::runtime_error),
                       "Actual: it throws std::runtime_error with description \"runtime boom\".");
  EXPECT_FATAL_FAILURE(expect_no_throw_theory(Act::non_std), "Actual: it throws.");
  EXPECT_FALSE(finished);
}

TEST(TheoryGtestMode, ExceptionEscapesTheBody) {
  // In a generated test GoogleTest reports it as an exception thrown in the test body.
  finished = false;
  EXPECT_THROW(escaping_theory(Act::runtime_error), std::runtime_error);
  EXPECT_FALSE(finished);
  EXPECT_NO_THROW(escaping_theory(Act::nothing));
  EXPECT_TRUE(finished);
}

TEST(TheoryGtestMode, Invariant) {
  finished = false;
  EXPECT_NO_FATAL_FAILURE(palus_invariant(good_counter));
  EXPECT_TRUE(finished);
  finished = false;
  EXPECT_FATAL_FAILURE(palus_invariant(bad_counter), "Value of: counter.count() <= counter.limit()");
  EXPECT_FALSE(finished);
}

// --- harness mode (theory_harness_mode.cpp) ---

namespace harness = theory_harness;

/// "theory_harness_mode.cpp:<line>: <what>"
std::string at(int line, const std::string& what) {
  return "theory_harness_mode.cpp:" + std::to_string(line) + ": " + what;
}

TEST(TheoryHarnessMode, CompiledAsCxx17) { EXPECT_EQ(harness::compiled_as(), "C++17"); }

TEST(TheoryHarnessMode, Assumption) {
  const harness::Run met = harness::assume(true);
  EXPECT_EQ(met.outcome, "");
  EXPECT_TRUE(met.finished);
  const harness::Run unmet = harness::assume(false);
  EXPECT_EQ(unmet.outcome, "");  // skipped: not a violation
  EXPECT_FALSE(unmet.finished);
}

TEST(TheoryHarnessMode, Check) {
  const harness::Run pass = harness::check(true);
  EXPECT_EQ(pass.outcome, "");
  EXPECT_TRUE(pass.finished);
  const harness::Run fail = harness::check(false);
  ASSERT_GT(fail.line, 0);
  EXPECT_EQ(fail.outcome, at(fail.line, "PALUS_CHECK(holds == true) failed"));
  EXPECT_FALSE(fail.finished);
}

TEST(TheoryHarnessMode, CheckEqInts) {
  const harness::Run pass = harness::check_eq_ints(7, 7);
  EXPECT_EQ(pass.outcome, "");
  EXPECT_TRUE(pass.finished);
  const harness::Run fail = harness::check_eq_ints(1, 2);
  EXPECT_EQ(fail.outcome, at(fail.line, "PALUS_CHECK_EQ(a, b) failed: 1 != 2"));
  EXPECT_FALSE(fail.finished);
  EXPECT_EQ(harness::check_eq_ints(-3, 0).outcome, at(fail.line, "PALUS_CHECK_EQ(a, b) failed: -3 != 0"));
}

TEST(TheoryHarnessMode, CheckEqQuotesStrings) {
  EXPECT_EQ(harness::check_eq_strings("abc", "abc").outcome, "");
  const harness::Run fail = harness::check_eq_strings("abc", "a b");
  EXPECT_EQ(fail.outcome, at(fail.line, "PALUS_CHECK_EQ(a, b) failed: \"abc\" != \"a b\""));
  const harness::Run empty = harness::check_eq_strings("", "x");
  EXPECT_EQ(empty.outcome, at(empty.line, "PALUS_CHECK_EQ(a, b) failed: \"\" != \"x\""));
}

TEST(TheoryHarnessMode, CheckEqShowsBoolsCharsAndUnprintableValues) {
  EXPECT_EQ(harness::check_eq_bools(true, true).outcome, "");
  const harness::Run bools = harness::check_eq_bools(true, false);
  EXPECT_EQ(bools.outcome, at(bools.line, "PALUS_CHECK_EQ(a, b) failed: true != false"));
  const harness::Run chars = harness::check_eq_chars('x', 'y');
  EXPECT_EQ(chars.outcome, at(chars.line, "PALUS_CHECK_EQ(a, b) failed: 'x' != 'y'"));
  EXPECT_EQ(harness::check_eq_unprintable(5, 5).outcome, "");
  const harness::Run opaque = harness::check_eq_unprintable(5, 6);
  EXPECT_EQ(opaque.outcome, at(opaque.line,
                               "PALUS_CHECK_EQ(a, b) failed: (a palus::testing::theory_harness::Opaque) != "
                               "(a palus::testing::theory_harness::Opaque)"));
}

TEST(TheoryHarnessMode, CheckEqEvaluatesEachArgumentOnce) { EXPECT_EQ(harness::check_eq_evaluations(), 1); }

TEST(TheoryHarnessMode, ExpectThrowWithoutType) {
  for (const Act act : {Act::logic_error, Act::runtime_error, Act::non_std}) {
    const harness::Run pass = harness::expect_throw_any(act);
    EXPECT_EQ(pass.outcome, "");
    EXPECT_TRUE(pass.finished);
  }
  const harness::Run fail = harness::expect_throw_any(Act::nothing);
  EXPECT_EQ(fail.outcome, at(fail.line, "PALUS_EXPECT_THROW(act_on(act)): nothing was thrown"));
  EXPECT_FALSE(fail.finished);
}

TEST(TheoryHarnessMode, ExpectThrowWithType) {
  for (const Act act : {Act::logic_error, Act::out_of_range}) {  // out_of_range is a logic_error
    const harness::Run pass = harness::expect_throw_logic_error(act);
    EXPECT_EQ(pass.outcome, "");
    EXPECT_TRUE(pass.finished);
  }
  const harness::Run wrong = harness::expect_throw_logic_error(Act::runtime_error);
  EXPECT_EQ(wrong.outcome, at(wrong.line,
                              "PALUS_EXPECT_THROW(act_on(act), std::logic_error): threw std::runtime_error: "
                              "runtime boom"));
  EXPECT_FALSE(wrong.finished);
  const harness::Run non_std = harness::expect_throw_logic_error(Act::non_std);
  EXPECT_EQ(non_std.outcome, at(non_std.line,
                                "PALUS_EXPECT_THROW(act_on(act), std::logic_error): threw an exception that "
                                "is not a std::exception"));
  const harness::Run nothing = harness::expect_throw_logic_error(Act::nothing);
  EXPECT_EQ(nothing.outcome, at(nothing.line, "PALUS_EXPECT_THROW(act_on(act), std::logic_error): nothing was thrown"));
  EXPECT_FALSE(nothing.finished);
}

TEST(TheoryHarnessMode, ExpectNoThrow) {
  const harness::Run pass = harness::expect_no_throw(Act::nothing);
  EXPECT_EQ(pass.outcome, "");
  EXPECT_TRUE(pass.finished);
  const harness::Run fail = harness::expect_no_throw(Act::out_of_range);
  EXPECT_EQ(fail.outcome, at(fail.line, "PALUS_EXPECT_NO_THROW(act_on(act)): threw std::out_of_range: range boom"));
  EXPECT_FALSE(fail.finished);
  const harness::Run non_std = harness::expect_no_throw(Act::non_std);
  EXPECT_EQ(non_std.outcome,
            at(non_std.line, "PALUS_EXPECT_NO_THROW(act_on(act)): threw an exception that is not a std::exception"));
}

TEST(TheoryHarnessMode, ExceptionEscapingTheBodyIsAViolation) {
  EXPECT_EQ(harness::escaping(Act::nothing).outcome, "");
  EXPECT_EQ(harness::escaping(Act::runtime_error).outcome, "threw std::runtime_error: runtime boom");
  EXPECT_EQ(harness::escaping(Act::out_of_range).outcome, "threw std::out_of_range: range boom");
  EXPECT_EQ(harness::escaping(Act::non_std).outcome, "threw an exception that is not a std::exception");
  EXPECT_FALSE(harness::escaping(Act::runtime_error).finished);
}

TEST(TheoryHarnessMode, ExpectThrowLetsSkipsAndViolationsThrough) {
  const harness::Run skip = harness::unmet_assumption_inside_expect_throw();
  EXPECT_EQ(skip.outcome, "");  // the inner assumption skips, it is not "an exception was thrown"
  EXPECT_FALSE(skip.finished);
  const harness::Run inner = harness::failed_check_inside_expect_throw();
  EXPECT_EQ(inner.outcome, at(inner.line, "PALUS_CHECK(holds == true) failed"));
  const harness::Run no_throw = harness::failed_check_inside_expect_no_throw();
  EXPECT_EQ(no_throw.outcome, at(no_throw.line, "PALUS_CHECK(holds == true) failed"));
}

TEST(TheoryHarnessMode, Invariants) {
  EXPECT_EQ(harness::counter_invariant(2, 3).outcome, "");
  const harness::Run counter = harness::counter_invariant(4, 3);
  ASSERT_GT(counter.line, 0);
  EXPECT_EQ(counter.outcome, at(counter.line, "PALUS_CHECK(counter.count() <= counter.limit()) failed"));

  EXPECT_EQ(harness::account_invariant(true, 10).outcome, "");
  EXPECT_EQ(harness::account_invariant(false, -10).outcome, "");  // assumption not met: skipped
  const harness::Run account = harness::account_invariant(true, -10);
  EXPECT_EQ(account.outcome, at(account.line, "PALUS_CHECK_EQ(account.balance() < 0, false) failed: true != false"));
}

}  // namespace palus::testing::theory_gtest
