// Minimisation of failing sequences.

#include "palus/generation/minimise.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// minimise

TEST(Minimise, RemovesIrrelevantStatementsKeepsUsedOnesAndTheLast) {
  // 0: x()  1: noise(1)  2: y(ref 0)  3: noise(2)  4: fail(ref 2)
  const Sequence failing =
      make({call(1), call(9, {Input::integer(1)}), call(2, {ref(0)}), call(9, {Input::integer(2)}), call(7, {ref(2)})});
  std::size_t calls = 0;
  const auto still_fails = [&](const Sequence& s) {
    ++calls;
    // Fails as long as it ends with the failing call.
    return !s.empty() && s.statements().back().callable == 7;
  };
  const Sequence minimal = minimise(failing, 1, still_fails, 100);
  EXPECT_EQ(minimal, make({call(1), call(2, {ref(0)}), call(7, {ref(1)})}));
  EXPECT_GT(calls, 0u);
  EXPECT_LE(calls, 100u);
}

TEST(Minimise, KeepsWhatTheFailureNeeds) {
  // The failure needs noise(1) although nothing refers to it (global state, say).
  const Sequence failing = make({call(9, {Input::integer(1)}), call(9, {Input::integer(2)}), call(7)});
  const auto still_fails = [](const Sequence& s) {
    bool has_one = false;
    for (const auto& st : s.statements()) has_one = has_one || (st.callable == 9 && st.inputs[0].i == 1);
    return has_one && s.statements().back().callable == 7;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), make({call(9, {Input::integer(1)}), call(7)}));
}

TEST(Minimise, KeepLastProtectsTheChecks) {
  // 0: a()  1: noise()  2: fail(ref 0)  3: check(ref 0)  4: unused_check()
  const Sequence failing = make({call(1), call(9), call(7, {ref(0)}), call(8, {ref(0)}), call(8)});
  std::vector<Sequence> tried;
  const auto still_fails = [&](const Sequence& s) {
    tried.push_back(s);
    return true;
  };
  const Sequence minimal = minimise(failing, 3, still_fails, 100);
  EXPECT_EQ(minimal, make({call(1), call(7, {ref(0)}), call(8, {ref(0)}), call(8)}));
  for (const auto& s : tried) {
    ASSERT_GE(s.size(), 3u);
    EXPECT_EQ(s[s.size() - 3].callable, 7u);
    EXPECT_EQ(s[s.size() - 1].callable, 8u);
  }
}

TEST(Minimise, RespectsMaxAttempts) {
  // Every statement uses what the failing call uses: no slice to try first.
  Sequence failing = make({call(1)});
  for (int i = 0; i < 20; ++i) failing = failing.extended(call(9, {ref(0), Input::integer(i)}));
  failing = failing.extended(call(7, {ref(0)}));
  std::size_t calls = 0;
  const auto never = [&](const Sequence&) {
    ++calls;
    return false;  // nothing can be removed
  };
  EXPECT_EQ(minimise(failing, 1, never, 5), failing);
  EXPECT_EQ(calls, 5u);
  calls = 0;
  const auto always = [&](const Sequence&) {
    ++calls;
    return true;
  };
  const Sequence partly = minimise(failing, 1, always, 3);
  EXPECT_EQ(calls, 3u);
  EXPECT_EQ(partly.size(), failing.size() - 3);
  EXPECT_EQ(partly.statements().back().callable, 7u);
  EXPECT_EQ(partly[0].callable, 1u) << "the failing call's receiver cannot go";
  calls = 0;
  EXPECT_EQ(minimise(failing, 1, always, 0), failing);
  EXPECT_EQ(calls, 0u);
}

TEST(Minimise, RepeatsUntilNothingMoreGoes) {
  // b can only go once a is gone, and a is before b: a second pass removes b.
  const Sequence failing = make({call(1), call(2), call(7)});
  const auto has = [](const Sequence& s, std::uint32_t callable) {
    for (const auto& st : s.statements())
      if (st.callable == callable) return true;
    return false;
  };
  const auto still_fails = [&](const Sequence& s) {
    return !s.empty() && s.statements().back().callable == 7 && (!has(s, 1) || has(s, 2));
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), make({call(7)}));
}

