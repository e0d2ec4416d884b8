// The generation loop without a harness process (palus/generation/generator.hpp): a fake
// execution plays a library with planted misbehaviours, so the loop's own rules are checked
// alone: its step budget, determinism for a seed, one minimised report per failure, and the
// shortened call timeout once a hang was reported.

#include "palus/generation/generator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <vector>

#include "palus/generation/random_step.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using fixtures::Library;
using harness::Outcome;
using harness::OutcomeKind;
using harness::protocol::RunRequest;
using namespace std::chrono_literals;

/// Every statement answers normally, except that ns::A::use crashes and ns::A::take hangs when
/// `planted` is set.
class FakeExecution : public Execution {
 public:
  explicit FakeExecution(bool planted) : planted_(planted) {}

  Outcome run(const RunRequest& request) override {
    ++runs;
    if (request.last_in_child) ++last_in_child;
    const bool calls_other = std::any_of(request.statements.begin(), request.statements.end(),
                                         [](const auto& s) { return s.callable == Library::kOtherCtor; });
    if (request.last_in_child != calls_other) ++last_in_child_not_other;
    if (request.count_blocks && request.observe && request.observe_from + 1 != request.test_statements)
      ++judged_observing_more;
    Outcome outcome;
    outcome.result.sequence_id = request.sequence_id;
    const bool unsettling =
        unsettling_observer != ~0u && std::find(request.skip_observers.begin(), request.skip_observers.end(),
                                                unsettling_observer) == request.skip_observers.end();
    bool unsettled = false;  // the unsettling observer ran after an earlier statement
    for (std::size_t k = 0; k < request.statements.size(); ++k) {
      const std::uint32_t callable = request.statements[k].callable;
      const bool cut_off = callable == slow_callable && timeouts.back() < 1000ms;
      if (cut_off || (planted_ && (callable == Library::kUse || callable == Library::kTake))) {
        outcome.kind = callable == Library::kUse ? OutcomeKind::crash : OutcomeKind::hang;
        outcome.statement = static_cast<int>(k);
        outcome.message = callable == Library::kUse ? "SIGSEGV" : "no answer";
        outcome.phase = "call";
        return outcome;
      }
      if (!request.count_blocks && request.observe && request.observe_from == 0 && callable == dies_alone) {
        outcome.kind = OutcomeKind::crash;  // in an observer after it, as the harness dies: no answer at all
        outcome.statement = static_cast<int>(k);
        outcome.message = "SIGSEGV";
        outcome.phase = "observe";
        outcome.result.statements.clear();
        return outcome;
      }
      auto& answer = outcome.result.statements.emplace_back();
      if ((!request.count_blocks && request.observe && request.observe_from == 0 && callable == throws_alone) ||
          (unsettled && callable == Library::kPeek)) {
        answer.status = harness::protocol::StatementStatus::exception;
        answer.exception_type = "std::runtime_error";
        outcome.kind = OutcomeKind::exception;
        outcome.statement = static_cast<int>(k);
        return outcome;
      }
      if (request.observe && k >= request.observe_from &&
          (request.test_statements == 0 || k < request.test_statements)) {
        auto& o = answer.observations.emplace_back();
        o.object = static_cast<std::uint32_t>(k);
        o.callable = Library::kPeek;
        o.value.kind = harness::protocol::ValueKind::signed_integer;
        unsettled = unsettled || unsettling;
      }
    }
    outcome.output_bytes = printed;
    for (const auto& statement : request.statements)
      if (statement.callable == refused_callable) outcome.blocked.push_back("socket (statement 0)");
    if (count_blocks) {  // one block per callable, as the harness's block coverage would count it
      for (std::size_t k = 0; k < request.statements.size(); ++k) {
        const auto& statement = request.statements[k];
        const bool fresh = !reached.count(statement.callable);
        if (fresh) outcome.result.new_blocks.push_back(statement.callable);
        if (fresh && request.count_blocks) reached.insert(statement.callable);
        if (request.test_statements != 0 && k >= request.test_statements) continue;  // a check's: aside
        auto& all = outcome.result.reached_blocks;
        if (std::find(all.begin(), all.end(), statement.callable) == all.end()) all.push_back(statement.callable);
      }
      outcome.result.total_blocks = static_cast<std::uint32_t>(reached.size());
    }
    return outcome;
  }
  std::vector<Outcome> run_batch(const std::vector<RunRequest>& requests) override {
    std::vector<Outcome> out;
    for (const auto& r : requests) out.push_back(run(r));
    return out;
  }
  std::chrono::milliseconds call_timeout() const override { return timeouts.back(); }
  void set_call_timeout(std::chrono::milliseconds limit) override { timeouts.push_back(limit); }

