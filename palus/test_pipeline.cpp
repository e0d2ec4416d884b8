#include "palus/test_pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <iterator>
#include <map>
#include <optional>
#include <stdexcept>

#include "palus/suite/test_checker.hpp"
#include "palus/writer/suite_writer.hpp"
#include "palus/writer/value_assertion.hpp"

namespace palus {
namespace {

/// A test that fails on an asserted value is checked again without it at most this often.
constexpr unsigned kMaxRechecks = 3;

/// Batches are cut by count, never by time, so that which tests share a check (one compile, one
/// process running them) does not depend on timing or load: each lane's tests in the order found,
/// in batches of 1, 10, 20, 40, then 60, so that the first tests reach the folder early, even
/// when a reduced suite finds ten passing tests in a minute.
std::size_t batch_size(std::size_t batches_taken) {
  if (batches_taken == 0) return 1;
  return std::min<std::size_t>(TestPipeline::kTestsPerBatch,
                               std::size_t{10} << std::min<std::size_t>(batches_taken - 1, 3));
}

/// Failure tests are checked apart: a file of passing tests alone compiles faster
/// (check_build_settings' passing_test_flags).
std::size_t lane_of(const generation::TestCase& test) { return test.kind == generation::TestKind::failure ? 1 : 0; }

bool expects_hang(const generation::TestCase& test) {
  return test.kind == generation::TestKind::failure && test.failure_kind == "hang";
}

/// A hang palus doubts (a suspect): checked with one short run (suite::TestSpec::suspect_hang).
bool suspect_hang(const generation::TestCase& test) { return expects_hang(test) && !test.suspicion.empty(); }

/// A hang the check runs twice to its full timeout.
bool confirmed_hang(const generation::TestCase& test) { return expects_hang(test) && test.suspicion.empty(); }

/// How a failure test must fail where it is built: as the harness saw it fail. A test that fails
/// otherwise (an exception where the harness crashed) does not show the failure it names.
suite::RunKind expected_run_kind(const generation::TestCase& test) {
  if (test.kind != generation::TestKind::failure) return suite::RunKind::not_run;
  const std::string& kind = test.failure_kind;
  if (kind == "crash" || kind == "sanitizer") return suite::RunKind::crashed;
  if (kind == "hang") return suite::RunKind::timed_out;
  if (kind == "exit") return suite::RunKind::exited;
  if (kind == "oom") return suite::RunKind::not_run;  // a limit of the sandbox: bad_alloc or a kill
  return suite::RunKind::failed;                      // a contract, theory or invariant: an assertion
}

std::string describe_run(const suite::RunOutcome& run) {
  std::string text(suite::to_string(run.kind));
  if (!run.message.empty()) text += ": " + run.message.substr(0, run.message.find('\n'));
  return text;
}

/// The file line of the first failure GoogleTest reported ("path/candidates_test.cpp:123\n...").
std::optional<unsigned> failed_line(const suite::RunOutcome& run) {
  if (run.kind != suite::RunKind::failed) return std::nullopt;
  const std::string first = run.message.substr(0, run.message.find('\n'));
  const std::size_t colon = first.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  unsigned line = 0;
  const char* begin = first.data() + colon + 1;
  const char* end = first.data() + first.size();
  const auto [at, error] = std::from_chars(begin, end, line);
  if (error != std::errc() || at != end || at == begin) return std::nullopt;
  return line;
}

}  // namespace

std::uint64_t test_size(const generation::TestCase& test, const writer::RenderOptions& options) {
  std::uint64_t size = test.sequence.size();
  // About as many as the writer asserts: all after the last statement, and with every_state
  // before it an observer's value when it changed (selected keeps a few of those too).
  std::map<std::pair<std::uint32_t, std::uint32_t>, const harness::protocol::Value*> last;
  const auto& statements = test.result.statements;
  for (std::size_t i = options.every_state || statements.empty() ? 0 : statements.size() - 1; i < statements.size();
       ++i) {
    for (const auto& o : statements[i].observations) {
      if (o.threw) continue;
      const auto [at, fresh] = last.try_emplace({o.object, o.callable}, &o.value);
      if (fresh || i + 1 == statements.size() || !writer::same_value(*at->second, o.value)) ++size;
      at->second = &o.value;
    }
  }
  return size;
}

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

TestPipeline::~TestPipeline() {
  {
    std::lock_guard lock(mutex_);
    reduce_ = false;  // unwinding (finish() was not called): keep what was found, as it is
  }
  finish();
}

void TestPipeline::reduce_when_finishing() {
  std::lock_guard lock(mutex_);
  reduce_ = true;
}

void TestPipeline::keep_every_test() {
  std::lock_guard lock(mutex_);
  reduce_ = false;
}

void TestPipeline::submit(generation::TestCase test) {
  // Named in the order found, so that names and the order of tests in a file do not depend on
  // which check finishes first.
  writer::TestName name = writer_.reserve_name(test);
  {
    std::lock_guard lock(mutex_);
    std::size_t passing_index = SIZE_MAX;
    if (reduce_ && lane_of(test) == 0) {
      passing_index = passing_.size();
      passing_names_.push_back(name);
      passing_.push_back({test.result.reached_blocks, test.kind == generation::TestKind::expected_exception});
    }
    Lane& lane = lanes_[lane_of(test)];
    const std::uint64_t size = test_size(test, writer_.render_options());
    lane.queue.push_back({std::move(test), std::move(name), size, 0, passing_index});
    ++counts_.pending;
    counts_.pending_size += size;
    if (confirmed_hang(lane.queue.back().test)) ++counts_.pending_hangs;
    if (suspect_hang(lane.queue.back().test)) ++counts_.pending_suspect_hangs;
  }
  wake_.notify_one();
}

void TestPipeline::finish() {
  bool reduce = false;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    reduce = reduce_;
  }
  try {
    if (reduce) this->reduce();
  } catch (const std::exception& e) {
    log_(fmt::format("reducing the suite failed: {}; every test found stays", e.what()));
  }
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void TestPipeline::reduce() {
  std::size_t cut = 0, dropped = 0, passing = 0;
  {
    // One lock over the cover, the queue and the folder: a check accepts a test under it too, so
    // a test is either dropped here or never accepted.
    std::lock_guard lock(mutex_);
    const std::vector<bool> kept = generation::covering_tests(passing_);
    for (std::size_t k = 0; k < kept.size(); ++k)
      if (!kept[k]) cut_.insert(passing_names_[k]);
    cut = cut_.size();
    passing = passing_.size();
    std::deque<Named>& queue = lanes_[0].queue;
    for (auto it = queue.begin(); it != queue.end();) {
      if (!cut_.count(it->name)) {
        ++it;
        continue;
      }
      --counts_.pending;
      counts_.pending_size -= it->size;
      ++counts_.cut_covered;
      it = queue.erase(it);
    }
    for (const writer::TestName& name : cut_) {
      if (!writer_.drop(name)) continue;  // not checked yet, or in a check: never accepted
      ++dropped;
      ++counts_.cut_covered;
      --counts_.regression;  // expected-exception tests always stay
    }
  }
  log_(fmt::format("reduced: {} of {} passing tests left out, every block they reached reached by the others", cut,
                   passing));
  if (dropped > 0) {
    writer_.write_all();
    after_write_();
  }
}

PipelineCounts TestPipeline::counts() const {
  std::lock_guard lock(mutex_);
  PipelineCounts out = counts_;
  out.to_check = out.pending;
  out.to_check_size = out.pending_size;
  if (!reduce_ || passing_.empty()) return out;
  // The cover is recomputed at most once a second (the progress asks four times a second), under
  // the lock the checks take; its cost was not measured.
  const auto now = std::chrono::steady_clock::now();
  if (cover_estimate_.size() != passing_.size() && now - cover_estimated_at_ >= std::chrono::seconds(1)) {
    cover_estimate_ = generation::covering_tests(passing_);
    cover_estimated_at_ = now;
  }
  for (const Named& named : lanes_[0].queue) {
    if (named.passing_index >= cover_estimate_.size() || cover_estimate_[named.passing_index]) continue;
    --out.to_check;
    out.to_check_size -= named.size;
  }
  return out;
}

std::vector<WrittenFailure> TestPipeline::failures() const {
  std::vector<WrittenFailure> out;
  std::lock_guard lock(mutex_);
  for (const Named& named : failures_) out.push_back({named.test, writer_.location(named.name)});
  return out;
}

bool TestPipeline::ready(const Lane& lane) const {
  return lane.queue.size() >= batch_size(lane.batches) || (finishing_ && !lane.queue.empty());
}

TestPipeline::Lane& TestPipeline::next_lane() {
  // Once generation stopped, a batch with a test expected to hang goes first: its runs wait out
  // their timeouts while the other checkers compile, as the budget counts them (jsoncpp: 3 hangs
  // checked after every compile, 26 s of runs at the end, and a 120 s run took 132 s).
  if (finishing_)
    for (Lane& lane : lanes_)
      if (ready(lane) &&
          std::any_of(lane.queue.begin(), lane.queue.end(), [](const Named& n) { return expects_hang(n.test); }))
        return lane;
  return *std::find_if(lanes_.begin(), lanes_.end(), [this](const Lane& l) { return ready(l); });
}

void TestPipeline::work(std::size_t k) {
  for (;;) {
    std::vector<Named> batch;
    {
      std::unique_lock lock(mutex_);
      auto has_work = [this, k] {
        return (k == 0 || finishing_) &&
               std::any_of(lanes_.begin(), lanes_.end(), [this](const Lane& l) { return ready(l); });
      };
      auto done = [this] {
        return finishing_ && std::all_of(lanes_.begin(), lanes_.end(), [](const Lane& l) { return l.queue.empty(); });
      };
      wake_.wait(lock, [&] { return done() || has_work(); });
      if (!has_work()) return;
      Lane& lane = next_lane();
      const std::size_t n = std::min(lane.queue.size(), batch_size(lane.batches++));
      batch.assign(std::make_move_iterator(lane.queue.begin()), std::make_move_iterator(lane.queue.begin() + n));
      lane.queue.erase(lane.queue.begin(), lane.queue.begin() + n);
    }
    check_batch(*checkers_[k], std::move(batch));
  }
}

void TestPipeline::check_batch(suite::TestChecker& checker, const std::vector<Named>& batch) {
  std::vector<generation::TestCase> tests;
  std::vector<writer::TestName> names;
  for (const Named& named : batch) {
    tests.push_back(named.test);
    names.push_back(named.name);
  }
  const writer::CandidateFile file = writer_.render_for_check(tests, names);
  std::vector<suite::TestSpec> specs;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const auto& entry = file.tests[k];
    specs.push_back({entry.name.full(), entry.first_line, entry.last_line,
                     tests[k].kind == generation::TestKind::failure, expects_hang(tests[k]),
                     expected_run_kind(tests[k]), suspect_hang(tests[k])});
  }
  const suite::CheckResult result = checker.check(file.file_name, file.text, specs);
  for (const auto& e : result.file_errors)
    log_(fmt::format("check: {}: line {}: {}", file.file_name, e.line, e.message));

