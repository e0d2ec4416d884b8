#pragma once
// One budget for the whole run (DESIGN §3, issue 18): `--time-limit T` bounds analyze, trace,
// model, harness, generation, the check of the tests found and the report, not generation alone.
// The stages before generation cannot be cut; generation stops early enough for the check of the
// tests it kept and for the report to end by the deadline, as predicted from what checks cost so
// far. (The report of such a run reads the coverage the checks recorded: gcovr over the library and
// one object per checked batch, seconds rather than a second build of every test.) Generation always gets a minimum
// share, so that a run whose first harness build alone eats the budget still writes tests (and says that it overran).

#include <chrono>
#include <cstdint>
#include <mutex>
#include <vector>

namespace palus {

class RunBudget {
 public:
  using Clock = std::chrono::steady_clock;

  /// `start`: when the run began; `limit`: its whole budget; `generation_start`: now, after the
  /// stages that cannot be cut; `checkers`: checks that run at once once generation stopped;
  /// `report_s`: what the report stage after generation costs (0: none follows); `hang_timeout_s`:
  /// how long a check runs a test expected to hang; `tests_per_batch`: how many tests a check
  /// compiles at once (TestPipeline::kTestsPerBatch).
  RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
            unsigned checkers, double report_s, double hang_timeout_s = 0, std::size_t tests_per_batch = 60);

  /// One checked batch of regression tests: `size` lines in all (test_size, test_pipeline.hpp)
  /// checked in `seconds` (compile and runs).
  struct Batch {
    std::uint64_t size = 0;
    double seconds = 0;
  };
  /// The batches checked so far, in order.
  void measured(std::vector<Batch> batches);
  /// What checking a batch costs: `fixed` seconds a compile (GoogleTest's and the library's
  /// headers) plus `per_line` seconds a line of its tests.
  struct CostModel {
    double fixed = 0, per_line = 0;
  };
  /// Fitted to the batches measured after the first, drawn toward a prior (the prior alone until a
  /// second batch is measured): the first pays what a run compiles once (on muparser 9.8 s for 10
  /// tests, then 3.5 s for 60), so alone it would stop generation after a fifth of its budget
  /// (predicted 201 s, took 19 s).
  CostModel cost_model() const;

  /// Predicted seconds to check `tests` pending tests of `size` lines in all with every checker,
  /// `hangs` of them failure tests that run to `hang_timeout_s` twice, `suspect_hangs` suspects
  /// that run to half of it once; and of the report.
  double check_seconds(std::uint64_t tests, std::uint64_t size, std::size_t hangs = 0,
                       std::size_t suspect_hangs = 0) const;
  double report_seconds() const { return report_s_; }

  /// When generation must stop for `tests` pending tests of `size` lines (`hangs` and
  /// `suspect_hangs` of them expected to hang, as for check_seconds).
  Clock::time_point generation_deadline(std::uint64_t tests, std::uint64_t size, std::size_t hangs = 0,
                                        std::size_t suspect_hangs = 0) const;

  /// The generation share of the budget was not there (the stages before it took it all).
  bool overrun_before_generation() const;

  Clock::time_point deadline() const { return start_ + limit_; }
  /// Generation's guaranteed share: 20% of the budget, at least 2 s.
  std::chrono::milliseconds minimum_generation() const;

 private:
  Clock::time_point start_;
  std::chrono::milliseconds limit_;
  Clock::time_point generation_start_;
  unsigned checkers_;
  double report_s_, hang_timeout_s_;
  std::size_t tests_per_batch_;
  mutable std::mutex mutex_;
  std::vector<Batch> batches_;
};

}  // namespace palus