  std::vector<std::chrono::milliseconds> timeouts{1000ms};
  std::size_t runs = 0;
  std::size_t last_in_child = 0;            ///< requests marked RunRequest::last_in_child
  std::size_t last_in_child_not_other = 0;  ///< marked, but not calling ns::Other(), or the reverse
  std::size_t judged_observing_more = 0;    ///< candidates observed from elsewhere than their last statement
  std::uint32_t throws_alone = ~0u;         ///< this callable throws in a rerun observing every statement
  std::uint32_t dies_alone = ~0u;           ///< an observer after this callable crashes in such a rerun
  /// An observer that, run after a statement, makes every later peek() throw (a const method that
  /// writes: muparser's Eval() compiles the expression).
  std::uint32_t unsettling_observer = ~0u;
  std::uint64_t printed = 0;             ///< what every sequence printed
  std::uint32_t refused_callable = ~0u;  ///< the sandbox refuses a call this callable makes
  std::uint32_t slow_callable = ~0u;     ///< takes longer than a short timeout: a hang only then
  bool count_blocks = false;             ///< report block coverage: one block per callable
  std::set<std::uint32_t> reached;

 private:
  bool planted_;
};

struct Found {
  std::vector<TestCase> tests;
  GeneratorStats stats;
};

/// An API's catalog (with the harness's `ids`), literals and random step: what a source is made
/// from. The API must outlive it.
struct StepParts {
  StepParts(const api::Api& api, const std::vector<std::string>& ids)
      : catalog(make_catalog(api, ids)), literals(api) {}
  const Catalog catalog;
  const LiteralPool literals;
  RandomStep step{catalog, literals, {}};
};

Found generate_from(const Library& library, FakeExecution& execution, std::uint64_t seed, std::uint64_t steps,
                    std::chrono::milliseconds known_hang = 0ms, bool keep_all = false, bool failures_only = false) {
  StepParts parts(library.api, library.ids);
  RandomSource source(parts.step);
  GeneratorOptions options;
  options.seed = seed;
  options.max_steps = steps;
  options.known_hang_timeout = known_hang;
  options.keep_all = keep_all;
  if (failures_only) options.regression_per_callable = options.exceptions_per_callable = 0;  // --failures-only
  Generator generator(parts.catalog, execution, source, options);
  Found found;
  const std::atomic<bool> stop{false};
  generator.run(stop, [&](TestCase test) { found.tests.push_back(std::move(test)); }, {});
  found.stats = generator.stats();
  return found;
}

Found generate(FakeExecution& execution, std::uint64_t seed, std::uint64_t steps,
               std::chrono::milliseconds known_hang = 0ms, bool keep_all = false, bool failures_only = false) {
  static const Library library;
  return generate_from(library, execution, seed, steps, known_hang, keep_all, failures_only);
}

std::vector<std::uint64_t> hashes(const Found& found) {
  std::vector<std::uint64_t> out;
  for (const auto& t : found.tests) out.push_back(t.sequence.hash());
  return out;
}

TEST(GeneratorTest, StopsAfterExactlyItsStepBudget) {
  FakeExecution execution(false);
  const Found found = generate(execution, 1, 150);
  EXPECT_EQ(found.stats.executed, 150u);
  EXPECT_EQ(execution.runs, 150u + found.stats.run_alone)
      << "no failure: nothing is run again to confirm or minimise, only each kept test alone";
  EXPECT_EQ(found.stats.run_alone, found.stats.regression_tests + found.stats.exception_tests);
  EXPECT_GT(found.stats.regression_tests, 0u);
}

