#pragma once
// One budget for the whole run (DESIGN §3, issue 18): `--time-limit T` bounds analyze, trace,
// model, harness, generation, the check of the tests found and the report's coverage build, not
// generation alone. The stages before generation cannot be cut; generation stops early enough for
// the check of the tests it kept and for the report to end by the deadline, as predicted from
// what checks cost so far. Generation always gets a minimum share, so that a run whose first
// harness build alone eats the budget still writes tests (and says that it overran).

#include <chrono>
#include <cstdint>
#include <mutex>

namespace palus {

class RunBudget {
 public:
  using Clock = std::chrono::steady_clock;

  /// `start`: when the run began; `limit`: its whole budget; `generation_start`: now, after the
  /// stages that cannot be cut; `checkers`: checks that run at once once generation stopped;
  /// `report_cores`: the report's parallel compiles (0: no report stage follows);
  /// `report_fixed_s`: what the report costs besides the tests (the library's coverage build).
  RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
            unsigned checkers, unsigned report_cores, double report_fixed_s);

  /// The checks so far: `tests` tests in `seconds` (compile and runs), the cost per test measured.
  void measured(std::uint64_t tests, double seconds);
  /// Seconds one test costs to check; a prior until the first check is measured.
  double seconds_per_test() const;

  /// Predicted seconds to check `pending` tests with every checker, and to build and run the
  /// report of `written` tests.
  double check_seconds(std::size_t pending) const;
  double report_seconds(std::size_t written) const;

  /// When generation must stop for `pending` tests still to check and `written` in the end.
  Clock::time_point generation_deadline(std::size_t pending, std::size_t written) const;

  /// The generation share of the budget was not there (the stages before it took it all).
  bool overrun_before_generation() const;

  Clock::time_point deadline() const { return start_ + limit_; }
  /// Generation's guaranteed share: 20% of the budget, at least 2 s.
  std::chrono::milliseconds minimum_generation() const;

 private:
  Clock::time_point start_;
  std::chrono::milliseconds limit_;
  Clock::time_point generation_start_;
  unsigned checkers_, report_cores_;
  double report_fixed_s_;
  mutable std::mutex mutex_;
  double checked_seconds_ = 0;
  std::uint64_t checked_tests_ = 0;
};

}  // namespace palus
