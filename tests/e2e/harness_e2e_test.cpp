// End to end: `palus analyze` and `palus harness` on samples/faulty, then every misbehaviour driven
// through the executor (issue "The harness", section "Must survive"). Each test checks the outcome
// kind and statement, and that the next sequence runs normally in a working harness. Last, the
// default contracts in the harness of samples/tinysql.

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>

#include "harness/executor/executor.hpp"
#include "run_palus.hpp"

namespace fs = std::filesystem;
namespace ph = palus::harness;
namespace protocol = palus::harness::protocol;
using palus::testing::contains;
using palus::testing::run_palus;
using palus::testing::ScratchDir;

namespace {

/// The harness lists places in the order reached; these tests compare them as sets.
std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> places) {
  std::sort(places.begin(), places.end());
  return places;
}

/// Processes whose executable is `exe`.
int processes_running(const fs::path& exe) {
  int count = 0;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/proc", error)) {
    std::error_code ignored;
    fs::path target = fs::read_symlink(entry.path() / "exe", ignored);
    if (!ignored && target == exe) ++count;
  }
  return count;
}

/// The count once it is at most `at_most`, or after 2 s: a forked child that has just answered may
/// still be exiting when the answer arrives. A fork server runs as two processes: itself and the
/// child it forked ahead for the next sequence.
int processes_settled(const fs::path& exe, int at_most) {
  int count = processes_running(exe);
  for (int i = 0; i < 200 && count > at_most; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    count = processes_running(exe);
  }
  return count;
}

bool blocked(const ph::Outcome& outcome, const std::string& call) {
  for (const auto& b : outcome.blocked) {
    if (b.rfind(call, 0) == 0) return true;
  }
  return false;
}

/// `palus analyze` and `palus harness <harness_args>` on samples/<sample>, in `work`.
void build_sample_harness(const std::string& sample, const fs::path& work, const std::string& harness_args) {
  const fs::path config = palus::testing::source_root() / "samples" / sample / "palus.yaml";
  const std::string common = "--config '" + config.string() + "' --work-dir '" + work.string() + "' -q";
  auto analyzed = run_palus("analyze " + common);
  ASSERT_EQ(0, analyzed.status) << analyzed.output;
  auto built = run_palus("harness " + harness_args + common);
  ASSERT_EQ(0, built.status) << built.output;
}

/// Builds the faulty sample's harness `variant` in `scratch`; `options` run it there.
void build_faulty_harness(const ScratchDir& scratch, const std::string& variant, const std::string& harness_args,
                          ph::ExecutorOptions& options) {
  const fs::path work = scratch.path() / "work";
  ASSERT_NO_FATAL_FAILURE(build_sample_harness("faulty", work, harness_args));
  options.harness = work / "harness" / variant / "palus-harness";
  options.run_dir = scratch.path() / "run";
}

protocol::Statement statement_of(ph::Executor& executor, const std::string& id,
                                 std::vector<protocol::Input> inputs = {}) {
  auto index = executor.callable_index(id);
  EXPECT_TRUE(index.has_value()) << id;
  return {index.value_or(0), std::move(inputs)};
}

/// A faulty::Misbehaver, then `method` called on it.
ph::Outcome misbehave_in(ph::Executor& executor, std::uint64_t sequence_id, const std::string& method,
                         std::vector<protocol::Input> args) {
  protocol::RunRequest request;
  request.sequence_id = sequence_id;
  request.observe = false;
  request.statements.push_back(statement_of(executor, "faulty::Misbehaver::Misbehaver()"));
  args.insert(args.begin(), protocol::Input::result_of(0));
  request.statements.push_back(statement_of(executor, "faulty::Misbehaver::" + method, std::move(args)));
  return executor.run(request);
}

class FaultyHarness : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-faulty");
    ph::ExecutorOptions options;
    ASSERT_NO_FATAL_FAILURE(build_faulty_harness(*scratch_, "plain", "", options));
    harness_ = options.harness;
    options.call_timeout = std::chrono::milliseconds(1500);
    options.sequence_timeout = std::chrono::milliseconds(20000);
    options.memory_bytes = 512ull << 20;
    options.output_cap = 4096;
    options.sequences_per_child = 1;  // each misbehaviour in a child of its own
    options_ = options;
    executor_ = std::make_unique<ph::Executor>(options);
  }

  static void TearDownTestSuite() {
    executor_.reset();
    scratch_.reset();
  }

  static protocol::Statement statement(const std::string& id, std::vector<protocol::Input> inputs = {}) {
    return statement_of(*executor_, id, std::move(inputs));
  }

  /// An executor of its own (run folder `run`) whose children each run up to `per_child` sequences;
  /// it lasts as long as the test.
  ph::Executor* with_children_serving(unsigned per_child, const std::string& run) {
    ph::ExecutorOptions options = options_;
    options.run_dir = scratch_->path() / run;
    options.sequences_per_child = per_child;
    own_executor_ = std::make_unique<ph::Executor>(options);
    return own_executor_.get();
  }

  static ph::Outcome misbehave(const std::string& method, std::vector<protocol::Input> args = {}) {
    return misbehave_in(*executor_, ++sequence_, method, std::move(args));
  }

  /// misbehave() with 10 s for the call (Executor::set_call_timeout): filling 512 MiB or writing
  /// a gigabyte takes over a second when other work shares the cores. The other calls keep 1.5 s.
  static ph::Outcome misbehave_unhurried(const std::string& method) {
    const auto usual = executor_->call_timeout();
    executor_->set_call_timeout(std::chrono::seconds(10));
    ph::Outcome o = misbehave(method);
    executor_->set_call_timeout(usual);
    return o;
  }

  void TearDown() override {
    own_executor_.reset();
    ph::Outcome next = misbehave("ok(int)", {protocol::Input::integer(41)});
    ASSERT_EQ(ph::OutcomeKind::normal, next.kind) << next.message;
    ASSERT_EQ(2u, next.result.statements.size());
    EXPECT_EQ(42, next.result.statements[1].value.i);
    EXPECT_LE(processes_settled(harness_, 2), 2) << "stray harness processes";
  }

  static void expect(const ph::Outcome& outcome, ph::OutcomeKind kind, int statement, const std::string& message) {
    EXPECT_EQ(ph::to_string(kind), ph::to_string(outcome.kind)) << outcome.message;
    EXPECT_EQ(statement, outcome.statement) << outcome.message;
    EXPECT_TRUE(contains(outcome.message, message));
  }

  /// `method` misbehaves as `kind` at statement 1, with `message`, and that costs the child it ran
  /// in, not the harness: no restart, one more child death, the same harness process.
  static void expect_costs_a_fork(const std::string& method, ph::OutcomeKind kind, const std::string& message) {
    executor_->callables();  // started, also when the test runs alone
    const std::size_t restarts = executor_->restarts(), deaths = executor_->child_deaths();
    const pid_t harness = executor_->pid();
    expect(misbehave(method), kind, 1, message);
    EXPECT_EQ(restarts, executor_->restarts());
    EXPECT_EQ(deaths + 1, executor_->child_deaths());
    EXPECT_EQ(harness, executor_->pid());
  }

  static inline std::unique_ptr<ScratchDir> scratch_;
  static inline ph::ExecutorOptions options_;
  static inline std::unique_ptr<ph::Executor> executor_;
  std::unique_ptr<ph::Executor> own_executor_;  ///< with_children_serving()'s
  static inline fs::path harness_;
  static inline std::uint64_t sequence_ = 0;
};

