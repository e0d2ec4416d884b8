#include "harness/executor/watchdog.hpp"

#include <time.h>

namespace palus::harness::detail {
namespace {

std::uint64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace

std::optional<Timeout> overdue(const protocol::Progress& page, std::uint64_t wire,
                               std::chrono::steady_clock::time_point front_since, const TimeLimits& limits) {
  const std::uint64_t call_ns = static_cast<std::uint64_t>(limits.call.count()) * 1'000'000ull;
  const std::uint64_t sequence_ns = static_cast<std::uint64_t>(limits.sequence.count()) * 1'000'000ull;
  const auto& p = page;
  std::array<std::uint64_t, 5> key{p.sequence_id.load(), p.phase.load(), p.phase_start_ns.load(),
                                   p.sequence_start_ns.load(), std::uint64_t(std::uint32_t(p.statement.load()))};
  const std::uint64_t seq = key[0], phase = key[1], phase_start = key[2], sequence_start = key[3];
  const int statement = static_cast<int>(static_cast<std::uint32_t>(key[4]));
  auto timeout = [&](std::chrono::milliseconds limit, int at) {
    std::string m = "no answer after " + std::to_string(limit.count()) + " ms";
    m += at >= 0 ? " in statement " + std::to_string(at) : " (not in a statement)";
    return Timeout{std::move(m), at, key};
  };
  if (seq == wire) {
    std::uint64_t now = monotonic_ns();
    if (phase != static_cast<std::uint32_t>(protocol::Phase::idle) && phase_start != 0 && now > phase_start &&
        now - phase_start > call_ns) {
      return timeout(limits.call, statement);
    }
    if (sequence_start != 0 && now > sequence_start && now - sequence_start > sequence_ns) {
      return timeout(limits.sequence, statement);
    }
  }
  if (std::chrono::steady_clock::now() - front_since > limits.sequence + limits.call)
    return timeout(limits.sequence, seq == wire ? statement : -1);
  return std::nullopt;
}

}  // namespace palus::harness::detail