TEST(GeneratorTest, ATestsAnswersComeFromARunOfItAloneThatObservesEveryStatement) {
  FakeExecution execution(false);
  const Found found = generate(execution, 1, 150);
  ASSERT_FALSE(found.tests.empty());
  EXPECT_EQ(execution.judged_observing_more, 0u) << "a candidate is observed after its last statement, not before";
  for (const TestCase& test : found.tests) {
    ASSERT_EQ(test.result.statements.size(), test.sequence.size());
    for (const auto& answer : test.result.statements) EXPECT_EQ(answer.observations.size(), 1u);
  }
}

/// A run whose reruns alone of tests calling peek() end otherwise (`execution` says how): none of
/// those tests is kept, and run.log's line names the first as `named` says.
void expect_no_test_with_peek(FakeExecution& execution, const std::string& named) {
  const Found found = generate(execution, 1, 150);
  EXPECT_GT(found.stats.unsteady_alone, 0u);
  EXPECT_NE(found.stats.first_unsteady.find(named), std::string::npos) << found.stats.first_unsteady;
  EXPECT_EQ(found.stats.run_alone - found.stats.unsteady_alone,
            found.stats.regression_tests + found.stats.exception_tests);
  for (const TestCase& test : found.tests)
    for (std::size_t k = 0; k < test.sequence.size(); ++k) EXPECT_NE(test.sequence[k].callable, Library::kPeek);
}

TEST(GeneratorTest, ATestWhoseStatementEndsOtherwiseWhenRunAloneIsNotKept) {
  FakeExecution execution(false);
  execution.throws_alone = Library::kPeek;
  expect_no_test_with_peek(
      execution, "ns::A::peek(ns::Other *), ended normally when judged and throwing std::runtime_error when run again");
}

TEST(GeneratorTest, ARerunThatDiesIsNamedByTheStatementItDiedAt) {
  FakeExecution execution(false);
  execution.dies_alone = Library::kPeek;
  expect_no_test_with_peek(execution,
                           ", ns::A::peek(ns::Other *), ended normally when judged and without an answer (the run "
                           "ended in phase observe: crash, SIGSEGV)");
}

TEST(GeneratorTest, AnObserverThatChangesHowALaterStatementEndsIsQuarantinedAndTheTestKept) {
  // Three observers of ns::A, the second of which unsettles a later peek(): halving finds it.
  Library library;
  for (auto& c : library.api.classes) {
    if (c.name != "ns::A") continue;
    for (const char* name : {"count", "size", "id"}) {
      api::Callable m = fixtures::callable(std::string("ns::A::") + name + "()", name, "ns::A",
                                           api::CallableKind::method, {}, fixtures::int_type());
      m.is_const = true;
      c.methods.push_back(m);
      library.ids.push_back(m.id);
    }
  }
  const auto size = static_cast<std::uint32_t>(library.ids.size() - 2);
  FakeExecution execution(false);
  execution.unsettling_observer = size;
  const Found found = generate_from(library, execution, 1, 150);
  EXPECT_EQ(found.stats.unsettling_observers, 1u);
  EXPECT_EQ(found.stats.quarantined_observers, 1u) << "the other two observers still run";
  EXPECT_EQ(found.stats.unsteady_alone, 0u) << "the test that found it is kept too";
  std::size_t peek_after_a_statement = 0;
  for (const TestCase& test : found.tests)
    for (std::size_t k = 1; k < test.sequence.size(); ++k)
      if (test.sequence[k].callable == Library::kPeek) ++peek_after_a_statement;
  EXPECT_GT(peek_after_a_statement, 0u);
}

/// A strategy that runs dry at once: the same candidate every time (a duplicate after its first run).
class OneCandidate : public SequenceSource {
 public:
  explicit OneCandidate(RandomStep& step) : step_(step) {}
  std::optional<Sequence> next(const Pool& pool, Random& random) override {
    ++calls;
    if (!first_) first_ = step_.next(pool, random);
    return first_;
  }
  std::size_t calls = 0;