TEST_F(FaultyHarness, NormalCallAnswersItsValue) {
  ph::Outcome o = misbehave("ok(int)", {protocol::Input::integer(1)});
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind);
  EXPECT_EQ(2, o.result.statements.at(1).value.i);
  EXPECT_FALSE(executor_->protections().empty());
}

TEST_F(FaultyHarness, AConstMethodIsCalledNotItsNonConstTwin) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = false;
  request.statements = {statement_of(*executor_, "faulty::Misbehaver::Misbehaver()"),
                        statement_of(*executor_, "faulty::Misbehaver::peek()", {protocol::Input::result_of(0)}),
                        statement_of(*executor_, "faulty::Misbehaver::peek() const", {protocol::Input::result_of(0)})};
  const ph::Outcome o = executor_->run(request);
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_EQ(1, o.result.statements.at(1).value.i);
  EXPECT_EQ(1, o.result.statements.at(2).value.i) << "the non-const peek ran again";
}

TEST_F(FaultyHarness, ExceptionIsAnOutcomeNotACrash) {
  expect(misbehave("throwError()"), ph::OutcomeKind::exception, 1, "faulty error");
}

TEST_F(FaultyHarness, Segfault) { expect(misbehave("segfault()"), ph::OutcomeKind::crash, 1, "SIGSEGV"); }
TEST_F(FaultyHarness, CrashCostsAForkNotARestart) {
  // A stack overflow faults at a non-null address: the child is not trusted to go on.
  executor_->callables();
  const std::size_t restarts = executor_->restarts(), deaths = executor_->child_deaths();
  const pid_t harness = executor_->pid();
  expect(misbehave("recurseForever(int)", {protocol::Input::integer(0)}), ph::OutcomeKind::crash, 1, "SIGSEGV");
  EXPECT_EQ(restarts, executor_->restarts());
  EXPECT_EQ(deaths + 1, executor_->child_deaths());
  EXPECT_EQ(harness, executor_->pid());
}

TEST_F(FaultyHarness, HangCostsAForkNotARestart) {
  // The executor kills only the child whose call is overdue; the harness reports its death.
  expect_costs_a_fork("loopForever()", ph::OutcomeKind::hang, "");
}

TEST_F(FaultyHarness, RunningOutOfMemoryCostsAForkNotARestart) {
  // The child answers the bad_alloc and leaves; the harness, and the blocks it counted, stay.
  ph::ExecutorOptions options = options_;
  options.run_dir = scratch_->path() / "run-oom";
  options.sequences_per_child = 3;
  options.call_timeout = std::chrono::seconds(10);  // as misbehave_unhurried()
  ph::Executor shared(options);
  auto run = [&](const std::string& method) { return misbehave_in(shared, ++sequence_, method, {}); };
  EXPECT_EQ("countCalls: 1\n", run("countCalls()").output);
  const pid_t harness = shared.pid();
  EXPECT_EQ(ph::OutcomeKind::oom, run("eatAllMemory()").kind);
  const ph::Outcome after = run("countCalls()");
  EXPECT_EQ(ph::OutcomeKind::normal, after.kind) << after.message;
  EXPECT_EQ("countCalls: 1\n", after.output) << "the next sequence runs in a fresh child";
  EXPECT_TRUE(after.result.new_blocks.empty()) << "what the harness counted before is kept";
  EXPECT_EQ(0u, shared.restarts());
  EXPECT_EQ(0u, shared.child_deaths()) << "answered, not a death";
  EXPECT_EQ(harness, shared.pid());
}

TEST_F(FaultyHarness, EachSequenceStartsFromTheSameStaticState) {
  for (int i = 0; i < 3; ++i) {
    ph::Outcome o = misbehave("countCalls()");
    ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
    EXPECT_EQ("countCalls: 1\n", o.output) << "a sequence saw static state an earlier one left";
  }
}

