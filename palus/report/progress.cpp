#include "palus/report/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

namespace palus::report {

Progress::Progress(std::FILE* out, bool quiet) : out_(out), quiet_(quiet), live_(isatty(fileno(out)) == 1) {}

std::string Progress::line(const ProgressState& s) const {
  std::string failures;
  for (const auto& [kind, n] : s.failures_by_kind)
    failures += fmt::format("{}{} {}", failures.empty() ? "" : ", ", n, kind);
  const double rate = s.elapsed_s > 0 ? static_cast<double>(s.executed) / s.elapsed_s : 0;
  return fmt::format("generate: {:.0f}/{:.0f} s{}  {:.0f} seq/s  {}pool {}  tests {}{}  failures: {}", s.elapsed_s,
                     s.limit_s, s.run_left_s ? fmt::format(" (run: {:.0f} s left)", std::max(0.0, *s.run_left_s)) : "",
                     rate, s.blocks ? fmt::format("{} blocks  ", s.blocks) : "", s.pool, s.tests,
                     s.pending ? fmt::format(" (+{} checking)", s.pending) : "", failures.empty() ? "none" : failures);
}

void Progress::update(const ProgressState& state) {
  if (quiet_) return;
  if (live_) {
    fmt::print(out_, "\r{}\033[K", line(state));
    std::fflush(out_);
    drawn_ = true;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (now - last_log_ < std::chrono::seconds(10)) return;
  last_log_ = now;
  fmt::print(out_, "{}\n", line(state));
  std::fflush(out_);
}

void Progress::note(const std::string& text) {
  if (quiet_) return;
  if (drawn_) fmt::print(out_, "\r\033[K");
  fmt::print(out_, "{}\n", text);
  drawn_ = false;
  std::fflush(out_);
}

void Progress::finish() {
  if (quiet_ || !drawn_) return;
  fmt::print(out_, "\n");
  drawn_ = false;
  std::fflush(out_);
}

}  // namespace palus::report
