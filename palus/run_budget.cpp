#include "palus/run_budget.hpp"

#include <algorithm>
#include <cmath>

namespace palus {
namespace {

/// Before checks are measured: a compile of GoogleTest and a library's headers takes about 2 s, a
/// line of a test about 4 ms more. How far the measures may pull away from each: kPriorFixedSpread
/// and kPriorPerLineSpread, against kBatchNoise, how far one batch's time strays from the line
/// (the checks share the cores with generation, the harness and each other).
constexpr double kPriorFixed = 2.0, kPriorPerLine = 0.004;
constexpr double kPriorFixedSpread = 2.0, kPriorPerLineSpread = 0.004, kBatchNoise = 1.0;

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
  // The least-squares line through the batches after the first, drawn toward the prior (ridge
  // regression): a few small batches measure the cost of a line poorly, and their line alone,
  // extended to the many lines left, stopped generation far too early (tinysql: batches of 67 and
  // 125 lines in 2.7 s and 4.4 s, 29 ms a line; 2405 lines predicted 35.4 s, took 10.1 s).
  constexpr double noise = 1 / (kBatchNoise * kBatchNoise);
  double a = 1 / (kPriorFixedSpread * kPriorFixedSpread), b = 0;
  double d = 1 / (kPriorPerLineSpread * kPriorPerLineSpread);
  double u = a * kPriorFixed, v = d * kPriorPerLine;
  for (std::size_t k = 1; k < batches_.size(); ++k) {
    const double x = static_cast<double>(batches_[k].size), y = batches_[k].seconds;
    a += noise;
    b += noise * x;
    d += noise * x * x;
    u += noise * y;
    v += noise * x * y;
  }
  const double det = a * d - b * b;  // > 0: the prior's terms alone make it so
  CostModel model{(u * d - b * v) / det, (a * v - b * u) / det};
  if (model.per_line < 0) model = {u / a, 0};              // longer batches took less time
  if (model.fixed < 0) model = {0, std::max(0.0, v / d)};  // no fixed cost
  return model;
}

double RunBudget::check_seconds(std::uint64_t tests, std::uint64_t size, std::size_t hangs,
                                std::size_t suspect_hangs) const {
  const double runs =
      2 * hang_timeout_s_ * static_cast<double>(hangs) + hang_timeout_s_ / 2 * static_cast<double>(suspect_hangs);
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

RunBudget::Clock::time_point RunBudget::generation_deadline(std::uint64_t tests, std::uint64_t size, std::size_t hangs,
                                                            std::size_t suspect_hangs) const {
  const auto wanted = deadline() - std::chrono::duration_cast<Clock::duration>(
                                       seconds(check_seconds(tests, size, hangs, suspect_hangs) + report_s_));
  const auto least = generation_start_ + minimum_generation();
  return std::min(std::max(wanted, least), std::max(deadline(), least));
}

bool RunBudget::overrun_before_generation() const { return generation_start_ + minimum_generation() > deadline(); }

}  // namespace palus