TEST_F(FaultyHarness, BlocksASequenceReachedCountOnceAndRerunsCountNone) {
  const ph::Outcome first = misbehave("ok(int)", {protocol::Input::integer(2)});
  ASSERT_EQ(ph::OutcomeKind::normal, first.kind) << first.message;
  EXPECT_GT(first.result.total_blocks, 0u) << "the library is compiled with -fsanitize-coverage=trace-pc";
  const std::vector<std::uint32_t> distinct = sorted(first.result.new_blocks);
  EXPECT_EQ(distinct.end(), std::adjacent_find(distinct.begin(), distinct.end())) << "a block counted twice";
  const ph::Outcome again = misbehave("ok(int)", {protocol::Input::integer(2)});
  EXPECT_TRUE(again.result.new_blocks.empty());
  EXPECT_GE(again.result.total_blocks, first.result.total_blocks);
}

TEST_F(FaultyHarness, TheEmptySideOfABranchIsAnEdgeOfItsOwn) {
  // nonNegative(x) is `if (x < 0) { ++negatives_; x = 0; } return x;`: a positive x skips the assignment and reaches
  // no block that a negative x does not; what it has of its own is the edge past the assignment.
  const ph::Outcome negative = misbehave("nonNegative(int)", {protocol::Input::integer(-5)});
  const ph::Outcome positive = misbehave("nonNegative(int)", {protocol::Input::integer(5)});
  ASSERT_EQ(ph::OutcomeKind::normal, negative.kind) << negative.message;
  ASSERT_EQ(ph::OutcomeKind::normal, positive.kind) << positive.message;
  auto split = [](const std::vector<std::uint32_t>& reached) {
    const std::vector<std::uint32_t> places = sorted(reached);
    const auto edges = std::lower_bound(places.begin(), places.end(), protocol::kBlockMapPlaces);
    return std::pair{std::vector<std::uint32_t>(places.begin(), edges),
                     std::vector<std::uint32_t>(edges, places.end())};
  };
  const auto [negative_blocks, negative_edges] = split(negative.result.reached_blocks);
  const auto [positive_blocks, positive_edges] = split(positive.result.reached_blocks);
  ASSERT_FALSE(positive_edges.empty());
  EXPECT_TRUE(
      std::includes(negative_blocks.begin(), negative_blocks.end(), positive_blocks.begin(), positive_blocks.end()));
  EXPECT_FALSE(
      std::includes(negative_edges.begin(), negative_edges.end(), positive_edges.begin(), positive_edges.end()));
}

TEST_F(FaultyHarness, ACallablesFirstRunIsNewButTheNoteOfItIsNotTheTests) {
  // No other test here calls twice(int). Its first run reaches new places, among them the harness's
  // note that twice(int) ran and returned, which is not a block of the test's; a second run is nothing new.
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = false;
  request.statements.push_back(statement("faulty::twice(int)", {protocol::Input::integer(3)}));
  const ph::Outcome first = executor_->run(request);
  ASSERT_EQ(ph::OutcomeKind::normal, first.kind) << first.message;
  const std::vector<std::uint32_t> reached = sorted(first.result.reached_blocks);
  EXPECT_TRUE(std::any_of(first.result.new_blocks.begin(), first.result.new_blocks.end(),
                          [&](std::uint32_t b) { return !std::binary_search(reached.begin(), reached.end(), b); }));
  request.sequence_id = ++sequence_;
  const ph::Outcome again = executor_->run(request);
  ASSERT_EQ(ph::OutcomeKind::normal, again.kind) << again.message;
  EXPECT_TRUE(again.result.new_blocks.empty());
  EXPECT_EQ(reached, sorted(again.result.reached_blocks));
}

TEST_F(FaultyHarness, BlocksOfTheChecksAfterATestsStatementsAreNotItsOwn) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = false;
  request.statements.push_back(statement("faulty::Misbehaver::Misbehaver()"));
  request.statements.push_back(
      statement("faulty::Misbehaver::ok(int)", {protocol::Input::result_of(0), protocol::Input::integer(5)}));
  request.count_blocks = false;
  const ph::Outcome whole = executor_->run(request);
  ASSERT_EQ(ph::OutcomeKind::normal, whole.kind) << whole.message;
  request.sequence_id = ++sequence_;
  request.test_statements = 1;  // the constructor is the test; ok(int) is a check appended to it
  const ph::Outcome first = executor_->run(request);
  ASSERT_EQ(ph::OutcomeKind::normal, first.kind) << first.message;
  EXPECT_FALSE(first.result.reached_blocks.empty());
  EXPECT_LT(first.result.reached_blocks.size(), whole.result.reached_blocks.size());
  const std::vector<std::uint32_t> all = sorted(whole.result.reached_blocks), own = sorted(first.result.reached_blocks);
  EXPECT_TRUE(std::includes(all.begin(), all.end(), own.begin(), own.end()));
}

/// Runs Misbehaver().countCalls(), which counts its calls in a static, in `executor`; its output.
std::string count_calls(ph::Executor& executor, std::uint64_t sequence_id, bool last_in_child = false) {
  protocol::RunRequest request;
  request.sequence_id = sequence_id;
  request.observe = false;  // observing the Misbehaver would call readNull(), which crashes that crashes
  request.last_in_child = last_in_child;
  request.statements.push_back(statement_of(executor, "faulty::Misbehaver::Misbehaver()"));
  request.statements.push_back(
      statement_of(executor, "faulty::Misbehaver::countCalls()", {protocol::Input::result_of(0)}));
  const ph::Outcome o = executor.run(request);
  EXPECT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  return o.output;
}

TEST_F(FaultyHarness, AChildServesItsShareOfSequencesThenAFreshOneTakesOver) {
  ph::Executor& shared = *with_children_serving(3, "run-shared");
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_));
  EXPECT_EQ("countCalls: 2\n", count_calls(shared, ++sequence_));
  EXPECT_EQ("countCalls: 3\n", count_calls(shared, ++sequence_));
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_)) << "the fourth sequence runs in a fresh child";
  EXPECT_EQ(0u, shared.restarts());
}