 private:
  RandomStep& step_;
  std::optional<Sequence> first_;
};

TEST(GeneratorTest, ASourceThatRunsDryHandsOverToTheFallbackInsteadOfEndingTheRun) {
  static const Library library;
  StepParts parts(library.api, library.ids);
  OneCandidate dry(parts.step);
  RandomSource fallback(parts.step);
  FakeExecution execution(false);
  GeneratorOptions options;
  options.seed = 1;
  options.max_steps = 1000;
  options.fallback = &fallback;
  Generator generator(parts.catalog, execution, dry, options);
  const std::atomic<bool> stop{false};
  generator.run(stop, [](TestCase) {}, {});
  EXPECT_EQ(generator.stats().executed, 1000u);
  EXPECT_EQ(generator.stats().from_fallback, 999u);
  // Batches of 64, each asking a source up to 4 x 64 times: the source's first candidate runs in
  // batch 1; batch 2 finds it dry, so batches 2-9 come from the fallback; batch 10 asks the
  // source again (so it is asked in more than two batches), finds it dry, and the fallback goes on.
  EXPECT_GT(dry.calls, 2u * 64 * 4);

  options.fallback = nullptr;
  OneCandidate alone(parts.step);
  Generator without(parts.catalog, execution, alone, options);
  without.run(stop, [](TestCase) {}, {});
  EXPECT_EQ(without.stats().executed, 1u) << "without a fallback a dry source ends the run";
}

TEST(GeneratorTest, TheSameSeedFindsTheSameTestsInTheSameOrder) {
  FakeExecution first(true), second(true), other(true);
  const Found a = generate(first, 7, 300), b = generate(second, 7, 300), c = generate(other, 8, 300);
  ASSERT_FALSE(a.tests.empty());
  EXPECT_EQ(hashes(a), hashes(b));
  EXPECT_NE(hashes(a), hashes(c));
}

TEST(GeneratorTest, APlantedCrashIsReportedOnceAndMinimised) {
  // The first seed whose run met the crash first with A(INT_MIN), a suspect: that must not hide it
  // met with a plain count.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    FakeExecution execution(true);
    const Found found = generate(execution, seed, 400);
    std::vector<const TestCase*> crashes, suspects;
    for (const auto& t : found.tests)
      if (t.kind == TestKind::failure && t.failure_kind == "crash")
        (t.suspicion.empty() ? crashes : suspects).push_back(&t);
    ASSERT_EQ(crashes.size(), 1u) << "the same crash in use() is one failure however often it is met (seed " << seed
                                  << ")";
    const Sequence& minimal = crashes[0]->sequence;
    EXPECT_LE(minimal.size(), 3u) << "A(n), Other() and use(): nothing else is needed";
    EXPECT_EQ(minimal[minimal.size() - 1].callable, Library::kUse);
    EXPECT_GT(found.stats.failure, 1u) << "it was met more than once";
    if (suspects.empty()) continue;
    ASSERT_EQ(suspects.size(), 1u);
    EXPECT_NE(suspects[0]->suspicion.find("past any size"), std::string::npos) << suspects[0]->suspicion;
    EXPECT_EQ(suspects[0]->identity, crashes[0]->identity);
    return;
  }
  FAIL() << "no seed met the crash first as a suspect";
}

TEST(GeneratorTest, OnceAHangIsReportedLaterCallsGetTheShortTimeout) {
  FakeExecution execution(true);
  const Found found = generate(execution, 3, 400, 200ms);
  EXPECT_EQ(found.stats.failures_by_kind.count("hang"), 1u);
  ASSERT_GE(execution.timeouts.size(), 3u);
  EXPECT_EQ(execution.timeouts[1], 1000ms) << "a hang is confirmed with the full timeout";
  EXPECT_EQ(execution.timeouts.back(), 200ms);
}

