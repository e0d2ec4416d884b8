#include "palus/run_budget.hpp"

#include <algorithm>

namespace palus {
namespace {

/// Seconds per test before any check was measured: a small library's tests compile in about a
/// third of a second each, a template-heavy one's in a second.
constexpr double kPriorSecondsPerTest = 0.5;

std::chrono::duration<double> seconds(double s) { return std::chrono::duration<double>(s); }

}  // namespace

RunBudget::RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
                     unsigned checkers, double report_s, double hang_timeout_s)
    : start_(start),
      limit_(limit),
      generation_start_(generation_start),
      checkers_(std::max(1u, checkers)),
      report_s_(report_s),
      hang_timeout_s_(hang_timeout_s) {}

void RunBudget::measured(std::uint64_t tests, double seconds) {
  std::lock_guard lock(mutex_);
  checked_tests_ = tests;
  checked_seconds_ = seconds;
}

double RunBudget::seconds_per_test() const {
  std::lock_guard lock(mutex_);
  return checked_tests_ == 0 ? kPriorSecondsPerTest : checked_seconds_ / static_cast<double>(checked_tests_);
}

double RunBudget::check_seconds(std::size_t pending, std::size_t hangs) const {
  const double runs = 2 * hang_timeout_s_ * static_cast<double>(std::min(hangs, pending));
  return (static_cast<double>(pending - std::min(hangs, pending)) * seconds_per_test() + runs) / checkers_;
}

std::chrono::milliseconds RunBudget::minimum_generation() const {
  return std::max(std::chrono::milliseconds(2000), limit_ / 5);
}

RunBudget::Clock::time_point RunBudget::generation_deadline(std::size_t pending, std::size_t hangs) const {
  const auto wanted =
      deadline() - std::chrono::duration_cast<Clock::duration>(seconds(check_seconds(pending, hangs) + report_s_));
  const auto least = generation_start_ + minimum_generation();
  return std::min(std::max(wanted, least), std::max(deadline(), least));
}

bool RunBudget::overrun_before_generation() const { return generation_start_ + minimum_generation() > deadline(); }

}  // namespace palus