TEST_F(FaultyHarness, NothingRunsInAChildAfterARequestToBeItsLast) {
  ph::Executor& shared = *with_children_serving(100, "run-last");
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_));
  EXPECT_EQ("countCalls: 2\n", count_calls(shared, ++sequence_, true));
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_)) << "the static a sequence wrote was seen after it";
  EXPECT_EQ("countCalls: 2\n", count_calls(shared, ++sequence_));
  EXPECT_EQ(0u, shared.restarts());
  EXPECT_EQ(0u, shared.child_deaths());
}

// A null pointer's fault in the library's code costs no child (harness/runtime/recover.hpp): the
// outcome is the death's, and the next sequence runs in the same child.
TEST_F(FaultyHarness, ANullPointersFaultCostsNoChild) {
  ph::Executor& shared = *with_children_serving(100, "run-survive");
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_));
  for (int round = 0; round < 2; ++round) {
    ph::Outcome o = misbehave_in(shared, ++sequence_, "segfault()", {});
    expect(o, ph::OutcomeKind::crash, 1, "SIGSEGV at address");
    EXPECT_EQ("call", o.phase);
  }
  EXPECT_EQ("countCalls: 2\n", count_calls(shared, ++sequence_)) << "the same child ran on";
  EXPECT_EQ(0u, shared.child_deaths());
  EXPECT_EQ(2u, shared.reports_survived());
  EXPECT_EQ(0u, shared.restarts());
}

TEST_F(FaultyHarness, NothingRunsInAChildThatHoldsAQuarterOfTheMemory) {
  // What a leaky library's sequences keep must not run a later sequence out of memory.
  ph::Executor& shared = *with_children_serving(100, "run-hoard");
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_));
  EXPECT_EQ("countCalls: 2\n", count_calls(shared, ++sequence_));
  ASSERT_EQ(ph::OutcomeKind::normal,
            misbehave_in(shared, ++sequence_, "hoard(int)", {protocol::Input::integer(20)}).kind);
  EXPECT_EQ("countCalls: 3\n", count_calls(shared, ++sequence_)) << "20 MiB of 512 is little";
  ASSERT_EQ(ph::OutcomeKind::normal,
            misbehave_in(shared, ++sequence_, "hoard(int)", {protocol::Input::integer(150)}).kind);
  EXPECT_EQ("countCalls: 1\n", count_calls(shared, ++sequence_)) << "150 MiB more is over a quarter of 512";
  EXPECT_EQ(0u, shared.child_deaths());
}

TEST_F(FaultyHarness, Abort) { expect(misbehave("abortNow()"), ph::OutcomeKind::crash, 1, "SIGABRT"); }

TEST_F(FaultyHarness, FailedAssertNamesTheAssertion) {
  expect(misbehave("failAssert()"), ph::OutcomeKind::crash, 1, "faulty assertion");
}

TEST_F(FaultyHarness, ExceptionThroughNoexceptNamesTheException) {
  expect(misbehave("throwThroughNoexcept()"), ph::OutcomeKind::crash, 1, "escaped noexcept");
}

TEST_F(FaultyHarness, Exit) { expect(misbehave("callExit()"), ph::OutcomeKind::exit, 1, "exit(3)"); }
TEST_F(FaultyHarness, QuickExit) { expect(misbehave("callQuickExit()"), ph::OutcomeKind::exit, 1, "4"); }
TEST_F(FaultyHarness, UnderscoreExit) { expect(misbehave("callUnderscoreExit()"), ph::OutcomeKind::exit, 1, "5"); }

TEST_F(FaultyHarness, InfiniteLoopIsAHang) { expect(misbehave("loopForever()"), ph::OutcomeKind::hang, 1, ""); }

TEST_F(FaultyHarness, UnboundedRecursion) {
  expect(misbehave("recurseForever(int)", {protocol::Input::integer(0)}), ph::OutcomeKind::crash, 1, "SIGSEGV");
}

TEST_F(FaultyHarness, EatingAllMemoryIsOom) {
  expect(misbehave_unhurried("eatAllMemory()"), ph::OutcomeKind::oom, 1, "");
}

TEST_F(FaultyHarness, GigabyteOfOutputIsDrainedAndCapped) {
  ph::Outcome o = misbehave_unhurried("printGigabyte()");
  EXPECT_EQ(executor_->call_timeout(), std::chrono::milliseconds(1500));
  EXPECT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_LE(o.output.size(), 4096u);
  EXPECT_GE(o.output_bytes, 1ull << 30);
}

TEST_F(FaultyHarness, ClosingStandardStreamsDoesNotBreakTheHarness) {
  EXPECT_EQ(ph::OutcomeKind::normal, misbehave("closeStandardStreams()").kind);
}

TEST_F(FaultyHarness, ForkBombIsRefused) {
  ph::Outcome o = misbehave("forkBomb()");
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_EQ(100000, o.result.statements.at(1).value.i) << "every fork() must fail";
  EXPECT_TRUE(blocked(o, "clone")) << ::testing::PrintToString(o.blocked);
}

TEST_F(FaultyHarness, WritingOutsideTheScratchFolderFails) {
  const fs::path outside = scratch_->path() / "outside.txt";
  ph::Outcome o = misbehave("writeOutside(const std::string &)", {protocol::Input::string(outside.string())});
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_FALSE(o.result.statements.at(1).value.i);
  EXPECT_FALSE(fs::exists(outside));
}

TEST_F(FaultyHarness, LoopbackConnectionIsRefused) {
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(0, bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address));
  ASSERT_EQ(0, listen(listener, 4));
  ASSERT_EQ(0, getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length));
  ph::Outcome o = misbehave("connectLoopback(int)", {protocol::Input::integer(ntohs(address.sin_port))});
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_FALSE(o.result.statements.at(1).value.i);
  EXPECT_TRUE(blocked(o, "socket")) << ::testing::PrintToString(o.blocked);
  EXPECT_LT(accept(listener, nullptr, nullptr), 0) << "the listener accepted a connection";
  close(listener);
}

