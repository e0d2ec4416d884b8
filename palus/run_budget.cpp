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

void RunBudget::measured(std::vector<Batch> batches) {
  std::lock_guard lock(mutex_);
  batches_ = std::move(batches);
}

double RunBudget::seconds_per_line() const {
  // The last three batches, and never the first while later ones exist.
  constexpr std::size_t kRecent = 3;
  std::lock_guard lock(mutex_);
  const std::size_t from =
      batches_.size() <= 1 ? 0 : std::max<std::size_t>(1, batches_.size() - std::min(kRecent, batches_.size()));
  std::uint64_t size = 0;
  double seconds = 0;
  for (std::size_t k = from; k < batches_.size(); ++k) {
    size += batches_[k].size;
    seconds += batches_[k].seconds;
  }
  return size == 0 ? kPriorSecondsPerLine : seconds / static_cast<double>(size);
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
