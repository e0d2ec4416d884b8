#pragma once
// Between the generator and the output folder (DESIGN §9): tests found by the generator are
// checked in the background — compiled with the project's flags and run twice in fresh
// processes — and the ones that hold are written out at once, so an interrupt keeps them.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/test_case.hpp"

namespace palus {

namespace writer {
class SuiteWriter;
}
namespace suite {
class TestChecker;
}

struct PipelineCounts {
  std::uint64_t regression = 0, expected_exception = 0, failure = 0;
  std::uint64_t dropped_uncompilable = 0, dropped_flaky = 0;
  std::uint64_t pending = 0;
};

/// A failure test as written: for report.yaml.
struct WrittenFailure {
  generation::TestCase test;
  std::string location;  ///< "generated/Statement_failure_test.cpp:Statement_executeQuery_2"
};

class TestPipeline {
 public:
  /// `after_write` runs on the pipeline's thread after every write of the folder (report.yaml
  /// is refreshed there); `log` gets one line per dropped test and per check batch.
  TestPipeline(writer::SuiteWriter& writer, suite::TestChecker& checker, const generation::Catalog& catalog,
               std::function<void()> after_write, std::function<void(const std::string&)> log);
  ~TestPipeline();

  /// Thread-safe; returns at once.
  void submit(generation::TestCase test);
  /// Checks and writes everything submitted, then stops the thread.
  void finish();

  PipelineCounts counts() const;
  std::vector<WrittenFailure> failures() const;

 private:
  void work();
  void check_batch(std::vector<generation::TestCase> batch);

  writer::SuiteWriter& writer_;
  suite::TestChecker& checker_;
  const generation::Catalog& catalog_;
  std::function<void()> after_write_;
  std::function<void(const std::string&)> log_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<generation::TestCase> queue_;
  bool finishing_ = false;
  PipelineCounts counts_;
  std::vector<WrittenFailure> failures_;
  std::thread thread_;
};

}  // namespace palus