TEST_F(FaultyHarness, KillingTheParentIsRefused) {
  ph::Outcome o = misbehave("killParent()");
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_FALSE(o.result.statements.at(1).value.i);
  EXPECT_TRUE(blocked(o, "kill")) << ::testing::PrintToString(o.blocked);
}

TEST_F(FaultyHarness, ShellCommandsDoNotRun) {
  const fs::path marker = scratch_->path() / "shell-ran";
  ph::Outcome o = misbehave("runShell(const std::string &)", {protocol::Input::string(marker.string())});
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_NE(0, o.result.statements.at(1).value.i);
  EXPECT_TRUE(blocked(o, "system()")) << ::testing::PrintToString(o.blocked);
  EXPECT_FALSE(fs::exists(marker));
}

TEST_F(FaultyHarness, StoppingItselfIsRefused) {
  ph::Outcome o = misbehave("stopSelf()");
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  EXPECT_TRUE(blocked(o, "tgkill")) << ::testing::PrintToString(o.blocked);
}

TEST_F(FaultyHarness, CrashInADestructorIsAttributedToItsStatement) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.statements.push_back(statement("faulty::CrashOnDestroy::CrashOnDestroy()"));
  request.statements.push_back(statement("faulty::CrashOnDestroy::arm()", {protocol::Input::result_of(0)}));
  ph::Outcome o = executor_->run(request);
  expect(o, ph::OutcomeKind::crash, 0, "SIGSEGV");
  EXPECT_EQ("destroy", o.phase);
}

TEST_F(FaultyHarness, ObserversRunAfterStatementsFromObserveFromOnUpToTheTestsLast) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = true;  // Misbehaver::readNull() const is an observer, and it crashes
  request.observe_from = 2;
  request.statements = {
      statement("faulty::Misbehaver::Misbehaver()"),
      statement("faulty::Misbehaver::ok(int)", {protocol::Input::result_of(0), protocol::Input::integer(1)})};
  EXPECT_EQ(ph::OutcomeKind::normal, executor_->run(request).kind) << "no statement observed";
  // The request run again: the crashing observer ran after statement `at`, and no earlier one.
  auto observed_first_at = [&](int at, const char* why) {
    request.sequence_id = ++sequence_;
    const ph::Outcome o = executor_->run(request);
    expect(o, ph::OutcomeKind::crash, at, "SIGSEGV");
    EXPECT_EQ("observe", o.phase) << why;
  };
  request.observe_from = 1;
  observed_first_at(1, "the second statement observed, not the first");
  // A check after the test's statements (here the second statement, past test_statements = 1) is
  // not observed either; the first statement still is.
  request.sequence_id = ++sequence_;
  request.test_statements = 1;
  EXPECT_EQ(ph::OutcomeKind::normal, executor_->run(request).kind) << "a check's objects are not observed";
  request.observe_from = 0;
  observed_first_at(0, "the test's own statement is observed");
}

TEST_F(FaultyHarness, CrashInAnObserverIsAttributedToItsStatement) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = true;  // Misbehaver::readNull() const is an observer, and it crashes
  request.statements.push_back(statement("faulty::Misbehaver::Misbehaver()"));
  ph::Outcome o = executor_->run(request);
  expect(o, ph::OutcomeKind::crash, 0, "SIGSEGV");
  EXPECT_EQ("observe", o.phase);
}

TEST_F(FaultyHarness, BatchGivesTheSameOutcomesAsSingleRuns) {
  std::vector<protocol::RunRequest> batch;
  for (const char* method :
       {"ok(int)", "segfault()", "killParent()", "throwError()", "callUnderscoreExit()", "ok(int)"}) {
    protocol::RunRequest request;
    request.sequence_id = ++sequence_;
    request.observe = false;
    request.statements.push_back(statement("faulty::Misbehaver::Misbehaver()"));
    std::vector<protocol::Input> inputs{protocol::Input::result_of(0)};
    if (std::string(method) == "ok(int)") inputs.push_back(protocol::Input::integer(7));
    request.statements.push_back(statement(std::string("faulty::Misbehaver::") + method, inputs));
    batch.push_back(request);
  }
  std::vector<ph::Outcome> outcomes = executor_->run_batch(batch);
  ASSERT_EQ(batch.size(), outcomes.size());
  const ph::OutcomeKind expected[] = {ph::OutcomeKind::normal,    ph::OutcomeKind::crash, ph::OutcomeKind::normal,
                                      ph::OutcomeKind::exception, ph::OutcomeKind::exit,  ph::OutcomeKind::normal};
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    EXPECT_EQ(ph::to_string(expected[i]), ph::to_string(outcomes[i].kind)) << "sequence " << i;
  }
  EXPECT_TRUE(blocked(outcomes[2], "kill")) << "refusals must not get lost in a batch";
  EXPECT_TRUE(outcomes[5].blocked.empty());
}

TEST_F(FaultyHarness, UseAfterFreeGoesUnnoticedWithoutSanitizers) {
  EXPECT_EQ(ph::OutcomeKind::normal, misbehave("readAfterFree(int)", {protocol::Input::integer(5)}).kind);
}

// What a library reads from freed memory holds no key drawn at each process start, so that the
// same seed reaches the same code: glibc's per-thread cache would write one where readAfterFree
// reads.
TEST_F(FaultyHarness, FreedMemoryHoldsNoPerProcessKey) {
  protocol::RunRequest request;
  request.sequence_id = ++sequence_;
  request.observe = false;  // readNull() is an observer
  request.statements.push_back(statement("faulty::Misbehaver::Misbehaver()"));
  request.statements.push_back(statement("faulty::Misbehaver::readAfterFree(int)",
                                         {protocol::Input::result_of(0), protocol::Input::integer(5)}));
  std::vector<std::int64_t> read;
  for (int harness = 0; harness < 2; ++harness) {
    ph::Executor fresh(options_);
    const ph::Outcome o = fresh.run(request);
    ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
    ASSERT_EQ(2u, o.result.statements.size());
    read.push_back(o.result.statements[1].value.i);
  }
  EXPECT_EQ(read[0], read[1]);
}