TEST(GeneratorTest, UnderATimeBudgetAHangIsMinimisedWithTheShortTimeoutAndConfirmedWithTheFullOneUnlessASuspect) {
  static const Library library;
  StepParts parts(library.api, library.ids);
  RandomSource source(parts.step);
  GeneratorOptions options;
  options.seed = 3;
  options.max_steps = 0;
  options.deadline = std::chrono::steady_clock::now() + 300ms;
  options.known_hang_timeout = 200ms;
  FakeExecution execution(true);
  Generator generator(parts.catalog, execution, source, options);
  std::vector<TestCase> hangs;
  const std::atomic<bool> stop{false};
  generator.run(stop,
                [&](TestCase test) {
                  if (test.kind == TestKind::failure && test.failure_kind == "hang") hangs.push_back(std::move(test));
                },
                {});
  // Met first with A(INT_MAX), a suspect; met again with a plain n, the hang itself.
  ASSERT_EQ(hangs.size(), 2u);
  EXPECT_NE(hangs[0].suspicion.find("what that value asks for"), std::string::npos) << hangs[0].suspicion;
  EXPECT_EQ(hangs[1].suspicion, "");
  EXPECT_LE(hangs[0].sequence.size(), 4u)
      << "A(n), make() and take(...) on it or on a second A(n): nothing else is needed";
  for (std::size_t k = 0; k < hangs[0].sequence.size(); ++k)
    EXPECT_TRUE(hangs[0].sequence[k].callable == Library::kACtor || hangs[0].sequence[k].callable == Library::kMake ||
                hangs[0].sequence[k].callable == Library::kTake)
        << "statement " << k;
  EXPECT_EQ(hangs[1].sequence[hangs[1].sequence.size() - 1].callable, Library::kTake);
  EXPECT_EQ(generator.stats().hangs_examined, 2u);
  EXPECT_EQ(generator.stats().hangs_unconfirmed, 0u);
  // The suspect, found with the full timeout, is examined and minimised with the short one only: a
  // huge size asked for the time, whether the call hangs or is only slow. The hang itself is
  // confirmed with the full one, minimised with the short one, its minimal form confirmed with the
  // full one; the short one from then on.
  EXPECT_EQ(generator.stats().hangs_doubted, 1u);
  const std::vector<std::chrono::milliseconds> expected{200ms, 200ms, 200ms, 1000ms, 200ms, 1000ms, 200ms};
  EXPECT_TRUE(std::equal(expected.rbegin(), expected.rend(), execution.timeouts.rbegin()))
      << ::testing::PrintToString(execution.timeouts);
  EXPECT_EQ(std::count(execution.timeouts.begin(), execution.timeouts.end(), 200ms), 5);
}

TEST(GeneratorTest, ACallThatIsOnlySlowIsNoHangAndIsLookedAtTwiceAtMost) {
  FakeExecution execution(true);
  execution.slow_callable = Library::kPeek;
  const Found found = generate(execution, 3, 1000, 200ms);
  std::size_t hangs = 0;
  for (const auto& t : found.tests) {
    if (t.kind == TestKind::failure && t.failure_kind == "hang") {
      ++hangs;
      EXPECT_EQ(t.sequence[t.sequence.size() - 1].callable, Library::kTake) << "peek() finishes in the full timeout";
    }
  }
  EXPECT_EQ(found.stats.hangs_unconfirmed, 2u) << "each look costs a full timeout: twice, then no more";
  EXPECT_EQ(found.stats.hangs_examined, 2u + hangs) << "take()'s hang: a suspect, then the hang";
}

/// ns::List, whose sort() never returns and whose size() says 65,536 whenever it is observed:
/// each hang is a suspect once minimised (a call over that many may take that long), but judged
/// as found, with nothing observed, nothing doubts it.
class HugeListExecution : public Execution {
 public:
  static constexpr std::uint32_t kList = 0, kSize = 1, kSort = 2;

