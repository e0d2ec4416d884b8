#include "palus/run_budget.hpp"

#include <algorithm>
#include <cmath>

namespace palus {
namespace {

/// Before two checks were measured: a compile of GoogleTest and a library's headers takes about
/// 2 s, a line of a test about 4 ms more.
constexpr double kPriorFixed = 2.0, kPriorPerLine = 0.004;

std::chrono::duration<double> seconds(double s) { return std::chrono::duration<double>(s); }

}  // namespace

RunBudget::RunBudget(Clock::time_point start, std::chrono::milliseconds limit, Clock::time_point generation_start,
                     unsigned checkers, double report_s, double hang_timeout_s, std::size_t tests_per_batch)
    : start_(start),
      limit_(limit),
      generation_start_(generation_start),
      checkers_(std::max(1u, checkers)),
      report_s_(report_s),
      hang_timeout_s_(hang_timeout_s),
      tests_per_batch_(std::max<std::size_t>(1, tests_per_batch)) {}

void RunBudget::measured(std::vector<Batch> batches) {
  std::lock_guard lock(mutex_);
  batches_ = std::move(batches);
}

RunBudget::CostModel RunBudget::cost_model() const {
  std::lock_guard lock(mutex_);
  CostModel model{kPriorFixed, kPriorPerLine};
  if (batches_.size() < 2) return model;
  const std::vector<Batch> later(batches_.begin() + 1, batches_.end());
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const Batch& b : later) {
    const double x = static_cast<double>(b.size);
    n += 1;
    sx += x;
    sy += b.seconds;
    sxx += x * x;
    sxy += x * b.seconds;
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
  return model;
}

double RunBudget::check_seconds(std::uint64_t tests, std::uint64_t size, std::size_t hangs) const {
  const double runs = 2 * hang_timeout_s_ * static_cast<double>(hangs);
  if (tests == 0) return runs;
  const CostModel m = cost_model();
  // Batches are cut by count (TestPipeline): pugixml's tests grew from 5 to 40 lines, and batches
  // counted by the lines of the largest one measured were 24 where 7 came (predicted 71 s, took 31).
  const double batches = std::ceil(static_cast<double>(tests) / static_cast<double>(tests_per_batch_));
  const double all = batches * m.fixed + static_cast<double>(size) * m.per_line;
  // Checkers share the batches, but one batch is one checker's, and the failure tests expected to
  // hang wait in one batch (jsoncpp: 3 of them, 26.6 s of runs on one checker).
  const double largest = m.fixed + static_cast<double>(size) * m.per_line / batches;
  return std::max({(all + runs) / checkers_, largest, runs});
}

std::chrono::milliseconds RunBudget::minimum_generation() const {
  return std::max(std::chrono::milliseconds(2000), limit_ / 5);
}

RunBudget::Clock::time_point RunBudget::generation_deadline(std::uint64_t tests, std::uint64_t size,
                                                            std::size_t hangs) const {
  const auto wanted =
      deadline() - std::chrono::duration_cast<Clock::duration>(seconds(check_seconds(tests, size, hangs) + report_s_));
  const auto least = generation_start_ + minimum_generation();
  return std::min(std::max(wanted, least), std::max(deadline(), least));
}

bool RunBudget::overrun_before_generation() const { return generation_start_ + minimum_generation() > deadline(); }

}  // namespace palus