TEST_F(FaultyHarness, NoHarnessOutlivesTheExecutor) {
  executor_->stop();
  EXPECT_EQ(0, processes_running(harness_));
}

}  // namespace

namespace {

/// The address+undefined variant: sanitizer reports become outcomes with their kind and frame.
class SanitizedFaultyHarness : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-faulty-asan");
    ph::ExecutorOptions options;
    ASSERT_NO_FATAL_FAILURE(
        build_faulty_harness(*scratch_, "address+undefined", "--sanitizers address,undefined ", options));
    options.sanitized = true;
    options.memory_bytes = 512ull << 20;
    // Nothing here hangs on purpose; filling 512 MiB under ASan on a loaded machine can take
    // longer than the default 2 s per call, which would be a hang instead of the oom under test.
    options.call_timeout = std::chrono::seconds(10);
    options.sequence_timeout = std::chrono::seconds(30);
    executor_ = std::make_unique<ph::Executor>(options);
  }
  static void TearDownTestSuite() {
    executor_.reset();
    scratch_.reset();
  }
  static ph::Outcome misbehave(const std::string& method, std::vector<protocol::Input> args = {}) {
    return misbehave_in(*executor_, 0, method, std::move(args));
  }
  static inline std::unique_ptr<ScratchDir> scratch_;
  static inline std::unique_ptr<ph::Executor> executor_;
};

// AddressSanitizer's report of a use after free names the statement that freed the memory; the
// child lives on after a bad read and leaves after a bad write (harness/runtime/recover.hpp), and
// either way the next sequence runs normally.
TEST_F(SanitizedFaultyHarness, UseAfterFreeIsASanitizerReport) {
  executor_->callables();
  const std::size_t deaths = executor_->child_deaths(), survived = executor_->reports_survived();
  for (const char* method : {"readAfterFree(int)", "writeAfterFree(int)"}) {
    SCOPED_TRACE(method);
    ph::Outcome o = misbehave(method, {protocol::Input::integer(5)});
    EXPECT_EQ("sanitizer", ph::to_string(o.kind)) << o.message;
    EXPECT_EQ(1, o.statement);
    EXPECT_EQ("heap-use-after-free", o.sanitizer_kind);
    EXPECT_EQ(1, o.freed_statement) << "freed and used in the same call";
    EXPECT_TRUE(
        contains(o.top_frame, method == std::string("writeAfterFree(int)") ? "writeAfterFree" : "readAfterFree"));
    EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
  }
  EXPECT_EQ(deaths, executor_->child_deaths());
  EXPECT_EQ(survived + 2, executor_->reports_survived());
}

TEST_F(SanitizedFaultyHarness, SegfaultIsReportedBySanitizer) {
  ph::Outcome o = misbehave("segfault()");
  EXPECT_EQ("sanitizer", ph::to_string(o.kind)) << o.message;
  EXPECT_EQ(1, o.statement);
  EXPECT_TRUE(contains(o.top_frame, "segfault"));
}

// AddressSanitizer does not report a fault and live on; the harness does it in its words
// (harness/runtime/recover.hpp), so the outcome is the one of AddressSanitizer's report, and the
// child lives on.
TEST_F(SanitizedFaultyHarness, AFaultInTheStandardLibraryCostsNoChild) {
  executor_->callables();
  const std::size_t deaths = executor_->child_deaths(), survived = executor_->reports_survived();
  for (int round = 0; round < 2; ++round) {
    ph::Outcome o = misbehave("stepSingularIterator()");
    EXPECT_EQ("sanitizer", ph::to_string(o.kind)) << o.message;
    EXPECT_EQ("SEGV", o.sanitizer_kind);
    EXPECT_TRUE(contains(o.message, "AddressSanitizer: SEGV on unknown address 0x000000000018 (pc 0x")) << o.message;
    EXPECT_EQ(1, o.statement);
    // Frame 0, libstdc++'s _Rb_tree_increment, names no source line: the first frame that does.
    EXPECT_TRUE(contains(o.top_frame, "_Rb_tree_iterator") && contains(o.top_frame, "stl_tree.h:")) << o.top_frame;
    EXPECT_GE(o.used_in_callable, 0) << "the thunk's frame is in the stack";
  }
  EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
  EXPECT_EQ(deaths, executor_->child_deaths());
  EXPECT_EQ(survived + 2, executor_->reports_survived());
  // A stack overflow is AddressSanitizer's to report, and costs the child.
  ph::Outcome overflow = misbehave("recurseForever(int)", {protocol::Input::integer(0)});
  EXPECT_EQ("stack-overflow", overflow.sanitizer_kind) << overflow.message;
  EXPECT_EQ(deaths + 1, executor_->child_deaths());
}

// A fork server's child lives on after UBSan's report (harness/runtime/recover.hpp): the report is
// the sequence's outcome as when the child died of it, and the next sequence runs in the same child.
TEST_F(SanitizedFaultyHarness, UndefinedBehaviourCostsNoChild) {
  const std::size_t deaths = executor_->child_deaths(), survived = executor_->reports_survived();
  const pid_t harness = executor_->pid();
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);  // the second time too: UBSan reports a check once per process unless told again
    ph::Outcome o = misbehave("overflowAdd(int)", {protocol::Input::integer(1)});
    EXPECT_EQ("sanitizer", ph::to_string(o.kind)) << o.message;
    EXPECT_EQ(1, o.statement);
    EXPECT_EQ("call", o.phase);
    EXPECT_TRUE(contains(o.message, "signed integer overflow")) << o.message;
    EXPECT_TRUE(contains(o.top_frame, "overflowAdd")) << o.top_frame;
  }
  ph::Outcome null_call = misbehave("callThroughNull()");
  EXPECT_EQ("sanitizer", ph::to_string(null_call.kind)) << null_call.message;
  EXPECT_TRUE(contains(null_call.message, "null pointer")) << "UBSan's report, not the fault after it";
  EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
  EXPECT_EQ(deaths, executor_->child_deaths());
  EXPECT_EQ(survived + 3, executor_->reports_survived());
  EXPECT_EQ(harness, executor_->pid());
}

