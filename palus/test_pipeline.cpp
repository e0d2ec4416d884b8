#include "palus/test_pipeline.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "palus/suite/test_checker.hpp"
#include "palus/writer/suite_writer.hpp"

namespace palus {
namespace {

constexpr std::size_t kBatch = 60;
/// How long found tests wait for company before a check starts: one compile serves many tests.
constexpr auto kGather = std::chrono::seconds(3);

std::string describe_run(const suite::RunOutcome& run) {
  std::string text(suite::to_string(run.kind));
  if (!run.message.empty()) text += ": " + run.message.substr(0, run.message.find('\n'));
  return text;
}

}  // namespace

TestPipeline::TestPipeline(writer::SuiteWriter& writer, std::vector<suite::TestChecker*> checkers,
                           const generation::Catalog& catalog, std::function<void()> after_write,
                           std::function<void(const std::string&)> log)
    : writer_(writer),
      checkers_(std::move(checkers)),
      catalog_(catalog),
      after_write_(std::move(after_write)),
      log_(std::move(log)) {
  if (checkers_.empty()) throw std::invalid_argument("TestPipeline: no checker");
  for (std::size_t k = 0; k < checkers_.size(); ++k) threads_.emplace_back([this, k] { work(k); });
}

TestPipeline::~TestPipeline() { finish(); }

void TestPipeline::submit(generation::TestCase test) {
  // Named in the order found, so that names and the order of tests in a file do not depend on
  // which check finishes first.
  writer::TestName name = writer_.reserve_name(test);
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(test), std::move(name)});
    ++counts_.pending;
  }
  wake_.notify_one();
}

void TestPipeline::finish() {
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = finishing_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

PipelineCounts TestPipeline::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

std::vector<WrittenFailure> TestPipeline::failures() const {
  std::vector<WrittenFailure> out;
  std::lock_guard lock(mutex_);
  for (const auto& [test, name] : failures_) out.push_back({test, writer_.location(name)});
  return out;
}

void TestPipeline::work(std::size_t k) {
  for (;;) {
    std::vector<Named> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this, k] { return finishing_ || (k == 0 && !queue_.empty()); });
      if (!finishing_ && queue_.size() < kBatch) {
        wake_.wait_for(lock, kGather, [this] { return finishing_ || queue_.size() >= kBatch; });
      }
      if (queue_.empty() && finishing_) return;
      // Failure tests are checked apart: a file of passing tests alone compiles faster
      // (check_build_settings' passing_test_flags).
      const bool failures = queue_.front().test.kind == generation::TestKind::failure;
      for (auto it = queue_.begin(); it != queue_.end() && batch.size() < kBatch;) {
        if ((it->test.kind == generation::TestKind::failure) != failures) {
          ++it;
          continue;
        }
        batch.push_back(std::move(*it));
        it = queue_.erase(it);
      }
    }
    check_batch(*checkers_[k], std::move(batch));
  }
}

void TestPipeline::check_batch(suite::TestChecker& checker, const std::vector<Named>& batch) {
  std::vector<generation::TestCase> tests;
  std::vector<writer::TestName> names;
  for (const auto& [test, name] : batch) {
    tests.push_back(test);
    names.push_back(name);
  }
  const writer::CandidateFile file = writer_.render_for_check(tests, names);
  std::vector<suite::TestSpec> specs;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const auto& entry = file.tests[k];
    specs.push_back(
        {entry.name.full(), entry.first_line, entry.last_line, tests[k].kind == generation::TestKind::failure});
  }
  const suite::CheckResult result = checker.check(file.file_name, file.text, specs);
  for (const auto& e : result.file_errors)
    log_(fmt::format("check: {}: line {}: {}", file.file_name, e.line, e.message));

  PipelineCounts delta;
  std::vector<Named> written;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const suite::TestVerdict& verdict = result.verdicts[k];
    const writer::TestName& name = file.tests[k].name;
    if (!verdict.compiled) {
      ++delta.dropped_uncompilable;
      for (const auto& e : verdict.errors)
        log_(fmt::format("dropped {} (does not compile): {}", name.full(), e.message));
      continue;
    }
    if (!verdict.as_expected) {
      ++delta.dropped_flaky;
      log_(fmt::format("dropped {} ({}): runs: {}; {}", name.full(), verdict.stable ? "not as expected" : "unstable",
                       describe_run(verdict.runs[0]), describe_run(verdict.runs[1])));
      continue;
    }
    const generation::TestCase& test = tests[k];
    writer_.accept(test, name);
    switch (test.kind) {
      case generation::TestKind::regression:
        ++delta.regression;
        break;
      case generation::TestKind::expected_exception:
        ++delta.expected_exception;
        break;
      case generation::TestKind::failure:
        ++delta.failure;
        written.push_back(batch[k]);
        break;
    }
  }
  writer_.write_all();
  log_(fmt::format("checked {} tests in {:.1f} s compile + {:.1f} s runs: {} kept, {} uncompilable, {} dropped",
                   batch.size(), result.compile_seconds, result.run_seconds,
                   delta.regression + delta.expected_exception + delta.failure, delta.dropped_uncompilable,
                   delta.dropped_flaky));
  {
    std::lock_guard lock(mutex_);
    counts_.regression += delta.regression;
    counts_.expected_exception += delta.expected_exception;
    counts_.failure += delta.failure;
    counts_.dropped_uncompilable += delta.dropped_uncompilable;
    counts_.dropped_flaky += delta.dropped_flaky;
    counts_.pending -= batch.size();
    failures_.insert(failures_.end(), written.begin(), written.end());
  }
  after_write_();
}

}  // namespace palus