  PipelineCounts delta;
  std::uint64_t kept = 0;  // accepted by this batch
  std::vector<Named> written;
  std::vector<Named> recheck;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const suite::TestVerdict& verdict = result.verdicts[k];
    const writer::TestName& name = file.tests[k].name;
    if (!verdict.compiled) {
      ++delta.dropped_uncompilable;
      for (const auto& e : verdict.errors)
        log_(fmt::format("dropped {} (does not compile): {}", name.full(), e.message));
      continue;
    }
    const auto line = failed_line(verdict.runs[0]);
    if (!verdict.as_expected && line && line == failed_line(verdict.runs[1]) &&
        batch[k].test.kind != generation::TestKind::failure && batch[k].rechecks < kMaxRechecks) {
      // The test failed twice on the same asserted value: that value differs where the tests are
      // built (an address, a time, a path; from one run to the next too when it is an address
      // and the build has no sanitizer), so it is never asserted again, and the test goes back
      // for a check without it.
      const auto asserted = file.tests[k].asserted.find(*line);
      if (asserted != file.tests[k].asserted.end()) {
        if (writer_.never_assert(asserted->second)) {
          ++delta.unasserted_callables;
          log_(
              fmt::format("learned: values of {} differ outside the harness ({} failed at line {}: {}); no "
                          "longer asserted",
                          catalog_.callables[asserted->second].id, name.full(), *line, describe_run(verdict.runs[0])));
        }
        Named again = batch[k];
        ++again.rechecks;
        recheck.push_back(std::move(again));
        continue;
      }
    }
    if (!verdict.as_expected) {
      ++delta.dropped_flaky;
      log_(fmt::format("dropped {} ({}): runs: {}; {}", name.full(), verdict.stable ? "not as expected" : "unstable",
                       describe_run(verdict.runs[0]), describe_run(verdict.runs[1])));
      continue;
    }
    const generation::TestCase& test = tests[k];
    // Accepted and counted under the lock reduce() takes: a test it leaves out is never accepted.
    std::lock_guard lock(mutex_);
    if (cut_.count(name)) {
      ++counts_.cut_covered;
      continue;
    }
    writer_.accept(test, name, file.rendered[k]);
    ++kept;
    switch (test.kind) {
      case generation::TestKind::regression:
        ++counts_.regression;
        break;
      case generation::TestKind::expected_exception:
        ++counts_.expected_exception;
        break;
      case generation::TestKind::failure:
        ++(test.suspicion.empty() ? counts_.failure : counts_.suspect);
        written.push_back(batch[k]);
        break;
    }
  }
  writer_.write_all();
  std::uint64_t batch_lines = 0;
  for (const Named& n : batch) batch_lines += n.size;
  log_(fmt::format(
      "checked {} tests ({} lines) in {:.1f} s compile + {:.1f} s runs: {} kept, {} uncompilable, {} dropped, {} to "
      "check again",
      batch.size(), batch_lines, result.compile_seconds, result.run_seconds, kept, delta.dropped_uncompilable,
      delta.dropped_flaky, recheck.size()));
  {
    std::lock_guard lock(mutex_);
    counts_.dropped_uncompilable += delta.dropped_uncompilable;
    counts_.dropped_flaky += delta.dropped_flaky;
    counts_.unasserted_callables += delta.unasserted_callables;
    // What checks cost per test is measured on regression tests: a failure test's runs last up
    // to its timeout, which the budget counts apart for the hangs.
    if (lane_of(batch.front().test) == 0) {
      counts_.checked += batch.size();
      const std::uint64_t size = batch_lines;
      counts_.checked_size += size;
      counts_.check_seconds += result.compile_seconds + result.run_seconds;
      counts_.batches.push_back({size, result.compile_seconds + result.run_seconds});
    }
    counts_.pending -= batch.size() - recheck.size();
    for (const Named& n : batch) counts_.pending_size -= n.size;
    for (const Named& n : recheck) counts_.pending_size += n.size;
    counts_.pending_hangs -= static_cast<std::uint64_t>(
        std::count_if(batch.begin(), batch.end(), [](const Named& n) { return confirmed_hang(n.test); }));
    counts_.pending_suspect_hangs -= static_cast<std::uint64_t>(
        std::count_if(batch.begin(), batch.end(), [](const Named& n) { return suspect_hang(n.test); }));
    for (Named& named : recheck) {
      if (cut_.count(named.name)) {  // left out by reduce() while it was being checked
        --counts_.pending;
        counts_.pending_size -= named.size;
        ++counts_.cut_covered;
        continue;
      }
      lanes_[lane_of(named.test)].queue.push_back(std::move(named));
    }
    failures_.insert(failures_.end(), written.begin(), written.end());
  }
  after_write_();
}

}  // namespace palus