// GCC's two runtimes would each truncate the one report file: the first report of a sequence is
// its outcome, whichever runtime made it, and the other's after it is not read (recover.cpp).
TEST_F(SanitizedFaultyHarness, TheFirstOfTwoReportsIsTheOutcome) {
  const std::size_t deaths = executor_->child_deaths(), survived = executor_->reports_survived();
  for (int round = 0; round < 2; ++round) {
    SCOPED_TRACE(round);
    ph::Outcome ubsan_first = misbehave("overflowThenReadAfterFree(int)", {protocol::Input::integer(5)});
    EXPECT_EQ("sanitizer", ph::to_string(ubsan_first.kind)) << ubsan_first.message;
    EXPECT_TRUE(contains(ubsan_first.message, "signed integer overflow")) << ubsan_first.message;
    // A report survived puts every runtime back on its own file: UBSan's and AddressSanitizer's
    // reports in the same child's next sequences are read.
    EXPECT_TRUE(
        contains(misbehave("overflowAdd(int)", {protocol::Input::integer(1)}).message, "signed integer overflow"));
    ph::Outcome after = misbehave("readAfterFree(int)", {protocol::Input::integer(5)});
    EXPECT_EQ("heap-use-after-free", after.sanitizer_kind) << after.message;
  }
  // A read after free is survived like UBSan's reports (halt_on_error=0 for both, executor.cpp).
  EXPECT_EQ(deaths, executor_->child_deaths());
  EXPECT_EQ(survived + 6, executor_->reports_survived());
  // AddressSanitizer's report first: UBSan's after it is not the outcome.
  ph::Outcome asan_first = misbehave("readAfterFreeThenOverflow(int)", {protocol::Input::integer(5)});
  EXPECT_EQ("heap-use-after-free", asan_first.sanitizer_kind) << asan_first.message;
  EXPECT_TRUE(contains(asan_first.top_frame, "readAfterFreeThenOverflow")) << asan_first.top_frame;
  EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
  for (const auto& entry : fs::recursive_directory_iterator(scratch_->path() / "run"))
    EXPECT_EQ(entry.path().filename().string().find("sanitizer-later"), std::string::npos) << entry.path();
}

// The report comes from a destructor at the sequence's end: it is that statement's, in the destroy
// phase, and the child lives on.
TEST_F(SanitizedFaultyHarness, AReportInADestructorStopsTheSequenceThere) {
  const std::size_t deaths = executor_->child_deaths(), survived = executor_->reports_survived();
  protocol::RunRequest request;
  request.observe = false;
  request.statements.push_back(statement_of(*executor_, "faulty::Misbehaver::Misbehaver()"));
  request.statements.push_back(statement_of(*executor_, "faulty::CrashOnDestroy::CrashOnDestroy()"));
  request.statements.push_back(
      statement_of(*executor_, "faulty::CrashOnDestroy::armOverflow()", {protocol::Input::result_of(1)}));
  ph::Outcome o = executor_->run(request);
  EXPECT_EQ("sanitizer", ph::to_string(o.kind)) << o.message;
  EXPECT_EQ(1, o.statement);
  EXPECT_EQ("destroy", o.phase);
  EXPECT_TRUE(contains(o.message, "signed integer overflow")) << o.message;
  EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
  EXPECT_EQ(deaths, executor_->child_deaths());
  EXPECT_EQ(survived + 1, executor_->reports_survived());
}

TEST_F(SanitizedFaultyHarness, MemoryLimitIsOom) {
  ph::Outcome o = misbehave("eatAllMemory()");
  EXPECT_EQ("oom", ph::to_string(o.kind)) << o.message;
  EXPECT_EQ(1, o.statement);
  EXPECT_EQ("normal", ph::to_string(misbehave("ok(int)", {protocol::Input::integer(1)}).kind));
}

}  // namespace

namespace {

/// samples/traps under AddressSanitizer: the harness tells which statement freed the memory of a
/// use after free, with the fork server and without it.
class SanitizedTrapsHarness : public ::testing::TestWithParam<bool> {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-traps-asan");
    work_ = scratch_->path() / "work";
    ASSERT_NO_FATAL_FAILURE(build_sample_harness("traps", work_, "--sanitizers address,undefined "));
  }
  static void TearDownTestSuite() { scratch_.reset(); }
  void SetUp() override {
    ph::ExecutorOptions options;
    options.harness = work_ / "harness/address+undefined/palus-harness";
    options.run_dir = scratch_->path() / (GetParam() ? "run-fork" : "run");
    options.sanitized = true;
    options.fork_server = GetParam();
    options.call_timeout = std::chrono::seconds(10);
    executor_ = std::make_unique<ph::Executor>(options);
  }
  std::uint32_t index(const std::string& id) {
    const auto found = executor_->callable_index(id);
    EXPECT_TRUE(found.has_value()) << id;
    return found.value_or(0);
  }
  /// 0: doc  1: root = doc.root()  2: child = root.append(1)  3: root.remove(child), then `last`.
  ph::Outcome after_remove(protocol::Statement last) {
    protocol::RunRequest request;
    request.sequence_id = ++sequence_id_;  // a fork server's spare child inherits what others noted
    request.observe = false;
    request.statements.push_back({index("traps::Document::Document()"), {}});
    request.statements.push_back({index("traps::Document::root() const"), {protocol::Input::result_of(0)}});
    request.statements.push_back(
        {index("traps::Node::append(int)"), {protocol::Input::result_of(1), protocol::Input::integer(1)}});
    request.statements.push_back({index("traps::Node::remove(const traps::Node &)"),
                                  {protocol::Input::result_of(1), protocol::Input::result_of(2)}});
    request.statements.push_back(std::move(last));
    return executor_->run(request);
  }
  static inline std::unique_ptr<ScratchDir> scratch_;
  static inline fs::path work_;
  std::unique_ptr<ph::Executor> executor_;
  std::uint64_t sequence_id_ = 0;
};