  Outcome run(const RunRequest& request) override {
    Outcome outcome;
    outcome.result.sequence_id = request.sequence_id;
    for (std::size_t k = 0; k < request.statements.size(); ++k) {
      if (request.statements[k].callable == kSort) {
        outcome.kind = OutcomeKind::hang;
        outcome.statement = static_cast<int>(k);
        outcome.message = "no answer";
        outcome.phase = "call";
        return outcome;
      }
      auto& answer = outcome.result.statements.emplace_back();
      if (!request.observe || request.statements[k].callable != kList) continue;
      harness::protocol::Observation size;
      size.callable = kSize;
      size.object = static_cast<std::uint32_t>(k);
      size.value.kind = harness::protocol::ValueKind::unsigned_integer;
      size.value.u = 65536;
      answer.observations.push_back(size);
    }
    return outcome;
  }
  std::vector<Outcome> run_batch(const std::vector<RunRequest>& requests) override {
    std::vector<Outcome> out;
    for (const auto& r : requests) out.push_back(run(r));
    return out;
  }
  std::chrono::milliseconds call_timeout() const override { return timeout_; }
  void set_call_timeout(std::chrono::milliseconds limit) override { timeout_ = limit; }

 private:
  std::chrono::milliseconds timeout_{1000ms};
};

TEST(GeneratorTest, ASuspectsKeyIsExaminedAgainTwiceAtMost) {
  using api::CallableKind;
  api::Class list;
  list.name = "ns::List";
  list.constructors.push_back(fixtures::callable("ns::List::List()", "List", "ns::List", CallableKind::constructor));
  list.methods.push_back(
      fixtures::callable("ns::List::size() const", "size", "ns::List", CallableKind::method, {},
                         fixtures::type("size_t", "size_t", api::Passing::value, api::TypeCategory::integer)));
  list.methods.push_back(fixtures::callable("ns::List::sort()", "sort", "ns::List", CallableKind::method));
  api::Api api;
  api.classes.push_back(list);
  StepParts parts(api, {"ns::List::List()", "ns::List::size() const", "ns::List::sort()"});
  RandomSource source(parts.step);
  GeneratorOptions options;
  options.seed = 1;
  options.max_steps = 400;
  HugeListExecution execution;
  Generator generator(parts.catalog, execution, source, options);
  std::vector<TestCase> hangs;
  const std::atomic<bool> stop{false};
  generator.run(stop,
                [&](TestCase test) {
                  if (test.kind == TestKind::failure) hangs.push_back(std::move(test));
                },
                {});
  ASSERT_EQ(hangs.size(), 1u) << "one suspect, not one per look";
  EXPECT_NE(hangs[0].suspicion.find("held 65536 elements"), std::string::npos) << hangs[0].suspicion;
  EXPECT_GT(generator.stats().failure, 3u) << "met more often than it was examined";
  EXPECT_EQ(generator.stats().hangs_examined, 3u) << "found, then examined again twice";
  EXPECT_EQ(generator.stats().hangs_unconfirmed, 0u);
}

TEST(GeneratorTest, PassingTestsThatPrintMoreThanAMegabyteAreNotKept) {
  FakeExecution quiet(false), noisy(false);
  noisy.printed = (1 << 20) + 1;
  const Found kept = generate(quiet, 5, 100), cut = generate(noisy, 5, 100);
  EXPECT_GT(kept.stats.regression_tests, 0u);
  EXPECT_EQ(kept.stats.noisy, 0u);
  EXPECT_EQ(cut.stats.regression_tests, 0u);
  EXPECT_GT(cut.stats.noisy, 0u);
}

TEST(GeneratorTest, APassingTestWhoseCallTheSandboxRefusedIsNotKept) {
  FakeExecution refusing(false);
  refusing.refused_callable = Library::kOtherCtor;  // ns::Other() opens a socket, say
  const Found found = generate(refusing, 5, 200, 0ms, true);
  EXPECT_GT(found.stats.refused, 0u);
  EXPECT_GT(found.stats.regression_tests, 0u);
  for (const TestCase& t : found.tests)
    for (const auto& statement : t.sequence.statements())
      EXPECT_NE(statement.callable, Library::kOtherCtor) << "what it saw differs where the call is allowed";
}

