#pragma once
// Between the generator and the output folder (DESIGN §9): tests found by the generator are
// checked in the background — compiled with the project's flags and run twice in fresh
// processes — and the ones that hold are written out at once, so an interrupt keeps them.
// While the generator runs, one checker works (the generator and the harness need the other
// cores); once it stopped, every checker takes batches. Batches are cut by count, so the same
// tests are checked together on every run.

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/covering_tests.hpp"
#include "palus/generation/test_case.hpp"
#include "palus/run_budget.hpp"
#include "palus/writer/test_renderer.hpp"

namespace palus {

namespace writer {
class SuiteWriter;
}
namespace suite {
class TestChecker;
}

struct PipelineCounts {
  std::uint64_t regression = 0, expected_exception = 0, failure = 0;
  std::uint64_t suspect = 0;  ///< failure tests of low confidence, written disabled
  std::uint64_t dropped_uncompilable = 0, dropped_flaky = 0;
  std::uint64_t pending = 0;
  std::uint64_t pending_hangs = 0;  ///< of the pending: failure tests expected to hang (each runs to its timeout)
  std::uint64_t pending_suspect_hangs = 0;  ///< and suspect ones (one run to half of it: TestSpec::suspect_hang)
  std::uint64_t pending_size = 0;           ///< test_size() summed over the pending
  /// Of the pending, those the check will take: with a reduced suite, the cover of the passing
  /// tests submitted so far leaves the others out unchecked (an estimate at most a second old:
  /// later tests can still take a test's place). The budget predicts the check from these.
  std::uint64_t to_check = 0, to_check_size = 0;
  /// Passing tests left out at the end because the other tests reach every block they reached
  /// (TestPipeline::reduce_when_finishing).
  std::uint64_t cut_covered = 0;
  /// Callables whose values a checked test saw differ from the harness's, no longer asserted.
  std::uint64_t unasserted_callables = 0;
  /// Regression tests checked so far (kept or not), their test_size() summed, and the seconds
  /// their checks took.
  std::uint64_t checked = 0;
  std::uint64_t checked_size = 0;
  double check_seconds = 0;
  std::vector<RunBudget::Batch> batches;  ///< each check of regression tests, in order
};

/// What a test costs to compile, in lines: its statements and the observed values the writer
/// asserts (a value that changed since it was last asserted, and every value after the last
/// statement). Tests grow as generation goes on (jsoncpp's last batch of 60 took 72 s to compile,
/// its first 7 s), so the budget counts this, not tests; counting every observed value instead
/// made pugixml's check look four times as costly as it was (predicted 90 s, took 23 s).
std::uint64_t test_size(const generation::TestCase& test, const writer::RenderOptions& options);

/// A failure test as written: for report.yaml.
struct WrittenFailure {
  generation::TestCase test;
  std::string location;  ///< "generated/Statement_failure_test.cpp:Statement_executeQuery_2"
};

class TestPipeline {
 public:
  /// Tests one check compiles at once, once the first batches (1, 10, 20, 40) reached the folder.
  static constexpr std::size_t kTestsPerBatch = 60;

  /// `checkers` (at least one; each with its own build folder) must outlive the pipeline.
  /// `after_write` runs on a pipeline thread after every write of the folder (report.yaml is
  /// refreshed there); `log` gets one line per dropped test and per check batch; both may be
  /// called from several threads at once.
  TestPipeline(writer::SuiteWriter& writer, std::vector<suite::TestChecker*> checkers,
               const generation::Catalog& catalog, std::function<void()> after_write,
               std::function<void(const std::string&)> log);
  ~TestPipeline();

  /// From now on, finish() keeps of the passing tests a cover (generation::covering_tests): the
  /// expected-exception tests, and the regression tests that together reach every block any
  /// passing test reached; the others are not checked, or are taken out of the folder.
  void reduce_when_finishing();
  /// Undoes reduce_when_finishing() (an interrupted run keeps every test found so far).
  void keep_every_test();

  /// Thread-safe; returns at once.
  void submit(generation::TestCase test);
  /// Checks and writes everything submitted (with every checker), then stops the threads.
  void finish();

  PipelineCounts counts() const;
  std::vector<WrittenFailure> failures() const;

 private:
  struct Named {
    generation::TestCase test;
    writer::TestName name;                 ///< reserved when submitted
    std::uint64_t size = 0;                ///< test_size(), computed once when submitted
    unsigned rechecks = 0;                 ///< times it came back after an assertion it failed was dropped
    std::size_t passing_index = SIZE_MAX;  ///< in passing_, when the cover weighs it
  };

  /// Tests of one kind (passing, or failure) waiting for their check, in the order found.
  struct Lane {
    std::deque<Named> queue;
    std::size_t batches = 0;  ///< taken so far: the next one's size follows from it
  };
  /// A batch of the lane can be taken: enough tests for its next size, or the end.
  bool ready(const Lane& lane) const;
  /// The lane whose batch the next free checker takes (one is ready): the one holding a test
  /// expected to hang first once generation stopped, else the passing tests before the failures.
  Lane& next_lane();

  /// Worker `k` checks with checkers_[k]; workers after the first wait for finish().
  void work(std::size_t k);
  /// The cover of every passing test submitted (checked or not, so that the answer does not
  /// depend on timing): the others leave the queue and the folder, and are never accepted.
  void reduce();
  void check_batch(suite::TestChecker& checker, const std::vector<Named>& batch);

  writer::SuiteWriter& writer_;
  std::vector<suite::TestChecker*> checkers_;
  const generation::Catalog& catalog_;
  std::function<void()> after_write_;
  std::function<void(const std::string&)> log_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::array<Lane, 2> lanes_;  ///< passing tests (regression, expected exception), failure tests
  bool finishing_ = false;
  PipelineCounts counts_;
  std::vector<Named> failures_;  ///< accepted failure tests
  bool reduce_ = false;
  /// Every passing test submitted, in order: its name, and what the cover needs of it.
  std::vector<writer::TestName> passing_names_;
  std::vector<generation::CoverCandidate> passing_;
  std::set<writer::TestName> cut_;  ///< left out by reduce()
  /// covering_tests() of passing_ as it was when last estimated for counts(), and when that was.
  mutable std::vector<bool> cover_estimate_;
  mutable std::chrono::steady_clock::time_point cover_estimated_at_;
  std::vector<std::thread> threads_;
  bool stopped_ = false;
};

}  // namespace palus