TEST_P(SanitizedTrapsHarness, AChildRemovedTwiceWasFreedByTheFirstRemove) {
  const ph::Outcome twice = after_remove({index("traps::Node::remove(const traps::Node &)"),
                                          {protocol::Input::result_of(1), protocol::Input::result_of(2)}});
  ASSERT_EQ("heap-use-after-free", twice.sanitizer_kind) << twice.message;
  EXPECT_EQ(4, twice.statement);
  EXPECT_EQ(3, twice.freed_statement) << "the stacks name remove() for both; the harness saw the first free it";
  const ph::Outcome read = after_remove({index("traps::Node::value() const"), {protocol::Input::result_of(2)}});
  ASSERT_EQ("heap-use-after-free", read.sanitizer_kind) << read.message;
  EXPECT_EQ(3, read.freed_statement);
}

INSTANTIATE_TEST_SUITE_P(ForkServer, SanitizedTrapsHarness, ::testing::Bool());

}  // namespace

namespace {

/// The default contracts in the harness of samples/tinysql: tinysql::Properties compares keys
/// ignoring case but hashes them as spelled (bug B4, samples/tinysql/BUGS.md).
class TinysqlContracts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-tinysql-contracts");
    work_ = scratch_->path() / "work";
    ASSERT_NO_FATAL_FAILURE(build_sample_harness("tinysql", work_, "--sanitizers none "));
    ph::ExecutorOptions options;
    options.harness = work_ / "harness/plain/palus-harness";
    options.run_dir = scratch_->path() / "run";
    options.memory_bytes = 512ull << 20;
    executor_ = std::make_unique<ph::Executor>(options);
  }
  static void TearDownTestSuite() {
    executor_.reset();
    scratch_.reset();
  }

  /// Two Properties with one key each, then the hash contract on them.
  static ph::Outcome hash_check(const std::string& key_a, const std::string& key_b) {
    return executor_->run(hash_request(key_a, key_b));
  }
  static protocol::RunRequest hash_request(const std::string& key_a, const std::string& key_b) {
    const std::string set = "tinysql::Properties::set(const std::string &, const std::string &)";
    protocol::RunRequest request;
    request.observe = false;
    auto index = [](const std::string& id) {
      auto found = executor_->callable_index(id);
      EXPECT_TRUE(found.has_value()) << id;
      return found.value_or(0);
    };
    request.statements.push_back({index("tinysql::Properties::Properties()"), {}});
    request.statements.push_back(
        {index(set), {protocol::Input::result_of(0), protocol::Input::string(key_a), protocol::Input::string("demo")}});
    request.statements.push_back({index("tinysql::Properties::Properties()"), {}});
    request.statements.push_back(
        {index(set), {protocol::Input::result_of(2), protocol::Input::string(key_b), protocol::Input::string("demo")}});
    request.statements.push_back(
        {index(kHashContract), {protocol::Input::result_of(0), protocol::Input::result_of(2)}});
    return request;
  }

  static inline fs::path scratch() { return scratch_->path(); }
  static constexpr const char* kHashContract =
      "palus::contract::equals_hash_consistent(tinysql::Properties, tinysql::Properties)";
  static inline std::unique_ptr<ScratchDir> scratch_;
  static inline std::unique_ptr<ph::Executor> executor_;
  static inline fs::path work_;
};

TEST_F(TinysqlContracts, ASequenceReachesTheSameBlocksInEveryChild) {
  // Each run in a fresh child, forked (and confining itself, in library code's std::vector) while
  // the one before ran: none of that may count as the sequence's.
  ph::ExecutorOptions options;
  options.harness = work_ / "harness/plain/palus-harness";
  options.run_dir = scratch() / "run-fresh";
  options.memory_bytes = 512ull << 20;
  options.sequences_per_child = 1;
  ph::Executor fresh(options);
  std::vector<std::uint32_t> first;
  for (int run = 0; run < 60; ++run) {
    protocol::RunRequest request = hash_request("user", "User");
    request.sequence_id = static_cast<std::uint64_t>(run) + 1;
    const ph::Outcome outcome = fresh.run(request);
    ASSERT_EQ(ph::OutcomeKind::normal, outcome.kind) << outcome.message;
    std::vector<std::uint32_t> reached = outcome.result.reached_blocks;
    std::sort(reached.begin(), reached.end());
    if (run == 0) first = reached;
    ASSERT_FALSE(first.empty());
    ASSERT_EQ(first, reached) << "run " << run;
  }
}

TEST_F(TinysqlContracts, ContractChecksAreListedCallables) {
  std::ifstream in(work_ / "harness/callables.yaml");
  std::string manifest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(manifest, kHashContract)) << manifest;
  EXPECT_TRUE(contains(manifest, "palus::contract::equals_reflexive(tinysql::Properties)"));
}

TEST_F(TinysqlContracts, HashContractHoldsForKeysSpelledAlike) {
  ph::Outcome o = hash_check("user", "user");
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  ASSERT_EQ(5u, o.result.statements.size());
  EXPECT_EQ("", o.result.statements[4].value.s);
}

TEST_F(TinysqlContracts, HashContractCatchesBugB4) {
  ph::Outcome o = hash_check("user", "User");
  ASSERT_EQ(ph::OutcomeKind::normal, o.kind) << o.message;
  ASSERT_EQ(5u, o.result.statements.size());
  EXPECT_TRUE(contains(o.result.statements[4].value.s, "a == b but std::hash differs"))
      << o.result.statements[4].value.s;
}

}  // namespace