TEST(GeneratorTest, APassingTestThatWritesStaticStateIsNotKept) {
  // ns::Other() sets a static field (muparser's SetDecSep sets the locale of every parser): in
  // the user's build, one process for many tests, later tests would see what it set.
  Library library;
  for (auto& c : library.api.classes) {
    if (c.name != "ns::Other") continue;
    c.fields.push_back({"s_mode", fixtures::int_type(), "private", true});
    c.fields.push_back({"s_limit", fixtures::type("const int", "int", api::Passing::value, api::TypeCategory::integer),
                        "private", true});
    c.constructors.front().writes = {"ns::Other::s_mode"};
  }
  FakeExecution execution(false);
  const Found found = generate_from(library, execution, 5, 200, 0ms, true);
  EXPECT_GT(found.stats.writes_static, 0u);
  EXPECT_GT(found.stats.regression_tests, 0u);
  for (const TestCase& t : found.tests)
    for (const auto& statement : t.sequence.statements()) EXPECT_NE(statement.callable, Library::kOtherCtor);
  // Nor does a sequence after it in the same harness child see it.
  EXPECT_GT(execution.last_in_child, 0u);
  EXPECT_EQ(execution.last_in_child_not_other, 0u) << "only a sequence that writes a static is a child's last";
  // A const static field is no state a call changes, nor is a lock it takes; a pointer to const
  // text is (the pointer changes).
  auto writes = [&](const std::string& field) {
    for (auto& c : library.api.classes)
      if (c.name == "ns::Other") c.constructors.front().writes = {field};
    FakeExecution again(false);
    return generate_from(library, again, 5, 200, 0ms, true).stats.writes_static;
  };
  for (auto& c : library.api.classes) {
    if (c.name != "ns::Other") continue;
    for (const char* spelling : {"std::mutex", "const char *"}) {
      api::Field f{std::string("s_") + (spelling[0] == 's' ? "lock" : "name"), {}, "private", true};
      f.type.spelling = spelling;
      c.fields.push_back(f);
    }
  }
  EXPECT_EQ(writes("ns::Other::s_limit"), 0u);
  EXPECT_EQ(writes("ns::Other::s_lock"), 0u);
  EXPECT_GT(writes("ns::Other::s_name"), 0u);
}

TEST(GeneratorTest, WithBlockCoverageAPassingTestIsKeptOnlyWhenItReachesNewBlocks) {
  FakeExecution measured(false), all(false), unmeasured(false);
  measured.count_blocks = all.count_blocks = true;
  const Found reduced = generate(measured, 4, 300);
  const Found kept_all = generate(all, 4, 300, 0ms, /*keep_all=*/true);
  const Found old = generate(unmeasured, 4, 300);
  EXPECT_GT(reduced.stats.regression_tests, 0u);
  EXPECT_GT(reduced.stats.cut_no_new_blocks, 0u);
  EXPECT_EQ(reduced.stats.blocks, measured.reached.size());
  // Every kept test reached a callable no earlier kept test did.
  std::set<std::uint32_t> seen;
  for (const auto& test : reduced.tests) {
    bool fresh = false;
    for (std::size_t k = 0; k < test.sequence.size(); ++k)
      fresh = seen.insert(test.sequence[k].callable).second || fresh;
    EXPECT_TRUE(fresh) << "a test that reached nothing new was kept";
  }
  EXPECT_LE(reduced.tests.size(), measured.reached.size());
  EXPECT_EQ(kept_all.stats.cut_no_new_blocks, 0u);
  EXPECT_EQ(kept_all.tests.size(), old.tests.size()) << "keep: all is the behaviour without block coverage";
  EXPECT_LE(reduced.tests.size(), old.tests.size());
}

TEST(GeneratorTest, FailuresOnlyKeepsNoPassingTestEvenWhenItReachesNewBlocks) {
  FakeExecution execution(false);
  execution.count_blocks = true;
  const Found found = generate(execution, 4, 200, 0ms, /*keep_all=*/false, /*failures_only=*/true);
  EXPECT_GT(found.stats.blocks, 0u);
  EXPECT_TRUE(found.tests.empty());
}

}  // namespace
}  // namespace palus::generation
