#include "palus/run_budget.hpp"

#include <algorithm>

namespace palus {
namespace {

/// Seconds per test before any check was measured: a small library's tests compile in about a
/// third of a second each, a template-heavy one's in a second.
constexpr double kPriorSecondsPerTest = 0.5;
/// Seconds the report spends besides compiling tests and the library: linking, runs, gcovr.
constexpr double kReportOverheadS = 3.0;

std::chrono::duration<double> seconds(double s) { return std::chrono::duration<double>(s); }

}  // namespace

RunBudget::RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
                     unsigned checkers, unsigned report_cores, double report_fixed_s)
    : start_(start),
      limit_(limit),
      generation_start_(generation_start),
      checkers_(std::max(1u, checkers)),
      report_cores_(report_cores),
      report_fixed_s_(report_fixed_s) {}

void RunBudget::measured(std::uint64_t tests, double seconds) {
  std::lock_guard lock(mutex_);
  checked_tests_ = tests;
  checked_seconds_ = seconds;
}

double RunBudget::seconds_per_test() const {
  std::lock_guard lock(mutex_);
  return checked_tests_ == 0 ? kPriorSecondsPerTest : checked_seconds_ / static_cast<double>(checked_tests_);
}

double RunBudget::check_seconds(std::size_t pending) const {
  return static_cast<double>(pending) * seconds_per_test() / checkers_;
}

double RunBudget::report_seconds(std::size_t written) const {
  if (report_cores_ == 0) return 0;
  return report_fixed_s_ + kReportOverheadS + static_cast<double>(written) * seconds_per_test() / report_cores_;
}

std::chrono::milliseconds RunBudget::minimum_generation() const {
  return std::max(std::chrono::milliseconds(2000), limit_ / 5);
}

RunBudget::Clock::time_point RunBudget::generation_deadline(std::size_t pending, std::size_t written) const {
  const auto wanted = deadline() - std::chrono::duration_cast<Clock::duration>(
                                       seconds(check_seconds(pending) + report_seconds(written)));
  const auto least = generation_start_ + minimum_generation();
  return std::min(std::max(wanted, least), std::max(deadline(), least));
}

bool RunBudget::overrun_before_generation() const { return generation_start_ + minimum_generation() > deadline(); }

}  // namespace palus