TEST(Minimise, FirstTriesWithoutAllThatTheFailingCallsObjectsDoNotInvolve) {
  // 0: a()  1: change(ref 0)  2..31: noise(k)  32: b(ref 0)  33: fail(ref 32); change is needed.
  Sequence failing = make({call(1), call(3, {ref(0)})});
  for (int k = 0; k < 30; ++k) failing = failing.extended(call(9, {Input::integer(k)}));
  failing = failing.extended(call(2, {ref(0)})).extended(call(7, {ref(32)}));
  std::size_t calls = 0;
  const auto still_fails = [&](const Sequence& s) {
    ++calls;
    bool changed = false;
    for (const auto& st : s.statements()) changed = changed || st.callable == 3;
    return changed && s.statements().back().callable == 7;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 2),
            make({call(1), call(3, {ref(0)}), call(2, {ref(0)}), call(7, {ref(2)})}))
      << "two runs: the slice, then an attempt without change(ref 0), which no longer fails";
  EXPECT_EQ(calls, 2u);
}

TEST(Minimise, ASliceThatNoLongerFailsCostsOneRun) {
  // The failure needs noise(1), which no object ties to the failing call (a static, say).
  const Sequence failing = make({call(9, {Input::integer(1)}), call(1), call(7, {ref(1)})});
  std::vector<Sequence> tried;
  const auto still_fails = [&](const Sequence& s) {
    tried.push_back(s);
    return s.size() > 0 && s[0].callable == 9 && s.statements().back().callable == 7;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), failing);
  EXPECT_EQ(tried, std::vector<Sequence>{make({call(1), call(7, {ref(0)})})})
      << "removing noise(1) alone is the slice again: not run twice";
}

TEST(Minimise, WhatTheTailNeedsFollowsResultsAndTheCallsOnThem) {
  // 0: a()  1: b()  2: use(ref 1)  3: noise()  4: c(ref 0)  5: fail(ref 4)
  const Sequence s = make({call(1), call(2), call(5, {ref(1)}), call(9), call(3, {ref(0)}), call(7, {ref(4)})});
  EXPECT_EQ(needed_by_tail(s, 1), (std::vector<bool>{true, false, false, false, true, true}));
  EXPECT_EQ(needed_by_tail(s, 4), (std::vector<bool>{true, true, true, true, true, true}));
}

TEST(Minimise, WhatTheTailNeedsIsAFixpoint) {
  // 0: y()  1: x()  2: link(ref 1, ref 0)  3: g(ref 0)  4: fail(ref 1): link ties y to x, so g,
  // a call on y, is needed too, which the first backward pass cannot know when it reaches 3.
  const Sequence s = make({call(1), call(2), call(5, {ref(1), ref(0)}), call(3, {ref(0)}), call(7, {ref(1)})});
  EXPECT_EQ(needed_by_tail(s, 1), (std::vector<bool>{true, true, true, true, true}));
}

TEST(Minimise, OneAttemptIsTheSlice) {
  Sequence failing = make({call(1)});
  for (int k = 0; k < 5; ++k) failing = failing.extended(call(9, {Input::integer(k)}));
  failing = failing.extended(call(7, {ref(0)}));
  std::size_t calls = 0;
  const auto always = [&](const Sequence&) {
    ++calls;
    return true;
  };
  EXPECT_EQ(minimise(failing, 1, always, 1), make({call(1), call(7, {ref(0)})}));
  EXPECT_EQ(calls, 1u);
}

TEST(Minimise, NothingToRemove) {
  const Sequence failing = make({call(1), call(7, {ref(0)})});
  std::size_t calls = 0;
  const auto still_fails = [&](const Sequence&) {
    ++calls;
    return true;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), failing);  // statement 0 is used by the last
  EXPECT_EQ(calls, 0u);
  EXPECT_EQ(minimise(failing, 5, still_fails, 100), failing);  // keep_last beyond the size
}

}  // namespace
}  // namespace palus::generation
