#pragma once
// When a sequence has run too long: the harness's progress page says which sequence, phase and
// statement it is in and since when; a call over the call timeout or a sequence over the
// sequence timeout is overdue. Internal to the executor.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/protocol/progress.hpp"

namespace palus::harness::detail {

struct Timeout {
  std::string message;
  int statement = -1;
  std::array<std::uint64_t, 5> key{};  ///< sequence, phase, phase start, sequence start, statement
};

struct TimeLimits {
  std::chrono::milliseconds call{0}, sequence{0};
};

/// Why sequence `wire` (at the front since `front_since`) is overdue, or nullopt. Without a page
/// naming it, the sequence and call timeouts together bound the wait from `front_since`.
std::optional<Timeout> overdue(const protocol::Progress& page, std::uint64_t wire,
                               std::chrono::steady_clock::time_point front_since, const TimeLimits& limits);

}  // namespace palus::harness::detail
