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

namespace palus {

class RunBudget {
 public:
  using Clock = std::chrono::steady_clock;

  /// `start`: when the run began; `limit`: its whole budget; `generation_start`: now, after the
  /// stages that cannot be cut; `checkers`: checks that run at once once generation stopped;
  /// `report_s`: what the report stage after generation costs (0: none follows); `hang_timeout_s`:
  /// how long a check runs a test expected to hang.
  RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
            unsigned checkers, double report_s, double hang_timeout_s = 0);

  /// The checks so far: tests of `size` lines in all (test_size, test_pipeline.hpp) in `seconds`
  /// (compile and runs), the cost per line measured.
  void measured(std::uint64_t size, double seconds);
  /// Seconds one line of a test costs to check; a prior until the first check is measured.
  double seconds_per_line() const;

  /// Predicted seconds to check pending tests of `size` lines with every checker, `hangs` of them
  /// failure tests that run to `hang_timeout_s` twice; and of the report.
  double check_seconds(std::uint64_t size, std::size_t hangs = 0) const;
  double report_seconds() const { return report_s_; }

  /// When generation must stop for pending tests of `size` lines (`hangs` of them expected to hang).
  Clock::time_point generation_deadline(std::uint64_t size, std::size_t hangs = 0) const;

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
  mutable std::mutex mutex_;
  double checked_seconds_ = 0;
  std::uint64_t checked_size_ = 0;
};

}  // namespace palus
