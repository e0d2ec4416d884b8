#include "palus/run_budget.hpp"

#include <algorithm>
#include <cmath>

namespace palus {
namespace {

/// Before two checks were measured: a compile of GoogleTest and a library's headers takes about
/// 2 s, a line of a test about 4 ms more, in batches of about 1500 lines (60 tests).
constexpr double kPriorFixed = 2.0, kPriorPerLine = 0.004;
constexpr std::uint64_t kPriorBatchLines = 1500;

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

RunBudget::CostModel RunBudget::cost_model() const {
  std::lock_guard lock(mutex_);
  CostModel model{kPriorFixed, kPriorPerLine, kPriorBatchLines};
  if (batches_.size() < 2) return model;
  const std::vector<Batch> later(batches_.begin() + 1, batches_.end());
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  model.batch_lines = 0;
  for (const Batch& b : later) {
    const double x = static_cast<double>(b.size);
    n += 1;
    sx += x;
    sy += b.seconds;
    sxx += x * x;
    sxy += x * b.seconds;
    model.batch_lines = std::max(model.batch_lines, b.size);
  }
  const double spread = n * sxx - sx * sx;
  if (later.size() >= 2 && spread > 0) {
    model.per_line = std::max(0.0, (n * sxy - sx * sy) / spread);
    model.fixed = (sy - model.per_line * sx) / n;
    if (model.fixed < 0) {  // no fixed cost: the line through the origin
      model.fixed = 0;
      model.per_line = sxy / sxx;
    }
  } else {  // one batch, or all of one size: the prior's fixed cost, the rest per line
    model.fixed = std::min(kPriorFixed, sy / n);
    model.per_line = sx > 0 ? (sy - model.fixed * n) / sx : kPriorPerLine;
  }
  if (model.batch_lines == 0) model.batch_lines = kPriorBatchLines;
  return model;
}

double RunBudget::seconds_per_line() const {
  const CostModel m = cost_model();
  return m.per_line + m.fixed / static_cast<double>(m.batch_lines);
}

double RunBudget::check_seconds(std::uint64_t size, std::size_t hangs) const {
  const double runs = 2 * hang_timeout_s_ * static_cast<double>(hangs);
  if (size == 0) return runs / checkers_;
  const CostModel m = cost_model();
  const double batches = std::ceil(static_cast<double>(size) / static_cast<double>(m.batch_lines));
  const double all = batches * m.fixed + static_cast<double>(size) * m.per_line;
  // Checkers share the batches, but one batch is one checker's.
  const double largest = m.fixed + static_cast<double>(std::min(size, m.batch_lines)) * m.per_line;
  return std::max(all / checkers_, largest) + runs / checkers_;
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
