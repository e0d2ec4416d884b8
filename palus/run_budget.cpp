#include "palus/run_budget.hpp"

#include <algorithm>

namespace palus {
namespace {

/// Seconds per line of a test before any check was measured: a test of 25 lines compiles in
/// about half a second.
constexpr double kPriorSecondsPerLine = 0.02;

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

void RunBudget::measured(std::uint64_t size, double seconds) {
  std::lock_guard lock(mutex_);
  checked_size_ = size;
  checked_seconds_ = seconds;
}

double RunBudget::seconds_per_line() const {
  std::lock_guard lock(mutex_);
  return checked_size_ == 0 ? kPriorSecondsPerLine : checked_seconds_ / static_cast<double>(checked_size_);
}

double RunBudget::check_seconds(std::uint64_t size, std::size_t hangs) const {
  const double runs = 2 * hang_timeout_s_ * static_cast<double>(hangs);
  return (static_cast<double>(size) * seconds_per_line() + runs) / checkers_;
}

std::chrono::milliseconds RunBudget::minimum_generation() const {
  return std::max(std::chrono::milliseconds(2000), limit_ / 5);
}

RunBudget::Clock::time_point RunBudget::generation_deadline(std::uint64_t size, std::size_t hangs) const {
  const auto wanted =
      deadline() - std::chrono::duration_cast<Clock::duration>(seconds(check_seconds(size, hangs) + report_s_));
  const auto least = generation_start_ + minimum_generation();
  return std::min(std::max(wanted, least), std::max(deadline(), least));
}

bool RunBudget::overrun_before_generation() const { return generation_start_ + minimum_generation() > deadline(); }

}  // namespace palus
